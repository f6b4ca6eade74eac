import type { TokenRecord } from '../auth/credentials.js';
import type { Random, RandomState } from '../random.js';
import { filterInSteps, runSteps, type Steps } from '../world/steps.js';
import { deepFreeze } from './freeze.js';
import { markStored, rowsChanged } from './lineage.js';
import { type AccountData, type AccountSettings, type Table, TOKENS, tableNamed, tables } from './tables.js';
import {
  beginTokens,
  endTokens,
  rawTokens,
  redoTokens,
  rollbackTokens,
  tokensGeneration,
  touchedValues,
} from './tokens-map.js';

// What a write changed, found by comparing the tables' arrays with the ones held before it (records
// are frozen values, so an unchanged reference is an unchanged record), and how to undo it.

/** One record written (`row`) or removed (`null`), by table and key. */
export type Change = [table: string, key: string, row: object | null];

export interface Snapshot {
  data: AccountData;
  refs: (readonly object[] | undefined)[];
  settings: AccountSettings;
  random: RandomState;
  tokens: Map<string, TokenRecord | undefined>;
}

export interface ChangeSet {
  changes: Change[];
  /** Present when the settings changed. */
  settings?: AccountSettings;
  random: RandomState;
}

export function snapshot(data: AccountData, random: Random): Snapshot {
  return {
    data,
    refs: tables().map((t) => t.held(data)),
    settings: { ...data.settings },
    random: random.state(),
    tokens: beginTokens(data.auth.tokens),
  };
}

/** What changed since the snapshot (undefined: nothing); new records are frozen and arrays marked stored on the way. */
export function changesSince(snap: Snapshot, random: Random): ChangeSet | undefined {
  const { data } = snap;
  endTokens(data.auth.tokens);
  const changes: Change[] = [];
  let i = 0;
  for (const table of tables()) {
    const before = snap.refs[i++];
    const after = table.held(data);
    if (after === undefined || after === before) continue;
    const base = before ?? table.base(data);
    if (base === after) continue;
    const moved = rowsChanged(base, after);
    if (moved) changedRows(table, moved, after, changes);
    else runSteps(diffRows(table, base, after, changes));
  }
  for (const [hash, before] of snap.tokens) {
    const after = data.auth.tokens[hash];
    if (after !== before) changes.push([TOKENS, hash, after ?? null]);
  }
  const settingsMoved = !sameSettings(data.settings, snap.settings);
  const state = random.state();
  const randomMoved = state.some((word, n) => word !== snap.random[n]);
  if (changes.length === 0 && !settingsMoved && !randomMoved) return undefined;
  return { changes, random: state, ...(settingsMoved ? { settings: data.settings } : {}) };
}

/** Puts the account back as it was at the snapshot. */
export function rollback(snap: Snapshot, random: Random): void {
  const { data } = snap;
  endTokens(data.auth.tokens);
  let i = 0;
  for (const table of tables()) {
    const before = snap.refs[i++];
    if (table.held(data) !== before) table.set(data, before ?? table.base(data));
  }
  rollbackTokens(data.auth.tokens, snap.tokens);
  data.settings = { ...snap.settings };
  random.restore(snap.random);
}

/** Where the data's tables and settings stood, to tell afterwards that nothing replaced them. */
export interface Mark {
  refs: (readonly object[] | undefined)[];
  settings: AccountSettings;
}

export function markOf(data: AccountData): Mark {
  return { refs: tables().map((t) => t.held(data)), settings: data.settings };
}

/**
 * Puts back any table or the settings replaced since the mark (a template's collection first read
 * is not a change); true when there was one.
 */
export function putBack(data: AccountData, mark: Mark): boolean {
  let moved = data.settings !== mark.settings;
  data.settings = mark.settings;
  let i = 0;
  for (const table of tables()) {
    const before = mark.refs[i++];
    const now = table.held(data);
    if (now === before || (before === undefined && now === table.base(data))) continue;
    table.set(data, before ?? table.base(data));
    moved = true;
  }
  return moved;
}

/** What a write made, kept aside while the account shows the data as it was before the write. */
export interface Made {
  refs: (readonly object[] | undefined)[];
  settings: AccountSettings;
  random: RandomState;
  tokens: Map<string, TokenRecord | undefined>;
  tokensGeneration: number;
}

/**
 * Takes what the write made out of the data (after `changesSince`), putting it back as it was at the
 * snapshot; `redo` puts the write's work back. Both cost the tables' count and the tokens it wrote.
 */
export function setAside(snap: Snapshot, random: Random): Made {
  const { data } = snap;
  const made: Made = {
    refs: tables().map((t) => t.held(data)),
    settings: data.settings,
    random: random.state(),
    tokens: touchedValues(data.auth.tokens, snap.tokens),
    tokensGeneration: tokensGeneration(data.auth.tokens),
  };
  rollback(snap, random);
  return made;
}

/** Puts back what `setAside` took out, as the write left it. */
export function redo(snap: Snapshot, made: Made, random: Random): void {
  const { data } = snap;
  let i = 0;
  for (const table of tables()) {
    const before = snap.refs[i];
    const after = made.refs[i++];
    // Only the tables the write changed: a read meanwhile may have taken up a template's collection.
    if (after !== undefined && after !== before) table.set(data, after);
  }
  redoTokens(data.auth.tokens, made.tokens, made.tokensGeneration);
  data.settings = made.settings;
  random.restore(made.random);
}

