import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, vi } from 'vitest';
import type { Account } from '../../src/accounts/account.js';
import { copyData } from '../../src/accounts/store.js';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import type { Endpoint, ExampleRequest } from '../../src/http/endpoint.js';
import type { Param } from '../../src/http/params.js';
import { call, demoApi } from '../helpers.js';

// Generated bad input for every endpoint of the table. Each request starts from the endpoint's
// own example (so it gets past routing) and applies one mutation; a mutation is a small, readable
// value, so a failing run prints what was sent, and FUZZ_SEED / FUZZ_PATH replay it.

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20260316);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const FUZZ_PATH = process.env.FUZZ_PATH;

/** fast-check parameters from the environment: a fixed seed and a small budget unless told. */
export const fuzzParams = (runs = FUZZ_RUNS): fc.Parameters<unknown> => ({
  seed: FUZZ_SEED,
  numRuns: runs,
  ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
  endOnFailure: true,
});

/** Hash of everything the account persists: a rejected request must leave it as it was. */
export const stateHash = (account: Account): string =>
  createHash('sha1').update(JSON.stringify(account.store.data)).digest('hex');

/** A simulator with the demo account, its token and a restorable copy of its data. */
export interface FuzzWorld {
  sim: Simulator;
  account: Account;
  token: string;
  now: number;
  baselineHash: string;
  /** Where the account's data differs from the baseline: `world.Clients`, `auth`… */
  changes(): string[];
  /** Puts the account's data back as it was (after an accepted write). */
  restore(): Promise<void>;
}

export async function fuzzWorld(): Promise<FuzzWorld> {
  const { sim, token, account } = await demoApi();
  // One read first, so anything due by now (recurring invoices) is in the baseline.
  await call(sim, '/api/v2/ping', { token });
  const baseline = copyData(account.store.data);
  const baselineHash = stateHash(account);
  return {
    sim,
    account,
    token,
    now: account.clock.now(),
    baselineHash,
    changes: () => changedParts(baseline, account.store.data),
    async restore() {
      await account.write(() => account.replace(copyData(baseline)));
    },
  };
}

function changedParts(before: object, after: object): string[] {
  const out: string[] = [];
  const keys = (o: object) => new Set([...Object.keys(before), ...Object.keys(o)]);
  for (const key of keys(after)) {
    const a = (before as Record<string, unknown>)[key];
    const b = (after as Record<string, unknown>)[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (key === 'world' && a && b) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        const x = (a as Record<string, unknown>)[k];
        const y = (b as Record<string, unknown>)[k];
        if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`world.${k}`);
      }
    } else out.push(key);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

const HUGE = 100_000;

/** A value that stands for text too long to print: materialised when the request is built. */
export type Text = string | { repeat: string; times: number; then?: string };
export const textOf = (t: Text): string => (typeof t === 'string' ? t : t.repeat.repeat(t.times) + (t.then ?? ''));
const huge = (then = ''): Text => ({ repeat: 'a', times: HUGE, then });

const GUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const badGuids: Text[] = [
  '0',
  'not-a-guid',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  '{00000000-0000-0000-0000-000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '３f2504e0-4f89-41d3-9a0c-0305e82c3301',
  `${GUID}x`,
  `${GUID}\u0000`,
  '%00',
  '%zz',
  '%E2%82%AC',
  '\uD800',
  '../../etc/passwd',
  '(a+)+$',
  huge(),
  { repeat: GUID, times: 300 },
];
const badDates: Text[] = [
  '2026-13-01 00:00',
  '2026-02-30 10:00',
  '2026-03-16 24:00',
  '2026-03-16 10:60',
  '16/03/2026',
  '2026-03-16T10:00:00+02:00',
  '２０２６-03-16 10:00',
  '9999-12-31 23:59',
  '0000-01-01 00:00',
  '0001-01-01 00:00',
  '-2026-01-01',
  '2026-03-16 10:00:00.123456789',
  '1e309',
  'NaN',
  '2026-03-16 10:00\u0000',
  huge(),
  { repeat: '2026-', times: 20_000 },
];
const badBooleans: Text[] = ['yes', '1', '0', 'truee', 'True,False', 'null', huge()];
const badNumbers: Text[] = [
  'All',
  '0',
  '-1',
  '256',
  '99999999999999999999',
  '1.5',
  '1e2',
  '0x10',
  'Infinity',
  'NaN',
  '-0',
  'Active,Inactive',
  '١',
  huge(),
];
const hostileText: Text[] = [
  '(a+)+$',
  '.*',
  '[',
  '\\',
  '%',
  '\u0000',
  '\uD800',
  '\u202E',
  "' OR 1=1 --",
  '<script>',
  huge(),
  huge('!'),
];

