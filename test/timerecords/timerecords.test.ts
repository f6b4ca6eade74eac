import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { insertRecord } from '../../src/records.js';
import type { World } from '../../src/world/index.js';
import type { TimeRecord } from '../../src/world/timerecords.js';
import { call, demoApi, EMPTY, ms, plusMinutes, restrictedToken, simulator, tokenFor } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;
/** A closed record clocked at siteId: a real shift to aim ranges at. */
let shift: TimeRecord & { ClockOut: string };

beforeAll(async () => {
  ({ sim, token, world } = await demoApi());
  shift = world.timeRecords.find(
    (r): r is typeof shift => r.SiteId !== null && r.ClockOut !== null && r.ClockIn >= '2026-03-02',
  )!;
  siteId = shift.SiteId!;
});

type Row = {
  TimeRecordId: string;
  EmployeeId: string;
  FirstName: string;
  LastName: string;
  SiteId: string | null;
  ClockIn: string;
  ClockOut: string | null;
  Minutes: number | null;
};
const DAY_MINUTES = 24 * 60;
const url = (start: string, end: string, extra = '', site = siteId) =>
  `/api/v2/timerecords?siteId=${site}&start=${start}&end=${end}${extra}`;
const get = async (start: string, end: string, extra = '', site = siteId, s = sim): Promise<Row[]> => {
  const res = await call(s, url(start, end, extra, site), { token });
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: { TimeRecordId: string }[]) => rows.map((r) => r.TimeRecordId).sort();
/** The rule: the site's records and those without a site, clocking in or out within [from, to]. */
const expected = (from: string, to: string, site = siteId) =>
  world.timeRecords.filter(
    (r) =>
      (r.SiteId === null || r.SiteId === site) &&
      ((r.ClockIn >= from && r.ClockIn <= to) || (r.ClockOut !== null && r.ClockOut >= from && r.ClockOut <= to)),
  );

