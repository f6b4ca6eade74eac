import type { ApiKey, AuthData, Credential } from '../auth/credentials.js';
import type { World, WorldSize } from '../world/index.js';
import { COLLECTIONS, type Collection, heldCollection, RECORD_KEYS, templateCollection } from './worlds.js';

// An account's state is a set of keyed tables of frozen records. A change replaces the array of a
// table (world collections, credentials, API keys, webhooks, deliveries); the access tokens, which
// can be many, are a map whose writes are recorded as they happen (see tokens-map.ts).

export interface AccountSettings {
  name: string;
  seed: number;
  size: WorldSize;
  /** UTC day (`yyyy-MM-dd`) the world was generated relative to. */
  day: string;
  rateLimit: boolean;
  /** Virtual clock offset from real time, kept so a restart resumes the same virtual time. */
  clockOffsetMs: number;
  /** The time (epoch ms) a frozen clock stands at; absent while the clock runs on in real time. */
  clockFrozenAtMs?: number;
  /** Fiscalised accounts report a FiscalStatus on accounting documents; absent (older files) = not fiscalised. */
  fiscalised?: boolean;
  /** The scenario the account was built from (its name, file path or `(inline)`). */
  scenario?: string;
}

/** Everything an account holds. */
export interface AccountData {
  settings: AccountSettings;
  auth: AuthData;
  world: World;
  /** Tables of the areas above the store (webhook subscriptions, deliveries), by name. */
  tables: Record<string, readonly object[]>;
}

export type Row = Record<string, unknown>;

interface Table {
  name: string;
  key: string;
  /** The rows now; undefined while a world collection is still its template's, unread. */
  held(data: AccountData): readonly object[] | undefined;
  /** The rows a fresh account starts from: the template's, or none. */
  base(data: AccountData): readonly object[];
  set(data: AccountData, rows: readonly object[]): void;
}

const worldTable = (name: Collection): Table => ({
  name,
  key: RECORD_KEYS[name],
  held: (d) => heldCollection(d.world, name),
  base: (d) => templateCollection(d.world, name),
  set: (d, rows) => {
    (d.world as unknown as Record<string, readonly object[]>)[name] = rows;
  },
});

const authTable = (name: 'credentials' | 'apiKeys'): Table => ({
  name,
  key: 'id',
  held: (d) => d.auth[name],
  base: () => [],
  set: (d, rows) => {
    (d.auth as { credentials: readonly Credential[]; apiKeys: readonly ApiKey[] })[name] = rows as never;
  },
});

const NONE: readonly object[] = Object.freeze([]);

const extraTable = (name: string, key: string): Table => ({
  name,
  key,
  held: (d) => d.tables[name],
  base: () => NONE,
  set: (d, rows) => {
    if (rows === NONE) delete d.tables[name];
    else d.tables[name] = rows;
  },
});

/** Tables of the areas above the store, by name and key field (only names here: the store knows no webhook types). */
export const EXTRA_TABLES = { webhooks: 'webhook_id', deliveries: 'id' } as const;

const registered = new Map<string, Table>([
  ...COLLECTIONS.map((c) => [c, worldTable(c)] as const),
  ['credentials', authTable('credentials')],
  ['apiKeys', authTable('apiKeys')],
  ...Object.entries(EXTRA_TABLES).map(([name, key]) => [name, extraTable(name, key)] as const),
]);

const ALL: readonly Table[] = [...registered.values()];

export function tables(): readonly Table[] {
  return ALL;
}

export function tableNamed(name: string): Table | undefined {
  return registered.get(name);
}

/** The tokens table is a map by token hash, not an array. */
export const TOKENS = 'tokens';
