// Statistics and table output of the benchmark.

/**
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

/**
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
export const ratio = (a, b) => (b > 0 ? a / b : Number.NaN);

/**
 * @param {number} n
 * @param {number} [digits]
 * @returns {string}
 */
export const fmt = (n, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

/**
 * "met" or "MISSED" for a figure against its target.
 * @param {boolean} ok
 * @returns {string}
 */
export const verdict = (ok) => (ok ? 'met' : 'MISSED');

/**
 * Pads rows into aligned columns.
 * @param {string[][]} rows the first row is the header
 * @returns {string}
 */
export function textTable(rows) {
  const widths = /** @type {string[]} */ (rows[0]).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [
    line(/** @type {string[]} */ (rows[0])),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

/**
 * The same rows as a Markdown table.
 * @param {string[][]} rows
 * @returns {string}
 */
export function markdownTable(rows) {
  const [head, ...body] = rows;
  const line = (/** @type {string[]} */ r) => `| ${r.join(' | ')} |`;
  return [
    line(/** @type {string[]} */ (head)),
    line(/** @type {string[]} */ (head).map((_, i) => (i === 0 ? '---' : '---:'))),
    ...body.map(line),
  ].join('\n');
}

/**
 * Percentile by nearest rank.
 * @param {number[]} values
 * @param {number} p 0–100
 * @returns {number}
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  );
}