const garbage: fc.Arbitrary<Text> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...hostileText),
);

function badValueOf(param: Param<unknown>): fc.Arbitrary<Text> {
  switch (param.kind) {
    case 'guid':
    case 'guidArray':
      return fc.oneof(fc.constantFrom(...badGuids), garbage);
    case 'dateTime':
      return fc.oneof(fc.constantFrom(...badDates), garbage);
    case 'boolean':
      return fc.oneof(fc.constantFrom(...badBooleans), garbage);
    case 'enum':
    case 'byte':
      return fc.oneof(fc.constantFrom(...badNumbers), fc.integer().map(String), garbage);
    case 'string':
      return fc.oneof(fc.constantFrom(...hostileText), garbage);
  }
}

const nameLike = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'x[]',
    'x[0]',
    '',
    '%',
    'a%20b',
  ),
  fc.string({ maxLength: 20 }),
);

/** A JSON value to put in a body field, as raw JSON text where JSON.stringify cannot say it. */
export type BodyValue = { json: unknown } | { raw: string } | { text: Text } | { deep: number; open: '[' | '{' };
const rawNumbers = ['1e309', '-1e309', '-0', '1e-400', '12345678901234567890123', '0.1e1', '-9007199254740993'];
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 31) - 1, '', ' ', [], {}, [null], { Value: 1 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const bodyValue: fc.Arbitrary<BodyValue> = fc.oneof(
  jsonish.map((json) => ({ json })),
  fc.constantFrom(...rawNumbers).map((raw) => ({ raw })),
  fc.constantFrom(...badGuids, ...badDates, ...hostileText).map((text) => ({ text })),
  fc.record({ deep: fc.constantFrom(50, 5_000), open: fc.constantFrom('[' as const, '{' as const) }),
);

// ---------------------------------------------------------------------------------------------
// Mutations

export type BodyMutation =
  | { kind: 'empty'; text: '' | '   ' | '\r\n' }
  | { kind: 'truncate'; at: number }
  | { kind: 'invalidUtf8'; at: number; bytes: number[] }
  | { kind: 'topLevel'; json: string }
  | { kind: 'deep'; depth: number; open: '[' | '{' }
  | { kind: 'dropField'; pick: number }
  | { kind: 'setField'; pick: number; value: BodyValue }
  | { kind: 'extraField'; pick: number; key: string; value: BodyValue }
  | { kind: 'protoKeys'; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'duplicateKey'; pick: number; value: BodyValue }
  | { kind: 'renameCase'; upper: boolean };

export type Mutation =
  | { kind: 'asIs' }
  | { kind: 'dropName'; name: string }
  | { kind: 'extraNames'; pairs: Array<[string, Text]> }
  | { kind: 'duplicateName'; name: string; value: Text }
  | { kind: 'badValue'; name: string; value: Text }
  | { kind: 'rawQuery'; text: string }
  | { kind: 'routeId'; name: string; value: Text }
  | { kind: 'method'; method: string }
  | { kind: 'auth'; value: 'none' | 'garbage' | 'wrongScheme' }
  | { kind: 'contentType'; value: string | null }
  | { kind: 'body'; body: BodyMutation };

const protoKey = fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const);

function bodyMutation(): fc.Arbitrary<BodyMutation> {
  const at = fc.double({ min: 0, max: 1, noNaN: true });
  const pick = fc.nat();
  return fc.oneof(
    fc.record({
      kind: fc.constant('empty' as const),
      text: fc.constantFrom('' as const, '   ' as const, '\r\n' as const),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at }),
    fc.record({
      kind: fc.constant('invalidUtf8' as const),
      at,
      bytes: fc.array(fc.constantFrom(0xff, 0xfe, 0xc3, 0x80, 0xed, 0xa0, 0xf4, 0x90, 0x00), {
        minLength: 1,
        maxLength: 4,
      }),
    }),
    fc.record({
      kind: fc.constant('topLevel' as const),
      json: fc.constantFrom('[]', '[{}]', '1', '-0', '1e309', 'null', 'true', '"text"', '{}', '[[]]'),
    }),
    fc.record({
      kind: fc.constant('deep' as const),
      depth: fc.constantFrom(100, 5_000),
      open: fc.constantFrom('[' as const, '{' as const),
    }),
    fc.record({ kind: fc.constant('dropField' as const), pick }),
    fc.record({ kind: fc.constant('setField' as const), pick, value: bodyValue }),
    fc.record({ kind: fc.constant('extraField' as const), pick, key: fc.oneof(protoKey, nameLike), value: bodyValue }),
    fc.record({ kind: fc.constant('protoKeys' as const), key: protoKey }),
    fc.record({ kind: fc.constant('duplicateKey' as const), pick, value: bodyValue }),
    fc.record({ kind: fc.constant('renameCase' as const), upper: fc.boolean() }),
  );
}

