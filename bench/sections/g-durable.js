// g. Durable writes and account files: POST /api/v2/clients one at a time against the simulator
// with and without --data-dir; the files of an account right after it is auto-provisioned; the RSS
// of 2 000 auto-provisioned accounts with --data-dir.

import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI, NEW_CLIENT as CLIENT } from '../lib/config.js';
import { cpuMicros, expectStatus, token } from '../lib/http.js';
import { fmt, markdownTable, median, percentile, ratio, textTable, verdict } from '../lib/stats.js';

const WARMUP_WRITES = 50;
const WRITES = 300;
const ACCOUNTS = 2000;
const MAX_ACCOUNTS = 2500;
/** Token requests in flight at once while provisioning the accounts, each on a keep-alive connection of its own. */
const CONCURRENCY = 4;
const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;
const TARGETS = { writeRatio: 3, durableMs: 5, freshBytes: 16 * KIB, rssBytes: GIB };

/**
 * Starts `node [node flags] dist/cli.js --port 0 --rate-limit off <args>` and waits for it to listen.
 * @param {string[]} args
 * @param {string[]} [nodeFlags]
 */
async function startSimulator(args, nodeFlags = []) {
  const sim = spawnNode([...nodeFlags, CLI, '--port', '0', '--rate-limit', 'off', ...args]);
  const base = await waitForUrl(sim.child, sim.output);
  return { ...sim, base };
}

/**
 * A writer of clients on the default account of a simulator, on one keep-alive connection.
 * @param {string} base
 */
async function clientWriter(base) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const auth = { authorization: `Bearer ${await token(base, agent)}` };
  const sites = JSON.parse((await expectStatus(`${base}/api/v2/sites`, 200, { headers: auth, agent })).body.toString());
  const site = sites.find((/** @type {{ State: number }} */ s) => s.State === 1);
  if (!site) throw new Error(`${base}: no site with State 1`);
  const url = `${base}/api/v2/clients?siteId=${site.SiteId}`;
  /** @returns {Promise<number>} ms from sending the request to the end of the answer */
  const write = async () => {
    const t = performance.now();
    await expectStatus(url, 200, { method: 'POST', json: CLIENT, headers: auth, agent });
    return performance.now() - t;
  };
  return { agent, write };
}

/**
 * The disk's own floor: appending a line of `lineBytes` to a file in `dir` and fdatasync-ing it,
 * as the log does, in this process, ms per append (the warm-up appends are left out).
 * @param {string} dir
 * @param {number} lineBytes
 */
async function appendAndSync(dir, lineBytes) {
  const handle = await open(path.join(dir, 'floor.log'), 'a', 0o600);
  const line = Buffer.from(`${'x'.repeat(Math.max(0, lineBytes - 1))}\n`);
  /** @type {number[]} */ const times = [];
  try {
    for (let i = 0; i < WARMUP_WRITES + WRITES; i++) {
      const t = performance.now();
      await handle.write(line, 0, line.length);
      await handle.datasync();
      if (i >= WARMUP_WRITES) times.push(performance.now() - t);
    }
  } finally {
    await handle.close();
  }
  return times;
}

/**
 * Part 1: two simulators started the same way but for `--data-dir` on one; after
 * {@link WARMUP_WRITES} unmeasured writes on each, {@link WRITES} measured writes on each, taking
 * turns (one request at a time in all: never two writes in flight), so that both see the same
 * moments of a shared machine.
 * @param {string} dir a fresh data directory
 */
