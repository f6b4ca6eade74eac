import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { World } from '../../src/world/index.js';
import { call, demoApi } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;

beforeAll(async () => {
  // standard: it has an employee of the whole account and one who has left.
  ({ sim, token, world } = await demoApi({ size: 'standard' }));
  siteId = world.sites.find(
    (s) => s.State === 1 && world.employees.some((e) => e.SiteId === s.SiteId && e.State === 2),
  )!.SiteId;
});

type Row = {
  EmployeeId: string;
  SiteId: string | null;
  State: number;
  FirstName: string;
  LastName: string;
  BookOnline: boolean;
};
const get = async (query: string): Promise<Row[]> => {
  const res = await call(sim, `/api/v2/employees?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: { EmployeeId: string }[]) => rows.map((r) => r.EmployeeId).sort();

describe('GET /api/v2/employees', () => {
  it("itemState defaults to Active: the site's active employees and those of the whole account", async () => {
    const rows = await get(`siteId=${siteId}`);
    const expected = world.employees.filter((e) => (e.SiteId === siteId || e.SiteId === null) && e.State === 1);
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(expected));
  });

  it('account-wide employees are included for every site', async () => {
    const wide = world.employees.filter((e) => e.SiteId === null && e.State === 1);
    expect(wide.length).toBeGreaterThan(0);
    for (const site of world.sites.filter((s) => s.State === 1)) {
      const got = ids(await get(`siteId=${site.SiteId}`));
      for (const e of wide) expect(got).toContain(e.EmployeeId);
    }
  });

  it('all employees are listed, not only the bookable ones', async () => {
    const rows = await get(`siteId=${siteId}`);
    expect(rows.some((r) => !r.BookOnline)).toBe(true);
  });

  it('itemState=Inactive lists the employees who have left; All answers an empty list', async () => {
    const rows = await get(`siteId=${siteId}&itemState=Inactive`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.State === 2)).toBe(true);
    expect(await get(`siteId=${siteId}&itemState=All`)).toEqual([]);
  });

  it('find is a case-insensitive contains over the name', async () => {
    const e = world.employees.find((x) => x.SiteId === siteId && x.State === 1)!;
    for (const text of [e.LastName.slice(1, 4).toUpperCase(), `${e.FirstName} ${e.LastName}`.toLowerCase()]) {
      expect(ids(await get(`siteId=${siteId}&find=${encodeURIComponent(text)}`))).toContain(e.EmployeeId);
    }
    expect(await get(`siteId=${siteId}&find=zzqqxx`)).toEqual([]);
  });

  it('rows are ordered by last name, then first name', async () => {
    const rows = await get(`siteId=${siteId}`);
    const c = new Intl.Collator('en', { sensitivity: 'base' });
    const sorted = [...rows].sort((a, b) => c.compare(a.LastName, b.LastName) || c.compare(a.FirstName, b.FirstName));
    expect(rows.map((r) => r.EmployeeId)).toEqual(sorted.map((r) => r.EmployeeId));
  });

  it('siteId is required by name: without it the answer is 404', async () => {
    expect((await call(sim, '/api/v2/employees', { token })).status).toBe(404);
  });
});
