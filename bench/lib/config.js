// Options and paths shared by every section of the benchmark.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');
export const BASELINE = path.join(ROOT, 'bench', 'baseline-server.js');
export const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');

export const HOST = '127.0.0.1';
export const CONNECTIONS = 50;
export const POLL_MS = 2;
export const CREDENTIAL = { clientId: 'demo-client', secret: 'demo-secret' };

/** Every section, in the order they run and appear in RESULTS.md. */
export const ALL_SECTIONS = 'abcdefghijklm';

/**
 * Reads a positive number of seconds from the environment.
 * @param {string} name
 * @param {number} fallback
 * @returns {number}
 */
function secondsFromEnv(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0 || n > 600)
    throw new Error(`${name}: expected seconds from >0 to 600, got '${text}'`);
  return n;
}

/**
 * The sections to run, from letters such as `d` or `a,c`.
 * @param {string} name
 * @returns {Set<string>}
 */
function sectionsFromEnv(name) {
  const text = (process.env[name] ?? '').trim().toLowerCase();
  if (text === '') return new Set(ALL_SECTIONS);
  const letters = text.split(/[\s,]*/).filter(Boolean);
  const unknown = letters.filter((l) => !ALL_SECTIONS.includes(l));
  if (unknown.length > 0)
    throw new Error(`${name}: expected letters from ${[...ALL_SECTIONS].join(', ')}, got '${text}'`);
  return new Set(letters);
}

export const { values: flags } = parseArgs({ options: { write: { type: 'boolean', default: false } }, strict: true });
export const SECONDS = secondsFromEnv('BENCH_SECONDS', 10);
export const WARMUP_SECONDS = secondsFromEnv('BENCH_WARMUP_SECONDS', Math.min(2, SECONDS));
export const SOAK_SECONDS = secondsFromEnv('BENCH_SOAK_SECONDS', 60);
export const SECTIONS = sectionsFromEnv('BENCH_ONLY');

/** The command line as the user typed it, for RESULTS.md. */
export function commandLine() {
  const env = ['BENCH_SECONDS', 'BENCH_WARMUP_SECONDS', 'BENCH_SOAK_SECONDS', 'BENCH_ONLY']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${process.env[name]} `)
    .join('');
  const args = process.argv.slice(2);
  const viaNpm = process.env.npm_lifecycle_event === 'bench';
  const tail = args.length ? (viaNpm ? ` -- ${args.join(' ')}` : ` ${args.join(' ')}`) : '';
  return `${env}${viaNpm ? 'npm run bench' : 'node bench/run.js'}${tail}`;
}

/**
 * The body of every client a section creates: a new id each time (ClientId all zeros asks for one),
 * and no password (hashing is slow on purpose).
 */
export const NEW_CLIENT = {
  ClientId: '00000000-0000-0000-0000-000000000000',
  FirstName: 'Jane',
  LastName: 'Smith',
  Email: 'jane@example.com',
  MobilePhone: '07700 900123',
  Gender: 1,
};
