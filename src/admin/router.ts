import type { Context } from 'hono';
import { Hono } from 'hono';
import { type Account, AccountClosedError } from '../accounts/account.js';
import { ClockBoundError } from '../accounts/clock.js';
import { DEFAULT_ACCOUNT, isAccountName } from '../accounts/host.js';
import { AccountElsewhereError, AccountLimitError, type AccountRegistry } from '../accounts/registry.js';
import { ApiError, errors } from '../errors/errors.js';
import { ScenarioError } from '../scenarios/load.js';
import { type AdminRoute, honoPath } from './admin-route.js';
import { adminDeclarations } from './declarations.js';
import { Fleet } from './fleet.js';
import { checked, jsonOf } from './json-body.js';
import { accountName } from './schemas.js';

// The control plane: camelCase JSON, the same on every host, no API credential. Every route is a
// declaration of declarations.ts, served here: the named account resolved, then the body parsed,
// then the declaration's handler.

export function adminRoutes(registry: AccountRegistry, fleet: Fleet = new Fleet()): Hono {
  const admin = new Hono();
  for (const route of servingOrder(adminDeclarations)) {
    admin.on(route.method, honoPath(route), (c) => serve(route, c, registry, fleet));
  }
  // Last, so it answers only what no route above did (a mounted app's notFound is never called).
  admin.all('*', (c) => errors.admin(404, `no control-plane route ${c.req.method} ${c.req.path}`).toResponse());
  admin.onError((error) => {
    if (error instanceof ApiError) return error.toResponse();
    if (error instanceof ScenarioError) return errors.admin(400, error.message).toResponse();
    if (error instanceof AccountLimitError) return errors.admin(503, error.message).toResponse();
    if (error instanceof AccountElsewhereError) return errors.admin(421, error.message).toResponse();
    if (error instanceof AccountClosedError) return errors.admin(404, error.message).toResponse();
    // A clock move or an account's `now` outside the window around real time; nothing was changed.
    if (error instanceof ClockBoundError) return errors.admin(400, error.message).toResponse();
    throw error;
  });
  return admin;
}

/**
 * Literal segments before route segments, as the API routes: `GET …/requests/count` and
 * `…/requests/stream` are not entries of `…/requests/{seq}`. Otherwise in the order declared.
 */
function servingOrder(table: readonly AdminRoute[]): AdminRoute[] {
  const segments = (route: AdminRoute) => (route.path.match(/\{/g) ?? []).length;
  return [...table].sort((a, b) => segments(a) - segments(b));
}

async function serve(route: AdminRoute, c: Context, registry: AccountRegistry, fleet: Fleet): Promise<Response> {
  const params = c.req.param() as Record<string, string>;
  let account: Account | undefined;
  if (route.path.startsWith('/accounts/{name}')) {
    const name = nameOf(params.name ?? '');
    if (route.resolvesAccount !== false) account = await accountOf(c, registry, name);
  }
  const spec = route.body;
  const body = spec
    ? await (spec.parse ?? ((json: unknown) => checked(spec.schema, json)))(
        await jsonOf(c, {
          bytes: spec.limit,
          members: spec.members,
          valueBytes: spec.valueBytes,
          tooLarge: spec.tooLarge,
        }),
      )
    : undefined;
  return route.handler({ c, registry, fleet, account, route: params, body });
}

function nameOf(name: string): string {
  const parsed = accountName.safeParse(name);
  if (!parsed.success) throw errors.admin(400, `invalid account name '${name}': ${parsed.error.issues[0]?.message}`);
  return name;
}

/**
 * The named account. A read (GET, HEAD) never creates one but the default account (which a server
 * holds from its start): an `<img>` on any page can send it, so an unknown name is a 404. Other
 * calls create an unknown name as on first API use (unless auto-creation is off), so a test can
 * set the clock before its first API call.
 */
async function accountOf(c: Context, registry: AccountRegistry, name: string): Promise<Account> {
  const creates = (c.req.method !== 'GET' && c.req.method !== 'HEAD') || name === DEFAULT_ACCOUNT;
  const account = !isAccountName(name) ? undefined : creates ? await registry.resolve(name) : registry.get(name);
  if (!account) throw errors.admin(404, `no account '${name}'`);
  return account;
}
