import { foldRows, type RowFold } from './accounts/row-fold.js';

// Lookups over a table's frozen array, so that a list row finds what it shows (its client's name,
// its document's number, what was paid on it) without reading the whole world again. Each is kept
// beside the array it was made from (a WeakMap by the array), so a write, which puts a changed
// table in a new array, never leaves one stale; an array only grows at its end in place
// (records.ts), which the fold reads on (accounts/row-fold.ts).

/** Named folds of each table, by array, then by name (a field, or the name of a sum). */
type Folds<S> = WeakMap<readonly object[], Map<string, RowFold<S>>>;

/** The fold named `name` of `rows`, kept beside the array (accounts/row-fold.ts). */
function foldNamed<S>(
  folds: Folds<S>,
  rows: readonly object[],
  name: string,
  start: () => S,
  add: (s: S, row: object) => void,
) {
  let kept = folds.get(rows);
  if (!kept) folds.set(rows, (kept = new Map()));
  const named = kept;
  return foldRows({ get: () => named.get(name), set: (_, fold) => named.set(name, fold) }, rows, start, add);
}

/** The rows of each table by one of their fields, by array and field. */
const byKey: Folds<Map<unknown, object>> = new WeakMap();

/**
 * The row of `rows` whose `field` is `value`, the first in the array when several are; undefined
 * when none. Meant for id fields, which a row never changes: a row not frozen yet (made or edited
 * by the running write) is read again on every call, the frozen ones once per array.
 */
export function rowWhere<R extends object, F extends keyof R & string>(
  rows: readonly R[],
  field: F,
  value: R[F],
): R | undefined {
  const { state, open } = foldNamed(
    byKey,
    rows,
    field,
    () => new Map<unknown, object>(),
    (map, row) => {
      const key = (row as R)[field];
      if (!map.has(key)) map.set(key, row);
    },
  );
  // An open row may sit before a frozen one with the same value; ids are unique, so this is the
  // rare case of none frozen.
  const found = state.get(value) as R | undefined;
  if (found !== undefined || open.length === 0) return found;
  return (open as R[]).find((r) => r[field] === value);
}

/** Sums by group, by array and name of the sum. */
const sums: Folds<Map<unknown, number>> = new WeakMap();

/**
 * Sums of `amount` over the rows of `rows`, grouped by `group` (rows whose group is null or
 * undefined left out), as a function of the group. `name` tells sums of the same array apart. The
 * frozen rows are summed once per array; the rows not frozen yet once per call.
 */
export function sumsBy<R extends object>(
  rows: readonly R[],
  name: string,
  group: (row: R) => unknown,
  amount: (row: R) => number,
): (key: unknown) => number {
  const add = (map: Map<unknown, number>, row: R) => {
    const key = group(row);
    if (key != null) map.set(key, (map.get(key) ?? 0) + amount(row));
  };
  const { state, open } = foldNamed(
    sums,
    rows,
    name,
    () => new Map<unknown, number>(),
    (map, row) => add(map, row as R),
  );
  if (open.length === 0) return (key) => state.get(key) ?? 0;
  const extra = new Map<unknown, number>();
  for (const row of open) add(extra, row as R);
  return (key) => (state.get(key) ?? 0) + (extra.get(key) ?? 0);
}

/** The rows of each table grouped by one of their fields, by array and field. */
const groups: Folds<Map<unknown, object[]>> = new WeakMap();

/**
 * The rows of `rows` whose `field` is `value`: the frozen ones in array order, then those a running
 * write has not frozen yet. For a caller that orders what it finds itself.
 */
export function rowsWhere<R extends object, F extends keyof R & string>(
  rows: readonly R[],
  field: F,
  value: R[F],
): R[] {
  const { state, open } = foldNamed(
    groups,
    rows,
    field,
    () => new Map<unknown, object[]>(),
    (map, row) => {
      const key = (row as R)[field];
      const list = map.get(key);
      if (list) list.push(row);
      else map.set(key, [row]);
    },
  );
  const found = (state.get(value) ?? []) as R[];
  return open.length === 0 ? [...found] : [...found, ...(open as R[]).filter((r) => r[field] === value)];
}
