import type { Account } from '../accounts/account.js';
import { accountFromHost, accountFromPath } from '../accounts/host.js';
import type { AccountRegistry } from '../accounts/registry.js';
import { endpointAllowed, ipAllowed } from '../auth/allowlist.js';
import type { Credential } from '../auth/credentials.js';
import { checkToken } from '../auth/tokens.js';
import { catchUp } from '../webhooks/catch-up.js';
import { readBody } from './body.js';
import type { Endpoint } from './endpoint.js';
import { ApiError, errors, type ModelState } from './errors.js';
import type { Params } from './params.js';
import { parseQuery, type RawQuery } from './query.js';
import { toResponse } from './reply.js';
import { createResolver } from './resolve.js';
import { throttleKey } from './throttle.js';

/** Where a request is going: the account it names and the API path within that account. */
export interface Target {
  accountName: string;
  /** Path as seen by routing, allow-lists and rate limits: `/api/...`, without `/accounts/<name>`. */
  path: string;
  search: string;
}

export function targetOf(url: string): Target {
  const scheme = url.indexOf('://');
  const pathStart = url.indexOf('/', scheme + 3);
  const host = url.slice(scheme + 3, pathStart < 0 ? undefined : pathStart);
  const rest = pathStart < 0 ? '/' : url.slice(pathStart);
  const q = rest.indexOf('?');
  const rawPath = q < 0 ? rest : rest.slice(0, q);
  const search = q < 0 ? '' : rest.slice(q + 1);
  const byPath = accountFromPath(rawPath);
  return byPath
    ? { accountName: byPath.name, path: byPath.rest, search }
    : { accountName: accountFromHost(host), path: rawPath, search };
}

/** Who is calling: read from the socket and headers before the request reaches the pipeline. */
export interface Caller {
  ip: string;
  authorization: string | undefined;
}

/** Runs API requests through the stages every endpoint shares, driven by the endpoint table. */
export function createApi(table: readonly Endpoint[], registry: AccountRegistry) {
  const resolver = createResolver(table);

  async function handle(request: Request, caller: Caller): Promise<Response> {
    const ip = caller.ip;
    const target = targetOf(request.url);
    const account = registry.get(target.accountName) ?? (await registry.resolve(target.accountName));
    if (!account) return errors.notFound(request.url).toResponse();
    const now = account.clock.now();
    await catchUp(account, now); // recurring invoices due by now, before the request sees the data
    const query = parseQuery(target.search);
    let response: Response;
    try {
      response = await run(request, target, account, query, caller, now);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      response = error.toResponse();
    }
    account.journal.record({
      method: request.method,
      path: target.path,
      search: target.search,
      status: response.status,
      at: now,
    });
    return response;
  }

  async function run(request: Request, target: Target, account: Account, query: RawQuery, caller: Caller, now: number) {
    const { ip } = caller;
    const resolution = resolver.resolve(request.method, target.path, (name) => query.has(name));
    if (resolution.kind === 'notFound') throw errors.notFound(request.url);
    if (resolution.kind === 'methodNotAllowed') throw errors.methodNotAllowed(request.method, resolution.allow);
    const { endpoint } = resolution;

    if (account.settings.rateLimit) {
      const waitMs = account.throttle.hit(throttleKey(endpoint.operationId, ip), now);
      if (waitMs > 0) throw errors.throttled(waitMs / 1000);
    }

    const credential =
      endpoint.auth === 'bearer' ? authorize(caller.authorization, target.path, endpoint, account, ip, now) : undefined;
    const cacheKey = endpoint.cacheable ? `${endpoint.operationId}?${target.search}#${Object.values(resolution.route)}` : '';
    const cached = endpoint.cacheable ? account.replies.get(account.version, cacheKey) : undefined;
    if (cached) return toResponse(cached);
    const input = {
      account,
      now,
      ip,
      credential,
      route: resolution.route,
      query: parseParams(endpoint.query, query),
      body: endpoint.body ? await readBody(request, endpoint.body) : undefined,
    };
    const version = account.version;
    const reply = await endpoint.handler(input);
    if (request.method !== 'GET' && !endpoint.readOnly && reply.status < 300) await account.save();
    else if (endpoint.cacheable) account.replies.set(version, cacheKey, reply);
    return toResponse(reply);
  }

  return { handle };
}

/** Bearer token, then the credential's IP and endpoint allow-lists; each failure is a plain-text 403. */
function authorize(
  authorization: string | undefined,
  path: string,
  endpoint: Endpoint,
  account: Account,
  ip: string,
  now: number,
): Credential {
  const token = bearerToken(authorization);
  if (token === undefined) throw errors.noBearer();
  const check = checkToken(account.auth, token, now);
  if (!check.ok) throw check.reason === 'invalidToken' ? errors.invalidToken() : errors.unauthorized();
  if (!ipAllowed(check.credential, ip)) throw errors.invalidIp();
  if (!endpointAllowed(check.credential, path, endpoint.allowListLine)) throw errors.invalidEndpoint();
  return check.credential;
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case); undefined when there is none. */
function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim() ?? '';
  if (value.length < 8 || value.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = value.slice(7).trim();
  return token === '' || /\s/.test(token) ? undefined : token;
}

/** Parses every declared query parameter; all bad values are reported together. */
export function parseParams(params: Params | undefined, query: RawQuery): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const state: ModelState = {};
  for (const [name, param] of Object.entries(params ?? {})) {
    const parsed = param.parse(query.get(name.toLowerCase()));
    if (parsed.ok) values[name] = parsed.value;
    else state[name] = [parsed.message];
  }
  if (Object.keys(state).length > 0) throw errors.modelState(state);
  return values;
}
