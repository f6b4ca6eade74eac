import type { Steps } from '../world/steps.js';
import { notePlace, placeIn } from './lineage.js';
import { type FoldStore, foldInSteps, foldRows } from './row-fold.js';

// Rows by keys (a row by its id, the clients by e-mail, ...), kept per table array and carried over
// to the array a write makes from it by one step (accounts/lineage.ts), so that neither a lookup
// nor the first lookup after a write reads the whole table. What was read from a whole table is a
// base no later array changes; what later arrays add goes to a small overlay, copied from step to
// step. Once the overlay holds OVERLAY_LIMIT rows it is merged into a new base (a copy of the base's
// map, not a read of the table), leaving out the versions of rows the steps replaced or removed.
// The lists may still hold versions of a row the array asking no longer has: a lookup keeps the ones
// that array holds, by their place in it.

/** Rows by key, for each of the fold's named keys. */
type ByKey = Map<string, Map<unknown, object[]>>;

export interface KeyedRows {
  base: ByKey;
  overlay: ByKey;
  /** Where the fold adds: the base while it is read from a whole table, the overlay after. */
  into: ByKey;
  /** Rows noted in the overlay. */
  added: number;
  /** Rows the steps since the base replaced or removed: left out when the overlay is merged. */
  gone: Set<object>;
}

/** Rows an overlay holds before it is merged into a new base. */
const OVERLAY_LIMIT = 1024;

/** A keyed fold's keys: for each name, the key (or keys) a row is found under; null or '' for none. */
export type RowKeys = Record<string, (row: object) => unknown>;

const noKeys = (keys: RowKeys): ByKey => new Map(Object.keys(keys).map((name) => [name, new Map()]));

function note(map: Map<unknown, object[]>, key: unknown, row: object): void {
  if (key === null || key === undefined || key === '') return;
  const list = map.get(key);
  if (list) list.push(row);
  else map.set(key, [row]);
}

function copied(byKey: ByKey): ByKey {
  return new Map([...byKey].map(([name, map]) => [name, new Map([...map].map(([key, list]) => [key, list.slice()]))]));
}

/** The base with the overlay merged in and the rows gone left out; the lists of keys untouched are shared. */
function merged(state: KeyedRows): ByKey {
  const base: ByKey = new Map();
  for (const [name, map] of state.base) {
    const next = new Map(map);
    const touched = new Set<unknown>(state.overlay.get(name)?.keys());
    if (state.gone.size > 0) for (const [key, list] of map) if (list.some((r) => state.gone.has(r))) touched.add(key);
    for (const key of touched) {
      const list = [...(map.get(key) ?? []), ...(state.overlay.get(name)?.get(key) ?? [])].filter(
        (r) => !state.gone.has(r),
      );
      if (list.length > 0) next.set(key, list);
      else next.delete(key);
    }
    base.set(name, next);
  }
  return base;
}

/** What `foldRows` is given for a keyed fold: how it starts, adds a row and is carried over a step. */
function keyedFold(keys: RowKeys) {
  return [
    (): KeyedRows => {
      const base = noKeys(keys);
      return { base, overlay: noKeys(keys), into: base, added: 0, gone: new Set() };
    },
    (state: KeyedRows, row: object, at: number) => {
      // The place is noted for the lookups, which check that a row found is held by the array asking.
      notePlace(row, at);
      if (state.into === state.overlay) state.added++;
      for (const [name, keyOf] of Object.entries(keys)) note(state.into.get(name)!, keyOf(row), row);
    },
    (state: KeyedRows, removed: object | undefined): KeyedRows => {
      const gone = new Set(state.gone);
      if (removed) gone.add(removed);
      if (state.added >= OVERLAY_LIMIT) {
        const base = merged({ ...state, gone });
        const overlay = noKeys(keys);
        return { base, overlay, into: overlay, added: 0, gone: new Set() };
      }
      const overlay = copied(state.overlay);
      return { base: state.base, overlay, into: overlay, added: state.added, gone };
    },
  ] as const;
}

/**
 * The keyed fold of `rows`, kept in `folds` by the array (accounts/row-fold.ts), and the rows not
 * frozen yet (made or changed by the running write), which the caller reads itself.
 */
export function keyedRows(
  folds: FoldStore<KeyedRows>,
  rows: readonly object[],
  keys: RowKeys,
): { state: KeyedRows; open: object[] } {
  return foldRows(folds, rows, ...keyedFold(keys));
}

/** Makes the keyed fold of `rows` in steps (`foldInSteps`), before a list looks rows up in it. */
export function keyedRowsReady(folds: FoldStore<KeyedRows>, rows: readonly object[], keys: RowKeys): Steps<void> {
  return foldInSteps(folds, rows, ...keyedFold(keys));
}

/** A lookup in a keyed fold: the fold and the rows not frozen yet, the index, the key, how a row's key is read. */
interface Lookup<R> {
  fold: { state: KeyedRows; open: object[] };
  name: string;
  key: unknown;
  keyOf: (row: R) => unknown;
}

/**
 * Every row under the key, frozen or not yet, with its place in `rows` (`id` tells versions apart):
 * -1 for a row `rows` no longer holds.
 */
function eachUnder<R extends object>(
  { fold: { state, open }, name, key, keyOf }: Lookup<R>,
  rows: readonly R[],
  id: string,
  visit: (row: R, at: number) => void,
): void {
  for (const byKey of [state.base, state.overlay])
    for (const row of (byKey.get(name)?.get(key) ?? []) as R[]) visit(row, placeIn(rows, row, id));
  for (const row of open as R[]) if (keyOf(row) === key) visit(row, placeIn(rows, row, id));
}

/**
 * The rows of `rows` under `key` in the keyed fold's `name`, in their order in `rows`: the frozen
 * ones the fold holds that `rows` still holds (`id` names the field that tells a row's versions
 * apart) and `open`'s rows under the key.
 */
export function rowsUnder<R extends object>(lookup: Lookup<R>, rows: readonly R[], id: string): R[] {
  const held: [number, R][] = [];
  let ordered = true;
  eachUnder(lookup, rows, id, (row, at) => {
    if (at < 0) return;
    if (held.length > 0 && held[held.length - 1]![0] > at) ordered = false;
    held.push([at, row]);
  });
  if (!ordered) held.sort((a, b) => a[0] - b[0]);
  return held.map(([, row]) => row);
}

/**
 * The first row of `rows` (in their order) under `key` in the keyed fold's `name` that `accepts`
 * accepts, as `rowsUnder(…).find(accepts)`, without listing the others.
 */
export function firstUnder<R extends object>(
  lookup: Lookup<R>,
  rows: readonly R[],
  id: string,
  accepts: (row: R) => boolean = () => true,
): R | undefined {
  let found: R | undefined;
  let foundAt = Number.POSITIVE_INFINITY;
  eachUnder(lookup, rows, id, (row, at) => {
    if (at >= 0 && at < foundAt && accepts(row)) {
      found = row;
      foundAt = at;
    }
  });
  return found;
}
