import { beforeEach, describe, expect, it } from 'vitest';
import { utcMs } from '../../src/datetime.js';
import { editRecord } from '../../src/records.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY, FIXED_NOW } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const NOW = '2026-03-16 09:00';
const siteWithRetired = () =>
  a.world.classes.find((c) => c.EndDate !== null && c.State === 1 && c.ClassType === 2)!.SiteId;

describe('GET /api/v2/classes', () => {
  it('lists the Active classes of the site', async () => {
    const site = activeSite(a.world);
    const res = await call(a, `/api/v2/classes?siteId=${site}&start=2020-01-01`);
    expect(res.status).toBe(200);
    const expected = a.world.classes
      .filter((c) => c.SiteId === site && c.State === 1)
      .map((c) => c.ClassId)
      .sort();
    expect(res.body.map((c: any) => c.ClassId).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('Inactive classes are never listed', async () => {
    const site = activeSite(a.world);
    const c = a.world.classes.find((x) => x.SiteId === site)!;
    await a.account.write(() => {
      editRecord(a.world, 'classes', c).State = 2;
    });
    const res = await call(a, `/api/v2/classes?siteId=${site}&start=2020-01-01`);
    expect(res.body.some((r: any) => r.ClassId === c.ClassId)).toBe(false);
  });

  it('start drops classes that had already ended before it (EndDate < start)', async () => {
    const site = siteWithRetired();
    const ended = a.world.classes.find((c) => c.SiteId === site && c.EndDate !== null && c.State === 1)!;
    const before = await call(a, `/api/v2/classes?siteId=${site}&start=${encodeURIComponent(ended.EndDate!)}`);
    expect(before.body.some((r: any) => r.ClassId === ended.ClassId)).toBe(true);
    const after = new Date(utcMs(ended.EndDate!) + 60_000).toISOString();
    const res = await call(a, `/api/v2/classes?siteId=${site}&start=${after}`);
    expect(res.body.some((r: any) => r.ClassId === ended.ClassId)).toBe(false);
    expect(res.body.every((r: any) => r.EndDate === null || utcMs(r.EndDate) >= utcMs(ended.EndDate!) + 60_000)).toBe(
      true,
    );
  });

  it('rows are ordered by name', async () => {
    // The small world runs one class a site; the standard one several.
    const standard = await demoApi({ size: 'standard' });
    const names = (await call(standard, `/api/v2/classes?siteId=${activeSite(standard.world)}&start=${NOW}`)).body.map(
      (c: any) => c.Name,
    );
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
  });

  it('siteId and start are required by name: without one GET answers 405 (POST and PUT serve the path)', async () => {
    expect((await call(a, `/api/v2/classes?siteId=${activeSite(a.world)}`)).status).toBe(405);
    expect((await call(a, `/api/v2/classes?start=${NOW}`)).status).toBe(405);
  });

  it('an empty start is a 400', async () => {
    expect((await call(a, `/api/v2/classes?siteId=${activeSite(a.world)}&start=`)).status).toBe(400);
  });

  it('an empty siteId lists nothing', async () => {
    expect((await call(a, `/api/v2/classes?siteId=&start=${NOW}`)).body).toEqual([]);
    expect(FIXED_NOW).toBeGreaterThan(0);
    expect(EMPTY).toHaveLength(36);
  });
});

describe('GET /api/v2/classes/classschedules', () => {
  const range = 'start=2026-02-14&end=2026-04-16';
  const sched = (q: string) => call(a, `/api/v2/classes/classschedules?${q}`);
  const typeOf = (classId: string) => a.world.classes.find((c) => c.ClassId === classId)!.ClassType;

  it('lists the Active sessions of the site and class type starting in the range', async () => {
    const site = activeSite(a.world);
    const res = await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false`);
    expect(res.status).toBe(200);
    const expected = a.world.classSchedules
      .filter((s) => s.SiteId === site && s.State === 1 && typeOf(s.ClassId) === 1)
      .filter((s) => s.Start >= '2026-02-14 00:00' && s.Start <= '2026-04-16 00:00')
      .map((s) => s.ClassScheduleId)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.map((r: any) => r.ClassScheduleId).sort()).toEqual(expected);
  });

  it('classType All returns an empty list', async () => {
    const res = await sched(`siteId=${activeSite(a.world)}&classType=All&${range}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('classType Event lists only events', async () => {
    const res = await sched(`siteId=${activeSite(a.world)}&classType=2&${range}&bookOnline=false`);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((r: any) => r.ClassType === 2)).toBe(true);
  });

  it('bookOnline defaults to true: only online-bookable sessions; false returns all', async () => {
    const site = activeSite(a.world);
    const offline = a.world.classSchedules.find(
      (x) => x.SiteId === site && x.State === 1 && typeOf(x.ClassId) === 1 && x.Start >= '2026-03-01',
    )!;
    await a.account.write(() => {
      editRecord(a.world, 'classSchedules', offline).BookOnline = false;
    });
    const dflt = (await sched(`siteId=${site}&classType=Class&${range}`)).body;
    const all = (await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false`)).body;
    expect(dflt.every((r: any) => r.BookOnline)).toBe(true);
    expect(all.some((r: any) => !r.BookOnline)).toBe(true);
    expect(all.length).toBeGreaterThan(dflt.length);
    expect((await sched(`siteId=${site}&classType=Class&${range}&bookOnline=true`)).body).toEqual(dflt);
  });

  it('Inactive (called-off) sessions are not listed', async () => {
    const site = activeSite(a.world);
    const s = a.world.classSchedules.find(
      (x) => x.SiteId === site && x.State === 1 && typeOf(x.ClassId) === 1 && x.Start >= '2026-03-01',
    )!;
    await a.account.write(() => {
      editRecord(a.world, 'classSchedules', s).State = 2;
    });
    const res = await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false`);
    expect(res.body.some((r: any) => r.ClassScheduleId === s.ClassScheduleId)).toBe(false);
  });

  it('find is a case-insensitive contains over the class name', async () => {
    const site = activeSite(a.world);
    const name = (await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false`)).body[0].ClassName as string;
    const part = name.slice(2, 6).toUpperCase();
    const res = await sched(
      `siteId=${site}&classType=Class&${range}&bookOnline=false&find=${encodeURIComponent(part)}`,
    );
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((r: any) => r.ClassName.toUpperCase().includes(part))).toBe(true);
    expect((await sched(`siteId=${site}&classType=Class&${range}&find=zzqx`)).body).toEqual([]);
  });

  it('employeeId is optional and keeps the sessions that employee teaches', async () => {
    const site = activeSite(a.world);
    const all = (await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false`)).body;
    const teacher = all[0].EmployeeId as string;
    const res = await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false&employeeId=${teacher}`);
    expect(res.body.length).toBe(all.filter((r: any) => r.EmployeeId === teacher).length);
    expect((await sched(`siteId=${site}&classType=Class&${range}&bookOnline=false&employeeId=`)).body.length).toBe(
      all.length,
    );
  });

  it('each row carries Capacity and Booked = bookings that are Booked, CheckedIn or NoShow', async () => {
    const rows = (await sched(`siteId=${activeSite(a.world)}&classType=Class&${range}&bookOnline=false`)).body;
    for (const r of rows) {
      const booked = a.world.classBookings.filter(
        (b) => b.ClassScheduleId === r.ClassScheduleId && b.ClassBookingState <= 3,
      ).length;
      expect(r.Booked).toBe(booked);
      expect(r.Available).toBe(Math.max(0, r.Capacity - booked));
    }
    expect(rows.some((r: any) => r.Booked > 0)).toBe(true);
  });

  it('rows are ordered by Start', async () => {
    const starts = (await sched(`siteId=${activeSite(a.world)}&classType=Class&${range}&bookOnline=false`)).body.map(
      (r: any) => r.Start,
    );
    expect(starts.length).toBeGreaterThan(1);
    expect(starts).toEqual([...starts].sort());
  });

  it('there is no range cap: a two-year range is accepted', async () => {
    expect((await sched(`siteId=${activeSite(a.world)}&classType=Class&start=2025-01-01&end=2027-01-01`)).status).toBe(
      200,
    );
  });

  it('siteId, classType, start and end are required by name (404 when one is missing)', async () => {
    expect((await sched(`siteId=${activeSite(a.world)}&${range}`)).status).toBe(404);
  });
});
