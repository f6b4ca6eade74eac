// j. Reads beside durable writes: one simulator with --data-dir, 20 accounts, 32 callers. The read
// latency while writes are being saved on the same accounts, against the same reads with no writes.

import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, NEW_CLIENT as CLIENT } from '../lib/config.js';
import { expectStatus, request, sleep, token } from '../lib/http.js';
import { fmt, markdownTable, median, percentile, ratio, textTable, verdict } from '../lib/stats.js';

const ACCOUNTS = 20;
const READERS = 24;
const WRITERS = 8;
/** Pairs of phases, one with the writers running and one without, in turn (which comes first alternates). */
const PAIRS = 8;
const PHASE_MS = 1000;
/** The first part of a phase is left out: writers starting or winding down. */
const SETTLE_MS = 200;
const WARMUP_MS = 2000;
const TARGETS = { p99Ratio: 2 };

/**
 * An account made through the control plane, with a token, an active site and a client of its own.
 * @param {string} base
 * @param {number} i
 */
async function benchAccount(base, i) {
  const name = `reads-${i}`;
  await expectStatus(`${base}/__admin/accounts`, 201, { method: 'POST', json: { name } });
  const accountBase = `${base}/accounts/${name}`;
  const headers = { authorization: `Bearer ${await token(accountBase)}` };
  const sites = JSON.parse((await expectStatus(`${accountBase}/api/v2/sites`, 200, { headers })).body.toString());
  const site = sites.find((/** @type {{ State: number }} */ s) => s.State === 1);
  if (!site) throw new Error(`${name}: no site with State 1`);
  const write = `${accountBase}/api/v2/clients?siteId=${site.SiteId}`;
  const created = await expectStatus(write, 200, { method: 'POST', json: CLIENT, headers });
  const clientId = JSON.parse(created.body.toString()).Value;
  const reads = [
    `${accountBase}/api/v2/sites`,
    `${accountBase}/api/v2/clients/${clientId}`,
    `${accountBase}/api/v2/ping`,
  ];
  return { name, headers, write, reads };
}

/**
 * @param {{ tmp: string }} ctx
 */
async function measure(ctx) {
  const dir = path.join(ctx.tmp, 'reads-data');
  const sim = spawnNode([CLI, '--port', '0', '--rate-limit', 'off', '--data-dir', dir]);
  /** @type {http.Agent[]} */
  const agents = [];
  let stop = false;
  try {
    const base = await waitForUrl(sim.child, sim.output);
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await benchAccount(base, i));

    /** Whether the writers run now, and the time the current phase started. */
    const phase = { writing: false, kind: /** @type {'warm-up' | 'writes' | 'reads only'} */ ('warm-up'), at: 0 };
    /** @type {{ writes: number[], 'reads only': number[] }} read latencies by the phase they started in */
    const reads = { writes: [], 'reads only': [] };
    /** @type {number[]} */ const writes = [];
    let failures = 0;
    /** @type {string[]} */ const failed = [];
    const counted = () =>
      phase.kind !== 'warm-up' && performance.now() - phase.at >= SETTLE_MS ? phase.kind : undefined;

    /** @param {number} n */
    const reader = async (n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const a = /** @type {(typeof accounts)[number]} */ (accounts[n % ACCOUNTS]);
      for (let i = n; !stop; i++) {
        const kind = counted();
        const t = performance.now();
        const answer = await request(/** @type {string} */ (a.reads[i % a.reads.length]), {
          headers: a.headers,
          agent,
        });
        if (answer.status !== 200) {
          failures++;
          if (failed.length < 3) failed.push(`GET ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
        }
        if (kind && kind === counted()) reads[kind].push(performance.now() - t);
      }
    };
    /** @param {number} n */
    const writer = async (n) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      // Writers on every other account, so that the accounts written are read too, by three readers each.
      const a = /** @type {(typeof accounts)[number]} */ (accounts[(2 * n) % ACCOUNTS]);
      while (!stop) {
        if (!phase.writing) {
          await sleep(5);
          continue;
        }
        const kind = counted();
        const t = performance.now();
        const answer = await request(a.write, { method: 'POST', json: CLIENT, headers: a.headers, agent });
        if (answer.status !== 200) {
          failures++;
          if (failed.length < 3) failed.push(`POST ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
        }
        if (kind === 'writes') writes.push(performance.now() - t);
      }
    };

    const callers = [
      ...Array.from({ length: READERS }, (_, n) => reader(n)),
      ...Array.from({ length: WRITERS }, (_, n) => writer(n)),
    ];
    console.log(`j. warm-up: ${WARMUP_MS / 1000} s with writes`);
    phase.writing = true;
    phase.at = performance.now();
    await sleep(WARMUP_MS);
    console.log(`j. ${PAIRS} pairs of ${PHASE_MS / 1000} s phases, with and without writes`);
    for (let p = 0; p < PAIRS; p++) {
      for (const writing of p % 2 === 0 ? [true, false] : [false, true]) {
        phase.writing = writing;
        phase.kind = writing ? 'writes' : 'reads only';
        phase.at = performance.now();
        await sleep(PHASE_MS);
      }
    }
    stop = true;
    await Promise.all(callers);
    if (failures > 0) throw new Error(`${failures} requests failed, e.g.\n${failed.join('\n')}`);
    return { reads, writes, measuredMs: PAIRS * (PHASE_MS - SETTLE_MS) };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    stop = true;
    for (const agent of agents) agent.destroy();
    await stopChild(sim.child);
  }
}

