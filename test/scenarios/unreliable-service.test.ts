import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type TestSimulator } from '../../src/index.js';

// Through the test kit, as an integrator would drive it.

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startSimulator({ listen: false, rateLimit: false });
});
afterAll(() => sim.stop());

describe('unreliable-service scenario', () => {
  it('the next two client lists answer 503, then the real list', async () => {
    const account = await sim.createAccount({ scenario: 'unreliable-service' });
    const site = (await account.call<Array<{ SiteId: string }>>('/api/v2/sites')).body[0]!.SiteId;
    const path = `/api/v2/clients?siteId=${site}`;
    expect((await account.call(path)).status).toBe(503);
    const second = await account.call(path);
    expect(second).toMatchObject({ status: 503, body: { Message: 'The service is unavailable.' } });
    const third = await account.call<unknown[]>(path);
    expect(third.status).toBe(200);
    expect(third.body.length).toBeGreaterThan(0);
    await account.journal.verify({ path: '/api/v2/clients', status: 503 }, 2);
  });

  it('availability searches are slowed by the seeded latency rule', async () => {
    const account = await sim.createAccount({ scenario: 'unreliable-service' });
    const started = performance.now();
    await account.call('/api/v2/appointments/availabledates?siteId=&services=&packages=');
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
    const [entry] = await account.journal.list({ path: '/api/v2/appointments/availabledates' });
    expect(entry?.fault).toMatchObject({ kind: 'latency' });
    expect(entry?.fault?.delayMs).toBeGreaterThanOrEqual(200);
    expect(entry?.fault?.delayMs).toBeLessThanOrEqual(400);
  });

  it('the first client create is written but its answer is lost; the retry writes a second client', async () => {
    const account = await sim.createAccount({ scenario: 'unreliable-service' });
    const site = (await account.call<Array<{ SiteId: string }>>('/api/v2/sites')).body[0]!.SiteId;
    const create = () =>
      account.call<{ Value: string }>(`/api/v2/clients?siteId=${site}`, {
        method: 'POST',
        body: {
          ClientId: '00000000-0000-0000-0000-000000000000',
          SiteId: site,
          FirstName: 'Ada',
          LastName: 'Dropped',
          Gender: 1,
        },
      });
    const named = async () =>
      (await account.call<Array<{ LastName: string }>>(`/api/v2/clients?siteId=${site}&find=Ada`)).body.filter(
        (c) => c.LastName === 'Dropped',
      );
    // the scenario's two 503s
    for (let i = 0; i < 2; i++) expect((await account.call(`/api/v2/clients?siteId=${site}`)).status).toBe(503);
    await expect(create()).rejects.toThrow('fetch failed');
    expect(await named()).toHaveLength(1);
    const [entry] = await account.journal.list({ method: 'POST', path: '/api/v2/clients' });
    expect(entry).toMatchObject({ status: 200, fault: { kind: 'drop' } });
    expect((await create()).status).toBe(200);
    expect(await named()).toHaveLength(2);
  });
});
