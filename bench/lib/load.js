// A load test of one URL with autocannon: a warm-up, then the measured run.

import autocannon from 'autocannon';
import { CONNECTIONS, SECONDS, WARMUP_SECONDS } from './config.js';
import { cpuMicros } from './http.js';

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

/**
 * Runs autocannon against a URL: a warm-up, then the measured run.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number | undefined} pid the server's PID, to read its CPU time
 * @returns {Promise<LoadFigures>}
 */
export async function load(url, headers, pid) {
  /** @param {number} duration */
  const run = async (duration) => {
    const result = await autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10 });
    const bad = result.non2xx + result.errors + result.timeouts;
    if (bad > 0 || result['2xx'] === 0) {
      throw new Error(
        `load test of ${url} had ${result.non2xx} non-2xx, ${result.errors} ` +
          `errors, ${result.timeouts} timeouts, ${result['2xx']} 2xx`,
      );
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
