// i. The console's live journal: what a watcher of GET /__admin/accounts/<name>/requests/stream costs
// the API, and whether the stream keeps up with 1 000 requests per second.

import http from 'node:http';
import autocannon from 'autocannon';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, CONNECTIONS, SECONDS, WARMUP_SECONDS } from '../lib/config.js';
import { cpuMicros, expectStatus, sleep, token } from '../lib/http.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const TARGETS = { throughputRatio: 0.9, rate: 1000 };
/** How long the stream may lag behind the last request. */
const LAG_MS = 1000;
/** The full-load run is cut into phases of this length, watched and unwatched in turn. */
const PHASE_MS = 1000;
/** Pairs of phases: three per measured second of section a (30 by default, a minute of load). */
const PHASES = Math.max(3, 3 * SECONDS);
/** The first part of a phase is left out: the watcher connecting, or the stream winding down. */
const SETTLE_MS = 200;
/** Seconds of each round of the fixed-rate CPU measurement, and how many pairs. */
const CPU_SECONDS = 5;
const CPU_ROUNDS = 3;

/**
 * Opens the default account's journal stream and counts its `entry` events.
 * @param {string} base
 * @returns {Promise<{ entries: number, close: () => void }>}
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

/**
 * The demo account's services list at a fixed rate for `seconds`.
 * @param {{ url: string, headers: Record<string, string> }} demo
 * @param {number} seconds
 */
function background(demo, seconds) {
  return autocannon({
    url: demo.url,
    headers: demo.headers,
    connections: 10,
    overallRate: TARGETS.rate,
    duration: seconds,
  });
}

/**
 * Another account at full load while the demo account takes the fixed rate, for `phases` pairs of
 * phases; in each pair the demo journal is watched in one phase and not in the other (which comes
 * first alternates), so a drift of the shared machine weighs on both kinds alike.
 * @param {string} base
 * @param {{ url: string, headers: Record<string, string> }} other
 * @param {{ url: string, headers: Record<string, string> }} demo
 * @param {number} phases
 */
async function interleaved(base, other, demo, phases) {
  const seconds = (2 * phases * PHASE_MS) / 1000;
  const driven = background(demo, WARMUP_SECONDS + seconds + 2);
  let answered = 0;
  const load = autocannon({
    url: other.url,
    headers: other.headers,
    connections: CONNECTIONS,
    duration: WARMUP_SECONDS + seconds + 1,
  });
  load.on('response', () => answered++);
  await sleep(WARMUP_SECONDS * 1000);
  /** @type {number[]} */
  const watchedRates = [];
  /** @type {number[]} */
  const unwatchedRates = [];
  for (let phase = 0; phase < 2 * phases; phase++) {
    const pair = Math.floor(phase / 2);
    const watchedPhase = phase % 2 === pair % 2;
    const watcher = watchedPhase ? await watch(base) : undefined;
    await sleep(SETTLE_MS);
    const [count, at] = [answered, performance.now()];
    await sleep(PHASE_MS - SETTLE_MS);
    const rate = ((answered - count) * 1000) / (performance.now() - at);
    watcher?.close();
    (watchedPhase ? watchedRates : unwatchedRates).push(rate);
  }
  const [run] = await Promise.all([load, driven]);
  if (run.non2xx + run.errors + run.timeouts > 0) throw new Error(`load of ${other.url}: ${run.non2xx} non-2xx`);
  return { watchedRates, unwatchedRates };
}

/**
 * The server's CPU time per demo request at the fixed rate alone (no other load): what watching adds
 * per streamed entry, apart from the load generator's noise. A watched round also counts the entries
 * that reached the watcher up to LAG_MS after the last request.
 * @param {string} base
 * @param {{ url: string, headers: Record<string, string> }} demo
 * @param {number | undefined} pid
 * @param {boolean} watched
 */
async function fixedRate(base, demo, pid, watched) {
  await expectStatus(`${base}/__admin/accounts/demo/requests`, 204, { method: 'DELETE' });
  const watcher = watched ? await watch(base) : undefined;
  await sleep(200); // the stream's reset and empty backlog
  const before = cpuMicros(pid);
  const run = await background(demo, CPU_SECONDS);
  const cpu = cpuMicros(pid) - before;
  await sleep(LAG_MS);
  watcher?.close();
  const sent = run['2xx'] + run.non2xx;
  return { cpuPerRequest: cpu / sent, sent, received: watcher?.entries ?? 0 };
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
  const other = await servicesOf(`${base}/accounts/bench`);
  console.log(
    `i. /accounts/bench${other.url.replace(`${base}/accounts/bench`, '')} at full load, demo at ${TARGETS.rate}/s`,
  );
  await interleaved(base, other, demo, 1); // warms the process up, unrecorded
  const phases = await interleaved(base, other, demo, PHASES);
  /** @type {Awaited<ReturnType<typeof fixedRate>>[]} */
  const unwatched = [];
  /** @type {Awaited<ReturnType<typeof fixedRate>>[]} */
  const watched = [];
  for (let round = 0; round < CPU_ROUNDS; round++) {
    unwatched.push(await fixedRate(base, demo, sim.child.pid, false));
    watched.push(await fixedRate(base, demo, sim.child.pid, true));
  }
  await stopChild(sim.child);
  return { phases, unwatched, watched };
}

