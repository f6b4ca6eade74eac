import { type Account, AccountClosedError } from '../accounts/account.js';
import { accountFromHost, accountFromPath, DEFAULT_ACCOUNT } from '../accounts/host.js';
import type { JournalFault } from '../accounts/journal.js';
import { AccountElsewhereError, AccountLimitError, type AccountRegistry } from '../accounts/registry.js';
import { endpointAllowed, ipAllowed } from '../auth/allowlist.js';
import { type ApiKey, apiUserId, type Credential, findApiKey } from '../auth/credentials.js';
import { checkToken } from '../auth/tokens.js';
import { ApiError, errors, type ModelState } from '../errors/errors.js';
import { isRelaxed, type Rule, withRelaxedRules } from '../errors/rules.js';
import type { FaultHit } from '../faults/fault-rules.js';
import type { Cut } from '../faults/transport.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../json-depth.js';
import { EMPTY_GUID } from '../world/common.js';
import { encodeAnswer } from './answer.js';
import { MAX_BODY_BYTES, readBody, readText } from './body.js';
import type { Endpoint } from './endpoint.js';
import type { Params } from './params.js';
import { parseQuery, type RawQuery } from './query.js';
import { type Reply, toResponse } from './reply.js';
import { repliesOf } from './reply-cache.js';
import { createResolver } from './resolve.js';
import { AUTH_RULES, QUERY_RULES, ROUTING_RULES, THROTTLE_RULES } from './rules.js';

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
  /** The version 1 API key: the `ServiceApiKey` header, or else `ChiDeskApiKey` (http/caller.ts `apiKeyHeader`). */
  serviceApiKey: string | undefined;
  /** Any request header by lower-case name (read only for the journal's kept headers). */
  header: (name: string) => string | undefined;
}

/** An answer, and what a fault rule does to it on the way out (drop or truncate), if anything. */
export interface Answer {
  response: Response;
  cut?: Cut;
}

/** The Content-Types a web page may send without a CORS preflight (the Fetch standard's safelist). */
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Whether a request may create the account it names on first use. Only a request no web page can
 * send without the browser asking first (a CORS preflight, which the API never grants: it sends no
 * CORS headers) may: one with a credential header (`Authorization`, `ServiceApiKey`, `ChiDeskApiKey`),
 * a JSON (or other non-simple) Content-Type, or a method other than GET, HEAD and POST. So no `<img>`,
 * link or form of any page, whatever address or host name the simulator is reached by (a browser sends
 * no `Sec-Fetch-Site` to a plain host name or a LAN address), can fill `--max-accounts` or the disk.
 * Every call an integration makes first (a token POST with JSON, a call with its bearer token or API
 * key) creates the account as before; a request the browser marks cross-site or same-site never does.
 */
function mayCreateAccount(request: Request, caller: Caller): boolean {
  const site = caller.header('sec-fetch-site')?.trim().toLowerCase();
  if (site === 'cross-site' || site === 'same-site') return false;
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') return true;
  if (caller.authorization !== undefined || caller.serviceApiKey !== undefined) return true;
  const type = caller.header('content-type');
  return type !== undefined && !SIMPLE_CONTENT_TYPES.has(type.split(';')[0]!.trim().toLowerCase());
}

