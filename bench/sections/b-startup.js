// b. Startup time, from spawn to the first 200 of /__admin/health and of an authenticated
// /api/v2/ping, against the bare server's own startup.

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild } from '../lib/children.js';
import { BASELINE, CLI, HOST, POLL_MS } from '../lib/config.js';
import { expectStatus, freePort, pollUntil200, token } from '../lib/http.js';
import { fmt, markdownTable, median, ratio, textTable, verdict } from '../lib/stats.js';

const STARTUP_RUNS = 5;
const TARGETS = { startupMs: 500 };

/**
 * Spawns the simulator on a free port and times the first 200 of /__admin/health, then of an
 * authenticated /api/v2/ping (token issued right after health answered), then of
 * GET /api/v2/sites (the first read of the account's world).
 * @returns {Promise<{ health: number, firstToken: number, firstWorld: number }>} ms from spawn
 */
async function simulatorStartup() {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const sim = spawnNode([CLI, '--port', String(port)]);
  const alive = () => sim.child.exitCode === null && sim.child.signalCode === null;
  try {
    const deadline = sim.startedAt + 20_000;
    const health = (await pollUntil200(`${base}/__admin/health`, deadline, alive)) - sim.startedAt;
    const accessToken = await token(base, false);
    const auth = { authorization: `Bearer ${accessToken}` };
    await expectStatus(`${base}/api/v2/ping`, 200, { headers: auth, agent: false });
    const firstToken = performance.now() - sim.startedAt;
    await expectStatus(`${base}/api/v2/sites`, 200, { headers: auth, agent: false });
    const firstWorld = performance.now() - sim.startedAt;
    return { health, firstToken, firstWorld };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    await stopChild(sim.child);
  }
}

/**
 * Spawns the baseline server on a free port and times its first 200.
 * @param {string} bodyFile
 * @returns {Promise<number>} ms from spawn
 */
async function baselineStartup(bodyFile) {
  const port = await freePort();
  const server = spawnNode([BASELINE, '--port', String(port), '--body', bodyFile]);
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  try {
    return (
      (await pollUntil200(`http://${HOST}:${port}/api/v2/services`, server.startedAt + 20_000, alive)) -
      server.startedAt
    );
  } finally {
    await stopChild(server.child);
  }
}

/**
 * Part b: five starts of each, medians.
 * @param {string} tmp
 */
async function measureStartup(tmp) {
  const bodyFile = path.join(tmp, 'services.json');
  if (!existsSync(bodyFile)) writeFileSync(bodyFile, '[]');
  /** @type {number[]} */ const health = [];
  /** @type {number[]} */ const firstToken = [];
  /** @type {number[]} */ const firstWorld = [];
  /** @type {number[]} */ const baseline = [];
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const s = await simulatorStartup();
    health.push(s.health);
    firstToken.push(s.firstToken);
    firstWorld.push(s.firstWorld);
    baseline.push(await baselineStartup(bodyFile));
  }
  return { health, firstToken, firstWorld, baseline };
}

/**
 * @param {Awaited<ReturnType<typeof measureStartup>>} b
 * @returns {string[][]}
 */
function report(b) {
  const health = median(b.health);
  const firstToken = median(b.firstToken);
  const baseStart = median(b.baseline);
  const tableB = [
    ['startup, spawn → first 200 (median of 5)', 'simulator', 'baseline', 'sim/base', 'target', 'status'],
    [
      'GET /__admin/health (ms)',
      fmt(health, 0),
      fmt(baseStart, 0),
      fmt(ratio(health, baseStart), 2),
      `≤ ${TARGETS.startupMs} ms`,
      verdict(health <= TARGETS.startupMs),
    ],
    [
      'token + GET /api/v2/ping (ms)',
      fmt(firstToken, 0),
      fmt(baseStart, 0),
      fmt(ratio(firstToken, baseStart), 2),
      '',
      '',
    ],
    ['then GET /api/v2/sites (first world read, ms)', fmt(median(b.firstWorld), 0), '', '', '', ''],
    [
      'each health run (ms)',
      b.health.map((v) => fmt(v, 0)).join(' '),
      b.baseline.map((v) => fmt(v, 0)).join(' '),
      '',
      '',
      '',
    ],
  ];
  console.log(`b. Startup (baseline: the bare hono server's own spawn → first 200)\n`);
  console.log(textTable(tableB));
  console.log('');
  return tableB;
}

export default {
  letter: 'b',
  announce: `b. startup: ${STARTUP_RUNS} spawns each of the simulator and the baseline`,
  measure: (/** @type {{ tmp: string }} */ ctx) => measureStartup(ctx.tmp),
  /** @param {Awaited<ReturnType<typeof measureStartup>>} b */
  report(b) {
    const table = report(b);
    return `## b. Startup to first 200

Spawn of \`node dist/cli.js --port <free>\` to the first 200 of \`GET /__admin/health\` (polled every
${POLL_MS} ms on fresh connections), to the first 200 of \`GET /api/v2/ping\` with a token issued
right after, and then of \`GET /api/v2/sites\` (the first read of the world; informational).
Baseline: spawn of \`bench/baseline-server.js\` to its first 200. Median of ${STARTUP_RUNS} each.

${markdownTable(table)}
`;
  },
};
