import { firstUnder, type KeyedRows, keyedRows, keyedRowsReady, rowsUnder } from './accounts/keyed-fold.js';
import { type FoldStore, foldInSteps, foldRows, type RowFold } from './accounts/row-fold.js';
import type { Steps } from './world/steps.js';

// Lookups over a table's frozen array, so that a list row finds what it shows (its client's name,
// its document's number, what was paid on it) without reading the whole world again. Each is kept
// beside the array it was made from (a WeakMap by the array), so a write, which puts a changed
// table in a new array, never leaves one stale, and is carried over to the array a write makes by
// one step (accounts/lineage.ts), so the first lookup after a write does not read the whole table
// either; an array only grows at its end in place (records.ts), which the fold reads on
// (accounts/row-fold.ts).

/** Named folds of each table, by array, then by name (a field, or the name of a sum). */
type Folds<S> = WeakMap<readonly object[], Map<string, RowFold<S>>>;

/** The store of the folds named `name`, by array. */
function named<S>(folds: Folds<S>, name: string): FoldStore<S> {
  return {
    get: (rows) => folds.get(rows)?.get(name),
    set: (rows, fold) => {
      let kept = folds.get(rows);
      if (!kept) folds.set(rows, (kept = new Map()));
      kept.set(name, fold);
    },
  };
}

/** The rows of each table by one of their fields, by array, then by field. */
const byField: Folds<KeyedRows> = new WeakMap();

/** The folds of a table by `field` (accounts/keyed-fold.ts), and how a row's key is read. */
function byFieldOf<R extends object>(field: keyof R & string) {
  const keyOf = (row: object) => (row as R)[field];
  return { keyOf, folds: named(byField, field), keys: { [field]: keyOf } };
}

/** Makes the lookup of `rows` by `field` in steps: a list whose rows use `rowWhere` or `rowsWhere` calls it first. */
export function rowsReady<R extends object>(rows: readonly R[], field: keyof R & string): Steps<void> {
  const { folds, keys } = byFieldOf<R>(field);
  return keyedRowsReady(folds, rows, keys);
}

/**
 * The row of `rows` whose `field` is `value`, the first in the array when several are; undefined
 * when none. Meant for id fields, which a row never changes.
 */
export function rowWhere<R extends object, F extends keyof R & string>(
  rows: readonly R[],
  field: F,
  value: R[F],
): R | undefined {
  const { folds, keys, keyOf } = byFieldOf<R>(field);
  return firstUnder({ fold: keyedRows(folds, rows, keys), name: field, key: value, keyOf }, rows, field);
}

/**
 * Sums by group: a base summed from a whole array, and what the arrays made from it by steps
 * added and took out, folded into a new base once it holds DELTA_LIMIT groups.
 */
interface Sums {
  base: Map<unknown, number>;
  delta: Map<unknown, number>;
  /** Where the fold adds: the base while it is read from a whole array, the delta after. */
  into: Map<unknown, number>;
}

const DELTA_LIMIT = 1024;

/** Sums by group, by array and name of the sum. */
const sums: Folds<Sums> = new WeakMap();

/**
 * Sums of `amount` over the rows of `rows`, grouped by `group` (rows whose group is null or
 * undefined left out), as a function of the group. `name` tells sums of the same array apart. The
 * frozen rows are summed once per array and carried over to the array a write makes by one step;
 * the rows not frozen yet once per call.
 */
export function sumsBy<R extends object>(
  rows: readonly R[],
  name: string,
  group: (row: R) => unknown,
  amount: (row: R) => number,
): (key: unknown) => number {
  const { state, open } = foldRows(named(sums, name), rows, ...sumsFold(group, amount));
  const extra = new Map<unknown, number>();
  for (const row of open) addTo(extra, row as R, group, amount);
  return (key) => (state.base.get(key) ?? 0) + (state.delta.get(key) ?? 0) + (extra.get(key) ?? 0);
}

/** Makes the sums `name` of `rows` in steps: a list whose rows use `sumsBy` calls it first, with the same arguments. */
export function sumsReady<R extends object>(
  rows: readonly R[],
  name: string,
  group: (row: R) => unknown,
  amount: (row: R) => number,
): Steps<void> {
  return foldInSteps(named(sums, name), rows, ...sumsFold(group, amount));
}

function addTo<R>(map: Map<unknown, number>, row: R, group: (row: R) => unknown, amount: (row: R) => number, sign = 1) {
  const key = group(row);
  if (key != null) map.set(key, (map.get(key) ?? 0) + sign * amount(row));
}

/** What `foldRows` is given for sums: how they start, add a row and are carried over a step. */
function sumsFold<R>(group: (row: R) => unknown, amount: (row: R) => number) {
  return [
    (): Sums => {
      const base = new Map<unknown, number>();
      return { base, delta: new Map(), into: base };
    },
    (s: Sums, row: object) => addTo(s.into, row as R, group, amount),
    (s: Sums, removed: object | undefined): Sums => {
      const delta = new Map(s.delta);
      if (removed) addTo(delta, removed as R, group, amount, -1);
      if (delta.size < DELTA_LIMIT) return { base: s.base, delta, into: delta };
      const base = new Map(s.base);
      for (const [key, value] of delta) base.set(key, (base.get(key) ?? 0) + value);
      const next = new Map<unknown, number>();
      return { base, delta: next, into: next };
    },
  ] as const;
}

/**
 * The rows of `rows` whose `field` is `value`, in their order in `rows`; `id` is the field that
 * tells a row's versions apart (its record's id).
 */
export function rowsWhere<R extends object, F extends keyof R & string, I extends keyof R & string>(
  rows: readonly R[],
  field: F,
  value: R[F],
  id: I,
): R[] {
  const { folds, keys, keyOf } = byFieldOf<R>(field);
  return rowsUnder({ fold: keyedRows(folds, rows, keys), name: field, key: value, keyOf }, rows, id);
}