/** Runs API requests through the stages every endpoint shares, driven by the endpoint table. */
export function createApi(table: readonly Endpoint[], registry: AccountRegistry) {
  const resolver = createResolver(table);

  async function handle(request: Request, caller: Caller): Promise<Answer> {
    const target = targetOf(request.url);
    let account: Account | undefined;
    try {
      account =
        registry.get(target.accountName) ??
        (target.accountName === DEFAULT_ACCOUNT || mayCreateAccount(request, caller)
          ? await registry.resolve(target.accountName)
          : undefined);
    } catch (error) {
      if (error instanceof AccountLimitError) return { response: errors.accountLimit(error.message).toResponse() };
      if (error instanceof AccountElsewhereError) {
        return { response: errors.misdirected(error.message, ROUTING_RULES.accountElsewhere).toResponse() };
      }
      throw error;
    }
    if (!account) return { response: errors.notFound(request.url, ROUTING_RULES.noRoute).toResponse() };
    // Faults come before routing, throttling and auth, so a rule can hit any path, unknown ones too.
    const hit = account.faults.take(request.method, target.path, account.faultRandom);
    if (hit && hit.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, hit.delayMs));
    const now = account.clock.now();
    const journal = account.journal;
    // The body's text once an endpoint has read it; one nobody read is read for the journal at the end.
    let sentText: string | undefined;
    const seen = (text: string) => {
      sentText = text;
    };
    // `rules`: those that refused the request, as its answer's rule header names them.
    const record = async (status: number, answer?: string | Uint8Array | null, rules: readonly Rule[] = []) => {
      if (journal.capacity <= 0 && journal.listening === 0) return;
      journal.record({
        method: request.method,
        path: target.path,
        search: target.search,
        status,
        at: now,
        ...(hit ? { fault: journalFault(hit) } : {}),
        header: caller.header,
        body: sentText ?? (await unreadBody(request, caller.header)),
        answer,
        ...(rules.length > 0 ? { rules: [...new Set(rules)].map(({ id, source }) => ({ id, source })) } : {}),
      });
    };

    // An overridden or dropped-before request is not processed: nothing written, no throttle count.
    const { rule } = hit ?? {};
    if (rule?.status !== undefined) {
      const fault = errors.fault(rule.status, rule.body, rule.contentType, rule.headers);
      await record(fault.status, fault.body); // a rule's body is the user's text, whatever its type says
      return { response: fault.toResponse() };
    }
    if (rule?.drop === 'before') {
      await record(0);
      return { response: new Response(null), cut: { kind: 'drop' } };
    }

    const query = parseQuery(target.search);
    let answer: Reply | ApiError;
    try {
      await account.catchUp(now); // what the clock has made due (recurring invoices), before the request sees the data
      answer = await run(request, target, account, query, caller, now, seen);
    } catch (error) {
      if (error instanceof AccountClosedError) answer = errors.notFound(request.url, ROUTING_RULES.noRoute);
      else if (error instanceof ApiError) answer = error;
      else throw error;
    }
    await record(answer.status, answer.body, answer instanceof ApiError ? answer.rules : []);
    const response = answer instanceof ApiError ? answer.toResponse() : toResponse(answer);
    if (rule?.drop === 'after') return { response, cut: { kind: 'drop' } };
    if (rule?.truncateBytes !== undefined) return { response, cut: { kind: 'truncate', bytes: rule.truncateBytes } };
    return { response };
  }

  async function run(
    request: Request,
    target: Target,
    account: Account,
    query: RawQuery,
    caller: Caller,
    now: number,
    seen: (text: string) => void,
  ): Promise<Reply> {
    const { ip } = caller;
    const resolution = resolver.resolve(request.method, target.path, query);
    if (resolution.kind === 'notFound') {
      throw errors.notFound(request.url, resolution.namesMissing ? ROUTING_RULES.requiredName : ROUTING_RULES.noRoute);
    }
    if (resolution.kind === 'methodNotAllowed') {
      throw errors.methodNotAllowed(request.method, resolution.allow, ROUTING_RULES.requiredNameOtherMethod);
    }
    const { endpoint } = resolution;

    if (account.settings.rateLimit) {
      const waitMs = account.throttle.hit(endpoint.operationId, ip, now, endpoint.throttle);
      if (waitMs > 0) throw errors.throttled(waitMs / 1000, THROTTLE_RULES.rate);
    }

    const credential =
      endpoint.auth === 'bearer' ? authorize(caller.authorization, target.path, endpoint, account, ip, now) : undefined;
    const apiKey = endpoint.auth === 'apiKey' ? authorizeApiKey(caller.serviceApiKey, account, ip) : undefined;
    const user = credential ?? apiKey;
    const cacheKey = endpoint.cacheable
      ? `${endpoint.operationId}?${target.search}#${Object.values(resolution.route)}`
      : '';
    const cached = endpoint.cacheable ? repliesOf(account).get(account.version, cacheKey) : undefined;
    if (cached) return cached;
    // The account's relaxed rules hold while its query, body and handler are checked (errors/rules.ts).
    const relaxed = account.relaxedRules;
    const input = {
      account,
      now,
      ip,
      credential,
      userId: user ? apiUserId(user) : EMPTY_GUID,
      route: resolution.route,
      query: withRelaxedRules(relaxed, () => parseParams(endpoint.query, query)),
      body: endpoint.body ? await readBody(request, endpoint.body, seen, relaxed) : undefined,
    };
    const version = account.version;
    const work = async () => encodeAnswer(endpoint, await withRelaxedRules(relaxed, () => endpoint.handler(input)));
    // A read answers from the last committed data, never waiting for a save; any other request is
    // one write: kept (and durable) when it succeeds, undone when it is refused.
    const reply = endpoint.readOnly ? await account.read(work) : await account.write(work, (r) => r.status < 300);
    if (endpoint.cacheable && account.version === version) repliesOf(account).set(version, cacheKey, reply);
    return reply;
  }

  return { handle };
}

