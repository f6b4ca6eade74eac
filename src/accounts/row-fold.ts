// A fold over a table's rows that reads each frozen row once. Stored rows are frozen values, and an
// array that a running write holds (not stored yet) only ever grows at its end (records.ts): a
// record is changed by putting a copy in a new array. So the frozen rows already folded never
// change, and a fold goes on from where it stopped; the rows not frozen yet (made or changed by
// the running write) are read again on every call. Many creates in one write (a scenario) cost
// each row once, not once per create. With a `carry`, the fold of an array records.ts made by one
// step from an array already folded starts from that fold (accounts/lineage.ts), so a write on a
// large table does not read it again (accounts/keyed-fold.ts keeps rows by key that way).

import type { Steps } from '../world/steps.js';
import { type Step, stepOf } from './lineage.js';

export interface RowFold<S> {
  state: S;
  /** Rows read so far. */
  upTo: number;
  /** Positions below `upTo` whose row was not frozen when read. */
  open: number[];
}

/** Where folds are kept, by array. */
export interface FoldStore<S> {
  get(rows: readonly object[]): RowFold<S> | undefined;
  set(rows: readonly object[], fold: RowFold<S>): void;
}

/**
 * The fold of `rows` (started with `start`, each frozen row added once with `add`), kept in
 * `folds` by the array, and the rows not frozen yet, for the caller to read itself.
 */
export function foldRows<S>(
  folds: FoldStore<S>,
  rows: readonly object[],
  start: () => S,
  /** `at`: the row's place in `rows`. */
  add: (state: S, row: object, at: number) => void,
  /**
   * The state of an array made by one step from an array already folded (accounts/lineage.ts),
   * from that array's state and the frozen row the step took out, if any (its state must stay as
   * it is); undefined when it cannot be told without reading every row again.
   */
  carry?: (state: S, removed: object | undefined) => S | undefined,
  /** Rows read at most by this call (`foldInSteps`); the answer is then the fold so far. */
  limit = Number.POSITIVE_INFINITY,
): { state: S; open: object[] } {
  let fold = folds.get(rows);
  if (!fold || fold.upTo > rows.length) {
    fold = (carry && carried(folds, rows, carry, add)) || { state: start(), upTo: 0, open: [] };
    folds.set(rows, fold);
  }
  const end = Math.min(rows.length, fold.upTo + limit);
  for (let n = fold.upTo; n < end; n++) {
    if (Object.isFrozen(rows[n])) add(fold.state, rows[n]!, n);
    else fold.open.push(n);
  }
  fold.upTo = end;
  const open: object[] = [];
  if (fold.open.length > 0) {
    const still: number[] = [];
    for (const n of fold.open) {
      const row = rows[n]!;
      if (Object.isFrozen(row)) add(fold.state, row, n);
      else {
        still.push(n);
        open.push(row);
      }
    }
    fold.open = still;
  }
  return { state: fold.state, open };
}

/** Steps followed back to an array already folded; a longer chain is read again instead. */
const MAX_CARRIED_STEPS = 10_000;

/**
 * The fold of an array records.ts made by steps from an array already folded (one step, or many in
 * one write: edits, removals, appends): that fold carried over each step in turn. A replaced
 * position is read again as a row not frozen yet; after a removal the positions past it move down
 * by one; rows an array was given in place before the next step are read as the fold reads them.
 */
function carried<S>(
  folds: { get(rows: readonly object[]): RowFold<S> | undefined },
  rows: readonly object[],
  carry: (state: S, removed: object | undefined) => S | undefined,
  add: (state: S, row: object, at: number) => void,
): RowFold<S> | undefined {
  const chain: [readonly object[], Step][] = [];
  let parent: RowFold<S> | undefined;
  for (let at = rows; !parent; ) {
    const step = stepOf(at);
    if (!step || chain.length >= MAX_CARRIED_STEPS) return undefined;
    chain.push([at, step]);
    const folded = folds.get(step.from);
    if (folded && folded.upTo === step.from.length) parent = folded;
    else at = step.from;
  }
  let fold: RowFold<S> = parent;
  for (let n = chain.length - 1; n >= 0; n--) {
    const [array, step] = chain[n]!;
    const next = carriedStep(fold, step, carry);
    if (!next) return undefined;
    fold = next;
    // An array the write has gone on from holds its last rows: read them as a fold does.
    if (array !== rows) {
      for (let i = fold.upTo; i < array.length; i++) {
        if (Object.isFrozen(array[i])) add(fold.state, array[i]!, i);
        else fold.open.push(i);
      }
      fold.upTo = array.length;
    }
  }
  return fold;
}

/** The fold after one step, from the fold of the array the step was made from (read to its end). */
function carriedStep<S>(
  parent: RowFold<S>,
  step: Step,
  carry: (state: S, removed: object | undefined) => S | undefined,
): RowFold<S> | undefined {
  if (step.kind === 'append') {
    const state = carry(parent.state, undefined);
    return state === undefined ? undefined : { state, upTo: parent.upTo, open: [...parent.open] };
  }
  const wasOpen = parent.open.includes(step.at);
  const state = carry(parent.state, wasOpen ? undefined : step.removed);
  if (state === undefined) return undefined;
  if (step.kind === 'replace') {
    return { state, upTo: parent.upTo, open: wasOpen ? [...parent.open] : [...parent.open, step.at] };
  }
  const open = parent.open.filter((n) => n !== step.at).map((n) => (n > step.at ? n - 1 : n));
  return { state, upTo: parent.upTo - 1, open };
}

/** Rows a fold reads in one step of `foldInSteps`. */
const FOLD_STEP = 1024;

/**
 * Makes the fold of `rows` (as `foldRows` with the same arguments makes it) in steps of about a
 * thousand rows, so that reading a large table the first time does not hold the event loop: a list
 * makes the lookups its rows use ready this way before building them.
 */
export function* foldInSteps<S>(
  folds: FoldStore<S>,
  rows: readonly object[],
  start: () => S,
  add: (state: S, row: object, at: number) => void,
  carry?: (state: S, removed: object | undefined) => S | undefined,
): Steps<void> {
  do {
    yield;
    foldRows(folds, rows, start, add, carry, FOLD_STEP);
  } while ((folds.get(rows)?.upTo ?? 0) < rows.length);
}
