import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server.js';
import { checkedFetch, DEMO_CREDENTIAL, FIXED_NOW } from '../helpers.js';

// A large world is seconds of work: it is generated in slices of about 10 ms, so while one account's
// world is made, every other account (and health) keeps answering.

/**
 * Generous for a shared, busy machine (under a full test run an answer once took 600 ms): a slice is
 * about 10 ms, and a large world generated at once held the event loop for 4 s.
 */
const ANSWER_BUDGET_MS = 1_000;
/** A seed no other test uses, so the large world is generated here and not found ready. */
const SEED = 424_242;

let server: RunningServer;
let token: string;
beforeAll(async () => {
  server = await startServer({ port: 0, size: 'small', rateLimit: false, now: FIXED_NOW });
  const answer = await checkedFetch(`${server.url}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIAL),
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
});
afterAll(() => server.close());

/** Times `probe` one call after another until `until` settles. */
async function probeWhile(until: Promise<unknown>, probe: () => Promise<number>): Promise<number[]> {
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    expect(await probe()).toBe(200);
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

describe('long work does not stall other accounts', () => {
  it('while a large account is created and first used, another account and health answer within 1 s', async () => {
    const large = (async () => {
      const created = await checkedFetch(`${server.url}/__admin/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'large-one', seed: SEED, size: 'large' }),
      });
      expect(created.status).toBe(201);
      // Its first use reads a world that is ready: no generation is left for it.
      const base = `${server.url}/accounts/large-one`;
      const issued = await checkedFetch(`${base}/api/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_CREDENTIAL),
      });
      const own = ((await issued.json()) as { access_token: string }).access_token;
      const sites = await checkedFetch(`${base}/api/v2/sites`, { headers: { authorization: `Bearer ${own}` } });
      expect(sites.status).toBe(200);
      expect(((await sites.json()) as unknown[]).length).toBeGreaterThan(0);
    })();
    const other = probeWhile(large, async () => {
      const headers = { authorization: `Bearer ${token}` };
      const answer = await checkedFetch(`${server.url}/api/v2/sites`, { headers });
      await answer.text();
      return answer.status;
    });
    const health = probeWhile(large, async () => {
      const answer = await fetch(`${server.url}/__admin/health`);
      await answer.text();
      return answer.status;
    });
    await large;
    const times = [...(await other), ...(await health)];
    // Many answers came while the world was generated, and none waited long.
    expect(times.length).toBeGreaterThan(20);
    expect(Math.max(...times)).toBeLessThan(ANSWER_BUDGET_MS);
  }, 120_000);
});