/**
 * @param {Awaited<ReturnType<typeof measure>>} r
 */
function report(r) {
  const withWrites = r.reads.writes;
  const alone = r.reads['reads only'];
  const p99 = { with: percentile(withWrites, 99), alone: percentile(alone, 99) };
  const p99Ratio = ratio(p99.with, p99.alone);
  const perSecond = (/** @type {number[]} */ list) => list.length / (r.measuredMs / 1000);
  const rows = [
    ['reads beside durable writes', 'with writes', 'reads only', 'ratio', 'target', 'status'],
    [
      'read p99 (ms)',
      fmt(p99.with, 2),
      fmt(p99.alone, 2),
      fmt(p99Ratio, 2),
      `ratio ≤ ${TARGETS.p99Ratio}`,
      verdict(p99Ratio <= TARGETS.p99Ratio),
    ],
    [
      'read median (ms)',
      fmt(median(withWrites), 2),
      fmt(median(alone), 2),
      fmt(ratio(median(withWrites), median(alone)), 2),
      '',
      '',
    ],
    [
      'reads answered per second',
      fmt(perSecond(withWrites), 0),
      fmt(perSecond(alone), 0),
      fmt(ratio(perSecond(withWrites), perSecond(alone)), 2),
      '',
      '',
    ],
    [
      'durable writes per second; median / p99 (ms)',
      `${fmt(perSecond(r.writes), 0)}; ${fmt(median(r.writes), 2)} / ${fmt(percentile(r.writes, 99), 2)}`,
      '',
      '',
      '',
      '',
    ],
  ];
  console.log(`\nj. Reads beside durable writes\n${textTable(rows)}\n`);
  return `## j. Reads beside durable writes

One simulator, \`node dist/cli.js --port <free> --rate-limit off --data-dir <fresh temp dir>\`, with
${ACCOUNTS} accounts made through the control plane (default size), each with a token, an active site and
one client. ${READERS + WRITERS} callers, each one request at a time on a keep-alive connection of its own: ${READERS}
readers, reader n on account n mod ${ACCOUNTS}, cycling through \`GET /api/v2/sites\`, \`GET /api/v2/clients/{id}\`
and \`GET /api/v2/ping\`; ${WRITERS} writers, writer n on account 2n, each \`POST /api/v2/clients\` (a small
client, appended to the account's log and fdatasynced before it is answered), so the accounts written
are read by three readers each. After ${WARMUP_MS / 1000} s of warm-up with writes, ${PAIRS} pairs of
${PHASE_MS / 1000} s phases: in one phase of each pair the writers run, in the other they wait (which
comes first alternates); the readers run throughout. The first ${SETTLE_MS} ms of each phase are left
out; each read counts in the phase it started in, timed in the benchmark process from sending the
request to the end of the answer. Baseline: the same reads in the phases without writes.

${markdownTable(rows)}
`;
}

export default { letter: 'j', measure, report };
