// Friendly numbers (INV-000123, GV000042, CL000007…) continue the seeded numbering: a series is a
// fixed head followed by six digits, and a new number is one more than the highest issued.

/** The next number of the series `<head><digits>`; texts that are not the head followed by digits do not count. */
export function nextInSeries(head: string, existing: Iterable<string>): string {
  let highest = 0;
  for (const text of existing) {
    if (!text.startsWith(head)) continue;
    const digits = text.slice(head.length);
    if (/^\d+$/.test(digits)) highest = Math.max(highest, Number(digits));
  }
  return `${head}${String(highest + 1).padStart(6, '0')}`;
}
