import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, demoApi, restrictedToken } from '../helpers.js';

let sim: Simulator;
let token: string;
let siteId: string;
beforeAll(async () => {
  ({ sim, token } = await demoApi());
  siteId = sim.registry.get('demo')!.world.sites[0]!.SiteId;
});

const rows: [string, () => string, number][] = [
  ['employees', () => `/api/v2/employees?siteId=${siteId}`, 200],
  ['employees, empty siteId', () => '/api/v2/employees?siteId=', 200],
  ['employees, no siteId', () => '/api/v2/employees', 404],
  ['employees, bad itemState', () => `/api/v2/employees?siteId=${siteId}&itemState=Gone`, 400],
  ['schedules', () => `/api/v2/employees/schedules?siteId=${siteId}&start=2026-03-16&end=2026-03-17`, 200],
  [
    'schedules, includeClasses',
    () => `/api/v2/employees/schedules?siteId=${siteId}&start=2026-03-16&end=2026-03-17&includeClasses=true`,
    200,
  ],
  [
    'schedules, bad includeClasses',
    () => `/api/v2/employees/schedules?siteId=${siteId}&start=2026-03-16&end=2026-03-17&includeClasses=maybe`,
    400,
  ],
  ['schedules, empty start', () => `/api/v2/employees/schedules?siteId=${siteId}&start=&end=2026-03-17`, 400],
  [
    'schedules, over 90 days',
    () => `/api/v2/employees/schedules?siteId=${siteId}&start=2026-01-01&end=2026-12-31`,
    400,
  ],
  ['schedules, no end', () => `/api/v2/employees/schedules?siteId=${siteId}&start=2026-03-16`, 404],
];

describe('employees status matrix', () => {
  it.each(rows)('GET %s answers %i', async (_, url, status) => {
    expect((await call(sim, url(), { token })).status).toBe(status);
  });
});

describe('allow-list lines', () => {
  it('api/v2/employees admits the list but not the schedules, which need api/v2/employees/schedules', async () => {
    const list = `/api/v2/employees?siteId=${siteId}`;
    const schedules = `/api/v2/employees/schedules?siteId=${siteId}&start=2026-03-16&end=2026-03-17`;
    const employeesOnly = await restrictedToken(sim, 'api/v2/employees');
    expect((await call(sim, list, { token: employeesOnly })).status).toBe(200);
    expect((await call(sim, schedules, { token: employeesOnly })).status).toBe(403);
    const schedulesOnly = await restrictedToken(sim, 'api/v2/employees/schedules');
    expect((await call(sim, schedules, { token: schedulesOnly })).status).toBe(200);
  });
});
