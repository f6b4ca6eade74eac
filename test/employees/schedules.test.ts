import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { World } from '../../src/world/index.js';
import { call, demoApi, plusMinutes } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi());
  siteId = world.sites.find((s) => s.State === 1 && world.classSchedules.some((c) => c.SiteId === s.SiteId))!.SiteId;
});

type Row = {
  EmployeeScheduleId: string;
  ScheduleType: number;
  Start: string;
  End: string;
  SiteId: string;
  ClassScheduleId: string | null;
};
const url = (start: string, end: string, extra = '') =>
  `/api/v2/employees/schedules?siteId=${siteId}&start=${start}&end=${end}${extra}`;
const get = async (start: string, end: string, extra = ''): Promise<Row[]> => {
  const res = await call(sim, url(start, end, extra), { token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('GET /api/v2/employees/schedules', () => {
  it("returns the site's working time and time off, told apart by ScheduleType", async () => {
    const rows = await get('2026-03-01', '2026-03-31');
    expect(rows.every((r) => r.SiteId === siteId)).toBe(true);
    expect(new Set(rows.map((r) => r.ScheduleType))).toEqual(new Set([1, 2]));
    const expected = world.schedules.filter(
      (s) => s.SiteId === siteId && s.Start <= '2026-03-31 00:00' && s.End >= '2026-03-01 00:00',
    );
    expect(rows.map((r) => r.EmployeeScheduleId).sort()).toEqual(expected.map((s) => s.EmployeeScheduleId).sort());
  });

  it('a schedule that overlaps the range at all is returned, even when its Start precedes the range', async () => {
    const s = world.schedules.find((x) => x.SiteId === siteId && x.Start >= '2026-03-16')!;
    const inside = plusMinutes(s.Start, 60);
    const rows = await get(inside, inside);
    expect(rows.map((r) => r.EmployeeScheduleId)).toContain(s.EmployeeScheduleId);
    expect(rows.find((r) => r.EmployeeScheduleId === s.EmployeeScheduleId)!.Start < inside).toBe(true);
  });

  it('a schedule that ends before the range starts is not returned', async () => {
    const s = world.schedules.find((x) => x.SiteId === siteId && x.Start >= '2026-03-16')!;
    const after = plusMinutes(s.End, 1);
    expect((await get(after, '2026-03-31')).map((r) => r.EmployeeScheduleId)).not.toContain(s.EmployeeScheduleId);
  });

  it('includeClasses defaults to false; true adds the class sessions the employees teach as ScheduleType 3', async () => {
    expect((await get('2026-03-09', '2026-03-23')).some((r) => r.ScheduleType === 3)).toBe(false);
    const rows = await get('2026-03-09', '2026-03-23', '&includeClasses=true');
    const classes = rows.filter((r) => r.ScheduleType === 3);
    const expected = world.classSchedules.filter(
      (c) => c.SiteId === siteId && c.State === 1 && c.Start <= '2026-03-23 00:00' && c.End >= '2026-03-09 00:00',
    );
    expect(classes.length).toBeGreaterThan(0);
    expect(classes.map((r) => r.ClassScheduleId).sort()).toEqual(expected.map((c) => c.ClassScheduleId).sort());
  });

  it('rows are ordered by Start', async () => {
    const starts = (await get('2026-03-09', '2026-03-23', '&includeClasses=true')).map((r) => r.Start);
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort());
  });

  it('a range wider than 90 days answers 400 {"Message":"Maximum date range is 90 days"}', async () => {
    const res = await call(sim, url('2026-01-01', '2026-04-02'), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Maximum date range is 90 days' });
    expect((await call(sim, url('2026-01-01', '2026-04-01'), { token })).status).toBe(200);
  });

  it.each(['siteId', 'start', 'end'])('%s is required by name: without it the answer is 404', async (name) => {
    const u = new URL(`http://x${url('2026-03-01', '2026-03-02')}`);
    u.searchParams.delete(name);
    expect((await call(sim, `${u.pathname}${u.search}`, { token })).status).toBe(404);
  });
});