describe('GET /api/v2/timerecords', () => {
  it("returns the site's records clocked in the range, the end widened by one day", async () => {
    const rows = await get('2026-03-01', '2026-03-10');
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(expected('2026-03-01 00:00', '2026-03-11 00:00')));
  });

  it('same start and end returns that whole day', async () => {
    const day = shift.ClockIn.slice(0, 10);
    const rows = await get(day, day);
    expect(ids(rows)).toContain(shift.TimeRecordId);
    expect(ids(rows)).toEqual(ids(expected(`${day} 00:00`, plusMinutes(`${day} 00:00`, DAY_MINUTES))));
  });

  it('a record whose clock-out alone falls in the range is returned', async () => {
    const start = plusMinutes(shift.ClockIn, 1);
    expect(ids(await get(start, start))).toContain(shift.TimeRecordId);
  });

  it('a record whose clock-in alone falls in the range is returned', async () => {
    // The range ends, once widened, one minute after the clock-in: the clock-out lies beyond it.
    const end = plusMinutes(shift.ClockIn, 1 - DAY_MINUTES);
    expect(ids(await get(plusMinutes(end, -60), end))).toContain(shift.TimeRecordId);
    expect(ids(await get(plusMinutes(end, -60), plusMinutes(end, -2)))).not.toContain(shift.TimeRecordId);
  });

  it('a record that clocks in before the range and out after it is not returned', async () => {
    // No seeded shift is longer than a day, so a fresh account gets one that is.
    const own = await simulator();
    const ownToken = await tokenFor(own);
    const long: TimeRecord = {
      ...shift,
      TimeRecordId: '11111111-1111-4111-8111-111111111111',
      ClockIn: '2026-03-02 08:00',
      ClockOut: '2026-03-05 08:00',
    };
    insertRecord(own.registry.get('demo')!.world, 'timeRecords', long);
    const rows = (await call(own, url('2026-03-03', '2026-03-03'), { token: ownToken })).body as Row[];
    expect(ids(rows)).not.toContain(long.TimeRecordId);
    expect(ids((await call(own, url('2026-03-03', '2026-03-04 08:00'), { token: ownToken })).body)).toContain(
      long.TimeRecordId,
    );
  });

  describe("today's records are as of the account clock", () => {
    /** A record of today, and a simulator whose clock is `offset` minutes from its clock-in. */
    const today = () => world.timeRecords.filter((r) => r.ClockIn.startsWith('2026-03-16')).at(-1)!;
    const at = async (offset: number) => {
      const r = today();
      const api = await demoApi({ now: ms(r.ClockIn) + offset * 60_000 });
      const list = (from: string) =>
        call(api, `/api/v2/timerecords?siteId=${r.SiteId ?? siteId}&start=${from}&end=${from}`).then((x) => x.body);
      return { r, api, list };
    };

    it('a clock-in the account clock has not reached is not listed yet', async () => {
      const { r, list } = await at(-1);
      expect(ids(await list('2026-03-16'))).not.toContain(r.TimeRecordId);
    });

    it('a record whose clock-out the clock has not reached is open: ClockOut and Minutes null', async () => {
      const { r, list } = await at(1);
      const rows: Row[] = await list('2026-03-16');
      expect(rows.find((x) => x.TimeRecordId === r.TimeRecordId)).toMatchObject({ ClockOut: null, Minutes: null });
      // An open record is matched by its clock-in alone: a range after it does not hold it.
      expect(ids(await list('2026-03-18'))).not.toContain(r.TimeRecordId);
    });

    it('once the clock passes the clock-out the record is closed with its minutes', async () => {
      const { r, api, list } = await at(1);
      const seconds = (ms(r.ClockOut!) - ms(r.ClockIn)) / 1000;
      const moved = await call(api.sim, '/__admin/accounts/demo/clock', {
        method: 'POST',
        body: { advanceSeconds: seconds },
      });
      expect(moved.status).toBe(200);
      const rows: Row[] = await list('2026-03-16');
      expect(rows.find((x) => x.TimeRecordId === r.TimeRecordId)).toMatchObject({
        ClockOut: r.ClockOut,
        Minutes: Math.round(seconds / 60),
      });
    });
  });

  it('records without a site are returned for every siteId', async () => {
    const floating = world.timeRecords.find((r) => r.SiteId === null)!;
    const day = floating.ClockIn.slice(0, 10);
    for (const site of world.sites) expect(ids(await get(day, day, '', site.SiteId))).toContain(floating.TimeRecordId);
    // The empty Guid names no site: only records without one come back.
    const rows = await get(day, day, '', '');
    expect(rows.map((r) => r.SiteId)).toEqual(rows.map(() => EMPTY));
    expect(ids(rows)).toContain(floating.TimeRecordId);
  });

  it("another site's records are not returned", async () => {
    const other = world.timeRecords.find((r) => r.SiteId !== null && r.SiteId !== siteId)!;
    const day = other.ClockIn.slice(0, 10);
    expect(ids(await get(day, day))).not.toContain(other.TimeRecordId);
  });

  it("find is a case-insensitive contains over the employee's first or last name", async () => {
    const employee = world.employees.find((e) => e.EmployeeId === shift.EmployeeId)!;
    for (const name of [employee.FirstName, employee.LastName]) {
      const part = name.slice(1, 4).toUpperCase();
      const rows = await get('2026-03-01', '2026-03-10', `&find=${encodeURIComponent(part)}`);
      const names = new Map(world.employees.map((e) => [e.EmployeeId, `${e.FirstName}\n${e.LastName}`.toLowerCase()]));
      expect(ids(rows)).toEqual(
        ids(
          expected('2026-03-01 00:00', '2026-03-11 00:00').filter((r) =>
            names.get(r.EmployeeId)!.includes(part.toLowerCase()),
          ),
        ),
      );
      expect(ids(rows)).toContain(shift.TimeRecordId);
    }
  });

  it('find does not match "first last" across the two names', async () => {
    const employee = world.employees.find((e) => e.EmployeeId === shift.EmployeeId)!;
    const full = encodeURIComponent(`${employee.FirstName} ${employee.LastName}`);
    expect(await get('2026-03-01', '2026-03-10', `&find=${full}`)).toEqual([]);
  });

  it('rows are ordered by clock-in and name the employee', async () => {
    const rows = await get('2026-02-01', '2026-03-16');
    expect(rows.map((r) => r.ClockIn)).toEqual(rows.map((r) => r.ClockIn).sort());
    const row = rows.find((r) => r.TimeRecordId === shift.TimeRecordId)!;
    const employee = world.employees.find((e) => e.EmployeeId === shift.EmployeeId)!;
    expect(row).toMatchObject({
      FirstName: employee.FirstName,
      LastName: employee.LastName,
      ClockIn: shift.ClockIn,
      ClockOut: shift.ClockOut,
    });
    expect(row.Minutes).toBe(
      (Date.parse(`${shift.ClockOut.replace(' ', 'T')}:00Z`) - Date.parse(`${shift.ClockIn.replace(' ', 'T')}:00Z`)) /
        60_000,
    );
  });

  it('a range over 90 days answers 400 {"Message":"Maximum date range is 90 days"}', async () => {
    const res = await call(sim, url('2026-01-01 00:00', '2026-04-01 00:01'), { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Maximum date range is 90 days' });
  });

  it('the 90-day cap is measured on the range sent, before widening: exactly 90 days passes', async () => {
    expect((await call(sim, url('2026-01-01', '2026-04-01'), { token })).status).toBe(200);
  });

  it.each(['siteId', 'start', 'end'])('a missing name answers 404 (%s)', async (name) => {
    const u = new URL(`http://x${url('2026-03-01', '2026-03-02')}`);
    u.searchParams.delete(name);
    expect((await call(sim, `${u.pathname}${u.search}`, { token })).status).toBe(404);
  });

  it('find is optional: left out, every record in the range comes back', async () => {
    expect(await get('2026-03-01', '2026-03-10')).toEqual(await get('2026-03-01', '2026-03-10', '&find='));
  });

  it('the allow-list line api/v2/timerecords admits the list', async () => {
    const restricted = await restrictedToken(sim, 'api/v2/timerecords');
    expect((await call(sim, url('2026-03-01', '2026-03-02'), { token: restricted })).status).toBe(200);
    expect((await call(sim, `/api/v2/employees?siteId=${siteId}`, { token: restricted })).status).toBe(403);
  });
});
