import { z } from 'zod';
import type { Account } from '../accounts/account.js';
import type { ThrottleRule } from '../accounts/throttle.js';
import type { Credential } from '../auth/credentials.js';
import type { ApiError } from '../errors/errors.js';
import type { World } from '../world/index.js';
import type { Param, Params, ParamValues } from './params.js';
import type { Reply } from './reply.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ExampleRequest {
  query?: Record<string, string>;
  route?: Record<string, string>;
  body?: unknown;
}

/** Statuses an endpoint documents besides 200 (403 and 429 apply to every bearer endpoint). */
export type DocumentedError = 400 | 401 | 404 | 405 | 409 | 500;

export interface BodySpec<S extends z.ZodType> {
  schema: S;
  /** A missing body is a 400 when required. */
  required: boolean;
  description: string;
  /** The answer when the body is missing, unreadable or of the wrong shape, where it is not model state. */
  invalid?: () => ApiError;
}

export interface ResponseSpec {
  description: string;
  /** JSON body schema; absent for empty or plain-text answers. */
  schema?: z.ZodType;
  contentType?: 'json' | 'text' | 'empty';
  /** The body may also be absent (no content type), as validate answers "all available". */
  mayBeEmpty?: boolean;
}

/** What every handler receives besides its parsed input. */
export interface RequestContext {
  account: Account;
  /** The account clock read once at the start of the request. */
  now: number;
  ip: string;
  /** The credential behind the bearer token; absent on the credential and version 1 endpoints. */
  credential?: Credential;
  /** The API user of the call (a credential or a version 1 API key); the empty Guid when there is none. */
  userId: string;
}

export type BodyValue<B> =
  B extends BodySpec<infer S> ? (B['required'] extends true ? z.infer<S> : z.infer<S> | undefined) : undefined;

type AnyBody = BodySpec<z.ZodType> | undefined;

export interface HandlerInput<Q extends Params | undefined, R extends Params | undefined, B> extends RequestContext {
  query: ParamValues<Q>;
  route: ParamValues<R>;
  body: BodyValue<B>;
}

/**
 * One endpoint, declared once. The declaration drives routing (incl. the 404/405 rule), parsing,
 * the credential allow-list, rate-limit buckets and the OpenAPI document.
 */
export interface EndpointDef<Q extends Params | undefined, R extends Params | undefined, B extends AnyBody> {
  /** Unique; also the OpenAPI operationId and the rate-limit bucket. */
  operationId: string;
  method: Method;
  /** Template with `{name}` route segments, e.g. `/api/v2/sites/{id}`. Route segments are Guids. */
  path: string;
  /** Spec category, used as the OpenAPI tag. */
  tag: string;
  summary: string;
  description?: string;
  /**
   * `bearer` for business endpoints; `none` for the four credential endpoints; `apiKey` for the
   * version 1 endpoints (the `ServiceApiKey` header).
   */
  auth: 'bearer' | 'apiKey' | 'none';
  /** Request rate rule; version 2's 4 per second when absent. */
  throttle?: ThrottleRule;
  /** Shown as deprecated in the OpenAPI document (version 1). */
  deprecated?: boolean;
  /**
   * The route's last id may also come from the query on the path without it (`GET /api/clients/?Id=`):
   * version 1's conventional routing, set by versions/v1.ts on its single-record GETs.
   */
  idInQuery?: boolean;
  /** The endpoint allow-list line that admits this endpoint; absent where the route ends in a record id. */
  allowListLine?: string;
  route?: R;
  query?: Q;
  body?: B;
  /**
   * The answer depends only on the account's data and the request's route and query (not on the
   * clock or the credential), so it may be reused until the account next changes.
   */
  cacheable?: boolean;
  /**
   * The handler never changes the account, so the call answers from the last committed data
   * without waiting for a write being saved (see `Account.read`). A group sets it on every GET
   * unless the declaration says false; a POST that only reads says true.
   */
  readOnly?: boolean;
  response: ResponseSpec;
  errors: Partial<Record<DocumentedError, string>>;
  /**
   * A realistic call for the OpenAPI document, picked from the seeded world (and, for date ranges,
   * the account's clock `now`); its real answer is the example.
   */
  example?: (world: World, now: number) => ExampleRequest;
  /** A fixed example answer, where real answers differ on every call (tokens, secrets). */
  exampleResponse?: unknown;
  /**
   * What the version 1 form of this action does differently, where it does (versions/v1.ts applies
   * it): its own contract words, answer or handler. Left out, version 1 runs the same declaration.
   */
  v1?: Version1Form<Q, R, B>;
  handler(input: HandlerInput<Q, R, B>): Reply | Promise<Reply>;
}

