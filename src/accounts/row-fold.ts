// A fold over a table's rows that reads each frozen row once. Stored rows are frozen values, and an
// array that a running write holds (not frozen yet) only ever grows at its end (records.ts): a
// record is changed by putting a copy in a new array. So the frozen rows already folded never
// change, and a fold goes on from where it stopped; the rows not frozen yet (made or changed by
// the running write) are read again on every call. Many creates in one write (a scenario) cost
// each row once, not once per create.

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
): { state: S; open: object[] } {
  let fold = folds.get(rows);
  if (!fold || fold.upTo > rows.length) {
    fold = { state: start(), upTo: 0, open: [] };
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
