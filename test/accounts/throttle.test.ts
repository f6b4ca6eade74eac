import { beforeEach, describe, expect, it } from 'vitest';
import { Throttle } from '../../src/accounts/throttle.js';
import type { Simulator } from '../../src/app.js';
import { call, DEMO_CREDENTIAL, demoApi } from '../helpers.js';

let sim: Simulator;
let token: string;

beforeEach(async () => {
  ({ sim, token } = await demoApi({ rateLimit: true }));
  // The token request used the token endpoint's budget only; start every test on a fresh window.
  await advance(1);
});

const advance = (seconds: number) =>
  call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: seconds } });
const ping = (ip = '10.0.0.1') => call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': ip } });
const statuses = async (n: number, ip?: string) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await ping(ip)).status);
  return out;
};

describe('throttling', () => {
  it('the fifth request within one second answers 429 with the JSON string body', async () => {
    expect(await statuses(4)).toEqual([200, 200, 200, 200]);
    const res = await ping();
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('Your request has been throttled. Please try again in 2 minutes.');
    expect(res.headers.get('retry-after')).toBe('120');
  });

  it('exceeding the limit locks the endpoint out for 120 seconds', async () => {
    await statuses(5);
    await advance(2);
    expect((await ping()).status).toBe(429);
    await advance(117);
    expect((await ping()).status).toBe(429);
    await advance(1);
    expect((await ping()).status).toBe(200);
  });

  it('the window is fixed: it opens on the first request and closes one second later', async () => {
    expect(await statuses(4)).toEqual([200, 200, 200, 200]);
    await advance(1);
    expect(await statuses(4)).toEqual([200, 200, 200, 200]);
  });

  it('endpoints have separate budgets', async () => {
    await statuses(5);
    expect((await call(sim, '/api/v2/sites', { token, headers: { 'x-forwarded-for': '10.0.0.1' } })).status).toBe(200);
  });

  it('each calling IP has its own budget', async () => {
    await statuses(5, '10.0.0.1');
    expect(await statuses(4, '10.0.0.2')).toEqual([200, 200, 200, 200]);
  });

  it('every call in the lockout is refused, whatever its credential', async () => {
    await statuses(5);
    expect((await call(sim, '/api/v2/ping', { headers: { 'x-forwarded-for': '10.0.0.1' } })).status).toBe(429);
  });

  it('rate limiting can be switched off per account', async () => {
    const patched = await call(sim, '/__admin/accounts/demo', { method: 'PATCH', body: { rateLimit: false } });
    expect(patched.status).toBe(200);
    expect(patched.body.rateLimit).toBe(false);
    expect(new Set(await statuses(12))).toEqual(new Set([200]));
  });

  it('the credential endpoints are throttled too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await call(sim, '/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL })).status);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429]);
  });

  it('a lock for one caller refuses only that caller until it ends; a lock for every caller refuses all', () => {
    const throttle = new Throttle();
    throttle.lock('ping', '10.0.0.1', 1_000 + 120_000);
    expect(throttle.hit('ping', '10.0.0.1', 1_000)).toBe(120_000);
    expect(throttle.hit('ping', '10.0.0.2', 1_000)).toBe(0);
    expect(throttle.hit('ping', '10.0.0.1', 121_000)).toBe(0);
    throttle.lock('ping', undefined, 200_000);
    expect(throttle.hit('ping', '10.0.0.3', 150_000)).toBe(50_000);
    expect(throttle.hit('listSites', '10.0.0.3', 150_000)).toBe(0);
    throttle.clear();
    expect(throttle.hit('ping', '10.0.0.3', 150_000)).toBe(0);
  });
});
