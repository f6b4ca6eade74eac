// Child process of section e (run with `node --expose-gc`): the memory of idle standard accounts.
// Prints one JSON line: the empty process, the simulator with one warm account, and after the idle accounts.

import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = process.argv[2] ?? process.cwd();
const COUNT = Number(process.argv[3] ?? 1000);
const CREDENTIAL = { clientId: 'demo-client', secret: 'demo-secret' };

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const gc = /** @type {() => void} */ (globalThis.gc);

/** heapUsed and rss after full collections, in bytes. */
function settled() {
  for (let i = 0; i < 4; i++) gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

const empty = settled();
const { createSimulator } = await import(pathToFileURL(path.join(ROOT, 'dist', 'app.js')).href);
// Room for the warm account and the idle ones (the default holds 1000 accounts at once).
const sim = await createSimulator({ size: 'standard', rateLimit: false, maxAccounts: COUNT + 1 });

/**
 * @param {string} url
 * @param {RequestInit} [init]
 */
async function call(url, init) {
  const res = await sim.fetch(new Request(`http://127.0.0.1${url}`, init));
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** What an idle integration account does: created, one token, one read of its sites. */
async function idleAccount(/** @type {string} */ name) {
  await call('/__admin/accounts', {
    method: 'POST',
    body: JSON.stringify({ name, size: 'standard' }),
    headers: { 'content-type': 'application/json' },
  });
  const issued = await call(`/accounts/${name}/api/v2/token`, {
    method: 'POST',
    body: JSON.stringify(CREDENTIAL),
    headers: { 'content-type': 'application/json' },
  });
  const { access_token: token } = JSON.parse(issued);
  await call(`/accounts/${name}/api/v2/sites`, { headers: { authorization: `Bearer ${token}` } });
}

// The first account generates the shared standard template; that is paid once per process, not per account.
await idleAccount('warm');
const warm = settled();
const started = performance.now();
for (let i = 0; i < COUNT; i++) await idleAccount(`idle-${i}`);
const ms = performance.now() - started;
const after = settled();
if (sim.registry.list().length !== COUNT + 1)
  throw new Error(`expected ${COUNT + 1} accounts, found ${sim.registry.list().length}`);
console.log(JSON.stringify({ count: COUNT, empty, warm, after, ms }));
