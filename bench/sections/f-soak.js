// f. Soak: the simulator as a child process, 20 standard accounts, autocannon at 50 connections
// for 60 s (BENCH_SOAK_SECONDS) running a mix of reads, writes, availability searches and token
// calls. Every status is counted per request kind, and the server's heap is sampled every second.

import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, CONNECTIONS, ROOT, SOAK_SECONDS } from '../lib/config.js';
import { expectStatus, request, token } from '../lib/http.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const ACCOUNTS = 20;
const MIB = 1024 * 1024;
/** Seconds of each heap window compared (the first and the last of the measured run). */
const WINDOW = Math.max(1, Math.min(10, Math.floor(SOAK_SECONDS / 3)));
/** Unmeasured seconds of the same mix first, so journals, token maps and caches reach their size. */
const WARMUP = Math.max(1, Math.min(10, Math.floor(SOAK_SECONDS / 4)));
const TARGETS = { heapDrift: 0.1 };

/**
 * One kind of request in the mix: the operation whose declared example supplies the query and
 * body, how many of each cycle of the mix it takes, and the statuses it may answer.
 * @typedef {{ kind: string, operationId: string, weight: number, expected: number[], credential?: 'loop' }} Kind
 */

/** @type {Kind[]} */
const MIX = [
  { kind: 'read: GET sites', operationId: 'listSites', weight: 6, expected: [200] },
  { kind: 'read: GET services', operationId: 'listServices', weight: 8, expected: [200] },
  { kind: 'read: GET clients', operationId: 'listClients', weight: 6, expected: [200] },
  { kind: 'availability: GET availabletimes', operationId: 'getAvailableTimes', weight: 4, expected: [200] },
  { kind: 'availability: GET availabledates', operationId: 'getAvailableDates', weight: 4, expected: [200] },
  { kind: 'write: POST clients', operationId: 'createClient', weight: 1, expected: [200] },
  { kind: 'write: POST vouchers', operationId: 'createVoucher', weight: 1, expected: [200] },
  { kind: 'token: POST token', operationId: 'issueToken', weight: 4, expected: [200], credential: 'loop' },
];

/**
 * Path (with query) and body of each kind, from the endpoint's declared example on a world like
 * the soak accounts' (default seed, standard size, today), built in this process.
 */
