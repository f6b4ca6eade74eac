// Benchmark of the simulator, run by `npm run bench` (whose `prebench` builds dist/ first).
//
// In one run it measures, on loopback only (one module per section under bench/sections/):
//   a. throughput and latency of GET /api/v2/services through the full stack of the simulator
//      (bearer token, allow-lists, throttling off) against a bare hono server answering the same bytes;
//   b. startup time, from spawn to the first 200 of /__admin/health and of an authenticated
//      /api/v2/ping, against the bare server's own startup;
//   c. the time to create a fresh standard account through the control plane, against a plain
//      GET /__admin/health on the same connection;
//   d. the latency of GET /api/v2/appointments/availabletimes for a two-service cart on a busy day
//      of the large world, in-process (no socket), against GET /api/v2/ping in the same process;
//   e. the memory of 1 000 idle standard accounts (a token and one read each), per account, in a
//      child process, against the empty process;
//   f. a soak: mixed traffic over 20 accounts for 60 s, counting every status and sampling the
//      server's heap every second;
//   g. durable writes: POST /api/v2/clients one at a time with --data-dir against the same server in
//      memory, the files of a freshly provisioned account, and the RSS of 2 000 accounts with --data-dir;
//   h. the start commands on a built tree, `npm start` and `node dist/cli.js`, to the first 200;
//   i. the live journal: throughput with a watcher of the journal stream, and the stream at 1 000/s;
//   j. reads beside durable writes: 32 callers over 20 accounts with --data-dir, read p99 with writes
//      being saved on the same accounts against the same reads without writes;
//   k. every GET of version 2 at its widest allowed range on the standard and the large world, in-process:
//      time, rows, bytes, time per row against the standard world's, and the longest stall of another account.
//   l. writes by world size: each kind of write on the standard and the large world, in-process, and
//      the ratio large / standard.
//   m. a fleet behind HAProxy: cached reads over 40 accounts straight to one node, through HAProxy to
//      it, and through HAProxy to two nodes (wrk; skipped without haproxy or wrk), with each process's
//      CPU, and the RSS per account.
//
// Usage: npm run bench [-- --write]
//   --write                 also rewrite bench/RESULTS.md with the figures (needs every section)
//   env BENCH_SECONDS       measured seconds per load test of section a (default 10)
//   env BENCH_WARMUP_SECONDS warm-up seconds before each load test (default min(2, BENCH_SECONDS))
//   env BENCH_SOAK_SECONDS  length of the soak, section f (default 60)
//   env BENCH_ONLY          sections to run, e.g. `d` or `a,c` (default all: abcdefghijklm)
//
// Every server is a child process on 127.0.0.1 with a free port, stopped by its PID at the end.
// The exit code is non-zero only when something could not be measured; a missed target is
// printed as MISSED and does not fail the run.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killChildrenNow, stopAllChildren } from './lib/children.js';
import {
  ALL_SECTIONS,
  CLI,
  commandLine,
  flags,
  RESULTS,
  ROOT,
  SECONDS,
  SECTIONS,
  SOAK_SECONDS,
  WARMUP_SECONDS,
} from './lib/config.js';
import a from './sections/a-throughput.js';
import b from './sections/b-startup.js';
import c from './sections/c-create.js';
import d from './sections/d-availability.js';
import e from './sections/e-memory.js';
import f from './sections/f-soak.js';
import g from './sections/g-durable.js';
import h from './sections/h-start-commands.js';
import i from './sections/i-live-journal.js';
import j from './sections/j-reads-beside-writes.js';
import k from './sections/k-list-sweep.js';
import l from './sections/l-writes-by-world.js';
import m from './sections/m-fleet.js';

/**
 * @typedef {object} Section
 * @property {string} letter
 * @property {string} [announce] printed before the section runs
 * @property {(ctx: { tmp: string }) => Promise<any>} measure
 * @property {(result: any) => string} report prints the section's table and answers its RESULTS.md text
 */

/** @type {Section[]} */
const sections = [a, b, c, d, e, f, g, h, i, j, k, l, m];

async function main() {
  if (!existsSync(CLI))
    throw new Error(`${path.relative(ROOT, CLI)} is missing: run 'npm run build' (npm run bench does it first)`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  /** @type {Map<string, unknown>} */
  const results = new Map();
  try {
    for (const section of sections) {
      if (!SECTIONS.has(section.letter)) continue;
      if (section.announce) console.log(section.announce);
      results.set(section.letter, await section.measure({ tmp }));
    }
  } finally {
    await stopAllChildren();
    rmSync(tmp, { recursive: true, force: true });
  }
  const machine =
    `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
    `${os.platform()} ${os.release()}, Node ${process.version}`;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
  console.log(`\nMachine: ${machine}; load average at the end (1 / 5 / 15 min): ${load}\n`);
  const texts = sections.filter((s) => results.has(s.letter)).map((s) => s.report(results.get(s.letter)));
  if (!flags.write) return;
  if (texts.length !== ALL_SECTIONS.length) {
    console.log('--write rewrites bench/RESULTS.md only when every section ran (BENCH_ONLY unset); not written.');
    return;
  }
  writeResults(machine, load, texts);
}

/** RESULTS.md from this line on holds figures of standalone scripts; a rewrite keeps it. */
const KEPT_MARKER =
  '<!-- Below: figures from standalone scripts, kept as they are when bench/run.js rewrites this file. -->';

/** The kept part of the current RESULTS.md (from KEPT_MARKER on), or ''. */
function keptPart() {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '';
  const at = text.indexOf(KEPT_MARKER);
  return at < 0 ? '' : `\n${text.slice(at)}`;
}

/**
 * Rewrites bench/RESULTS.md, keeping the standalone scripts' part at its end.
 * @param {string} machine
 * @param {string} load
 * @param {string[]} texts one per section, in order
 */
function writeResults(machine, load, texts) {
  const md = `# Benchmark results

Written by \`bench/run.js\` (sections in \`bench/sections/\`); re-run with the command below to refresh.

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Load average at the end of the run (1 / 5 / 15 min): ${load}; the machine is shared, so figures
  are given as ratios against a baseline measured in the same run.
- Command: \`${commandLine()}\`

All servers run as child processes on 127.0.0.1; autocannon runs in the benchmark process (wrk, a
process of its own, in section m) on the
same machine. The simulator is \`node dist/cli.js\` with its defaults except where noted.

${texts.join('\n')}${keptPart()}`;
  writeFileSync(RESULTS, md);
  console.log(`Wrote ${path.relative(ROOT, RESULTS)}`);
}

// A bound on the whole run: the load tests (section a's two, section m's three) and the soak plus
// generous time for the rest (section g's 2 000 accounts on disk included).
const budgetMs = (7 * (SECONDS + WARMUP_SECONDS) + SOAK_SECONDS + 15 + 300 + 180 + 120 + 60 + 60) * 1000;
setTimeout(() => {
  console.error(`bench: gave up after ${budgetMs / 1000} s`);
  killChildrenNow();
  process.exit(1);
}, budgetMs).unref();

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: could not measure: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    killChildrenNow();
    process.exit(1);
  },
);
