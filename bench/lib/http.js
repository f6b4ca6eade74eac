// Loopback HTTP requests of the benchmark: free ports, requests, tokens, polling, CPU time.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { CREDENTIAL, HOST, POLL_MS } from './config.js';

/** @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }} HttpAnswer */

/**
 * A free TCP port on loopback: bind port 0, read it, release it.
 * @returns {Promise<number>}
 */
export function freePort() {
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
 * @param {{ method?: string, headers?: Record<string, string>, json?: unknown, agent?: http.Agent | false, timeoutMs?:
 * number }} [options]
 * @returns {Promise<HttpAnswer>}
 */
export function request(url, options = {}) {
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
export async function expectStatus(url, expected, options) {
  const answer = await request(url, options);
  if (answer.status !== expected) {
    throw new Error(
      `${options?.method ?? 'GET'} ${url}: expected ${expected}, got ` +
        `${answer.status}: ${answer.body.toString().slice(0, 300)}`,
    );
  }
  return answer;
}

/**
 * A bearer token for the demo credential of the default account.
 * @param {string} base
 * @param {http.Agent | false} [agent]
 * @returns {Promise<string>}
 */
export async function token(base, agent) {
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
export async function pollUntil200(url, deadline, alive) {
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
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks per second of /proc/<pid>/stat times (Linux); 100 when getconf is unavailable. */
export const CLOCK_TICKS = (() => {
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
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}