/** The mutations that apply to an endpoint, weighted towards its own parameters and body. */
export function mutations(endpoint: Endpoint): fc.Arbitrary<Mutation> {
  const params = Object.entries(endpoint.query ?? {});
  const routeNames = Object.keys(endpoint.route ?? {});
  const options: Array<fc.Arbitrary<Mutation>> = [
    fc.constant({ kind: 'asIs' as const }),
    fc.record({
      kind: fc.constant('extraNames' as const),
      pairs: fc.array(fc.tuple(nameLike, garbage), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant('rawQuery' as const),
      text: fc.constantFrom('%', '%zz', '&&&', '=x', 'a[=1', '%E0%A4%A', '%FF%FE=%C3%28', '\u0000', '?&=?'),
    }),
    fc.record({
      kind: fc.constant('method' as const),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    }),
    fc.record({
      kind: fc.constant('auth' as const),
      value: fc.constantFrom('none' as const, 'garbage' as const, 'wrongScheme' as const),
    }),
  ];
  if (params.length > 0) {
    const name = fc.constantFrom(...params.map(([n]) => n));
    options.push(
      fc.record({ kind: fc.constant('dropName' as const), name }),
      fc.record({ kind: fc.constant('duplicateName' as const), name, value: garbage }),
      fc.oneof(
        ...params.map(([n, p]) =>
          fc.record({ kind: fc.constant('badValue' as const), name: fc.constant(n), value: badValueOf(p) }),
        ),
      ),
      fc.oneof(
        ...params.map(([n, p]) =>
          fc.record({ kind: fc.constant('badValue' as const), name: fc.constant(n), value: badValueOf(p) }),
        ),
      ),
    );
  }
  if (routeNames.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant('routeId' as const),
        name: fc.constantFrom(...routeNames),
        value: fc.oneof(fc.constantFrom(...badGuids), fc.string({ minLength: 1, maxLength: 40 })),
      }),
    );
  }
  if (endpoint.body) {
    const body = bodyMutation().map((b) => ({ kind: 'body' as const, body: b }));
    options.push(
      fc.record({
        kind: fc.constant('contentType' as const),
        value: fc.constantFrom(
          null,
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/xml',
        ),
      }),
      body,
      body,
      body,
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------------------------------------
// Building requests

export interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export function credentialsOf(endpoint: Endpoint, token: string): Record<string, string> {
  if (endpoint.auth === 'bearer') return { authorization: `Bearer ${token}` };
  if (endpoint.auth === 'apiKey') return { serviceapikey: DEMO_API_KEY };
  return {};
}

// Lone surrogates are sent as UTF-8 encodes them (U+FFFD); encodeURIComponent would throw on them.
const enc = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** The endpoint's example request as a starting point: every required name present. */
export function exampleOf(endpoint: Endpoint, fw: FuzzWorld): ExampleRequest {
  const example = endpoint.example?.(fw.account.world, fw.now) ?? {};
  const query = { ...example.query };
  for (const [name, p] of Object.entries(endpoint.query ?? {})) if (p.required && !(name in query)) query[name] = '';
  const route = { ...example.route };
  for (const name of Object.keys(endpoint.route ?? {})) route[name] ??= GUID;
  return { ...example, query, route };
}

export function build(endpoint: Endpoint, example: ExampleRequest, token: string, m: Mutation): Built {
  let method: string = endpoint.method;
  const route = { ...example.route };
  let pairs: Array<[string, string]> = Object.entries(example.query ?? {});
  let rawQuery = '';
  const headers: Record<string, string> = credentialsOf(endpoint, token);
  let body: string | Uint8Array | undefined = example.body === undefined ? undefined : JSON.stringify(example.body);
  if (body !== undefined) headers['content-type'] = 'application/json';

  switch (m.kind) {
    case 'asIs':
      break;
    case 'dropName':
      pairs = pairs.filter(([n]) => n !== m.name);
      break;
    case 'extraNames':
      pairs.push(...m.pairs.map(([n, v]): [string, string] => [n, textOf(v)]));
      break;
    case 'duplicateName':
      pairs.push([m.name, textOf(m.value)]);
      break;
    case 'badValue':
      pairs = pairs.filter(([n]) => n !== m.name);
      pairs.push([m.name, textOf(m.value)]);
      break;
    case 'rawQuery':
      rawQuery = m.text;
      break;
    case 'routeId':
      route[m.name] = textOf(m.value);
      break;
    case 'method':
      method = m.method;
      break;
    case 'auth':
      delete headers.authorization;
      delete headers.serviceapikey;
      if (m.value === 'garbage')
        Object.assign(headers, { authorization: 'Bearer x'.repeat(500), serviceapikey: '\u00ff'.repeat(10) });
      if (m.value === 'wrongScheme')
        Object.assign(headers, { authorization: `Basic ${token}`, serviceapikey: `${DEMO_API_KEY}x` });
      break;
    case 'contentType':
      if (m.value === null) delete headers['content-type'];
      else headers['content-type'] = m.value;
      break;
    case 'body':
      body = mutateBody(example.body, m.body);
      headers['content-type'] ??= 'application/json';
      break;
  }

  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => enc(route[name] ?? GUID));
  const search = [pairs.map(([n, v]) => `${enc(n)}=${enc(v)}`).join('&'), rawQuery].filter((s) => s !== '').join('&');
  if (method === 'GET' || method === 'HEAD') body = undefined;
  return {
    method,
    url: `http://127.0.0.1${path}${search === '' ? '' : `?${search}`}`,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

export const toRequest = (b: Built): Request =>
  new Request(b.url, { method: b.method, headers: b.headers, ...(b.body === undefined ? {} : { body: b.body }) });

/** What was sent, short enough for a failure message. */
export function describe(b: Built): string {
  const cut = (s: string) => (s.length > 400 ? `${s.slice(0, 400)}… (${s.length} chars)` : s);
  const body =
    b.body === undefined ? '' : typeof b.body === 'string' ? b.body : `bytes ${Buffer.from(b.body).toString('hex')}`;
  return `${b.method} ${cut(b.url)}\nheaders: ${cut(JSON.stringify(b.headers))}\nbody: ${cut(body)}`;
}

// ---------------------------------------------------------------------------------------------
// Bodies

type Path = Array<string | number>;

/** Every place in a JSON value: the root, each field and each array item. */
function placesOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value))
    value.forEach((v, i) => {
      placesOf(v, [...path, i], out);
    });
  else if (typeof value === 'object' && value !== null)
    for (const [k, v] of Object.entries(value)) placesOf(v, [...path, k], out);
  return out;
}

