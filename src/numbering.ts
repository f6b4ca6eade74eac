import { foldRows, type RowFold } from './accounts/row-fold.js';

// Friendly numbers (INV-000123, GV000042, CL000007…) continue the seeded numbering: a series is a
// fixed head followed by six digits, and a new number is one more than the highest issued.

function numberInSeries(head: string, text: unknown): number {
  if (typeof text !== 'string' || !text.startsWith(head)) return 0;
  const digits = text.slice(head.length);
  return /^\d+$/.test(digits) ? Number(digits) : 0;
}

/** The highest number of a series in a table's field, and how many rows hold it. */
interface Top {
  highest: number;
  holders: number;
}

/** The highest number of each series in each table's field, by array (see accounts/row-fold.ts). */
const highest = new WeakMap<readonly object[], Map<string, RowFold<Top>>>();

/**
 * The next number of the series `<head><digits>` in one field of a table's rows (texts that are not
 * the head followed by digits do not count), reading each stored row once: many numbers
 * issued in one write (a scenario's creates) cost each row once, not once per number, and an array
 * a write made from one already read carries its highest number over (a new number costs the same
 * on a large table as on a small one).
 */
export function nextInSeriesOf<R extends object>(
  head: string,
  rows: readonly R[],
  field: keyof R & string,
  /** Only the rows it accepts count; `name` tells it apart from other filters of the same field and head. */
  only?: { name: string; accepts: (row: R) => boolean },
): string {
  const key = `${field}\u0000${head}\u0000${only?.name ?? ''}`;
  const numberOf = (row: object) =>
    only && !only.accepts(row as R) ? 0 : numberInSeries(head, (row as Record<string, unknown>)[field]);
  const { state, open } = foldRows(
    {
      get: (of) => highest.get(of)?.get(key),
      set: (of, fold) => {
        let byKey = highest.get(of);
        if (!byKey) highest.set(of, (byKey = new Map()));
        byKey.set(key, fold);
      },
    },
    rows,
    () => ({ highest: 0, holders: 0 }),
    (top, row) => {
      const n = numberOf(row);
      if (n > top.highest) {
        top.highest = n;
        top.holders = 1;
      } else if (n === top.highest) top.holders++;
    },
    (top, removed) => {
      if (removed === undefined || numberOf(removed) !== top.highest) return { ...top };
      // The row taken out held the highest number: only another holder keeps it known.
      return top.holders > 1 ? { highest: top.highest, holders: top.holders - 1 } : undefined;
    },
  );
  let top = state.highest;
  for (const row of open) top = Math.max(top, numberOf(row));
  return `${head}${String(top + 1).padStart(6, '0')}`;
}
