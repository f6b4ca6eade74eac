import { beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, restrictedToken } from '../helpers.js';

let a: DemoApi;
beforeAll(async () => {
  a = await demoApi();
});

const site = () => activeSite(a.world);
const classes = () => `/api/v2/classes?siteId=${site()}&start=2026-03-16`;
const schedules = () =>
  `/api/v2/classes/classschedules?siteId=${site()}&classType=Class&start=2026-03-16&end=2026-03-23`;

describe('allow-list lines (Authentication 5)', () => {
  it('api/v2/classes admits GET /classes and not the class schedules', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/classes');
    expect((await call(a.sim, classes(), { token })).status).toBe(200);
    expect((await call(a.sim, schedules(), { token })).status).toBe(403);
  });

  it('api/v2/classes/classschedules admits the class schedules and not GET /classes', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/classes/classschedules');
    expect((await call(a.sim, schedules(), { token })).status).toBe(200);
    expect((await call(a.sim, classes(), { token })).status).toBe(403);
  });
});
