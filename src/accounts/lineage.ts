// How a table's array was made from the one before it (records.ts notes each step): the write's
// change set, the folds over rows (row-fold.ts) and the places of records follow the steps instead
// of reading the whole table again. An array made any other way has no step, and whoever needs
// what changed compares it with the one before.

/**
 * One step from `from`: `append` (a copy of `from`, then rows added at its end), `replace` (the row
 * at `at` replaced) or `remove` (the row at `at` taken out). Rows pushed onto the new array while
 * the running write holds it (records.ts) belong to the same step: they are its rows from
 * `from.length` (`from.length - 1` after a removal) on.
 */
export interface Step {
  from: readonly object[];
  kind: 'append' | 'replace' | 'remove';
  at: number;
  /** The row replaced or removed. */
  removed?: object;
}

/** Arrays kept by a write that succeeded (or loaded), which no write changes in place. */
const stored = new WeakSet<readonly object[]>();

/**
 * Marks an array as stored: the running write no longer holds it, and records.ts copies it to
 * change it. Stored arrays are not frozen (their records are): V8 copies and scans a frozen array
 * several times slower, and a write copies the arrays it changes.
 */
export function markStored(rows: readonly object[]): void {
  stored.add(rows);
}

/** True for an array no write may change in place: stored, or frozen (the generated world's). */
export function isStored(rows: readonly object[]): boolean {
  return stored.has(rows) || Object.isFrozen(rows);
}

const steps = new WeakMap<readonly object[], Step>();

export function noteStep(rows: readonly object[], step: Step): void {
  // Once an array is made from a stored one, nothing follows the stored one's own step again (its
  // folds are made, and a write's change set starts from it): dropping that step lets the arrays
  // before it go, so each table keeps at most the array before the current one alive.
  if (isStored(step.from)) steps.delete(step.from);
  steps.set(rows, step);
}

export function stepOf(rows: readonly object[]): Step | undefined {
  return steps.get(rows);
}

/** Longest chain of steps followed; a longer one is compared row by row instead. */
const MAX_STEPS = 10_000;

/**
 * The rows `to` has that `from` has not (in the order they were added) and the rows of `from` it
 * no longer has, found by following the steps back from `to`; undefined when `to` was not made
 * from `from` by steps.
 */
export function rowsChanged(
  from: readonly object[],
  to: readonly object[],
): { added: object[]; removed: object[] } | undefined {
  const chain: [readonly object[], Step][] = [];
  for (let rows = to; rows !== from; ) {
    const step = steps.get(rows);
    if (!step || chain.length >= MAX_STEPS) return undefined;
    chain.push([rows, step]);
    rows = step.from;
  }
  const added = new Set<object>();
  const removed = new Set<object>();
  for (let n = chain.length - 1; n >= 0; n--) {
    const [rows, step] = chain[n]!;
    if (step.removed) {
      if (added.has(step.removed)) added.delete(step.removed);
      else removed.add(step.removed);
    }
    const add = (row: object) => {
      if (removed.has(row)) removed.delete(row);
      else added.add(row);
    };
    if (step.kind === 'replace') add(rows[step.at]!);
    const tail = step.kind === 'remove' ? step.from.length - 1 : step.from.length;
    for (let i = tail; i < rows.length; i++) add(rows[i]!);
  }
  return { added: [...added], removed: [...removed] };
}

/** Where each record was last seen in an array of its table; a hint, checked before it is used. */
const places = new WeakMap<object, number>();

/**
 * The position of `row` in `rows`, or -1. A replaced or added row keeps the place it was given; a
 * search (the first in a table, or after a removal moved rows) notes the place of every row.
 */
export function placeOf(rows: readonly object[], row: object): number {
  const hint = places.get(row);
  if (hint !== undefined && rows[hint] === row) return hint;
  let found = -1;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    places.set(r, i);
    if (r === row) found = i;
  }
  return found;
}

/**
 * The position of `row` in `rows`, or -1, where a record replaced at its place (a row holding the
 * same `key` there) is told absent without reading the array; any other doubt reads it.
 */
export function placeIn(rows: readonly object[], row: object, key: string): number {
  const hint = places.get(row);
  if (hint !== undefined) {
    const there = rows[hint] as Record<string, unknown> | undefined;
    if (there === row) return hint;
    if (there !== undefined && there[key] === (row as Record<string, unknown>)[key]) return -1;
  }
  return placeOf(rows, row);
}

/** Notes where a row was put. */
export function notePlace(row: object, at: number): void {
  places.set(row, at);
}