async function measureWrites(dir) {
  const memory = await startSimulator([]);
  const durable = await startSimulator(['--data-dir', dir]);
  /** @type {Awaited<ReturnType<typeof clientWriter>>[]} */
  const writers = [];
  try {
    writers.push(await clientWriter(memory.base), await clientWriter(durable.base));
    const [mem, dur] = /** @type {Awaited<ReturnType<typeof clientWriter>>[]} */ (writers);
    for (let i = 0; i < WARMUP_WRITES; i++) {
      await mem.write();
      await dur.write();
    }
    const logBefore = statSync(path.join(dir, 'demo.log')).size;
    /** @type {number[]} */ const memMs = [];
    /** @type {number[]} */ const durMs = [];
    const cpu = { mem: cpuMicros(memory.child.pid), dur: cpuMicros(durable.child.pid) };
    for (let i = 0; i < WRITES; i++) {
      // Alternate which goes first, so neither always follows the other.
      if (i % 2 === 0) {
        memMs.push(await mem.write());
        durMs.push(await dur.write());
      } else {
        durMs.push(await dur.write());
        memMs.push(await mem.write());
      }
    }
    const cpuUs = {
      mem: (cpuMicros(memory.child.pid) - cpu.mem) / WRITES,
      dur: (cpuMicros(durable.child.pid) - cpu.dur) / WRITES,
    };
    const logAfter = statSync(path.join(dir, 'demo.log')).size;
    // A compaction in between would empty the log; then the growth is no line size.
    const lineBytes = logAfter > logBefore ? (logAfter - logBefore) / WRITES : Number.NaN;
    const floorMs = await appendAndSync(dir, Number.isFinite(lineBytes) ? Math.round(lineBytes) : 1024);
    return { memMs, durMs, cpuUs, lineBytes, floorMs, baseBytes: statSync(path.join(dir, 'demo.json')).size };
  } catch (error) {
    throw new Error(
      `${/** @type {Error} */ (error).message}\n--- in-memory:\n${memory.output()}\n--- durable:\n${durable.output()}`,
    );
  } finally {
    for (const w of writers) w.agent.destroy();
    await stopChild(memory.child);
    await stopChild(durable.child);
  }
}

/**
 * Bytes of a file: its length, and what the file system allocated for it.
 * @param {string} file
 */
function sizeOf(file) {
  const s = statSync(file);
  return { bytes: s.size, allocated: s.blocks * 512 };
}

/**
 * `<name>.json` + `<name>.log` of an account.
 * @param {string} dir
 * @param {string} name
 */
function accountFiles(dir, name) {
  const base = sizeOf(path.join(dir, `${name}.json`));
  const log = sizeOf(path.join(dir, `${name}.log`));
  return { json: base.bytes, log: log.bytes, bytes: base.bytes + log.bytes, allocated: base.allocated + log.allocated };
}

/**
 * Every file of a directory, summed.
 * @param {string} dir
 */
function directorySize(dir) {
  let bytes = 0;
  let allocated = 0;
  let files = 0;
  for (const name of readdirSync(dir)) {
    const s = sizeOf(path.join(dir, name));
    bytes += s.bytes;
    allocated += s.allocated;
    files++;
  }
  return { bytes, allocated, files };
}

/**
 * VmRSS of a process from /proc, in bytes; NaN where there is none.
 * @param {number | undefined} pid
 */
