import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Account } from '../src/accounts/account.js';
import { type Collection, RECORD_KEYS } from '../src/accounts/worlds.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../src/app.js';
import { DEMO_CLIENT_ID, DEMO_SECRET, seededAuth } from '../src/auth/credentials.js';
import { EMPTY_GUID } from '../src/world/common.js';
import type { World } from '../src/world/index.js';
import { generateWorld } from '../src/world/index.js';
import { assertDocumented } from './openapi/response-validator.js';

// Tests drive the simulator in-process through HTTP semantics (app.request): no port, no shared state.

/** The empty Guid: "no value" and the id of a new record. */
export const EMPTY = EMPTY_GUID;
/** A well-formed Guid that names no record of any seeded world. */
export const UNKNOWN = '11111111-2222-4333-8444-555555555555';

/** Pinned real time so that worlds and clocks are the same in every run. */
export const FIXED_NOW = Date.parse('2026-03-16T09:00:00Z');

/**
 * A simulator whose every API answer is checked against the OpenAPI document, except those
 * `checked` leaves out (answers a fault rule made are not documented ones).
 */
export async function simulator(
  options: SimulatorOptions = {},
  checked: (request: Request, sim: Simulator) => boolean = () => true,
): Promise<Simulator> {
  const sim = await createSimulator({ size: 'small', rateLimit: false, realNow: () => FIXED_NOW, ...options });
  const fetch = sim.fetch;
  sim.fetch = async (request) => {
    const response = await fetch(request);
    if (checked(request, sim)) await assertDocumented(request, response);
    return response;
  };
  return sim;
}

/** fetch over a socket, with the answer checked against the OpenAPI document. */
export async function checkedFetch(url: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  await assertDocumented({ method: init?.method ?? 'GET', url }, response);
  return response;
}

export interface Call {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Host header of the request URL, e.g. `acme.localhost`. */
  host?: string;
}

/** One request; paths are relative to the host (`/api/v2/...` or `/accounts/<name>/api/v2/...`). */
export function call(sim: Simulator, path: string, c: Call = {}): Promise<Response> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.token !== undefined) headers.authorization = `Bearer ${c.token}`;
  let body: string | undefined;
  if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    headers['content-type'] ??= 'application/json';
  }
  return sim.fetch(new Request(`http://${c.host ?? '127.0.0.1'}${path}`, { method: c.method ?? 'GET', headers, body }));
}

/** A token for the demo credential of the account the host or path prefix names. */
export async function tokenFor(sim: Simulator, prefix = '', host?: string): Promise<string> {
  const res = await call(sim, `${prefix}/api/v2/token`, {
    method: 'POST',
    host,
    body: { clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET },
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** GET with the demo token; returns status and parsed JSON (or text). */
export function getJson(sim: Simulator, path: string, token: string, c: Call = {}): Promise<Answer> {
  return answer(call(sim, path, { ...c, token }));
}

/** The JSON body of a response, untyped for assertions. */
export const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();

export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/** A simulator with the demo account's token, world, and a `send` that parses JSON answers. */
export interface DemoApi {
  sim: Simulator;
  token: string;
  account: Account;
  world: World;
  send(path: string, init?: { method?: string; body?: unknown }): Promise<Answer>;
}

export async function demoApi(options: SimulatorOptions = {}): Promise<DemoApi> {
  const sim = await simulator(options);
  const token = await tokenFor(sim);
  const account = sim.registry.get('demo')!;
  const send: DemoApi['send'] = async (path, init = {}) => {
    return answer(
      call(sim, path, { token, method: init.method ?? 'GET', ...(init.body === undefined ? {} : { body: init.body }) }),
    );
  };
  return { sim, token, account, world: account.world, send };
}

/** Status, text and parsed JSON (the text itself when it is not JSON) of an answer. */
export async function answer(res: Response | Promise<Response>): Promise<Answer> {
  const r = await res;
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* empty or plain text */
  }
  return { status: r.status, body, text, headers: r.headers };
}

/**
 * The record as the world holds it now. Stored records are frozen values replaced on every change,
 * so a test re-reads a record after a write instead of keeping the object it read before.
 */
export function stored<K extends Collection>(world: World, key: K, record: World[K][number]): World[K][number] {
  const field = RECORD_KEYS[key] as keyof World[K][number];
  const found = (world[key] as readonly World[K][number][]).find((r) => r[field] === record[field]);
  if (!found) throw new Error(`no ${key} record with ${String(field)} ${String(record[field])}`);
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
