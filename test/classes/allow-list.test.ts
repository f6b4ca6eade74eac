import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi } from '../helpers.js';

let a: DemoApi;
beforeAll(async () => {
  a = await demoApi();
});

async function restricted(line: string): Promise<string> {
  const cred = (
    await call(a.sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: { endpoints: [line] } })
  ).body;
  return (
    await call(a.sim, '/api/v2/token', { method: 'POST', body: { clientId: cred.clientId, secret: cred.secret } })
  ).body.access_token;
}
const site = () => a.world.sites.find((s) => s.State === 1)!.SiteId;
const classes = () => `/api/v2/classes?siteId=${site()}&start=2026-03-16`;
const schedules = () =>
  `/api/v2/classes/classschedules?siteId=${site()}&classType=Class&start=2026-03-16&end=2026-03-23`;

describe('allow-list lines (Authentication 5)', () => {
  it('api/v2/classes admits GET /classes and not the class schedules', async () => {
    const token = await restricted('api/v2/classes');
    expect((await call(a.sim, classes(), { token })).status).toBe(200);
    expect((await call(a.sim, schedules(), { token })).status).toBe(403);
  });

  it('api/v2/classes/classschedules admits the class schedules and not GET /classes', async () => {
    const token = await restricted('api/v2/classes/classschedules');
    expect((await call(a.sim, schedules(), { token })).status).toBe(200);
    expect((await call(a.sim, classes(), { token })).status).toBe(403);
  });
});