async function examples() {
  const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
  const { v2Endpoints } = await import(pathToFileURL(path.join(ROOT, 'dist', 'endpoints.js')).href);
  const sim = await createSimulator({ size: 'standard', rateLimit: false });
  const account = await sim.registry.create({ name: 'soak-examples' });
  /** @type {Map<string, { method: string, path: string, body: string | undefined }>} */
  const out = new Map();
  for (const k of MIX) {
    const endpoint = v2Endpoints.find((/** @type {any} */ e) => e.operationId === k.operationId);
    const example = endpoint.example(account.world, account.clock.now());
    const query = new URLSearchParams(example.query ?? {});
    for (const [name, param] of Object.entries(endpoint.query ?? {})) {
      if (/** @type {any} */ (param).required && !query.has(name)) query.set(name, '');
    }
    let body = example.body;
    // A password is hashed with PBKDF2 on purpose (slow); the soak measures the simulator, not the hash.
    if (k.operationId === 'createClient') body = { ...body, AccountPassword: undefined };
    const search = query.toString();
    out.set(k.kind, {
      method: endpoint.method,
      path: search ? `${endpoint.path}?${search}` : endpoint.path,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
  return out;
}

/**
 * @param {string} base
 * @param {number} i
 */
async function soakAccount(base, i) {
  const name = `soak-${i}`;
  await expectStatus(`${base}/__admin/accounts`, 201, { method: 'POST', json: { name, size: 'standard' } });
  const accountBase = `${base}/accounts/${name}`;
  const bearer = await token(accountBase);
  // Token calls loop on a credential of their own: the newest tokens per credential are kept, so a
  // loop on the demo credential would in time revoke the token the other requests use.
  const loop = JSON.parse(
    (
      await expectStatus(`${base}/__admin/accounts/${name}/credentials`, 201, { method: 'POST', json: {} })
    ).body.toString(),
  );
  return { name, bearer, loop: { clientId: loop.clientId, secret: loop.secret } };
}

async function measureSoak() {
  const sim = spawnNode(['--expose-gc', CLI, '--port', '0', '--rate-limit', 'off']);
  const base = await waitForUrl(sim.child, sim.output);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // The server watches its full collections from the first stats request on.
    await expectStatus(`${base}/__admin/stats`, 200, { agent });
    const requestsOf = await examples();
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await soakAccount(base, i));
    // Every kind answers as expected once on every account before the load starts.
    for (const a of accounts) {
      for (const k of MIX) {
        const r = /** @type {{ method: string, path: string, body: string | undefined }} */ (requestsOf.get(k.kind));
        const body = k.credential === 'loop' ? JSON.stringify(a.loop) : r.body;
        const answer = await request(`${base}/accounts/${a.name}${r.path}`, {
          method: r.method,
          headers: { authorization: `Bearer ${a.bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { json: JSON.parse(body) } : {}),
        });
        if (!k.expected.includes(answer.status))
          throw new Error(`${k.kind} on ${a.name}: ${answer.status} ${answer.body.toString().slice(0, 300)}`);
      }
    }

    /** @type {Map<string, Map<number, number>>} */
    const statuses = new Map(MIX.map((k) => [k.kind, new Map()]));
    let next = 0;
    const cycle = MIX.flatMap((k) => Array.from({ length: k.weight }, () => k));
    const requests = cycle.map((k) => {
      const r = /** @type {{ method: string, path: string, body: string | undefined }} */ (requestsOf.get(k.kind));
      return {
        method: r.method,
        setupRequest(/** @type {any} */ req) {
          const a = /** @type {typeof accounts[number]} */ (accounts[next++ % ACCOUNTS]);
          const body = k.credential === 'loop' ? JSON.stringify(a.loop) : r.body;
          return {
            ...req,
            path: `/accounts/${a.name}${r.path}`,
            headers: { authorization: `Bearer ${a.bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body } : {}),
          };
        },
        onResponse(/** @type {number} */ status) {
          const counts = /** @type {Map<number, number>} */ (statuses.get(k.kind));
          counts.set(status, (counts.get(status) ?? 0) + 1);
        },
      };
    });

    /** @type {{ t: number, heapUsed: number, rss: number, live: number, majorGcs: number }[]} */
    let samples = [];
    const started = { at: 0 };
    const sample = async () => {
      const t = (performance.now() - started.at) / 1000;
      try {
        const answer = await request(`${base}/__admin/stats`, { agent, timeoutMs: 5000 });
        const { heapUsed, rss, heapAfterMajorGc, majorGcs } = JSON.parse(answer.body.toString());
        samples.push({ t, heapUsed, rss, live: heapAfterMajorGc, majorGcs });
      } catch {
        // a missed sample is left out
      }
    };
    /** @param {number} duration */
    const run = async (duration) => {
      samples = [];
      started.at = performance.now();
      const timer = setInterval(() => void sample(), 1000);
      try {
        return await autocannon({ url: base, connections: CONNECTIONS, duration, requests, timeout: 10 });
      } finally {
        clearInterval(timer);
      }
    };
    // The live heap, after a full collection, while no other request is running.
    const live = async () => {
      const stats = JSON.parse((await expectStatus(`${base}/__admin/stats?gc=full`, 200, { agent })).body.toString());
      if (!stats.collected) throw new Error('the server did not collect garbage before answering its heap');
      return /** @type {{ heapUsed: number, rss: number, accounts: number }} */ (stats);
    };
    console.log(`f. warm-up: ${WARMUP} s of the mix`);
    await run(WARMUP);
    for (const counts of statuses.values()) counts.clear();
    const before = await live();
    console.log(`f. soak: ${SOAK_SECONDS} s, ${CONNECTIONS} connections, ${ACCOUNTS} accounts`);
    const result = await run(SOAK_SECONDS);
    const measured = [...samples];
    const after = await live();
    return { result, statuses, samples: measured, before, after, accounts: after.accounts };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    agent.destroy();
    await stopChild(sim.child);
  }
}