/** @param {number[]} values */
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;

/** @param {Awaited<ReturnType<typeof measure>>} r */
function table(r) {
  const { watchedRates, unwatchedRates } = r.phases;
  // Each pair's own ratio: its two phases ran a second apart, so the machine's drift cancels.
  const throughput = median(watchedRates.map((w, i) => ratio(w, unwatchedRates[i] ?? Number.NaN)));
  const cpu = {
    watched: median(r.watched.map((w) => w.cpuPerRequest)),
    unwatched: median(r.unwatched.map((u) => u.cpuPerRequest)),
  };
  const perEntry = cpu.watched - cpu.unwatched;
  // autocannon counts the answers within its duration; up to one request per connection is still on its way.
  const keptUp = r.watched.every((w) => w.received >= w.sent && w.received <= w.sent + 10);
  const streamed = r.watched.reduce((x, w) => x + w.received, 0);
  const sent = r.watched.reduce((x, w) => x + w.sent, 0);
  const quantiles = (/** @type {number[]} */ list) => {
    const sorted = [...list].sort((x, y) => x - y);
    const at = (/** @type {number} */ q) => sorted[Math.round(q * (sorted.length - 1))] ?? Number.NaN;
    return [0, 0.25, 0.5, 0.75, 1].map((q) => fmt(at(q), 2)).join(' / ');
  };
  return [
    ['another account at full load', 'watched', 'unwatched', 'watched/unwatched', 'target', 'status'],
    [
      `requests/s, median of ${PHASES} phases of each kind; ratio: median of the ${PHASES} pairs' ratios`,
      fmt(median(watchedRates), 0),
      fmt(median(unwatchedRates), 0),
      fmt(throughput, 2),
      `ratio ≥ ${TARGETS.throughputRatio}`,
      verdict(throughput >= TARGETS.throughputRatio),
    ],
    [
      'pairs by their ratio: lowest, quartiles, highest',
      '',
      '',
      quantiles(watchedRates.map((w, i) => ratio(w, unwatchedRates[i] ?? Number.NaN))),
      '',
      '',
    ],
    ['the demo account alone at 1000/s', 'watched', 'unwatched', '', '', ''],
    [
      `server CPU per demo request, median of ${CPU_ROUNDS} rounds (µs)`,
      fmt(cpu.watched, 1),
      fmt(cpu.unwatched, 1),
      fmt(ratio(cpu.watched, cpu.unwatched), 2),
      '',
      '',
    ],
    [
      `server CPU per streamed entry (µs); its share of one core at ${TARGETS.rate}/s`,
      fmt(perEntry, 1),
      '',
      `${fmt((perEntry * TARGETS.rate) / 1e4, 1)} %`,
      '',
      '',
    ],
    [
      `demo requests streamed (${TARGETS.rate}/s), all watched rounds`,
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
same request at full load (${CONNECTIONS} connections). After ${WARMUP_SECONDS} s of warm-up the full-load run is cut
into ${2 * PHASES} phases of ${PHASE_MS / 1000} s, in pairs: in one phase of each pair a client reads
\`GET /__admin/accounts/demo/requests/stream\` (what the console's Requests page opens), in the other
nobody does, the watched phase first in every other pair; the first ${SETTLE_MS} ms of each phase are
left out. The figure is the median over the pairs of each pair's ratio of the other account's
answers per second, watched over unwatched: the two phases of a pair run a second apart, which
cancels most of the drift of a shared machine (it moves single 10 s runs by ±15 % and single
seconds by more). A first, unrecorded pair warms the process up.

Then the demo account alone at ${TARGETS.rate}/s (no other load), ${CPU_SECONDS} s per round, ${CPU_ROUNDS} pairs of
rounds, unwatched then watched: the server process's CPU time (user + system, from /proc) per demo
request, the difference being what the server spends per streamed entry; in each watched round the
client counts the \`entry\` events it received up to ${LAG_MS} ms after the last request.

${markdownTable(rows)}
`;
  },
};
