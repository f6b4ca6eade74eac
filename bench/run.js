// Benchmark of the simulator, run by `npm run bench` (whose `prebench` builds dist/ first).
//
// In one run it measures, on loopback only:
//   a. throughput and latency of GET /api/v2/services through the full stack of the simulator
//      (bearer token, allow-lists, throttling off) against a bare hono server answering the same bytes;
//   b. startup time, from spawn to the first 200 of /__admin/health and of an authenticated
//      /api/v2/ping, against the bare server's own startup;
//   c. the time to create a fresh standard account through the control plane, against a plain
//      GET /__admin/health on the same connection;
//   d. the latency of GET /api/v2/appointments/availabletimes for a two-service cart on a busy day
//      of the large world, in-process (no socket), against GET /api/v2/ping in the same process.
//
// Usage: npm run bench [-- --write]
//   --write                 also rewrite bench/RESULTS.md with the figures (needs every section)
//   env BENCH_SECONDS       measured seconds per load test (default 10)
//   env BENCH_WARMUP_SECONDS warm-up seconds before each load test (default min(2, BENCH_SECONDS))
//   env BENCH_ONLY          sections to run, e.g. `d` or `a,c` (default all: abcd)
//
// Every server is a child process on 127.0.0.1 with a free port, stopped by its PID at the end.
// The exit code is non-zero only when something could not be measured; a missed target is
// printed as MISSED and does not fail the run.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const BASELINE = path.join(ROOT, 'bench', 'baseline-server.js');
const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');

const HOST = '127.0.0.1';
const CONNECTIONS = 50;
const STARTUP_RUNS = 5;
const CREATE_RUNS = 30;
const AVAILABILITY_WARMUP = 50;
const AVAILABILITY_RUNS = 200;
const AFTER_WRITE_RUNS = 20;
const POLL_MS = 2;
const CREDENTIAL = { clientId: 'demo-client', secret: 'demo-secret' };

const TARGETS = {
  throughputRatio: 0.6,
  p99Ms: 10,
  startupMs: 500,
  createMs: 20,
  availabilityMedianMs: 10,
};

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }} HttpAnswer */
/**
 * @typedef {object} LoadFigures
 * @property {number} rps        mean requests per second
 * @property {number} p50        latency, ms
 * @property {number} p99        latency, ms
 * @property {number} mean       mean latency, ms
 * @property {number} total      2xx responses counted
 * @property {number} bytesPerSec mean throughput, bytes/s
 * @property {number} cpuUsPerRequest server process CPU time (user + system) per response, µs; NaN if unknown
 */

// ---------------------------------------------------------------------------------------------
// Options

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
  if (!Number.isFinite(n) || n <= 0 || n > 600) throw new Error(`${name}: expected seconds from >0 to 600, got '${text}'`);
  return n;
}

const { values: flags } = parseArgs({ options: { write: { type: 'boolean', default: false } }, strict: true });
const SECONDS = secondsFromEnv('BENCH_SECONDS', 10);
const WARMUP_SECONDS = secondsFromEnv('BENCH_WARMUP_SECONDS', Math.min(2, SECONDS));
const SECTIONS = sectionsFromEnv('BENCH_ONLY');

/**
 * The sections to run, from letters such as `d` or `a,c`.
 * @param {string} name
 * @returns {Set<string>}
 */
function sectionsFromEnv(name) {
  const text = (process.env[name] ?? '').trim().toLowerCase();
  if (text === '') return new Set(['a', 'b', 'c', 'd']);
  const letters = text.split(/[\s,]*/).filter(Boolean);
  const unknown = letters.filter((l) => !'abcd'.includes(l));
  if (unknown.length > 0) throw new Error(`${name}: expected letters from a, b, c, d, got '${text}'`);
  return new Set(letters);
}

