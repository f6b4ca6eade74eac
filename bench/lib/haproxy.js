// @ts-check
// HAProxy in front of simulators on loopback, for the tests and the benchmark: the shipped
// deploy/haproxy.cfg with its `server` lines replaced by any number of nodes, so the routing rules are
// the shipped ones, started on a free 127.0.0.1 port and stopped by its PID.

import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/**
 * @typedef {object} RunningHaproxy
 * @property {string} url the proxy's base URL, http://127.0.0.1:<port>
 * @property {number} port
 * @property {number} pid
 * @property {ChildProcess} child
 * @property {() => string} output what haproxy printed so far
 * @property {() => Promise<void>} stop ends it by its PID (SIGTERM, then SIGKILL after 3 s)
 */

const SHIPPED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'haproxy.cfg');
const PLACES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/bin/haproxy'];

/**
 * The haproxy program: on PATH or in the usual places; undefined when it is not installed.
 * @returns {string | undefined}
 */
export function haproxyProgram() {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const candidate of [...dirs.map((d) => path.join(d, 'haproxy')), ...PLACES]) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
}

/**
 * The shipped configuration with one `server` line per node in each backend, `node-1` … `node-N` with ids 1 … N (a
 * node's place on the ring follows its id, as in the shipped file), listening on `bind`. The nodes are
 * addresses, so the DNS resolver section and the servers' use of it are left out; everything else is
 * the shipped file as it is.
 * @param {string[]} nodes host:port of each node, in id order
 * @param {string} bind the address the proxy listens on, host:port
 * @returns {string}
 */
export function haproxyConfig(nodes, bind) {
  if (nodes.length === 0) throw new Error('haproxyConfig: at least one node');
  const shipped = readFileSync(SHIPPED, 'utf8');
  const lines = shipped.split('\n');
  const servers = nodes.map((address, i) => `    server node-${i + 1} ${address} id ${i + 1}`);
  /** @type {string[]} */
  const out = [];
  let inResolvers = false;
  let serversPlaced = false;
  let inServers = false;
  for (const line of lines) {
    if (/^resolvers\s/.test(line)) {
      inResolvers = true;
      continue;
    }
    if (inResolvers) {
      if (/^\S/.test(line)) inResolvers = false;
      else continue;
    }
    // Each backend's block of server lines becomes the nodes'.
    const server = /^\s+server\s/.test(line);
    if (server && !inServers) out.push(...servers);
    inServers = server;
    if (server) {
      serversPlaced = true;
      continue;
    }
    if (/^\s+bind\s/.test(line)) {
      out.push(`    bind ${bind}`);
      continue;
    }
    out.push(line);
  }
  if (!serversPlaced) throw new Error(`${SHIPPED} has no server lines`);
  return out.join('\n');
}

/**
 * A free TCP port on loopback: bind port 0, read it, release it.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @type {Set<ChildProcess>} */
const running = new Set();
process.on('exit', () => {
  for (const child of running) if (child.pid !== undefined) tryKill(child.pid, 'SIGKILL');
});

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
function tryKill(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts haproxy in the foreground with {@link haproxyConfig} of `nodes` on 127.0.0.1 (a free port
 * unless one is given) and waits until it accepts connections. Undefined when haproxy is not installed.
 * @param {string[]} nodes host:port of each node
 * @param {{ port?: number }} [options]
 * @returns {Promise<RunningHaproxy | undefined>}
 */
export async function startHaproxy(nodes, options = {}) {
  const program = haproxyProgram();
  if (program === undefined) return undefined;
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(nodes, `127.0.0.1:${port}`));
  const check = spawnSync(program, ['-c', '-q', '-f', file], { encoding: 'utf8', timeout: 10_000 });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`haproxy refused the configuration:\n${check.stdout}${check.stderr}`);
  }
  const child = spawn(program, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  const keep = (/** @type {Buffer} */ chunk) => {
    out += chunk.toString();
    if (out.length > 16_384) out = out.slice(-16_384);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      rmSync(dir, { recursive: true, force: true });
      resolve(undefined);
    }),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    tryKill(child.pid, 'SIGTERM');
    const late = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000, 'late'))]);
    if (late === 'late') {
      tryKill(child.pid, 'SIGKILL');
      await exited;
    }
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`haproxy did not listen on 127.0.0.1:${port}:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: /** @type {number} */ (child.pid),
    child,
    output: () => out,
    stop,
  };
}

/**
 * Whether something accepts connections on 127.0.0.1:port.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
