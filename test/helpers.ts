import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Account } from '../src/accounts/account.js';
import { type Collection, RECORD_KEYS, recordKey } from '../src/accounts/worlds.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../src/app.js';
import { DEMO_CLIENT_ID, DEMO_SECRET, seededAuth } from '../src/auth/credentials.js';
import { parseDateTime } from '../src/datetime.js';
import { RULE_HEADER, rulesInHeader } from '../src/errors/rules.js';
import { ruleWithId } from '../src/rules.js';
import { EMPTY_GUID } from '../src/world/common.js';
import type { World } from '../src/world/index.js';
import { generateWorld } from '../src/world/index.js';
import { apiPath, assertDocumented } from './openapi/response-validator.js';

// Tests drive the simulator in-process (its own fetch: no port, no shared state), every request through
// call(); tests of the socket itself use checkedFetch.

/** The empty Guid: "no value" and the id of a new record. */
export const EMPTY = EMPTY_GUID;
/** A well-formed Guid that names no record of any seeded world. */
export const UNKNOWN = '11111111-2222-4333-8444-555555555555';

/** The demo credential every seeded account holds. */
export const DEMO_CREDENTIAL = { clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET };

/** Pinned real time so that worlds and clocks are the same in every run. */
export const FIXED_NOW = Date.parse('2026-03-16T09:00:00Z');

/** Epoch ms of an API date/time text (`yyyy-MM-dd HH:mm`); throws on text that is not one. */
export const ms = (text: string): number => {
  const value = parseDateTime(text);
  if (value === undefined) throw new Error(`not a DateTime: ${text}`);
  return value;
};

/** The API date/time text `n` minutes after `text`. */
export const plusMinutes = (text: string, n: number): string =>
  new Date(Date.parse(`${text.replace(' ', 'T')}:00Z`) + n * 60_000).toISOString().slice(0, 16).replace('T', ' ');

/** The simulator each data directory was last opened by, closed when the next opens it (a restart). */
const openOnDir = new Map<string, Simulator>();

/**
 * A simulator whose every API answer is checked against the OpenAPI document, and whose every
 * refusal names the declared rules behind it (assertRuleNamed), except the answers `checked` leaves
 * out (answers a fault rule made are neither documented ones nor refusals). A simulator on a data
 * directory stops the one this helper last started on it first: one simulator holds a directory.
 */
export async function simulator(
  options: SimulatorOptions = {},
  checked: (request: Request, sim: Simulator) => boolean = () => true,
): Promise<Simulator> {
  if (options.dataDir !== undefined) {
    await openOnDir.get(options.dataDir)?.close();
    openOnDir.delete(options.dataDir);
  }
  // Webhook deliveries retry after 5 ms, 10 ms, … rather than seconds.
  const sim = await createSimulator({
    size: 'small',
    rateLimit: false,
    realNow: () => FIXED_NOW,
    deliveries: { retryBaseMs: 5 },
    ...options,
  });
  const fetch = sim.fetch;
  sim.fetch = async (request) => {
    const response = await fetch(request);
    if (checked(request, sim)) {
      await assertDocumented(request, response);
      await assertRuleNamed(request, response);
    }
    return response;
  };
  if (options.dataDir !== undefined) openOnDir.set(options.dataDir, sim);
  return sim;
}

/**
 * Every refusal of the API (a 4xx to a path under `/api/` or `/accounts/<name>/api/`, and the 500 of
 * PUT vouchers without a SiteId, the one refusal that is not a 4xx) names the rules behind it in the
 * rule header, each a rule of RULES (src/rules.ts); throws otherwise.
 */
export async function assertRuleNamed(request: Request | { method: string; url: string }, response: Response) {
  const path = apiPath(request.url);
  if (!path.toLowerCase().startsWith('/api/')) return;
  const { status } = response;
  const refusal =
    (status >= 400 && status < 500) ||
    (status === 500 && request.method.toUpperCase() === 'PUT' && /^\/api\/(v2\/)?vouchers\//i.test(path));
  if (!refusal) return;
  const header = response.headers.get(RULE_HEADER);
  const named = rulesInHeader(header);
  const unknown = named.filter(({ id, source }) => ruleWithId(id)?.source !== source);
  const malformed = (header ?? '').split(',').length !== named.length;
  if (named.length > 0 && unknown.length === 0 && !malformed) return;
  const body = (await response.clone().text()).slice(0, 500);
  const { pathname, search } = new URL(request.url);
  const why =
    named.length === 0
      ? `names no rule (${RULE_HEADER}: ${header === null ? 'absent' : JSON.stringify(header)})`
      : malformed
        ? `has a rule header that is not \`<id>; source=<source>[, …]\`: ${JSON.stringify(header)}`
        : `names rules not in RULES, or with another source: ${unknown.map((r) => `${r.id} (${r.source})`).join(', ')}`;
  throw new Error(`refusal ${request.method} ${pathname}${search} → ${status} ${why}; body: ${body}`);
}

/** fetch over a socket, with the answer checked against the OpenAPI document. */
export async function checkedFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  await assertDocumented({ method: init?.method ?? 'GET', url }, response);
  return response;
}

