import { foldRows, type RowFold } from './accounts/row-fold.js';

// Friendly numbers (INV-000123, GV000042, CL000007…) continue the seeded numbering: a series is a
// fixed head followed by six digits, and a new number is one more than the highest issued.

/** The next number of the series `<head><digits>`; texts that are not the head followed by digits do not count. */
export function nextInSeries(head: string, existing: Iterable<string>): string {
  let highest = 0;
  for (const text of existing) highest = Math.max(highest, numberInSeries(head, text));
  return `${head}${String(highest + 1).padStart(6, '0')}`;
}

function numberInSeries(head: string, text: unknown): number {
  if (typeof text !== 'string' || !text.startsWith(head)) return 0;
  const digits = text.slice(head.length);
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

/** The highest number of each series in each table's field, by array (see accounts/row-fold.ts). */
const highest = new WeakMap<readonly object[], Map<string, RowFold<{ highest: number }>>>();

/**
 * `nextInSeries` over one field of a table's rows, reading each stored row once: many numbers
 * issued in one write (a scenario's creates) cost each row once, not once per number.
 */
export function nextInSeriesOf<R extends object>(head: string, rows: readonly R[], field: keyof R & string): string {
  let byKey = highest.get(rows);
  if (!byKey) highest.set(rows, (byKey = new Map()));
  const folds = byKey;
  const key = `${field}\u0000${head}`;
  const { state, open } = foldRows(
    { get: () => folds.get(key), set: (_, fold) => folds.set(key, fold) },
    rows,
    () => ({ highest: 0 }),
    (s, row) => {
      s.highest = Math.max(s.highest, numberInSeries(head, (row as Record<string, unknown>)[field]));
    },
  );
  let top = state.highest;
  for (const row of open) top = Math.max(top, numberInSeries(head, (row as Record<string, unknown>)[field]));
  return `${head}${String(top + 1).padStart(6, '0')}`;
}