function vmRss(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Open file descriptors of a process, from /proc; NaN where there is none.
 * @param {number | undefined} pid
 */
function openFiles(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/**
 * Part 2 and 3: one simulator with `--data-dir`, `--max-accounts` {@link MAX_ACCOUNTS} and
 * `--size standard`, started with `--expose-gc`. Its memory after a full collection first; then
 * the first account is provisioned by one token request and its files are measured at once; then
 * the other accounts, {@link CONCURRENCY} token requests at a time; then memory again.
 * @param {string} dir a fresh data directory
 */
async function measureAccounts(dir) {
  const sim = await startSimulator(
    ['--data-dir', dir, '--max-accounts', String(MAX_ACCOUNTS), '--size', 'standard'],
    ['--expose-gc'],
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const pid = sim.child.pid;
  /** The memory of the server after a full collection, while idle. */
  const settled = async () => {
    const stats = JSON.parse((await expectStatus(`${sim.base}/__admin/stats?gc=full`, 200, { agent })).body.toString());
    if (!stats.collected) throw new Error('the server did not collect garbage before answering its memory');
    return {
      rss: vmRss(pid),
      files: openFiles(pid),
      statsRss: /** @type {number} */ (stats.rss),
      heapUsed: /** @type {number} */ (stats.heapUsed),
      accounts: /** @type {number} */ (stats.accounts),
    };
  };
  const nameOf = (/** @type {number} */ i) => `g-${String(i).padStart(4, '0')}`;
  try {
    const before = await settled();
    const t0 = performance.now();
    await token(`${sim.base}/accounts/${nameOf(0)}`, agent);
    const freshMs = performance.now() - t0;
    const fresh = accountFiles(dir, nameOf(0));
    let next = 1;
    const started = performance.now();
    const worker = async () => {
      for (let i = next++; i < ACCOUNTS; i = next++) await token(`${sim.base}/accounts/${nameOf(i)}`, agent);
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const provisionMs = performance.now() - started;
    const after = await settled();
    if (after.accounts !== ACCOUNTS + before.accounts)
      throw new Error(`expected ${ACCOUNTS + before.accounts} accounts, the server holds ${after.accounts}`);
    const perAccount = Array.from({ length: ACCOUNTS }, (_, i) => accountFiles(dir, nameOf(i)).bytes);
    return { before, after, fresh, freshMs, provisionMs, perAccount, directory: directorySize(dir) };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    agent.destroy();
    await stopChild(sim.child);
  }
}

/** @param {{ tmp: string }} ctx */
async function measureDurable(ctx) {
  const root = path.join(ctx.tmp, 'g-durable');
  const writesDir = path.join(root, 'writes');
  const accountsDir = path.join(root, 'accounts');
  mkdirSync(writesDir, { recursive: true });
  mkdirSync(accountsDir, { recursive: true });
  try {
    const writes = await measureWrites(writesDir);
    const accounts = await measureAccounts(accountsDir);
    return { writes, accounts };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** @param {number} bytes */
const kib = (bytes) => fmt(bytes / KIB, 1);

/**
 * @param {Awaited<ReturnType<typeof measureDurable>>} g
 * @returns {string[][]}
 */
function report(g) {
  const { writes: w, accounts: a } = g;
  const mem = median(w.memMs);
  const dur = median(w.durMs);
  const writeRatio = ratio(dur, mem);
  const rssPer = (a.after.rss - a.before.rss) / ACCOUNTS;
  const table = [
    ['durable writes and account files', 'simulator (--data-dir)', 'baseline (in memory)', 'ratio', 'target', 'status'],
    [
      `POST /api/v2/clients, median of ${WRITES} (ms)`,
      fmt(dur, 2),
      fmt(mem, 2),
      fmt(writeRatio, 2),
      `ratio ≤ ${TARGETS.writeRatio}`,
      verdict(writeRatio <= TARGETS.writeRatio),
    ],
    ['durable median (ms)', fmt(dur, 2), '', '', `≤ ${TARGETS.durableMs} ms`, verdict(dur <= TARGETS.durableMs)],
    [
      'POST /api/v2/clients, p95 / max (ms)',
      `${fmt(percentile(w.durMs, 95), 2)} / ${fmt(Math.max(...w.durMs), 2)}`,
      `${fmt(percentile(w.memMs, 95), 2)} / ${fmt(Math.max(...w.memMs), 2)}`,
      '',
      '',
      '',
    ],
    [
      'server CPU per write (µs)',
      fmt(w.cpuUs.dur, 0),
      fmt(w.cpuUs.mem, 0),
      fmt(ratio(w.cpuUs.dur, w.cpuUs.mem), 2),
      '',
      '',
    ],
    [
      `append + fdatasync of a line that size in the benchmark process, median of ${WRITES} (ms)`,
      fmt(median(w.floorMs), 2),
      '',
      '',
      '',
      '',
    ],
    ['log line per write (bytes)', fmt(w.lineBytes, 0), '', '', '', ''],
    [
      `fresh account files, .json + .log after one token request (bytes)`,
      `${a.fresh.json} + ${a.fresh.log} = ${a.fresh.bytes}`,
      '',
      '',
      `≤ ${TARGETS.freshBytes} bytes`,
      verdict(a.fresh.bytes <= TARGETS.freshBytes),
    ],
    ['fresh account files, allocated on disk (KiB)', kib(a.fresh.allocated), '', '', '', ''],
    [
      `files of each of the ${ACCOUNTS} accounts, median / max (bytes)`,
      `${fmt(median(a.perAccount), 0)} / ${fmt(Math.max(...a.perAccount), 0)}`,
      '',
      '',
      '',
      '',
    ],
    [
      `RSS with ${ACCOUNTS} accounts after a full collection (MiB)`,
      fmt(a.after.rss / MIB, 1),
      fmt(a.before.rss / MIB, 1),
      fmt(ratio(a.after.rss, a.before.rss), 2),
      `< ${TARGETS.rssBytes / GIB} GiB`,
      verdict(a.after.rss < TARGETS.rssBytes),
    ],
    ['RSS per account (KiB)', kib(rssPer), '', '', '', ''],
    [
      `heapUsed with ${ACCOUNTS} accounts after a full collection (MiB)`,
      fmt(a.after.heapUsed / MIB, 1),
      fmt(a.before.heapUsed / MIB, 1),
      fmt(ratio(a.after.heapUsed, a.before.heapUsed), 2),
      '',
      '',
    ],
    [
      `data directory: ${a.directory.files} files, bytes / allocated (MiB)`,
      `${fmt(a.directory.bytes / MIB, 2)} / ${fmt(a.directory.allocated / MIB, 2)}`,
      '',
      '',
      '',
      '',
    ],
    ['open file descriptors of the server', String(a.after.files), String(a.before.files), '', '', ''],
    [
      'provisioning: first account / each of the rest (ms)',
      `${fmt(a.freshMs, 1)} / ${fmt(a.provisionMs / (ACCOUNTS - 1), 2)}`,
      '',
      '',
      '',
      '',
    ],
  ];
  console.log(
    'g. Durable writes and account files (baseline: the same simulator without --data-dir; for RSS, the same ' +
      'server before the accounts)\n',
  );
  console.log(textTable(table));
  console.log('');
  return table;
}

export default {
  letter: 'g',
  announce:
    `g. durable writes: ${WRITES} × POST /api/v2/clients with and without ` +
    `--data-dir, then ${ACCOUNTS} accounts with --data-dir`,
  measure: (/** @type {{ tmp: string }} */ ctx) => measureDurable(ctx),
  /** @param {Awaited<ReturnType<typeof measureDurable>>} g */
  report(g) {
    const table = report(g);
    return `## g. Durable writes and account files

Writes: two simulators, \`node dist/cli.js --port <free> --rate-limit off\`, one of them with
\`--data-dir <fresh temp dir>\` (every acknowledged write appended to \`<name>.log\` and fdatasynced
before it is answered), the other in memory only (the baseline). On the default account of each,
\`POST /api/v2/clients?siteId=<a site with State 1>\` with the same small client body, one request at
a time on one keep-alive connection per server: ${WARMUP_WRITES} unmeasured writes on each, then ${WRITES}
measured on each, the two servers taking turns (never two requests in flight), each timed in the
benchmark process from sending the request to the end of the answer. The fdatasync floor is the same
append + fdatasync of a line the size of one log line, done ${WRITES} times by the benchmark process
itself in the same directory (informational). Server CPU is the server process's user + system
time over the measured writes (from /proc, all its threads, the collector's included), per write.

Account files: \`node --expose-gc dist/cli.js --port <free> --rate-limit off --data-dir <fresh temp dir>
--max-accounts ${MAX_ACCOUNTS} --size standard\`. The first account is auto-provisioned by one
\`POST /accounts/<name>/api/v2/token\` and its \`<name>.json\` + \`<name>.log\` are measured right after
(file lengths; "allocated" is what the file system gave them). Then ${ACCOUNTS - 1} more accounts the same
way, ${CONCURRENCY} token requests at a time on keep-alive connections; RSS is VmRSS from
\`/proc/<pid>/status\` right after \`GET /__admin/stats?gc=full\` (a full collection), before the accounts
(the baseline: the server with its default account, which has already generated the shared
\`standard\` world) and after them; every account here has the same seed, size and day, so
all share that one generated world, and the per-account figure is what each adds over it. The data
directory figure sums every file in it (the default account's and the key file's included).

${markdownTable(table)}
`;
  },
};