/**
 * @param {{ heapUsed: number, rss: number, live: number }[]} list
 * @param {'heapUsed' | 'rss' | 'live'} field
 */
const mean = (list, field) => {
  const values = list.map((s) => s[field]).filter((v) => typeof v === 'number');
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
};

/**
 * Full collections the runtime made over the samples' span.
 * @param {{ majorGcs: number }[]} list
 */
const span = (list) => (list.length < 2 ? 0 : (list.at(-1)?.majorGcs ?? 0) - (list[0]?.majorGcs ?? 0));

/**
 * @param {Awaited<ReturnType<typeof measureSoak>>} f
 */
function figures(f) {
  const first = f.samples.filter((s) => s.t < WINDOW);
  const last = f.samples.filter((s) => s.t >= SOAK_SECONDS - WINDOW);
  const heapFirst = mean(first, 'live');
  const heapLast = mean(last, 'live');
  const drift = ratio(heapLast, heapFirst) - 1;
  /** @type {string[][]} */
  const kinds = [['request kind', 'responses', 'expected', 'unexpected', 'statuses']];
  let unexpected = 0;
  for (const k of MIX) {
    const counts = /** @type {Map<number, number>} */ (f.statuses.get(k.kind));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const bad = [...counts.entries()].filter(([s]) => !k.expected.includes(s)).reduce((a, [, n]) => a + n, 0);
    unexpected += bad;
    const shown = [...counts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    kinds.push([k.kind, String(total), k.expected.join(', '), String(bad), shown]);
  }
  const writes = MIX.filter((k) => k.kind.startsWith('write')).reduce(
    (n, k) => n + (f.statuses.get(k.kind)?.get(200) ?? 0),
    0,
  );
  const r = f.result;
  const errors = r.errors + r.timeouts;
  const table = [
    ['soak', 'value', 'baseline', 'ratio', 'target', 'status'],
    ['socket errors + timeouts', String(errors), '', '', '0', verdict(errors === 0)],
    ['unexpected statuses', String(unexpected), '', '', '0', verdict(unexpected === 0)],
    [
      `old generation after the latest full collection, mean of the last ${WINDOW} s vs the first ${WINDOW} s (MiB)`,
      fmt(heapLast / MIB, 1),
      fmt(heapFirst / MIB, 1),
      fmt(ratio(heapLast, heapFirst), 3),
      `within ±${TARGETS.heapDrift * 100} %`,
      verdict(Math.abs(drift) <= TARGETS.heapDrift),
    ],
    [
      `raw heapUsed, mean of the last ${WINDOW} s vs the first ${WINDOW} s (MiB)`,
      fmt(mean(last, 'heapUsed') / MIB, 1),
      fmt(mean(first, 'heapUsed') / MIB, 1),
      fmt(ratio(mean(last, 'heapUsed'), mean(first, 'heapUsed')), 3),
      '',
      '',
    ],
    [
      `RSS, mean of the last ${WINDOW} s vs the first ${WINDOW} s (MiB)`,
      fmt(mean(last, 'rss') / MIB, 1),
      fmt(mean(first, 'rss') / MIB, 1),
      fmt(ratio(mean(last, 'rss'), mean(first, 'rss')), 3),
      '',
      '',
    ],
    ['requests/s (mean)', fmt(r.requests.average, 0), '', '', '', ''],
    ['responses', String(r.requests.total), '', '', '', ''],
    [
      'latency p50 / p99 / max (ms)',
      `${fmt(r.latency.p50, 0)} / ${fmt(r.latency.p99, 0)} / ${fmt(r.latency.max, 0)}`,
      '',
      '',
      '',
      '',
    ],
    ['latency mean (ms)', fmt(r.latency.average, 2), '', '', '', ''],
    [
      'live heapUsed after the soak vs before it, full collection while idle (MiB)',
      fmt(f.after.heapUsed / MIB, 1),
      fmt(f.before.heapUsed / MIB, 1),
      fmt(ratio(f.after.heapUsed, f.before.heapUsed), 3),
      '',
      '',
    ],
    [
      'live heap growth per record written (KiB; journals fill too)',
      fmt((f.after.heapUsed - f.before.heapUsed) / Math.max(1, writes) / 1024, 2),
      '',
      '',
      '',
      '',
    ],
    [
      'full collections by the runtime (first window / last window / whole run)',
      `${span(first)} / ${span(last)} / ${span(f.samples)}`,
      '',
      '',
      '',
      '',
    ],
    [
      'heap samples (first window / last window / all)',
      `${first.length} / ${last.length} / ${f.samples.length}`,
      '',
      '',
      '',
      '',
    ],
    ['accounts in the server at the end', String(f.accounts), '', '', '', ''],
  ];
  return { table, kinds };
}

export default {
  letter: 'f',
  announce: `f. soak: ${ACCOUNTS} accounts, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${SOAK_SECONDS} s`,
  measure: () => measureSoak(),
  /** @param {Awaited<ReturnType<typeof measureSoak>>} f */
  report(f) {
    const { table, kinds } = figures(f);
    console.log(
      `f. Soak (${SOAK_SECONDS} s of mixed traffic, ${CONNECTIONS} connections, ` +
        `${ACCOUNTS} accounts; heap baseline: the first ${WINDOW} s)\n`,
    );
    console.log(textTable(table));
    console.log('');
    console.log(textTable(kinds));
    console.log('');
    return `## f. Soak

\`node dist/cli.js --port <free> --rate-limit off\` as a child process with ${ACCOUNTS} standard accounts
(\`POST /__admin/accounts\`), driven by autocannon at ${CONNECTIONS} connections: ${WARMUP} s of the mix
unmeasured, then ${SOAK_SECONDS} s measured. Rate limiting is off: all the traffic comes from one
address, and at 4 requests per second per endpoint almost every call would be a 429; the limiter's
own state is bounded and tested apart. Each connection runs the mix below in turn (per cycle of
${MIX.reduce((n, k) => n + k.weight, 0)}: ${MIX.map((k) => `${k.weight} ${k.operationId}`).join(', ')}),
each request on the next of the
${ACCOUNTS} accounts (\`/accounts/<name>/api/v2/...\`) with that account's bearer token. Queries and
bodies are the endpoints' declared examples on a world like the accounts' (voucher numbers blank,
so auto-generated; clients without a password, since PBKDF2 is slow on purpose). Token calls use a
second credential of each account, so the bound of 10 000 tokens per credential never revokes the token
the other requests carry. Every status is counted per kind; anything but 200 is unexpected.

Heap: \`GET /__admin/stats\` every second on a connection of its own. Raw heapUsed swings with the
collector's sawtooth (tens of MiB between collections here), and forcing a full collection every
second cost the server most of its throughput; so the figure uses \`heapAfterMajorGc\`: the old
generation the server saw right after its latest full collection (a \`gc\` performance observer;
collections the runtime chose, none forced during the run; the young generation is left out because
requests refill it before the observer runs). That is the live heap, stepping at each full
collection; the row below the figures says how many there were. The figure compares the mean of
the last ${WINDOW} s with the mean of the first ${WINDOW} s of the measured run, after ${WARMUP} s of warm-up.
The server runs with \`--expose-gc\`, and right before and right after the measured run, while
idle, \`?gc=full\` forces a full collection: that pair is the "while idle" row. Writes add records,
so some growth is the data itself: every created client and voucher is kept (writes are 2 in 34
of the mix, about one per second per account).

${markdownTable(table)}

${markdownTable(kinds)}
`;
  },
};
