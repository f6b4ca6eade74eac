// m. A fleet behind HAProxy: cached reads (GET /api/v2/services, answered from the reply cache)
// spread over 40 accounts, (1) straight to one node, (2) through HAProxy with the shipped routing rules
// to that node alone, (3) through HAProxy to two nodes, the accounts moved by `business-api-sim
// rebalance`. Load from wrk with a Lua script; CPU time of every process from /proc. Also the figures
// a fleet is sized by: a node's CPU per request and the RSS per account.

import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, CONNECTIONS, SECONDS, WARMUP_SECONDS } from '../lib/config.js';
import { haproxyProgram, startHaproxy } from '../lib/haproxy.js';
import { CLOCK_TICKS, cpuMicros, expectStatus, request, token } from '../lib/http.js';
import { fmt, markdownTable, ratio, textTable, verdict } from '../lib/stats.js';

const ACCOUNTS = 40;
/** Accounts made on a fresh node to read its RSS per account. */
const MEMORY_ACCOUNTS = 200;
const WRK_THREADS = 1;
const TARGETS = { twoOverOne: 1.6, proxyOverDirect: 0.8 };
const MIB = 1024 * 1024;

/**
 * @typedef {{ rps: number, p50: number, p99: number, requests: number, seconds: number, cpu: Record<string, number> }}
 * Run
 */

/**
 * An executable on PATH, or undefined.
 * @param {string} name
 * @returns {string | undefined}
 */
function program(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {
      // not there
    }
  }
  return undefined;
}

/**
 * Resident set size of a process, bytes, from /proc.
 * @param {number | undefined} pid
 * @returns {number}
 */
