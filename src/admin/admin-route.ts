import type { Context } from 'hono';
import { z } from 'zod';
import type { Account } from '../accounts/account.js';
import type { AccountRegistry } from '../accounts/registry.js';
import { AdminError } from './admin-schemas.js';
import type { Fleet } from './fleet.js';
import { accountName } from './schemas.js';

// The format of a control-plane declaration: one /__admin route, declared once. The router serves
// it (account resolution, body parsing, the handler) and openapi/admin.json documents it. The
// guards' answers (401, 403, 415) and a body's (400, 413) are added by the document builder, so a
// declaration lists its success and the refusals of its own handler and of its account's resolution.

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AdminAnswer {
  description: string;
  /** JSON body; absent for an empty answer. */
  schema?: z.ZodType;
  /** A body that is not JSON (the YAML document, the event stream). */
  mediaType?: string;
  /** Headers of the answer, by name. */
  headers?: Record<string, AdminParam>;
}

export interface AdminParam {
  description: string;
  schema: z.ZodType;
}

export interface AdminBody<S extends z.ZodType> {
  /** What the body is parsed with (an empty body is `{}`), and what the document shows. */
  schema: S;
  description: string;
  required: boolean;
  /** Shown in the document (and checked by its lint and a test). */
  example?: unknown;
  /** The largest body in bytes; the API's body limit when absent. */
  limit?: number;
  /** The 413's words for a body over `limit`; the API's when absent. */
  tooLarge?: string;
  /** The most members one array or object of the body may have (a 400 beyond); no bound when absent. */
  members?: number;
  /** The most bytes one string or number of the body may take (a 400 beyond); no bound when absent. */
  valueBytes?: number;
  /**
   * Parses the JSON in place of `schema`, where one check per alternative names the fields better;
   * a long check answers a promise, running in slices of the event loop's time.
   */
  parse?: (json: unknown) => z.infer<S> | Promise<z.infer<S>>;
}

/** The account a route on `/accounts/{name}` works on; none on other routes, or where the name alone is needed. */
type AccountFor<P extends string, R> = R extends false
  ? undefined
  : P extends `/accounts/{name}${string}`
    ? Account
    : undefined;

export interface AdminInput<P extends string, B, R> {
  c: Context;
  registry: AccountRegistry;
  /** This node and its peers (`--peers`). */
  fleet: Fleet;
  /**
   * The named account, resolved before the body is read: a read (GET) never creates one (but the
   * default account), a write creates an unknown name unless auto-creation is off.
   */
  account: AccountFor<P, R>;
  /** The route's segments by name; `name` is checked to be an account name. */
  route: Record<string, string>;
  body: B;
}

export interface AdminRouteDef<P extends string, S extends z.ZodType, R extends boolean | undefined> {
  operationId: string;
  method: AdminMethod;
  /** Under `/__admin`, with `{name}` segments, e.g. `/accounts/{name}/clock`. */
  path: P;
  tag: string;
  summary: string;
  description?: string;
  /** Needs no admin token and answers any Host (health probes, the document). */
  open?: boolean;
  /** `false` on a route of `/accounts/{name}` that needs the name only (deleting): no account is resolved. */
  resolvesAccount?: R;
  route?: Record<string, AdminParam>;
  query?: Record<string, AdminParam>;
  /** Request headers the route reads, by name (documented only). */
  headers?: Record<string, AdminParam>;
  /** The JSON body, parsed after the account is resolved and before the handler runs; none is read without it. */
  body?: AdminBody<S>;
  answers: Record<number, AdminAnswer>;
  handler(input: AdminInput<P, z.infer<S>, R>): Response | Promise<Response>;
}

/** A declaration with its types erased, as the table holds it. */
export interface AdminRoute {
  operationId: string;
  method: AdminMethod;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  open?: boolean;
  resolvesAccount?: boolean;
  route?: Record<string, AdminParam>;
  query?: Record<string, AdminParam>;
  headers?: Record<string, AdminParam>;
  body?: AdminBody<z.ZodType>;
  answers: Record<number, AdminAnswer>;
  handler(
    input: Omit<AdminInput<string, unknown, undefined>, 'account'> & { account: Account | undefined },
  ): Response | Promise<Response>;
}

type GroupedDef<P extends string, S extends z.ZodType, R extends boolean | undefined> = Omit<
  AdminRouteDef<P, S, R>,
  'method' | 'path' | 'tag'
>;

/**
 * The control-plane routes of one document tag, declared route first as in Hono:
 * `accounts.get('/accounts', { ... })`.
 */
export function adminGroup(tag: string) {
  const at =
    (method: AdminMethod) =>
    <const P extends string, S extends z.ZodType = z.ZodUndefined, const R extends boolean | undefined = undefined>(
      path: P,
      def: GroupedDef<P, S, R>,
    ): AdminRoute =>
      ({ ...def, method, path, tag }) as unknown as AdminRoute;
  return { get: at('GET'), post: at('POST'), put: at('PUT'), patch: at('PATCH'), delete: at('DELETE') };
}

/** The path as Hono routes it: `{name}` becomes `:name`. */
export const honoPath = (route: AdminRoute): string => route.path.replace(/\{(\w+)\}/g, ':$1');

// Answers and parameters many declarations share.

export const refused = (description: string): AdminAnswer => ({ description, schema: AdminError });
export const empty = (description: string): AdminAnswer => ({ description });

export const named: Record<string, AdminParam> = {
  name: { description: 'The account name (a DNS label).', schema: accountName },
};
export const withId = (what: string): Record<string, AdminParam> => ({
  ...named,
  id: { description: `The ${what} id.`, schema: z.string() },
});

/** What every route on a named account may answer: the account is resolved (and, by a write, created) first. */
export const onAccount: Record<number, AdminAnswer> = {
  400: refused('The account name is not a DNS label.'),
  404: refused(
    'No such account: a read (GET) never creates one (but the default account), and a write creates an unknown ' +
      'name unless the simulator runs with `--no-auto-accounts`.',
  ),
  503: refused(
    'The call would create the account (a write naming an unknown account, or a read of the default account ' +
      'after it was deleted), but the simulator holds `--max-accounts` already.',
  ),
};
