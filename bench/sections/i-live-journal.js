// i. The console's live journal: what a watcher of GET /__admin/accounts/<name>/requests/stream costs
// the API, and whether the stream keeps up with 1 000 requests per second.

import http from 'node:http';
import autocannon from 'autocannon';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, CONNECTIONS, SECONDS, WARMUP_SECONDS } from '../lib/config.js';
import { expectStatus, token } from '../lib/http.js';
import { load } from '../lib/load.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const TARGETS = { throughputRatio: 0.9, rate: 1000 };
/** How long the stream may lag behind the last request. */
const LAG_MS = 1000;
/** Watched and unwatched rounds, alternating. */
const ROUNDS = 3;

/**
 * Opens the default account's journal stream and counts its `entry` events.
 * @param {string} base
 */
function watch(base) {
  return new Promise((resolve, reject) => {
    const watcher = { entries: 0, close: () => {} };
    const req = http.get(`${base}/__admin/accounts/demo/requests/stream`, (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let tail = '';
      res.on('data', (chunk) => {
        const text = tail + chunk;
        const events = text.split('\n\n');
        tail = events.pop() ?? '';
        for (const event of events) if (event.includes('event: entry')) watcher.entries++;
      });
      watcher.close = () => req.destroy();
      resolve(watcher);
    });
    req.on('error', (error) => {
      if (watcher.entries === 0) reject(error);
    });
  });
}

/** @param {string} base */
async function clearJournal(base) {
  await expectStatus(`${base}/__admin/accounts/demo/requests`, 204, { method: 'DELETE' });
}

/**
 * The demo account's services list at a fixed rate for `seconds`, its journal watched or not.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number} seconds
 */
function background(url, headers, seconds) {
  return autocannon({ url, headers, connections: 10, overallRate: TARGETS.rate, duration: seconds });
}

/**
 * Another account's throughput while the demo account is driven at the fixed rate.
 * @param {{ api: string, headers: Record<string, string>, pid: number | undefined }} other
 * @param {{ url: string, headers: Record<string, string> }} demo
 */
async function alongside(other, demo) {
  const driven = background(demo.url, demo.headers, WARMUP_SECONDS + SECONDS + 1);
  const figures = await load(other.api, other.headers, other.pid);
  const run = await driven;
  return { figures, sent: run['2xx'] + run.non2xx, rps: run.requests.average };
}

async function measure() {
  const sim = spawnNode([CLI, '--port', '0', '--rate-limit', 'off']);
  const base = await waitForUrl(sim.child, sim.output);
  /** @param {string} accountBase */
  const servicesOf = async (accountBase) => {
    const headers = { authorization: `Bearer ${await token(accountBase)}` };
    const sites = JSON.parse((await expectStatus(`${accountBase}/api/v2/sites`, 200, { headers })).body.toString());
    return { url: `${accountBase}/api/v2/services?siteId=${sites[0].SiteId}`, headers };
  };
  const demo = await servicesOf(base);
  const { url: api, headers } = await servicesOf(`${base}/accounts/bench`);
  const other = { api, headers, pid: sim.child.pid };

  console.log(`i. /accounts/bench${api.replace(`${base}/accounts/bench`, '')} at full load, demo at ${TARGETS.rate}/s`);
  // A first, unrecorded round warms the process up; then watched and unwatched rounds alternate and
  // the medians are compared, as one round of each moves with the machine's noise.
  await alongside(other, demo);
  /** @type {Awaited<ReturnType<typeof alongside>>[]} */
  const unwatchedRounds = [];
  /** @type {Awaited<ReturnType<typeof alongside>>[]} */
  const watchedRounds = [];
  /** @type {number[]} */
  const received = [];
  for (let round = 0; round < ROUNDS; round++) {
    unwatchedRounds.push(await alongside(other, demo));
    await clearJournal(base);
    const watcher = await watch(base);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the stream's reset and empty backlog
    watchedRounds.push(await alongside(other, demo));
    await new Promise((resolve) => setTimeout(resolve, LAG_MS));
    watcher.close();
    received.push(watcher.entries);
  }
  await stopChild(sim.child);
  const median = (/** @type {Awaited<ReturnType<typeof alongside>>[]} */ rounds) =>
    [...rounds].sort((x, y) => x.figures.rps - y.figures.rps)[Math.floor(rounds.length / 2)];
  return { unwatched: median(unwatchedRounds), watched: median(watchedRounds), watchedRounds, received };
}

/** @param {Awaited<ReturnType<typeof measure>>} r */
function table(r) {
  const throughput = ratio(r.watched.figures.rps, r.unwatched.figures.rps);
  // autocannon counts the answers within its duration; up to one request per connection is still on its way.
  const keptUp = r.watchedRounds.every((w, i) => r.received[i] >= w.sent && r.received[i] <= w.sent + 10);
  const streamed = r.received.reduce((x, y) => x + y, 0);
  const sent = r.watchedRounds.reduce((x, w) => x + w.sent, 0);
  return [
    ['another account (median of rounds)', 'watched', 'unwatched', 'watched/unwatched', 'target', 'status'],
    [
      'requests/s (mean)',
      fmt(r.watched.figures.rps, 0),
      fmt(r.unwatched.figures.rps, 0),
      fmt(throughput, 2),
      `ratio ≥ ${TARGETS.throughputRatio}`,
      verdict(throughput >= TARGETS.throughputRatio),
    ],
    [
      'latency p99 (ms)',
      fmt(r.watched.figures.p99, 0),
      fmt(r.unwatched.figures.p99, 0),
      fmt(ratio(r.watched.figures.p99, r.unwatched.figures.p99), 2),
      '',
      '',
    ],
    [
      `demo requests streamed (${fmt(r.watched.rps, 0)}/s), all rounds`,
      `${streamed} of ${sent}`,
      '',
      '',
      `all, within ${LAG_MS} ms`,
      verdict(keptUp),
    ],
  ];
}

export default {
  letter: 'i',
  announce: "i. the live journal: the API's throughput while a watched account takes 1 000 requests/s",
  measure,
  /** @param {Awaited<ReturnType<typeof measure>>} r */
  report(r) {
    const rows = table(r);
    console.log(`i. The live journal (the console's Requests page) watching the default account\n`);
    console.log(textTable(rows));
    console.log('');
    return `## i. The live journal

One simulator. The demo account is driven at ${TARGETS.rate} requests per second (section a's request,
autocannon's \`overallRate\`, 10 connections) while another account (\`/accounts/bench\`) takes the
same request at full load (${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s
measured): once with nobody watching the demo account's journal, once with one client reading
\`GET /__admin/accounts/demo/requests/stream\` (what the console's Requests page opens), counting
the \`entry\` events it received up to ${LAG_MS} ms after the last request. A first, unrecorded round warms
the process up; then ${ROUNDS} unwatched and watched rounds alternate, and their medians are compared.

${markdownTable(rows)}
`;
  },
};