/** The parts of a declaration its version 1 form may replace. */
interface Version1Form<Q extends Params | undefined, R extends Params | undefined, B extends AnyBody> {
  /** Replaces the version 2 description in the version 1 operation. */
  description?: string;
  response?: ResponseSpec;
  handler?: (input: HandlerInput<Q, R, B>) => Reply | Promise<Reply>;
}

/** A declaration with its types erased, as the table holds it. */
export type Endpoint = EndpointDef<Params, Params, AnyBody>;

export function defineEndpoint<
  Q extends Params | undefined = undefined,
  R extends Params | undefined = undefined,
  const B extends AnyBody = undefined,
>(def: EndpointDef<Q, R, B>): Endpoint {
  return def as unknown as Endpoint;
}

type Auth = EndpointDef<undefined, undefined, undefined>['auth'];

/** The documented 404 of every route with an id: ids are Guids, so a malformed one matches no route. */
const MALFORMED_ROUTE_ID = 'The id is not a well-formed Guid (the route does not match).';

/** The answer of a list: a JSON array of `schema` rows, as `description` orders them. */
export const listAnswer = (description: string, schema: z.ZodType): ResponseSpec => ({
  description,
  schema: z.array(schema),
});

/** The answer of a GET by id: the record, or JSON `null` when the account has none with that id. */
export const recordOrNull = (noun: string, schema: z.ZodType): ResponseSpec => ({
  description: `The ${noun}, or \`null\` when the account has none with that id.`,
  schema: schema.nullable(),
});

/**
 * A declaration inside a group: method, path, tag and auth come from the group; errors default to
 * none, and a route with ids documents the 404 of a malformed one. The allow-list line is the path
 * itself, without its leading slash: the line an API user writes to admit the endpoint. A route
 * ending in a record id has none (a non-empty list can never admit it).
 */
type GroupedDef<Q extends Params | undefined, R extends Params | undefined, B extends AnyBody> = Omit<
  EndpointDef<Q, R, B>,
  'method' | 'path' | 'tag' | 'auth' | 'errors' | 'allowListLine'
> & { errors?: EndpointDef<Q, R, B>['errors'] };

/**
 * The endpoints of one spec category (one OpenAPI tag), declared route first as in Hono:
 * `clients.get('/api/v2/clients/{id}', { ... })`. Bearer auth unless the group says otherwise.
 */
export function endpointGroup(tag: string, auth: Auth = 'bearer') {
  const at =
    (method: Method) =>
    <
      Q extends Params | undefined = undefined,
      R extends Params | undefined = undefined,
      const B extends AnyBody = undefined,
    >(
      path: string,
      def: GroupedDef<Q, R, B>,
    ): Endpoint =>
      defineEndpoint<Q, R, B>({
        ...def,
        readOnly: def.readOnly ?? method === 'GET',
        errors: { ...(path.includes('{') ? { 404: MALFORMED_ROUTE_ID } : {}), ...def.errors },
        allowListLine: auth === 'bearer' && !path.includes('{') ? path.slice(1) : undefined,
        method,
        path,
        tag,
        auth,
      } as EndpointDef<Q, R, B>);
  return { get: at('GET'), post: at('POST'), put: at('PUT'), patch: at('PATCH'), delete: at('DELETE') };
}

/** Required-by-name query parameters of an endpoint, lowercased for matching. */
export function requiredNames(endpoint: Endpoint): string[] {
  return Object.entries(endpoint.query ?? {})
    .filter(([, p]) => (p as Param<unknown>).required)
    .map(([name]) => name.toLowerCase());
}