/** Settings are a flat record of primitives. */
function sameSettings(a: AccountSettings, b: AccountSettings): boolean {
  const keys = Object.keys(a) as (keyof AccountSettings)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Everything the account holds beyond its freshly generated world: what a data file records. */
export function allChanges(data: AccountData): Change[] {
  return runSteps(allChangesInSteps(data));
}

/**
 * `allChanges` as steps, a few hundred rows a step: the data must not change until they end (an
 * account's read, or an account not yet served).
 */
export function* allChangesInSteps(data: AccountData): Steps<Change[]> {
  const changes: Change[] = [];
  for (const table of tables()) {
    // A collection never read is still its template's: no change, and the template need not be generated.
    const held = table.held(data);
    if (held === undefined) continue;
    const base = table.base(data);
    if (held !== base) yield* diffRows(table, base, held, changes);
  }
  let n = 0;
  for (const [hash, record] of Object.entries(data.auth.tokens)) {
    if (n++ % ROWS_PER_STEP === 0) yield;
    changes.push([TOKENS, hash, record]);
  }
  return changes;
}

/** Rows read or written in one step of the changes' steps. */
const ROWS_PER_STEP = 256;

/** Applies recorded changes over the account's tables (loading a file): in place by key, new ones appended. */
export function applyChanges(data: AccountData, changes: readonly Change[]): void {
  runSteps(applyChangesInSteps(data, changes));
}

/**
 * `applyChanges` as steps: a record a step (each is frozen, however large), the tables' rows a few
 * hundred a step.
 */
export function* applyChangesInSteps(data: AccountData, changes: readonly Change[]): Steps<void> {
  const byTable = new Map<string, Change[]>();
  const tokens = rawTokens(data.auth.tokens);
  for (let n = 0; n < changes.length; n++) {
    if (n % ROWS_PER_STEP === 0) yield;
    const change = changes[n]!;
    const [name, key, row] = change;
    if (name === TOKENS) {
      if (row === null) delete tokens[key];
      else tokens[key] = row as TokenRecord;
      continue;
    }
    if (!tableNamed(name)) throw new Error(`unknown table '${name}'`);
    let list = byTable.get(name);
    if (!list) byTable.set(name, (list = []));
    list.push(change);
  }
  for (const [name, list] of byTable) {
    const table = tableNamed(name)!;
    const rows: (object | null)[] = [...table.rows(data)];
    const at = new Map<unknown, number>();
    for (let n = 0; n < rows.length; n++) {
      if (n % ROWS_PER_STEP === 0) yield;
      const row = rows[n];
      if (row) at.set(table.keyOf(row), n);
    }
    for (const [, key, row] of list) {
      yield;
      const n = at.get(key);
      if (n !== undefined) rows[n] = row === null ? null : deepFreeze(row);
      else if (row !== null) at.set(key, rows.push(deepFreeze(row)) - 1);
    }
    const kept = (yield* filterInSteps(rows, (row) => row !== null)) as object[];
    markStored(kept);
    table.set(data, kept);
  }
}

/**
 * Adds the changes records.ts noted on the way from one array to the next (accounts/lineage.ts):
 * the rows added are written, the keys removed and not written again are removed. It costs the
 * rows the write changed, whatever the size of the table.
 */
function changedRows(
  table: Table,
  moved: { added: object[]; removed: object[] },
  after: readonly object[],
  out: Change[],
): void {
  const kept = new Set<unknown>();
  for (const row of moved.added) {
    const key = table.keyOf(row);
    kept.add(key);
    out.push([table.name, key as string, deepFreeze(row)]);
  }
  for (const row of moved.removed) {
    const key = table.keyOf(row);
    if (!kept.has(key)) out.push([table.name, key as string, null]);
  }
  markStored(after);
}

/**
 * Adds the changes between two arrays of keyed records: rows not in `before` are written, keys no
 * longer present are removed. Only the span between the common head and tail is compared, so an
 * append, a replacement or a removal costs little more than finding where it is. As steps, a few
 * hundred rows a step.
 */
function* diffRows(table: Table, before: readonly object[], after: readonly object[], out: Change[]): Steps<void> {
  let head = 0;
  const min = Math.min(before.length, after.length);
  while (head < min && before[head] === after[head]) head++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > head && endAfter > head && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const old = new Set(before.slice(head, endBefore));
  const kept = new Set<unknown>();
  for (let n = head; n < endAfter; n++) {
    if ((n - head) % ROWS_PER_STEP === 0) yield;
    const row = after[n]!;
    const key = table.keyOf(row);
    kept.add(key);
    if (!old.has(row)) out.push([table.name, key as string, deepFreeze(row)]);
  }
  let n = 0;
  for (const row of old) {
    if (n++ % ROWS_PER_STEP === 0) yield;
    const key = table.keyOf(row);
    if (!kept.has(key)) out.push([table.name, key as string, null]);
  }
  markStored(after);
}
