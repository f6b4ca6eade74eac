import type { AuthData } from '../auth/credentials.js';
import type { World, WorldSize } from '../world/index.js';
import { COLLECTIONS, type Collection, heldCollection, RECORD_KEYS, recordKey, templateCollection } from './worlds.js';

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
  /** Ids of the rules the account has switched off (errors/rules.ts); absent = none. */
  relaxedRules?: readonly string[];
  /**
   * How many restores the account's events have been through (absent: none): a restore continues the
   * snapshot's ids, so its webhook events are given ids of a new life (webhooks/deliveries.ts `eventIdOf`).
   */
  eventLife?: number;
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

/**
 * One keyed table of the account, typed by its array of rows: the world's collections, the
 * credentials and API keys, and the areas' tables (`areaTable`). The store's generic code (changes,
 * files, ids) works over these handles; an area reads and writes its rows through its own handle.
 */
export interface Table<Rows extends readonly object[] = readonly object[]> {
  readonly name: string;
  /** The field that identifies a row. */
  readonly key: string;
  /** A row's key: the value of its key field. */
  keyOf(row: Rows[number]): unknown;
  /** The rows now; undefined while a world collection is still its template's, unread. */
  held(data: AccountData): Rows | undefined;
  /** The rows a fresh account starts from: the template's, or none. */
  base(data: AccountData): Rows;
  /** The rows now: the held rows, or the base ones (a world collection not yet read is its template's). */
  rows(data: AccountData): Rows;
  set(data: AccountData, rows: Rows): void;
}

const worldTable = <K extends Collection>(name: K): Table<World[K]> => ({
  name,
  key: RECORD_KEYS[name],
  keyOf: (row) => recordKey(name, row),
  held: (d) => heldCollection(d.world, name),
  base: (d) => templateCollection(d.world, name),
  rows: (d) => heldCollection(d.world, name) ?? templateCollection(d.world, name),
  set: (d, rows) => {
    d.world[name] = rows;
  },
});

/** The handle of a world collection. */
export const collectionTable = worldTable;

const authTable = <N extends 'credentials' | 'apiKeys'>(name: N): Table<AuthData[N]> => ({
  name,
  key: 'id',
  keyOf: (row) => row.id,
  held: (d) => d.auth[name],
  base: () => NONE,
  rows: (d) => d.auth[name],
  set: (d, rows) => {
    d.auth[name] = rows;
  },
});

const NONE: readonly never[] = Object.freeze([]);

/**
 * Tables of the areas above the store, by name and key field. Only names here (the store knows no
 * webhook types), so the store reads and writes every table whichever areas are loaded; an area
 * takes its typed handle with `areaTable`.
 */
const AREA_TABLES = [
  ['webhooks', 'webhook_id'],
  ['deliveries', 'id'],
] as const;

export type AreaTableName = (typeof AREA_TABLES)[number][0];

/** A table kept in `data.tables`, rows of type R: absent from the data until written, and once put back to none. */
function tableOfArea<R extends object>(name: AreaTableName, key: keyof R & string): Table<readonly R[]> {
  // The one place an area's rows get their type: `data.tables` holds each area's rows under its name,
  // written through its handle (or read back from the account's files, checked by record-schema.ts).
  const held = (d: AccountData) => d.tables[name] as readonly R[] | undefined;
  return {
    name,
    key,
    keyOf: (row) => row[key],
    held,
    base: () => NONE,
    rows: (d) => held(d) ?? NONE,
    set: (d, rows) => {
      if (rows === NONE) delete d.tables[name];
      else d.tables[name] = rows;
    },
  };
}

/**
 * The typed handle of an area's table, declared by the area beside its row type:
 * `areaTable<Subscription>('webhooks', 'webhook_id')`. The key field must be the one registered.
 */
export function areaTable<R extends object>(name: AreaTableName, key: keyof R & string): Table<readonly R[]> {
  const registeredKey = AREA_TABLES.find(([n]) => n === name)?.[1];
  if (registeredKey !== key) throw new Error(`table '${name}': key field '${key}', registered as '${registeredKey}'`);
  return tableOfArea<R>(name, key);
}

const registered = new Map<string, Table>([
  ...COLLECTIONS.map((c) => [c, worldTable(c)] as const),
  ['credentials', authTable('credentials')],
  ['apiKeys', authTable('apiKeys')],
  ...AREA_TABLES.map(([name, key]) => [name, tableOfArea<Row>(name, key)] as const),
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
