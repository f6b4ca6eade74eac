// A fold over a table's rows that reads each frozen row once. Stored rows are frozen values, and an
// array that a running write holds (not stored yet) only ever grows at its end (records.ts): a
// record is changed by putting a copy in a new array. So the frozen rows already folded never
// change, and a fold goes on from where it stopped; the rows not frozen yet (made or changed by
// the running write) are read again on every call. Many creates in one write (a scenario) cost
// each row once, not once per create. With a `carry`, the fold of an array records.ts made by one
// step from an array already folded starts from that fold (accounts/lineage.ts), so a write on a
// large table does not read it again.

import { stepOf } from './lineage.js';

export interface RowFold<S> {
  state: S;
  /** Rows read so far. */
  upTo: number;
  /** Positions below `upTo` whose row was not frozen when read. */
  open: number[];
}

/**
 * The fold of `rows` (started with `start`, each frozen row added once with `add`), kept in
 * `folds` by the array, and the rows not frozen yet, for the caller to read itself.
 */
export function foldRows<S>(
  folds: { get(rows: readonly object[]): RowFold<S> | undefined; set(rows: readonly object[], fold: RowFold<S>): void },
  rows: readonly object[],
  start: () => S,
  add: (state: S, row: object) => void,
  /**
   * The state of an array made by one step from an array already folded (accounts/lineage.ts),
   * from that array's state and the frozen row the step took out, if any (its state must stay as
   * it is); undefined when it cannot be told without reading every row again.
   */
  carry?: (state: S, removed: object | undefined) => S | undefined,
): { state: S; open: object[] } {
  let fold = folds.get(rows);
  if (!fold || fold.upTo > rows.length) {
    fold = (carry && carried(folds, rows, carry)) || { state: start(), upTo: 0, open: [] };
    folds.set(rows, fold);
  }
  for (let n = fold.upTo; n < rows.length; n++) {
    if (Object.isFrozen(rows[n])) add(fold.state, rows[n]!);
    else fold.open.push(n);
  }
  fold.upTo = rows.length;
  const open: object[] = [];
  if (fold.open.length > 0) {
    const still: number[] = [];
    for (const n of fold.open) {
      const row = rows[n]!;
      if (Object.isFrozen(row)) add(fold.state, row);
      else {
        still.push(n);
        open.push(row);
      }
    }
    fold.open = still;
  }
  return { state: fold.state, open };
}

/**
 * The fold of an array records.ts made by appending to or replacing a row of an array already
 * folded: that fold carried over, the replaced position read again as a row not frozen yet. A
 * removal moves the positions, so its fold starts again.
 */
function carried<S>(
  folds: { get(rows: readonly object[]): RowFold<S> | undefined },
  rows: readonly object[],
  carry: (state: S, removed: object | undefined) => S | undefined,
): RowFold<S> | undefined {
  const step = stepOf(rows);
  if (!step || step.kind === 'remove') return undefined;
  const parent = folds.get(step.from);
  if (!parent || parent.upTo !== step.from.length) return undefined;
  if (step.kind === 'append') {
    const state = carry(parent.state, undefined);
    return state === undefined ? undefined : { state, upTo: parent.upTo, open: [...parent.open] };
  }
  const wasOpen = parent.open.includes(step.at);
  const state = carry(parent.state, wasOpen ? undefined : step.removed);
  if (state === undefined) return undefined;
  return { state, upTo: parent.upTo, open: wasOpen ? [...parent.open] : [...parent.open, step.at] };
}