function rss(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * CPU time the whole machine has been busy (every core, every process), µs, from /proc/stat.
 * @returns {number}
 */
function machineBusyMicros() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return ((user + nice + system + irq + softirq + steal) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts a node of the fleet.
 * @param {string} name
 */
async function startNode(name) {
  const node = spawnNode([CLI, '--port', '0', '--rate-limit', 'off', '--node-name', name]);
  const url = await waitForUrl(node.child, node.output);
  return { name, url, child: node.child, address: new URL(url).host };
}

/**
 * An account made on `base` by its name, with a token and the services path of its first site.
 * @param {string} base a node or the proxy
 * @param {string} name
 */
async function benchAccount(base, name) {
  await expectStatus(`${base}/__admin/accounts/${name}`, 201, { method: 'PUT', json: { rateLimit: false } });
  const accountBase = `${base}/accounts/${name}`;
  const bearer = await token(accountBase);
  const headers = { authorization: `Bearer ${bearer}` };
  const sites = JSON.parse((await expectStatus(`${accountBase}/api/v2/sites`, 200, { headers })).body.toString());
  const servicesPath = `/accounts/${name}/api/v2/services?siteId=${sites[0].SiteId}`;
  await expectStatus(`${base}${servicesPath}`, 200, { headers });
  return { path: servicesPath, bearer };
}

/**
 * wrk's Lua script: each request the next account in turn, with its token; at the end one JSON line.
 * @param {{ path: string, bearer: string }[]} accounts
 * @returns {string}
 */
function luaScript(accounts) {
  const list = (/** @type {string[]} */ items) => `{ ${items.map((s) => JSON.stringify(s)).join(', ')} }`;
  return `local paths = ${list(accounts.map((a) => a.path))}
local bearers = ${list(accounts.map((a) => `Bearer ${a.bearer}`))}
local n = 0
request = function()
  n = n + 1
  local k = (n % #paths) + 1
  return wrk.format("GET", paths[k], { ["Authorization"] = bearers[k] })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"us":%d,"failed":%d,"status":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

/**
 * Runs wrk against `base` for `seconds`, reading the CPU time of `pids` over the run.
 * @param {string} wrk
 * @param {string} script
 * @param {string} base
 * @param {number} seconds
 * @param {Record<string, number | undefined>} pids
 * @returns {Promise<Run>}
 */
async function wrkRun(wrk, script, base, seconds, pids) {
  const args = ['-t', String(WRK_THREADS), '-c', String(CONNECTIONS), '-d', `${seconds}s`, '-s', script, base];
  const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMicros(pid)]));
  const machineBefore = machineBusyMicros();
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk.toString()));
  child.stderr.on('data', (chunk) => (out += chunk.toString()));
  // wrk's own CPU time, read from /proc every 100 ms while it runs (its /proc entry goes when it exits).
  const wrkStart = cpuMicros(child.pid);
  let wrkLast = wrkStart;
  const sampler = setInterval(() => {
    const now = cpuMicros(child.pid);
    if (Number.isFinite(now)) wrkLast = now;
  }, 100);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  const wrkCpu = wrkLast - wrkStart;
  const after = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMicros(pid)]));
  const machine = machineBusyMicros() - machineBefore;
  const line = /RESULT (\{.*\})/.exec(out)?.[1];
  if (code !== 0 || line === undefined) throw new Error(`wrk exited with ${code}:\n${out}`);
  const r = JSON.parse(line);
  if (r.failed > 0 || r.status > 0 || r.requests === 0)
    throw new Error(`wrk against ${base}: ${r.failed} socket errors, ${r.status} answers not 2xx/3xx:\n${out}`);
  const secondsRun = r.us / 1e6;
  /** @type {Record<string, number>} */
  const cpu = {};
  for (const k of Object.keys(pids)) cpu[k] = ((after[k] ?? Number.NaN) - (before[k] ?? Number.NaN)) / r.us;
  cpu.wrk = wrkCpu / r.us;
  // Everything else the machine ran meanwhile (the benchmark process, other work on a shared machine).
  const ours = Object.values(cpu).reduce((sum, v) => sum + v, 0);
  cpu.other = machine / r.us - ours;
  return {
    rps: r.requests / secondsRun,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    requests: r.requests,
    seconds: secondsRun,
    cpu,
  };
}

/**
 * A warm-up, then the measured run.
 * @param {string} wrk
 * @param {string} script
 * @param {string} base
 * @param {Record<string, number | undefined>} pids
 */
async function measured(wrk, script, base, pids) {
  await wrkRun(wrk, script, base, WARMUP_SECONDS, pids);
  return wrkRun(wrk, script, base, SECONDS, pids);
}

/** @param {{ tmp: string }} ctx */
async function measure(ctx) {
  const wrk = program('wrk');
  if (haproxyProgram() === undefined) return { skipped: 'haproxy is not installed' };
  if (wrk === undefined) return { skipped: 'wrk is not installed' };
  const script = path.join(ctx.tmp, 'fleet.lua');
  const one = await startNode('node-1');
  const two = await startNode('node-2');
  /** @type {Awaited<ReturnType<typeof startHaproxy>>} */
  let proxy;
  try {
    const accounts = [];
    for (let i = 1; i <= ACCOUNTS; i++) accounts.push(await benchAccount(one.url, `fleet-${i}`));
    writeFileSync(script, luaScript(accounts));

    const direct = await measured(wrk, script, one.url, { 'node-1': one.child.pid });

    proxy = await startHaproxy([one.address]);
    if (!proxy) return { skipped: 'haproxy is not installed' };
    const proxied = await measured(wrk, script, proxy.url, { 'node-1': one.child.pid, haproxy: proxy.pid });
    await proxy.stop();

    proxy = await startHaproxy([one.address, two.address]);
    if (!proxy) return { skipped: 'haproxy is not installed' };
    const started = performance.now();
    const moved = await rebalance(proxy.url, [one.url, two.url]);
    const rebalanceMs = performance.now() - started;
    const pids = { 'node-1': one.child.pid, 'node-2': two.child.pid, haproxy: proxy.pid };
    const fleet = await measured(wrk, script, proxy.url, pids);
    await proxy.stop();
    const memory = await memoryPerAccount();
    return { direct, proxied, fleet, moved, rebalanceMs, memory, threads: haproxyThreads() };
  } finally {
    await proxy?.stop();
    await stopChild(one.child);
    await stopChild(two.child);
  }
}

/**
 * `business-api-sim rebalance` from one node to two; the accounts it moved.
 * @param {string} proxy
 * @param {string[]} nodes
 * @returns {Promise<number>}
 */
async function rebalance(proxy, nodes) {
  const run = spawnNode([CLI, 'rebalance', '--proxy', proxy, ...nodes.flatMap((n) => ['--node', n])]);
  const code = await new Promise((resolve) => run.child.once('exit', resolve));
  const summary = /^done: (\d+) moved, 0 refused, 0 failed/m.exec(run.output());
  if (code !== 0 || !summary) throw new Error(`rebalance exited with ${code}:\n${run.output()}`);
  return Number(summary[1]);
}

/** RSS of a fresh node before and after MEMORY_ACCOUNTS accounts, each with a token and a services read. */
async function memoryPerAccount() {
  const node = await startNode('node-m');
  try {
    await benchAccount(node.url, 'warm');
    await request(`${node.url}/__admin/health`);
    const before = rss(node.child.pid);
    for (let i = 1; i <= MEMORY_ACCOUNTS; i++) await benchAccount(node.url, `memory-${i}`);
    const after = rss(node.child.pid);
    return { accounts: MEMORY_ACCOUNTS, before, after, perAccount: (after - before) / MEMORY_ACCOUNTS };
  } finally {
    await stopChild(node.child);
  }
}

/** HAProxy's threads: 2.6 starts one per core unless told otherwise. */
function haproxyThreads() {
  return `one per core (${path.basename(haproxyProgram() ?? 'haproxy')} default)`;
}

/** @param {Record<string, number>} cpu */
const cores = (cpu) =>
  Object.entries(cpu)
    .map(([k, v]) => `${k} ${fmt(v, 2)}`)
    .join(', ');

/**
 * @param {any} m
 * @returns {{ table: string[][], projection: string[][], accounting: string } | undefined}
 */
function report(m) {
  if (m.skipped) {
    console.log(`m. A fleet behind HAProxy: skipped (${m.skipped})\n`);
    return undefined;
  }
  const twoOverOne = ratio(m.fleet.rps, m.proxied.rps);
  const proxyOverDirect = ratio(m.proxied.rps, m.direct.rps);
  /** @param {string} label @param {Run} r */
  const row = (label, r) => [label, fmt(r.rps, 0), fmt(r.p50, 2), fmt(r.p99, 2), cores(r.cpu)];
  const table = [
    [`GET services over ${ACCOUNTS} accounts`, 'requests/s', 'p50 (ms)', 'p99 (ms)', 'CPU used (cores)'],
    row('(1) straight to one node', m.direct),
    row('(2) HAProxy → 1 node', m.proxied),
    row('(3) HAProxy → 2 nodes', m.fleet),
    ['(3) / (2)', fmt(twoOverOne, 2), `target ≥ ${TARGETS.twoOverOne}`, verdict(twoOverOne >= TARGETS.twoOverOne), ''],
    [
      '(2) / (1)',
      fmt(proxyOverDirect, 2),
      `target ≥ ${TARGETS.proxyOverDirect}`,
      verdict(proxyOverDirect >= TARGETS.proxyOverDirect),
      '',
    ],
  ];
  const nodeUs = (1e6 * m.direct.cpu['node-1']) / m.direct.rps;
  const fleetNodeUs = (1e6 * (m.fleet.cpu['node-1'] + m.fleet.cpu['node-2'])) / m.fleet.rps;
  const proxyUs = (1e6 * m.fleet.cpu.haproxy) / m.fleet.rps;
  const projection = [
    ['per node', 'figure'],
    ['node CPU per request, straight (µs)', fmt(nodeUs, 0)],
    ['node CPU per request, in the fleet (µs)', fmt(fleetNodeUs, 0)],
    ['requests/s a node answers with one core to itself (1e6 / µs)', fmt(1e6 / fleetNodeUs, 0)],
    ['HAProxy CPU per request (µs)', fmt(proxyUs, 0)],
    ['requests/s per node in (3)', fmt(m.fleet.rps / 2, 0)],
    [
      `RSS per account (MiB; ${m.memory.accounts} accounts, a token and a read each)`,
      fmt(m.memory.perAccount / MIB, 3),
    ],
    [`RSS of a node before / after (MiB)`, `${fmt(m.memory.before / MIB, 1)} / ${fmt(m.memory.after / MIB, 1)}`],
    [`rebalance, 1 node → 2 (accounts moved, ms)`, `${m.moved}, ${fmt(m.rebalanceMs, 0)}`],
  ];
  const ownCores = (/** @type {Run} */ r) =>
    Object.entries(r.cpu)
      .filter(([k]) => k !== 'other')
      .reduce((sum, [, v]) => sum + v, 0);
  const accounting =
    `CPU accounting: at (2)'s cost per request, (3) at ${TARGETS.twoOverOne} × (2)'s rate needs ` +
    `${fmt(TARGETS.twoOverOne * ownCores(m.proxied), 2)} cores for the nodes, HAProxy and wrk together; ` +
    'the machine has ' +
    `${os.cpus().length}, of which other work took ${fmt(m.fleet.cpu.other, 2)} during (3) (the benchmark process ` +
    `itself, and whatever else the machine ran); the nodes, HAProxy and wrk got ${fmt(ownCores(m.fleet), 2)}.`;
  console.log(
    `m. A fleet behind HAProxy (wrk, ${WRK_THREADS} thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s ` +
      `warm-up + ${SECONDS} s each; nodes, HAProxy and wrk share the machine's cores)\n`,
  );
  console.log(textTable(table));
  console.log('');
  console.log(`${accounting}\n`);
  console.log(textTable(projection));
  console.log('');
  return { table, projection, accounting };
}

export default {
  letter: 'm',
  announce: `m. fleet: ${ACCOUNTS} accounts, straight / HAProxy to 1 node / HAProxy to 2 nodes (wrk)`,
  measure,
  /** @param {any} m */
  report(m) {
    const tables = report(m);
    if (!tables)
      return `## m. A fleet behind HAProxy

Skipped: ${m.skipped}.
`;
    return `## m. A fleet behind HAProxy

\`GET /accounts/<name>/api/v2/services?siteId=<first site>\` over ${ACCOUNTS} accounts (standard world,
each with its own token), answered from the simulator's reply cache. wrk (${WRK_THREADS} thread,
${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured) with a Lua script
that sends each request to the next account in turn. (1) straight to one node holding every account;
(2) through HAProxy with the shipped \`deploy/haproxy.cfg\` (\`bench/lib/haproxy.js\`: its server lines
replaced, the rules as shipped; HAProxy's threads: ${m.threads}) to that node alone; (3) the same with a
second node, the accounts the proxy routes to it moved there by \`business-api-sim rebalance\`. CPU used
is each process's user + system time over the measured run (from /proc) divided by its length: 1.00 is
one core. The nodes, HAProxy and wrk share the machine's cores, so (3) cannot reach two nodes' worth
of a machine with cores to spare.

${markdownTable(tables.table)}

${tables.accounting}

Figures for sizing a fleet (docs/fleet.md, "How many nodes"):

${markdownTable(tables.projection)}
`;
  },
};
