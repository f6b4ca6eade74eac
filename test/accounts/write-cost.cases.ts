import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';

// A write costs what it changes: the tables it touches may hold 50 000 rows (the large world) or a
// few hundred (the small one), and a cost per row would show as a large world many times slower.

const RUNS = 20;
const WARMUP = 5;
/** Generous: the worlds differ a hundredfold in clients, so a cost per row fails by far. */
const FACTOR = 5;
const SLACK_MS = 3;
const ROUNDS = 3;
let serial = 0;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: (n: number) => Promise<unknown>): Promise<number> {
  for (let n = 0; n < WARMUP; n++) await run(n);
  const times: number[] = [];
  for (let n = 0; n < RUNS; n++) {
    const started = performance.now();
    await run(WARMUP + n);
    times.push(performance.now() - started);
  }
  return median(times);
}

interface Times {
  post: number;
  put: number;
  emailexists: number;
}

/** Median times of a client created, a client updated, and an e-mail looked up right after a write. */
async function writeTimes(s: DemoApi): Promise<Times> {
  const site = activeSite(s.world);
  const ok = async (path: string, method: string, body?: unknown) => {
    const res = await call(s, path, { method, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
  };
  const client = s.world.clients[0]!.ClientId;
  const next = (serial += 10_000); // names and addresses no earlier round used
  const update = (n: number) => ok(`/api/v2/clients?clientId=${client}`, 'PUT', { FirstName: `Jane${n}` });
  const create = (n: number) =>
    ok(`/api/v2/clients?siteId=${site}`, 'POST', {
      ClientId: EMPTY,
      FirstName: 'Jane',
      LastName: `Smith${n}`,
      Email: `jane.smith${n}@example.com`,
      Gender: 1,
    });
  const post = await timed((n) => create(next + n));
  const put = await timed(update);
  const lookups: number[] = [];
  for (let n = 0; n < WARMUP + RUNS; n++) {
    await update(1000 + n);
    const started = performance.now();
    await ok(`/api/v2/clients/emailexists?siteId=${site}&email=nobody${next + n}%40example.com`, 'GET');
    if (n >= WARMUP) lookups.push(performance.now() - started);
  }
  return { post, put, emailexists: median(lookups) };
}

describe('a write costs the same on a large world as on a small one', () => {
  let small: DemoApi;
  let large: DemoApi;
  beforeAll(async () => {
    small = await demoApi({ size: 'small' });
    large = await demoApi({ size: 'large' });
  }, 120_000);
  afterAll(async () => {
    await small.sim.close();
    await large.sim.close();
  });

  it(`creating a client, updating one and looking up an e-mail after a write on 50 000 clients take under ${FACTOR}x the small world's time + ${SLACK_MS} ms`, async () => {
    expect(large.world.clients.length).toBeGreaterThanOrEqual(100 * small.world.clients.length);
    // Rounds taken in turn on each world, the best of each kept: a busy machine slows a round, not a world.
    const rounds: { small: Times; large: Times }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({ small: await writeTimes(small), large: await writeTimes(large) });
    }
    const best = (side: 'small' | 'large', kind: keyof Times) => Math.min(...rounds.map((r) => r[side][kind]));
    const onSmall = {
      post: best('small', 'post'),
      put: best('small', 'put'),
      emailexists: best('small', 'emailexists'),
    };
    const onLarge = {
      post: best('large', 'post'),
      put: best('large', 'put'),
      emailexists: best('large', 'emailexists'),
    };
    for (const kind of ['post', 'put', 'emailexists'] as const)
      expect({ kind, ms: onLarge[kind] }).toEqual({
        kind,
        ms: expect.toSatisfy((ms: number) => ms < FACTOR * onSmall[kind] + SLACK_MS),
      });
  }, 120_000);
});
