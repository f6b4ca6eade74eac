import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { type Answer, call, demoApi } from '../helpers.js';

let sim: Simulator;
let token: string;

beforeEach(async () => {
  ({ sim, token } = await demoApi({ rateLimit: true }));
  sim.registry.get('demo')!.clock.advance(1); // a fresh window after the token request
});

const advance = (seconds: number) => sim.registry.get('demo')!.clock.advance(seconds);
const ping = (ip = '10.0.0.1') => call(sim, '/api/ping', { apiKey: DEMO_API_KEY, headers: { 'x-forwarded-for': ip } });
const statuses = async (n: number, send: () => Promise<Answer> = ping) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).status);
  return out;
};

describe('version 1 throttling (Limits, Versioning 3)', () => {
  it('8 calls in one second pass and the 9th answers 429 with the throttled body', async () => {
    expect(await statuses(8)).toEqual(Array(8).fill(200));
    const res = await ping();
    expect(res.status).toBe(429);
    expect(res.body).toBe('Your request has been throttled. Please try again in 2 minutes.');
    expect(res.headers.get('retry-after')).toBe('120');
  });

  it('going over locks the version 1 endpoint out for 120 seconds', async () => {
    await statuses(9);
    advance(119);
    expect((await ping()).status).toBe(429);
    advance(1);
    expect((await ping()).status).toBe(200);
  });

  it('the window is fixed: 8 more pass once the second is over', async () => {
    expect(await statuses(8)).toEqual(Array(8).fill(200));
    advance(1);
    expect(await statuses(8)).toEqual(Array(8).fill(200));
  });

  it('version 2 keeps its own 4 per second budget, apart from version 1', async () => {
    await statuses(9);
    const v2 = () => call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '10.0.0.1' } });
    expect(await statuses(5, v2)).toEqual([200, 200, 200, 200, 429]);
  });

  it('version 1 endpoints have separate budgets, per calling IP', async () => {
    await statuses(9);
    expect(
      (await call(sim, '/api/sites', { apiKey: DEMO_API_KEY, headers: { 'x-forwarded-for': '10.0.0.1' } })).status,
    ).toBe(200);
    expect(await statuses(8, () => ping('10.0.0.2'))).toEqual(Array(8).fill(200));
  });
});
