// c. The time to create a fresh standard account through the control plane, against a plain
// GET /__admin/health on the same connection.

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { spawnNode, stopChild, waitForUrl } from '../lib/children.js';
import { CLI } from '../lib/config.js';
import { expectStatus, token } from '../lib/http.js';
import { fmt, markdownTable, median, ratio, textTable, verdict } from '../lib/stats.js';

const CREATE_RUNS = 30;
const TARGETS = { createMs: 20 };

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
      await expectStatus(`${base}/__admin/accounts`, 201, {
        method: 'POST',
        json: { name: `bench-${stamp}-${i}`, size: 'standard' },
        agent,
      });
      create.push(performance.now() - t);
    }
    /** @type {number[]} */ const use = [];
    for (let i = 0; i < CREATE_RUNS; i++) {
      const account = `${base}/accounts/bench-${stamp}-${i}`;
      const t = performance.now();
      const accessToken = await token(account, agent);
      await expectStatus(`${account}/api/v2/sites`, 200, {
        headers: { authorization: `Bearer ${accessToken}` },
        agent,
      });
      use.push(performance.now() - t);
    }
    return {
      first: /** @type {number} */ (create[0]),
      rest: create.slice(1),
      health,
      firstUse: /** @type {number} */ (use[0]),
      use: use.slice(1),
    };
  } catch (error) {
    throw new Error(`${/** @type {Error} */ (error).message}\n${sim.output()}`);
  } finally {
    agent.destroy();
    await stopChild(sim.child);
  }
}

/**
 * @param {Awaited<ReturnType<typeof measureCreate>>} c
 * @returns {string[][]}
 */
function report(c) {
  const create = median(c.rest);
  const healthReq = median(c.health);
  const tableC = [
    ['POST /__admin/accounts (standard)', 'ms', 'baseline ms', 'ratio', 'target', 'status'],
    [
      `median of creations 2–${CREATE_RUNS}`,
      fmt(create, 2),
      fmt(healthReq, 2),
      fmt(ratio(create, healthReq), 1),
      `≤ ${TARGETS.createMs} ms`,
      verdict(create <= TARGETS.createMs),
    ],
    ['first creation', fmt(c.first, 1), '', '', '', ''],
    [
      `min / max of creations 2–${CREATE_RUNS}`,
      `${fmt(Math.min(...c.rest), 2)} / ${fmt(Math.max(...c.rest), 2)}`,
      '',
      '',
      '',
      '',
    ],
    ['first use of account 1 (token + GET sites)', fmt(c.firstUse, 1), '', '', '', ''],
    [
      `first use, median of accounts 2–${CREATE_RUNS}`,
      fmt(median(c.use), 2),
      fmt(healthReq, 2),
      fmt(ratio(median(c.use), healthReq), 1),
      '',
      '',
    ],
  ];
  console.log(
    `c. Account creation (baseline: GET /__admin/health on the same ` +
      `keep-alive connection, median of ${CREATE_RUNS} taken before the ` +
      `creations)\n`,
  );
  console.log(textTable(tableC));
  console.log('');
  return tableC;
}

export default {
  letter: 'c',
  announce: `c. account creation: ${CREATE_RUNS} × POST /__admin/accounts (standard)`,
  measure: () => measureCreate(),
  /** @param {Awaited<ReturnType<typeof measureCreate>>} c */
  report(c) {
    const table = report(c);
    return `## c. Creating a standard account

\`POST /__admin/accounts\` with a new name and \`"size":"standard"\`, ${CREATE_RUNS} times on one keep-alive
connection, after ${CREATE_RUNS} \`GET /__admin/health\` on the same connection (the baseline request).
The simulator is started with \`--size small\`, so its default account does not build the standard
template: whichever step first needs the standard world pays for generating it (the first
creation, or the first use if worlds are built lazily). The first creation is reported apart; the
median is over the other ${CREATE_RUNS - 1}. "First use" is a token plus
\`GET /accounts/<name>/api/v2/sites\` on each new account, after all the creations (informational,
no target).

${markdownTable(table)}
`;
  },
};