/** The command line as the user typed it, for RESULTS.md. */
function commandLine() {
  const env = ['BENCH_SECONDS', 'BENCH_WARMUP_SECONDS', 'BENCH_ONLY']
    .filter((name) => process.env[name] !== undefined)
    .map((name) => `${name}=${process.env[name]} `)
    .join('');
  const args = process.argv.slice(2);
  const viaNpm = process.env.npm_lifecycle_event === 'bench';
  const tail = args.length ? (viaNpm ? ` -- ${args.join(' ')}` : ` ${args.join(' ')}`) : '';
  return `${env}${viaNpm ? 'npm run bench' : 'node bench/run.js'}${tail}`;
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is tracked and ended by its PID.

/** @type {Set<ChildProcess>} */
const children = new Set();

/**
 * Starts `node <args>` in the repository root, collecting its output.
 * @param {string[]} args
 * @returns {{ child: ChildProcess, output: () => string, startedAt: number }}
 */
function spawnNode(args) {
  let out = '';
  const startedAt = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.add(child);
  const keep = (/** @type {Buffer} */ chunk) => {
    out += chunk.toString();
    if (out.length > 16_384) out = out.slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => children.delete(child));
  return { child, output: () => out, startedAt };
}

/**
 * Waits for the `listening on http://…` line a server prints on stdout.
 * @param {ChildProcess} child
 * @param {() => string} output
 * @param {number} [timeoutMs]
 * @returns {Promise<string>} the base URL
 */
function waitForUrl(child, output, timeoutMs = 20_000) {
  return new Promise((resolve, reject) => {
    const pattern = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    const timer = setTimeout(() => done(new Error(`no 'listening on' line within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = pattern.exec(output());
      if (match) done(undefined, match[1]);
    };
    const onExit = (/** @type {number | null} */ code) => done(new Error(`server exited (code ${code}) before listening:\n${output()}`));
    /**
     * @param {Error | undefined} error
     * @param {string} [url]
     */
    function done(error, url) {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(/** @type {string} */ (url));
    }
    child.stdout?.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

/**
 * Ends a child by its PID: SIGTERM, then SIGKILL if it has not exited within 3 s.
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, 3000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    console.error(`bench: PID ${child.pid} did not exit within 3 s of SIGTERM; sending SIGKILL`);
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
  children.delete(child);
}

/** Last resort on exit: SIGKILL whatever child is still running, by PID. */
function killChildrenNow() {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

process.on('exit', killChildrenNow);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    killChildrenNow();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------
// Network helpers

/**
 * A free TCP port on loopback: bind port 0, read it, release it.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * One HTTP request with node:http.
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, json?: unknown, agent?: http.Agent | false, timeoutMs?: number }} [options]
 * @returns {Promise<HttpAnswer>}
 */
function request(url, options = {}) {
  const { method = 'GET', json, agent, timeoutMs = 10_000 } = options;
  const headers = { ...options.headers };
  const body = json === undefined ? undefined : JSON.stringify(json);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms: ${method} ${url}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Like {@link request}, but fails unless the status is the expected one.
 * @param {string} url
 * @param {number} expected
 * @param {Parameters<typeof request>[1]} [options]
 * @returns {Promise<HttpAnswer>}
 */
async function expectStatus(url, expected, options) {
  const answer = await request(url, options);
  if (answer.status !== expected) {
    throw new Error(`${options?.method ?? 'GET'} ${url}: expected ${expected}, got ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  }
  return answer;
}

/**
 * A bearer token for the demo credential of the default account.
 * @param {string} base
 * @param {http.Agent | false} [agent]
 * @returns {Promise<string>}
 */
async function token(base, agent) {
  const answer = await expectStatus(`${base}/api/v2/token`, 200, { method: 'POST', json: CREDENTIAL, agent });
  const { access_token: accessToken } = JSON.parse(answer.body.toString());
  if (typeof accessToken !== 'string') throw new Error('token endpoint answered no access_token');
  return accessToken;
}

/**
 * Polls a URL every {@link POLL_MS} ms on a fresh connection until it answers 200.
 * @param {string} url
 * @param {number} deadline performance.now() value to give up at
 * @param {() => boolean} alive false once the server process has exited
 * @returns {Promise<number>} performance.now() at the first 200
 */
async function pollUntil200(url, deadline, alive) {
  for (;;) {
    try {
      const answer = await request(url, { agent: false, timeoutMs: 2000 });
      if (answer.status === 200) return performance.now();
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Error(`server exited before ${url} answered 200`);
    if (performance.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await sleep(POLL_MS);
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks per second of /proc/<pid>/stat times (Linux); 100 when getconf is unavailable. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) a process has used so far, in µs, from /proc; NaN where there is none.
 * @param {number | undefined} pid
 * @returns {number}
 */
function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics and output

/**
 * @param {number[]} values
 * @returns {number}
 */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[mid]) : (/** @type {number} */ (sorted[mid - 1]) + /** @type {number} */ (sorted[mid])) / 2;
}

/**
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
const ratio = (a, b) => (b > 0 ? a / b : Number.NaN);

/**
 * @param {number} n
 * @param {number} [digits]
 * @returns {string}
 */
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');

/**
 * "met" or "MISSED" for a figure against its target.
 * @param {boolean} ok
 * @returns {string}
 */
const verdict = (ok) => (ok ? 'met' : 'MISSED');

/**
 * Pads rows into aligned columns.
 * @param {string[][]} rows the first row is the header
 * @returns {string}
 */
function textTable(rows) {
  const widths = /** @type {string[]} */ (rows[0]).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(/** @type {string[]} */ (rows[0])), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/**
 * The same rows as a Markdown table.
 * @param {string[][]} rows
 * @returns {string}
 */
function markdownTable(rows) {
  const [head, ...body] = rows;
  const line = (/** @type {string[]} */ r) => `| ${r.join(' | ')} |`;
  return [line(/** @type {string[]} */ (head)), line(/** @type {string[]} */ (head).map((_, i) => (i === 0 ? '---' : '---:'))), ...body.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// a. Throughput and latency

/**
 * Runs autocannon against a URL: a warm-up, then the measured run.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number | undefined} pid the server's PID, to read its CPU time
 * @returns {Promise<LoadFigures>}
 */
async function load(url, headers, pid) {
  /** @param {number} duration */
  const run = async (duration) => {
    const result = await autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10 });
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0 || result['2xx'] === 0) {
      throw new Error(`load test of ${url} had ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${result['2xx']} 2xx`);
    }
    return result;
  };
  await run(WARMUP_SECONDS);
  const cpuBefore = cpuMicros(pid);
  const r = await run(SECONDS);
  const cpu = cpuMicros(pid) - cpuBefore;
  return {
    cpuUsPerRequest: cpu / r['2xx'],
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    total: r['2xx'],
    bytesPerSec: r.throughput.average,
  };
}

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

  console.log(`a. GET ${servicesPath}: ${services.length} services, ${answer.body.length} bytes; ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s each`);
  const simulator = await load(`${base}${servicesPath}`, auth, sim.child.pid);
  const bare = await load(`${baselineUrl}${servicesPath}`, auth, baseline.child.pid);
  await stopChild(baseline.child);
  await stopChild(sim.child);
  return { simulator, baseline: bare, bytes: answer.body.length, count: services.length, site: site.SiteId };
}

// ---------------------------------------------------------------------------------------------
// b. Startup

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
    return (await pollUntil200(`http://${HOST}:${port}/api/v2/services`, server.startedAt + 20_000, alive)) - server.startedAt;
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

// ---------------------------------------------------------------------------------------------
// c. Account creation

/**
 * Part c: GET /__admin/health 30 times (the baseline request, after 5 unmeasured), then
 * POST /__admin/accounts (size standard) 30 times, all on one keep-alive connection. The health
 * requests come first so that garbage collection of the new worlds is charged to creation. The
 * simulator starts with `--size small`, so its default account does not build the standard
 * template: whichever step first needs the standard world pays for generating it. After the
 * creations, each new account is used once (token + GET /api/v2/sites under /accounts/<name>),
 * timed as "first use".
 */
async function measureCreate() {
  const sim = spawnNode([CLI, '--port', '0', '--size', 'small', '--rate-limit', 'off']);
  const base = await waitForUrl(sim.child, sim.output);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 5; i++) await expectStatus(`${base}/__admin/health`, 200, { agent });
    const stamp = Date.now().toString(36);
    /** @type {number[]} */ const create = [];
    /** @type {number[]} */ const health = [];
    for (let i = 0; i < CREATE_RUNS; i++) {
      const t = performance.now();
      await expectStatus(`${base}/__admin/health`, 200, { agent });
      health.push(performance.now() - t);
    }
    for (let i = 0; i < CREATE_RUNS; i++) {
      const t = performance.now();
      await expectStatus(`${base}/__admin/accounts`, 201, { method: 'POST', json: { name: `bench-${stamp}-${i}`, size: 'standard' }, agent });
      create.push(performance.now() - t);
    }
    /** @type {number[]} */ const use = [];
    for (let i = 0; i < CREATE_RUNS; i++) {
      const account = `${base}/accounts/bench-${stamp}-${i}`;
      const t = performance.now();
      const accessToken = await token(account, agent);
      await expectStatus(`${account}/api/v2/sites`, 200, { headers: { authorization: `Bearer ${accessToken}` }, agent });
      use.push(performance.now() - t);
    }
    return { first: /** @type {number} */ (create[0]), rest: create.slice(1), health, firstUse: /** @type {number} */ (use[0]), use: use.slice(1) };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    agent.destroy();
    await stopChild(sim.child);
  }
}

// ---------------------------------------------------------------------------------------------
// d. Availability

/**
 * Percentile by nearest rank.
 * @param {number[]} values
 * @param {number} p 0–100
 * @returns {number}
 */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}

/**
 * Part d, in-process (dist/app.js, no socket): a large-world simulator with the rate limit off.
 * The busy day is the day from tomorrow on, within a week, with the most appointments at the
 * first active site; the two services are the pair booked most that day (most booked first) for
 * which availabletimes offers at least one time. After {@link AVAILABILITY_WARMUP} unmeasured
 * calls, {@link AVAILABILITY_RUNS} measured ones, then as many GET /api/v2/ping as the baseline.
 */
async function measureAvailability() {
  const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
  const started = performance.now();
  const sim = await createSimulator({ size: 'large', rateLimit: false });
  /** @param {string} url @param {RequestInit} [init] */
  const call = async (url, init) => {
    const res = await sim.fetch(new Request(`http://127.0.0.1${url}`, init));
    return { status: res.status, text: await res.text() };
  };
  const issued = await call('/api/v2/token', { method: 'POST', body: JSON.stringify(CREDENTIAL) });
  const headers = { authorization: `Bearer ${JSON.parse(issued.text).access_token}` };
  const world = sim.registry.get('demo').world;
  // Collections are generated on first touch; the setup figure includes the diary's.
  void world.appointments.length;
  const setup = performance.now() - started;

  const site = world.sites.filter((/** @type {any} */ s) => s.State === 1).sort((/** @type {any} */ a, /** @type {any} */ b) => (a.Name < b.Name ? -1 : 1))[0];
  const cancelled = world.appointmentStates.find((/** @type {any} */ s) => s.Name === 'Cancelled')?.AppointmentStateId;
  const booked = world.appointments.filter((/** @type {any} */ a) => a.SiteId === site.SiteId && a.AppointmentStateId !== cancelled);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dayText = (/** @type {number} */ d) => new Date(today + d * 86_400_000).toISOString().slice(0, 10);
  const perDay = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ day: dayText(d), count: booked.filter((/** @type {any} */ a) => a.Start.startsWith(dayText(d))).length }));
  const { day, count } = perDay.sort((a, b) => b.count - a.count)[0] ?? { day: dayText(1), count: 0 };
  /** @type {Map<string, number>} */
  const popularity = new Map();
  for (const a of booked.filter((/** @type {any} */ x) => x.Start.startsWith(day))) {
    for (const s of a.AppointmentServices) popularity.set(s.ServiceId, (popularity.get(s.ServiceId) ?? 0) + 1);
  }
  const ranked = [...popularity.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const timesUrl = (/** @type {string} */ first, /** @type {string} */ second) =>
    `/api/v2/appointments/availabletimes?siteId=${site.SiteId}&day=${day}&services=${first}&services=${second}&packageId=&clientId=&serviceSequence=1`;
  let url = '';
  let offers = 0;
  search: for (const first of ranked) {
    for (const second of ranked) {
      if (first === second) continue;
      const answer = await call(timesUrl(first, second), { headers });
      if (answer.status !== 200) throw new Error(`availabletimes answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      offers = JSON.parse(answer.text).length;
      if (offers > 0) {
        url = timesUrl(first, second);
        break search;
      }
    }
  }
  if (url === '') throw new Error(`no pair of services has a time at ${site.Name} on ${day}`);

  /** @param {string} target */
  const time = async (target) => {
    for (let i = 0; i < AVAILABILITY_WARMUP; i++) await call(target, { headers });
    /** @type {number[]} */ const ms = [];
    for (let i = 0; i < AVAILABILITY_RUNS; i++) {
      const t = performance.now();
      const answer = await call(target, { headers });
      ms.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`${target} answered ${answer.status}`);
    }
    return ms;
  };
  const times = await time(url);
  const ping = await time('/api/v2/ping');

  // After a write the diary index is rebuilt by the first question: a state change of another
  // site's appointment (Booked ⇄ Confirmed) before each measured call.
  const other = world.appointments.find((/** @type {any} */ a) => a.SiteId !== site.SiteId && a.AppointmentStateId !== cancelled);
  const stateIds = ['Booked', 'Confirmed'].map((name) => world.appointmentStates.find((/** @type {any} */ s) => s.Name === name)?.AppointmentStateId);
  /** @type {number[]} */ const afterWrite = [];
  for (let i = 0; i < AFTER_WRITE_RUNS; i++) {
    const moved = await call(`/api/v2/appointments/setstate?appointmentId=${other.AppointmentId}&appointmentStateId=${stateIds[i % 2]}`, { method: 'POST', headers });
    if (moved.status !== 200) throw new Error(`setstate answered ${moved.status}: ${moved.text.slice(0, 300)}`);
    const t = performance.now();
    await call(url, { headers });
    afterWrite.push(performance.now() - t);
  }
  return { setup, site: site.Name, day, appointments: count, offers, services: ranked.length, times, ping, afterWrite };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  if (!existsSync(CLI)) throw new Error(`${path.relative(ROOT, CLI)} is missing: run 'npm run build' (npm run bench does it first)`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  try {
    const a = SECTIONS.has('a') ? await measureThroughput(tmp) : undefined;
    if (SECTIONS.has('b')) console.log(`b. startup: ${STARTUP_RUNS} spawns each of the simulator and the baseline`);
    const b = SECTIONS.has('b') ? await measureStartup(tmp) : undefined;
    if (SECTIONS.has('c')) console.log(`c. account creation: ${CREATE_RUNS} × POST /__admin/accounts (standard)`);
    const c = SECTIONS.has('c') ? await measureCreate() : undefined;
    if (SECTIONS.has('d')) console.log(`d. availability: ${AVAILABILITY_RUNS} × GET availabletimes (large world, in-process)`);
    const d = SECTIONS.has('d') ? await measureAvailability() : undefined;
    report(a, b, c, d);
  } finally {
    await Promise.all([...children].map(stopChild));
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Prints the tables of the sections that ran and, with --write (every section run), rewrites bench/RESULTS.md.
 * @param {Awaited<ReturnType<typeof measureThroughput>> | undefined} a
 * @param {Awaited<ReturnType<typeof measureStartup>> | undefined} b
 * @param {Awaited<ReturnType<typeof measureCreate>> | undefined} c
 * @param {Awaited<ReturnType<typeof measureAvailability>> | undefined} d
 */
function report(a, b, c, d) {
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${os.platform()} ${os.release()}, Node ${process.version}`;
  console.log(`\nMachine: ${machine}\n`);
  const tableA = a && reportThroughput(a);
  const tableB = b && reportStartup(b);
  const tableC = c && reportCreate(c);
  const tableD = d && reportAvailability(d);
  if (!flags.write) return;
  if (!a || !b || !c || !d || !tableA || !tableB || !tableC || !tableD) {
    console.log('--write rewrites bench/RESULTS.md only when every section ran (BENCH_ONLY unset); not written.');
    return;
  }
  writeResults(machine, { a, tableA, tableC, tableB, tableD, d });
}

/**
 * @param {Awaited<ReturnType<typeof measureThroughput>>} a
 * @returns {string[][]}
 */
function reportThroughput(a) {
  const rpsRatio = ratio(a.simulator.rps, a.baseline.rps);
  const p99Ratio = ratio(a.simulator.p99, a.baseline.p99);
  const tableA = [
    ['GET /api/v2/services', 'simulator', 'baseline', 'sim/base', 'target', 'status'],
    ['requests/s (mean)', fmt(a.simulator.rps, 0), fmt(a.baseline.rps, 0), fmt(rpsRatio, 2), `ratio ≥ ${TARGETS.throughputRatio}`, verdict(rpsRatio >= TARGETS.throughputRatio)],
    ['latency p50 (ms)', fmt(a.simulator.p50, 0), fmt(a.baseline.p50, 0), fmt(ratio(a.simulator.p50, a.baseline.p50), 2), '', ''],
    ['latency p99 (ms)', fmt(a.simulator.p99, 0), fmt(a.baseline.p99, 0), fmt(p99Ratio, 2), `sim ≤ ${TARGETS.p99Ms} ms`, verdict(a.simulator.p99 <= TARGETS.p99Ms)],
    ['latency mean (ms)', fmt(a.simulator.mean, 2), fmt(a.baseline.mean, 2), fmt(ratio(a.simulator.mean, a.baseline.mean), 2), '', ''],
    ['server CPU per request (µs)', fmt(a.simulator.cpuUsPerRequest, 0), fmt(a.baseline.cpuUsPerRequest, 0), fmt(ratio(a.simulator.cpuUsPerRequest, a.baseline.cpuUsPerRequest), 2), '', ''],
    ['responses (2xx)', String(a.simulator.total), String(a.baseline.total), '', '', ''],
    ['MB/s', fmt(a.simulator.bytesPerSec / 1e6, 1), fmt(a.baseline.bytesPerSec / 1e6, 1), '', '', ''],
  ];
  console.log(`a. Throughput and latency (${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; baseline: bare hono answering the same ${a.bytes} bytes)\n`);
  console.log(textTable(tableA));
  console.log('');
  return tableA;
}

/**
 * @param {Awaited<ReturnType<typeof measureStartup>>} b
 * @returns {string[][]}
 */
function reportStartup(b) {
  const health = median(b.health);
  const firstToken = median(b.firstToken);
  const baseStart = median(b.baseline);
  const tableB = [
    ['startup, spawn → first 200 (median of 5)', 'simulator', 'baseline', 'sim/base', 'target', 'status'],
    ['GET /__admin/health (ms)', fmt(health, 0), fmt(baseStart, 0), fmt(ratio(health, baseStart), 2), `≤ ${TARGETS.startupMs} ms`, verdict(health <= TARGETS.startupMs)],
    ['token + GET /api/v2/ping (ms)', fmt(firstToken, 0), fmt(baseStart, 0), fmt(ratio(firstToken, baseStart), 2), '', ''],
    ['then GET /api/v2/sites (first world read, ms)', fmt(median(b.firstWorld), 0), '', '', '', ''],
    ['each health run (ms)', b.health.map((v) => fmt(v, 0)).join(' '), b.baseline.map((v) => fmt(v, 0)).join(' '), '', '', ''],
  ];
  console.log(`b. Startup (baseline: the bare hono server's own spawn → first 200)\n`);
  console.log(textTable(tableB));
  console.log('');
  return tableB;
}

/**
 * @param {Awaited<ReturnType<typeof measureCreate>>} c
 * @returns {string[][]}
 */
function reportCreate(c) {
  const create = median(c.rest);
  const healthReq = median(c.health);
  const tableC = [
    ['POST /__admin/accounts (standard)', 'ms', 'baseline ms', 'ratio', 'target', 'status'],
    [`median of creations 2–${CREATE_RUNS}`, fmt(create, 2), fmt(healthReq, 2), fmt(ratio(create, healthReq), 1), `≤ ${TARGETS.createMs} ms`, verdict(create <= TARGETS.createMs)],
    ['first creation', fmt(c.first, 1), '', '', '', ''],
    [`min / max of creations 2–${CREATE_RUNS}`, `${fmt(Math.min(...c.rest), 2)} / ${fmt(Math.max(...c.rest), 2)}`, '', '', '', ''],
    ['first use of account 1 (token + GET sites)', fmt(c.firstUse, 1), '', '', '', ''],
    [`first use, median of accounts 2–${CREATE_RUNS}`, fmt(median(c.use), 2), fmt(healthReq, 2), fmt(ratio(median(c.use), healthReq), 1), '', ''],
  ];
  console.log(`c. Account creation (baseline: GET /__admin/health on the same keep-alive connection, median of ${CREATE_RUNS} taken before the creations)\n`);
  console.log(textTable(tableC));
  console.log('');
  return tableC;
}

/**
 * @param {Awaited<ReturnType<typeof measureAvailability>>} d
 * @returns {string[][]}
 */
function reportAvailability(d) {
  const timesMedian = median(d.times);
  const pingMedian = median(d.ping);
  const tableD = [
    ['in-process, ms', 'availabletimes', 'ping', 'ratio', 'target', 'status'],
    [`median of ${AVAILABILITY_RUNS}`, fmt(timesMedian, 2), fmt(pingMedian, 3), fmt(ratio(timesMedian, pingMedian), 0), `≤ ${TARGETS.availabilityMedianMs} ms`, verdict(timesMedian <= TARGETS.availabilityMedianMs)],
    ['p95', fmt(percentile(d.times, 95), 2), fmt(percentile(d.ping, 95), 3), fmt(ratio(percentile(d.times, 95), percentile(d.ping, 95)), 0), '', ''],
    ['min / max', `${fmt(Math.min(...d.times), 2)} / ${fmt(Math.max(...d.times), 2)}`, `${fmt(Math.min(...d.ping), 3)} / ${fmt(Math.max(...d.ping), 3)}`, '', '', ''],
    [`first call after a write (median of ${AFTER_WRITE_RUNS})`, fmt(median(d.afterWrite), 2), '', '', '', ''],
  ];
  console.log(`d. Availability (${d.site}, ${d.day}: ${d.appointments} appointments at the site that day, ${d.offers} times offered; large world built in ${fmt(d.setup, 0)} ms)\n`);
  console.log(textTable(tableD));
  console.log('');
  return tableD;
}

/**
 * Rewrites bench/RESULTS.md.
 * @param {string} machine
 * @param {{ a: Awaited<ReturnType<typeof measureThroughput>>, d: Awaited<ReturnType<typeof measureAvailability>>, tableA: string[][], tableB: string[][], tableC: string[][], tableD: string[][] }} r
 */
function writeResults(machine, { a, d, tableA, tableB, tableC, tableD }) {
  const md = `# Benchmark results

Written by \`bench/run.js\`; re-run with the command below to refresh.

- Date: ${new Date().toISOString()}
- Machine: ${machine}
- Command: \`${commandLine()}\`

All servers run as child processes on 127.0.0.1; autocannon runs in the benchmark process on the
same machine. The simulator is \`node dist/cli.js\` with its defaults except where noted.

## a. Throughput and latency

\`GET /api/v2/services?siteId=<active site>\` on the default account through the full stack
(bearer token, allow-lists, \`--rate-limit off\`): ${a.count} services, ${a.bytes} bytes per answer.
Baseline: a bare \`@hono/node-server\` + \`hono\` app (\`bench/baseline-server.js\`) answering the
same bytes from one route. ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s measured, each.
Latencies are autocannon's (whole milliseconds). Server CPU per request is the server process's
user + system time during the measured run (from /proc) divided by the responses.

${markdownTable(tableA)}

## b. Startup to first 200

Spawn of \`node dist/cli.js --port <free>\` to the first 200 of \`GET /__admin/health\` (polled every
${POLL_MS} ms on fresh connections), to the first 200 of \`GET /api/v2/ping\` with a token issued
right after, and then of \`GET /api/v2/sites\` (the first read of the world; informational).
Baseline: spawn of \`bench/baseline-server.js\` to its first 200. Median of ${STARTUP_RUNS} each.

${markdownTable(tableB)}

## c. Creating a standard account

\`POST /__admin/accounts\` with a new name and \`"size":"standard"\`, ${CREATE_RUNS} times on one keep-alive
connection, after ${CREATE_RUNS} \`GET /__admin/health\` on the same connection (the baseline request).
The simulator is started with \`--size small\`, so its default account does not build the standard
template: whichever step first needs the standard world pays for generating it (the first
creation, or the first use if worlds are built lazily). The first creation is reported apart; the
median is over the other ${CREATE_RUNS - 1}. "First use" is a token plus
\`GET /accounts/<name>/api/v2/sites\` on each new account, after all the creations (informational,
no target).

${markdownTable(tableC)}

## d. Availability

\`GET /api/v2/appointments/availabletimes\` for two services one after another on the busiest day of the coming
week at ${d.site} in the \`large\` world (${d.appointments} appointments there that day; ${d.offers} times offered),
in-process through \`createSimulator\` from \`dist/app.js\` (no socket, rate limit off): ${AVAILABILITY_WARMUP} unmeasured
calls, then ${AVAILABILITY_RUNS} measured; the baseline is \`GET /api/v2/ping\` measured the same way in the same process.
The diary index is kept per data version: "first call after a write" times the call that rebuilds it,
after a \`setstate\` on another site's appointment (informational, no target).

${markdownTable(tableD)}
`;
  writeFileSync(RESULTS, md);
  console.log(`Wrote ${path.relative(ROOT, RESULTS)}`);
}

// A bound on the whole run: the load tests plus generous time for the rest.
const budgetMs = (4 * (SECONDS + WARMUP_SECONDS) + 180) * 1000;
setTimeout(() => {
  console.error(`bench: gave up after ${budgetMs / 1000} s`);
  killChildrenNow();
  process.exit(1);
}, budgetMs).unref();

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench: could not measure: ${error instanceof Error ? error.stack ?? error.message : error}`);
    killChildrenNow();
    process.exit(1);
  },
);
