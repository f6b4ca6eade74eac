// h. The start commands a user types, on an already-built tree: `npm start` (whose prestart checks
// whether dist/ is stale and builds nothing here) and `node dist/cli.js`, each from spawn to the
// first 200 of /__admin/health, against the bare server's own startup.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild } from '../lib/children.js';
import { BASELINE, CLI, HOST, POLL_MS, ROOT } from '../lib/config.js';
import { freePort, pollUntil200 } from '../lib/http.js';
import { fmt, markdownTable, median, ratio, textTable, verdict } from '../lib/stats.js';

const RUNS = 5;
const TARGETS = { npmStartMs: 2000, cliMs: 500 };

/**
 * Spawns `npm start -- --port <free>` in its own process group (npm, a shell, then node) and times
 * the first 200 of /__admin/health; the whole group is ended by its id.
 * @returns {Promise<number>} ms from spawn
 */
async function npmStart() {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn('npm', ['start', '--silent', '--', '--port', String(port)], {
    cwd: ROOT,
    stdio: 'ignore',
    detached: true,
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    return (await pollUntil200(`http://${HOST}:${port}/__admin/health`, startedAt + 30_000, alive)) - startedAt;
  } finally {
    if (alive() && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
    }
  }
}

/**
 * Spawns `node <script> --port <free> ...args` and times the first 200 of `probe`.
 * @param {string} script
 * @param {string[]} args
 * @param {string} probe
 * @returns {Promise<number>} ms from spawn
 */
async function nodeStart(script, args, probe) {
  const port = await freePort();
  const server = spawnNode([script, '--port', String(port), ...args]);
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  try {
    return (await pollUntil200(`http://${HOST}:${port}${probe}`, server.startedAt + 20_000, alive)) - server.startedAt;
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${server.output()}`);
  } finally {
    await stopChild(server.child);
  }
}

/** @param {string} tmp */
async function measure(tmp) {
  // The tree must be built already; this builds only if a source changed since (as `npm start` would).
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.js'), '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('scripts/build.js --if-stale failed');
  const bodyFile = path.join(tmp, 'services.json');
  if (!existsSync(bodyFile)) writeFileSync(bodyFile, '[]');
  /** @type {{ npm: number[], cli: number[], baseline: number[] }} */
  const runs = { npm: [], cli: [], baseline: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.npm.push(await npmStart());
    runs.cli.push(await nodeStart(CLI, [], '/__admin/health'));
    runs.baseline.push(await nodeStart(BASELINE, ['--body', bodyFile], '/api/v2/services'));
  }
  return runs;
}

/** @param {Awaited<ReturnType<typeof measure>>} r */
function table(r) {
  const base = median(r.baseline);
  const row = (/** @type {string} */ name, /** @type {number[]} */ values, /** @type {number} */ target) => {
    const m = median(values);
    return [name, fmt(m, 0), fmt(base, 0), fmt(ratio(m, base), 2), `≤ ${target} ms`, verdict(m <= target)];
  };
  return [
    ['start → first 200 of /__admin/health (median of 5)', 'simulator', 'baseline', 'sim/base', 'target', 'status'],
    row('npm start (built tree, ms)', r.npm, TARGETS.npmStartMs),
    row('node dist/cli.js (ms)', r.cli, TARGETS.cliMs),
    ['each npm start run (ms)', r.npm.map((v) => fmt(v, 0)).join(' '), '', '', '', ''],
    ['each node dist/cli.js run (ms)', r.cli.map((v) => fmt(v, 0)).join(' '), '', '', '', ''],
    ['each baseline run (ms)', r.baseline.map((v) => fmt(v, 0)).join(' '), '', '', '', ''],
  ];
}

export default {
  letter: 'h',
  announce: `h. start commands: ${RUNS} runs each of npm start, node dist/cli.js and the baseline`,
  measure: (/** @type {{ tmp: string }} */ ctx) => measure(ctx.tmp),
  /** @param {Awaited<ReturnType<typeof measure>>} r */
  report(r) {
    const rows = table(r);
    console.log(`h. Start commands on a built tree (baseline: the bare hono server's spawn → first 200)\n`);
    console.log(textTable(rows));
    console.log('');
    return `## h. Start commands on a built tree

\`npm start -- --port <free>\` (its prestart runs \`node scripts/build.js --if-stale\`, which finds
\`dist/\` up to date and builds nothing) and \`node dist/cli.js --port <free>\`, each from spawn to
the first 200 of \`GET /__admin/health\` (polled every ${POLL_MS} ms on fresh connections). The
default account is registered at start; its world is generated by the first request to it.
Baseline: spawn of \`bench/baseline-server.js\` to its first 200. Median of ${RUNS} each.

${markdownTable(rows)}
`;
  },
};