/** What a request sends besides its path. */
interface Call {
  method?: string;
  /** Bearer token (version 2); a fixture's own token unless this says otherwise. */
  token?: string;
  /** ServiceApiKey header (version 1). */
  apiKey?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Host header of the request URL, e.g. `acme.localhost`. */
  host?: string;
}

/** Status, headers, text and parsed JSON (the text itself when it is not JSON) of an answer. */
export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** A simulator with the demo account's token and world. */
export interface DemoApi {
  sim: Simulator;
  token: string;
  account: Account;
  world: World;
}

/** Where a request goes: a simulator, or a fixture whose token is sent with it. */
type Target = Simulator | Pick<DemoApi, 'sim' | 'token'>;

/**
 * The one way tests call the simulator: one request, its answer read whole. Paths are relative to the
 * host (`/api/v2/...`, `/accounts/<name>/api/v2/...`, `/__admin/...`).
 */
export async function call(to: Target, path: string, c: Call = {}): Promise<Answer> {
  const [sim, token] = 'sim' in to ? [to.sim, c.token ?? to.token] : [to, c.token];
  const headers: Record<string, string> = {};
  if (c.apiKey !== undefined) headers.ServiceApiKey = c.apiKey;
  Object.assign(headers, c.headers);
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  const request = new Request(`http://${c.host ?? '127.0.0.1'}${path}`, { method: c.method ?? 'GET', headers, body });
  const response = await sim.fetch(request);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* empty or plain text */
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}

/** A stored record as an answer carries it: an id field holding null (no value) reads as the empty Guid. */
export const answered = (record: unknown): any =>
  JSON.parse(JSON.stringify(record), (key, value) => (value === null && key.endsWith('Id') ? EMPTY_GUID : value));

/** A token for a credential (the demo one unless given) of the account the path prefix names. */
export async function tokenFor(sim: Simulator, prefix = '', credential = DEMO_CREDENTIAL): Promise<string> {
  const { clientId, secret } = credential;
  const res = await call(sim, `${prefix}/api/v2/token`, { method: 'POST', body: { clientId, secret } });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.access_token;
}

/** A token for a new credential of the demo account that admits only the allow-list lines given. */
export async function restrictedToken(sim: Simulator, ...endpoints: string[]): Promise<string> {
  const credential = await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: { endpoints } });
  if (credential.status !== 201) throw new Error(`credential: ${credential.status} ${credential.text}`);
  return tokenFor(sim, '', credential.body);
}

/** A new simulator (small world unless told) with the demo account's token, account and world. */
export async function demoApi(options: SimulatorOptions = {}): Promise<DemoApi> {
  const sim = await simulator(options);
  const token = await tokenFor(sim);
  const account = sim.registry.get('demo')!;
  return { sim, token, account, world: account.world };
}

/** The id of the first active site of the world. */
export const activeSite = (world: World): string => world.sites.find((s) => s.State === 1)!.SiteId;

/**
 * The record as the world holds it now. Stored records are frozen values replaced on every change,
 * so a test re-reads a record after a write instead of keeping the object it read before.
 */
export function stored<K extends Collection>(world: World, key: K, record: World[K][number]): World[K][number] {
  const id = recordKey(key, record);
  const found = world[key].find((r: World[K][number]) => recordKey(key, r) === id);
  if (!found) throw new Error(`no ${key} record with ${RECORD_KEYS[key]} ${String(id)}`);
  return found;
}

/**
 * The records of one table as the account's files hold them (base, then every log line), by key:
 * what a restart would read. Removed records are absent.
 */
export async function persistedRows(
  dir: string,
  name: string,
  table: string,
): Promise<Map<string, Record<string, unknown>>> {
  const rows = new Map<string, Record<string, unknown>>();
  const apply = (changes: [string, string, Record<string, unknown> | null][]) => {
    for (const [t, key, row] of changes) {
      if (t !== table) continue;
      if (row === null) rows.delete(key);
      else rows.set(key, row);
    }
  };
  apply(JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')).changes);
  const log = await readFile(path.join(dir, `${name}.log`), 'utf8').catch(() => '');
  for (const line of log.split('\n').filter(Boolean)) apply(JSON.parse(line).changes);
  return rows;
}

/** An account file in the first format (the whole world in one document), as older simulators wrote it. */
export function firstFormatFile(
  name: string,
  options: { apiKeys?: boolean; seed?: number } = {},
): Record<string, unknown> {
  const seed = options.seed ?? 42;
  const day = new Date(FIXED_NOW).toISOString().slice(0, 10);
  const auth = seededAuth(FIXED_NOW);
  return {
    settings: { name, seed, size: 'small', day, rateLimit: false, clockOffsetMs: 0 },
    auth: {
      credentials: auth.credentials,
      tokens: {},
      ...(options.apiKeys === false ? {} : { apiKeys: auth.apiKeys }),
    },
    world: generateWorld({ seed, size: 'small', today: day }),
  };
}
