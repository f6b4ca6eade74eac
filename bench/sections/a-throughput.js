// a. Throughput and latency of GET /api/v2/services through the full stack of the simulator
// (bearer token, allow-lists, throttling off) against a bare hono server answering the same bytes.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { BASELINE, CLI, CONNECTIONS, SECONDS, WARMUP_SECONDS } from '../lib/config.js';
import { expectStatus, token } from '../lib/http.js';
import { load } from '../lib/load.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const TARGETS = { throughputRatio: 0.6, p99Ms: 10 };

/**
 * Part a: the simulator's services list against the baseline server answering the same bytes.
 * @param {string} tmp temp directory for the body file
 */
async function measureThroughput(tmp) {
  const sim = spawnNode([CLI, '--port', '0', '--rate-limit', 'off']);
  const base = await waitForUrl(sim.child, sim.output);
  const accessToken = await token(base);
  const auth = { authorization: `Bearer ${accessToken}` };
  const sites = JSON.parse((await expectStatus(`${base}/api/v2/sites`, 200, { headers: auth })).body.toString());
  const site = sites.find((/** @type {{ State: unknown }} */ s) => s.State === 1 || s.State === 'Active') ?? sites[0];
  if (!site?.SiteId) throw new Error('the default account has no active site');
  const servicesPath = `/api/v2/services?siteId=${site.SiteId}`;
  const answer = await expectStatus(`${base}${servicesPath}`, 200, { headers: auth });
  const services = JSON.parse(answer.body.toString());
  const contentType = String(answer.headers['content-type'] ?? 'application/json; charset=utf-8');
  const bodyFile = path.join(tmp, 'services.json');
  writeFileSync(bodyFile, answer.body);

  const baseline = spawnNode([BASELINE, '--port', '0', '--body', bodyFile, '--content-type', contentType]);
  const baselineUrl = await waitForUrl(baseline.child, baseline.output);
  const check = await expectStatus(`${baselineUrl}${servicesPath}`, 200);
  if (!check.body.equals(answer.body)) throw new Error('the baseline does not answer the same bytes as the simulator');

  console.log(
    `a. GET ${servicesPath}: ${services.length} services, ${answer.body.length} ` +
      `bytes; ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up ` +
      `+ ${SECONDS} s each`,
  );
  const simulator = await load(`${base}${servicesPath}`, auth, sim.child.pid);
  const bare = await load(`${baselineUrl}${servicesPath}`, auth, baseline.child.pid);
  await stopChild(baseline.child);
  await stopChild(sim.child);
  return { simulator, baseline: bare, bytes: answer.body.length, count: services.length, site: site.SiteId };
}

/**
 * @param {Awaited<ReturnType<typeof measureThroughput>>} a
 * @returns {string[][]}
 */
function report(a) {
  const rpsRatio = ratio(a.simulator.rps, a.baseline.rps);
  const p99Ratio = ratio(a.simulator.p99, a.baseline.p99);
  const tableA = [
    ['GET /api/v2/services', 'simulator', 'baseline', 'sim/base', 'target', 'status'],
    [
      'requests/s (mean)',
      fmt(a.simulator.rps, 0),
      fmt(a.baseline.rps, 0),
      fmt(rpsRatio, 2),
      `ratio ≥ ${TARGETS.throughputRatio}`,
      verdict(rpsRatio >= TARGETS.throughputRatio),
    ],
    [
      'latency p50 (ms)',
      fmt(a.simulator.p50, 0),
      fmt(a.baseline.p50, 0),
      fmt(ratio(a.simulator.p50, a.baseline.p50), 2),
      '',
      '',
    ],
    [
      'latency p99 (ms)',
      fmt(a.simulator.p99, 0),
      fmt(a.baseline.p99, 0),
      fmt(p99Ratio, 2),
      `sim ≤ ${TARGETS.p99Ms} ms`,
      verdict(a.simulator.p99 <= TARGETS.p99Ms),
    ],
    [
      'latency mean (ms)',
      fmt(a.simulator.mean, 2),
      fmt(a.baseline.mean, 2),
      fmt(ratio(a.simulator.mean, a.baseline.mean), 2),
      '',
      '',
    ],
    [
      'server CPU per request (µs)',
      fmt(a.simulator.cpuUsPerRequest, 0),
      fmt(a.baseline.cpuUsPerRequest, 0),
      fmt(ratio(a.simulator.cpuUsPerRequest, a.baseline.cpuUsPerRequest), 2),
      '',
      '',
    ],
    ['responses (2xx)', String(a.simulator.total), String(a.baseline.total), '', '', ''],
    ['MB/s', fmt(a.simulator.bytesPerSec / 1e6, 1), fmt(a.baseline.bytesPerSec / 1e6, 1), '', '', ''],
  ];
  console.log(
    `a. Throughput and latency (${CONNECTIONS} connections, ${SECONDS} ` +
      `s after ${WARMUP_SECONDS} s warm-up; baseline: bare hono answering ` +
      `the same ${a.bytes} bytes)\n`,
  );
  console.log(textTable(tableA));
  console.log('');
  return tableA;
}

export default {
  letter: 'a',
  measure: (/** @type {{ tmp: string }} */ ctx) => measureThroughput(ctx.tmp),
  /** @param {Awaited<ReturnType<typeof measureThroughput>>} a */
  report(a) {
    const table = report(a);
    return `## a. Throughput and latency

\`GET /api/v2/services?siteId=<active site>\` on the default account through the full stack
(bearer token, allow-lists, \`--rate-limit off\`): ${a.count} services, ${a.bytes} bytes per answer.
Baseline: a bare \`@hono/node-server\` + \`hono\` app (\`bench/baseline-server.js\`) answering the
same bytes from one route. ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured, each.
Latencies are autocannon's (whole milliseconds). Server CPU per request is the server process's
user + system time during the measured run (from /proc) divided by the responses.

${markdownTable(table)}
`;
  },
};