/**
 * The text of a body no endpoint read (an unknown path, a refused call, a fault), for the journal;
 * undefined when there is none or it is over the API's body limit. JSON nested too deep to walk is
 * not kept. The headers are asked first: on a socket, touching `request.body` builds a whole Fetch
 * request, which a GET or a bodiless call should not pay for.
 */
async function unreadBody(request: Request, header: Caller['header']): Promise<string | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.bodyUsed) return undefined;
  const length = header('content-length');
  if (length === '0' || (length === undefined && header('transfer-encoding') === undefined && request.body === null)) {
    return undefined;
  }
  try {
    const text = await readText(request, () => new Error('over the limit'), MAX_BODY_BYTES);
    return nestedTooDeep(text) ? `(not kept: JSON nested more than ${MAX_JSON_DEPTH} levels deep)` : text;
  } catch {
    return undefined;
  }
}

function journalFault(hit: FaultHit): JournalFault {
  return { id: hit.rule.id, kind: hit.kind, ...(hit.delayMs > 0 ? { delayMs: hit.delayMs } : {}) };
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
  if (token === undefined) throw errors.noBearer(AUTH_RULES.noBearer);
  const check = checkToken(account.auth, token, now);
  if (!check.ok) {
    throw check.reason === 'invalidToken'
      ? errors.invalidToken(AUTH_RULES.invalidToken)
      : errors.unauthorized(AUTH_RULES.credentialCheck);
  }
  if (!ipAllowed(check.credential, ip)) throw errors.invalidIp(AUTH_RULES.ipAllowList);
  if (!endpointAllowed(check.credential, path, endpoint.allowListLine)) {
    throw errors.invalidEndpoint(AUTH_RULES.endpointAllowList);
  }
  return check.credential;
}

/**
 * Version 1: an active API key in the ServiceApiKey header (any failure is the same plain-text 403),
 * then the key's address range, refused as a credential's IP allow-list is.
 */
function authorizeApiKey(header: string | undefined, account: Account, ip: string): ApiKey {
  const key = header?.trim() ?? '';
  const found = key === '' ? undefined : findApiKey(account.auth, key);
  if (!found) throw errors.apiKeyRefused(AUTH_RULES.apiKey);
  if (!ipAllowed(found, ip)) throw errors.invalidIp(AUTH_RULES.ipAllowList);
  return found;
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case); undefined when there is none. */
function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim() ?? '';
  if (value.length < 8 || value.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  const token = value.slice(7).trim();
  return token === '' || /\s/.test(token) ? undefined : token;
}

/**
 * Parses every declared query parameter; all bad values are reported together. A value the account
 * lets through unconverted (the value-not-valid rule relaxed) is read as an empty one.
 */
export function parseParams(params: Params | undefined, query: RawQuery): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const state: ModelState = {};
  const rules: Rule[] = [];
  for (const [name, param] of Object.entries(params ?? {})) {
    let parsed = param.parse(query.get(name.toLowerCase()));
    if (!parsed.ok && !parsed.blank && isRelaxed(QUERY_RULES.valueNotValid)) parsed = param.parse(['']);
    if (parsed.ok) {
      values[name] = parsed.value;
      continue;
    }
    const rule = parsed.blank ? QUERY_RULES.valueRequired : QUERY_RULES.valueNotValid;
    state[name] = [parsed.message];
    if (!rules.includes(rule)) rules.push(rule);
  }
  if (Object.keys(state).length > 0) throw errors.modelState({ state, rules });
  return values;
}