const objectsOf = (value: unknown): Path[] => placesOf(value).filter((p) => isObject(get(value, p)));
const fieldsOf = (value: unknown): Path[] => placesOf(value).filter((p) => p.length > 0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const get = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);

/** A copy of a JSON value in which every object is rebuilt with own properties only. */
const copy = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null));

// Raw JSON that JSON.stringify cannot produce is spliced in for a placeholder string.
const PLACEHOLDER = '\u0001raw\u0001';
function withRaw(tree: unknown, raw: string | undefined): string {
  const text = JSON.stringify(tree);
  return raw === undefined ? text : text.replace(JSON.stringify(PLACEHOLDER), raw);
}

function rawOf(v: BodyValue): { value: unknown; raw?: string } {
  if ('json' in v) return { value: v.json };
  if ('text' in v) return { value: textOf(v.text) };
  if ('raw' in v) return { value: PLACEHOLDER, raw: v.raw };
  return { value: PLACEHOLDER, raw: nested(v.deep, v.open) };
}

export function nested(depth: number, open: '[' | '{'): string {
  return open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function setAt(tree: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = get(tree, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
  return tree;
}

export function mutateBody(example: unknown, m: BodyMutation): string | Uint8Array {
  const text = example === undefined ? '{}' : JSON.stringify(example);
  switch (m.kind) {
    case 'empty':
      return m.text;
    case 'truncate':
      return text.slice(0, Math.floor(m.at * text.length));
    case 'invalidUtf8': {
      const bytes = Buffer.from(text, 'utf8');
      const at = Math.floor(m.at * bytes.length);
      return new Uint8Array(Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]));
    }
    case 'topLevel':
      return m.json;
    case 'deep':
      return nested(m.depth, m.open);
    case 'dropField': {
      const tree = copy(example);
      const fields = fieldsOf(tree);
      if (fields.length === 0) return '{}';
      const path = fields[m.pick % fields.length]!;
      const parent = get(tree, path.slice(0, -1));
      if (Array.isArray(parent)) parent.splice(path.at(-1) as number, 1);
      else delete (parent as Record<string, unknown>)[path.at(-1) as string];
      return JSON.stringify(tree);
    }
    case 'setField': {
      const tree = copy(example);
      const places = placesOf(tree);
      const { value, raw } = rawOf(m.value);
      return withRaw(setAt(tree, places[m.pick % places.length]!, value), raw);
    }
    case 'extraField': {
      const tree = example === undefined ? {} : copy(example);
      const objects = objectsOf(tree);
      const { value, raw } = rawOf(m.value);
      if (objects.length === 0) return withRaw(tree, undefined);
      const target = get(tree, objects[m.pick % objects.length]!) as Record<string, unknown>;
      // defineProperty: an own `__proto__` key, as JSON.parse makes one.
      Object.defineProperty(target, m.key, { value, enumerable: true, configurable: true, writable: true });
      return withRaw(tree, raw);
    }
    case 'protoKeys': {
      const tree = example === undefined ? {} : copy(example);
      const polluter = () => (m.key === '__proto__' ? { polluted: 'yes' } : { prototype: { polluted: 'yes' } });
      // Every object found first: a path through an existing key of that name must not reach a new value.
      const targets = objectsOf(tree).map((path) => get(tree, path) as Record<string, unknown>);
      for (const target of targets) {
        Object.defineProperty(target, m.key, {
          value: polluter(),
          enumerable: true,
          configurable: true,
          writable: true,
        });
      }
      return JSON.stringify(tree);
    }
    case 'duplicateKey': {
      // The same name twice in one object: JSON.parse keeps the last.
      const tree = copy(example);
      const fields = fieldsOf(tree).filter((p) => typeof p.at(-1) === 'string');
      if (fields.length === 0) return text;
      const path = fields[m.pick % fields.length]!;
      const { value, raw } = rawOf(m.value);
      const parent = get(tree, path.slice(0, -1)) as Record<string, unknown>;
      const name = path.at(-1) as string;
      const rest = Object.fromEntries(Object.entries(parent).filter(([k]) => k !== name));
      const inner = withRaw({ [name]: value }, raw).slice(1, -1);
      const restText = JSON.stringify(rest).slice(1, -1);
      const ownText = JSON.stringify({ [name]: parent[name] }).slice(1, -1);
      const objectText = `{${inner},${ownText}${restText === '' ? '' : `,${restText}`}}`;
      if (path.length === 1) return objectText;
      const marker = '\u0002object\u0002';
      setAt(tree, path.slice(0, -1), marker);
      return JSON.stringify(tree).replace(JSON.stringify(marker), objectText);
    }
    case 'renameCase': {
      const rename = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(rename)
          : isObject(v)
            ? Object.fromEntries(
                Object.entries(v).map(([k, x]) => [m.upper ? k.toUpperCase() : k.toLowerCase(), rename(x)]),
              )
            : v;
      return JSON.stringify(rename(copy(example)));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Oracle

/** The statuses an endpoint may answer with a 5xx: the spec's own 500s only. */
export const documents500 = (endpoint: Endpoint): boolean =>
  endpoint.auth === 'none' || endpoint.errors[500] !== undefined;

/** Watches console.error, where the app reports an unexpected exception before answering 500. */
export function crashWatch() {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  return {
    take(): unknown[] {
      const calls = spy.mock.calls.map((c) => c[0]);
      spy.mockClear();
      return calls;
    },
    restore: () => spy.mockRestore(),
  };
}

/** Keys added to Object.prototype: a polluted prototype shows here. */
export const prototypeKeys = (): string[] =>
  Object.getOwnPropertyNames(Object.prototype).filter((k) => !BUILTIN_KEYS.has(k));
const BUILTIN_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A fuzz world for the file's tests, built before them, with a crash watch around them. */
export function useFuzzWorld(): { fw: FuzzWorld; crashes: ReturnType<typeof crashWatch> } {
  const suite = {} as { fw: FuzzWorld; crashes: ReturnType<typeof crashWatch> };
  beforeAll(async () => {
    suite.fw = await fuzzWorld();
    suite.crashes = crashWatch();
  });
  afterAll(() => suite.crashes.restore());
  return suite;
}
