import { describe, expect, it } from 'vitest';
import { localDayOf } from '../../src/datetime.js';
import { TIME_OFF, WORKING_TIME } from '../../src/world/employees.js';
import type { World } from '../../src/world/index.js';
import { tradingWindow } from '../../src/world/sites-gen.js';
import { ms } from '../helpers.js';
import { days, TODAY_MS, world } from './fixtures.js';

interface Span {
  start: number;
  end: number;
  what: string;
}

function overlapping(spans: Map<string, Span[]>): string[] {
  const clashes: string[] = [];
  for (const [id, list] of spans) {
    list.sort((a, b) => a.start - b.start);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1] as Span,
        cur = list[i] as Span;
      if (cur.start < prev.end) clashes.push(`${id}: ${prev.what} / ${cur.what}`);
    }
  }
  return clashes;
}

function push<T>(map: Map<string, T[]>, id: string, value: T) {
  const list = map.get(id);
  if (list) list.push(value);
  else map.set(id, [value]);
}

/** Bookable time per employee: working rows minus overlapping time off. */
function bookable(w: World) {
  const rows = (type: number) => {
    const map = new Map<string, { site: string; start: number; end: number }[]>();
    for (const s of w.schedules) {
      if (s.ScheduleType !== type) continue;
      push(map, s.EmployeeId, { site: s.SiteId, start: ms(s.Start), end: ms(s.End) });
    }
    return map;
  };
  const working = rows(WORKING_TIME),
    off = rows(TIME_OFF);
  return (employeeId: string, siteId: string, start: number, end: number) =>
    (working.get(employeeId) ?? []).some((s) => s.site === siteId && s.start <= start && end <= s.end) &&
    !(off.get(employeeId) ?? []).some((s) => s.start < end && start < s.end);
}

describe.each(['small', 'standard'] as const)('diary (%s)', (size) => {
  const w = world(size);
  const sites = new Map(w.sites.map((s) => [s.SiteId, s]));
  const employees = new Map(w.employees.map((e) => [e.EmployeeId, e]));
  const services = new Map(w.services.map((s) => [s.ServiceId, s]));
  const canWork = bookable(w);

  it('has appointments in the past and in the future', () => {
    expect(w.appointments.some((a) => ms(a.Start) < TODAY_MS)).toBe(true);
    expect(w.appointments.some((a) => ms(a.Start) >= TODAY_MS)).toBe(true);
  });

  it('no employee is rostered in two places at once', () => {
    const rows = new Map<string, Span[]>();
    for (const s of w.schedules) {
      if (s.ScheduleType === WORKING_TIME)
        push(rows, s.EmployeeId, { start: ms(s.Start), end: ms(s.End), what: s.SiteId });
    }
    expect(overlapping(rows)).toEqual([]);
  });

  it('every appointment service lies inside its employee roster (minus time off) and the site trading hours', () => {
    for (const a of w.appointments) {
      const site = sites.get(a.SiteId);
      if (!site) throw new Error('site missing');
      for (const s of a.AppointmentServices) {
        const start = ms(s.Start),
          end = ms(s.End);
        const window = tradingWindow(site, localDayOf(site.TimeZone, start));
        expect(window && window.open <= start && end <= window.close, `${a.AppointmentNumber} in trading hours`).toBe(
          true,
        );
        for (const e of s.Employees)
          expect(canWork(e.EmployeeId, a.SiteId, start, end), `${a.AppointmentNumber} rostered`).toBe(true);
      }
    }
  });

  it('no employee, resource or client is booked twice at once, classes included', () => {
    const byEmployee = new Map<string, Span[]>(),
      byResource = new Map<string, Span[]>(),
      byClient = new Map<string, Span[]>();
    for (const a of w.appointments) {
      for (const s of a.AppointmentServices) {
        const span = { start: ms(s.Start), end: ms(s.End), what: a.AppointmentNumber };
        for (const e of s.Employees) push(byEmployee, e.EmployeeId, span);
        for (const r of s.Resources) push(byResource, r.ResourceId, span);
      }
      const start = Math.min(...a.AppointmentServices.map((s) => ms(s.Start)));
      const end = Math.max(...a.AppointmentServices.map((s) => ms(s.End)));
      push(byClient, a.ClientId, { start, end, what: a.AppointmentNumber });
    }
    for (const c of w.classSchedules)
      push(byEmployee, c.EmployeeId, { start: ms(c.Start), end: ms(c.End), what: `class ${c.ClassScheduleId}` });
    expect(overlapping(byEmployee)).toEqual([]);
    expect(overlapping(byResource)).toEqual([]);
    expect(overlapping(byClient)).toEqual([]);
  });

  it('employees are qualified for the services they are booked for, and resources fit the service', () => {
    for (const a of w.appointments) {
      for (const s of a.AppointmentServices) {
        const service = services.get(s.ServiceId);
        expect(service?.SiteId === null || service?.SiteId === a.SiteId).toBe(true);
        for (const e of s.Employees) expect(employees.get(e.EmployeeId)?.ServiceIds).toContain(s.ServiceId);
        if ((service?.ResourceIds.length ?? 0) > 0) expect(s.Resources).toHaveLength(1);
        for (const r of s.Resources) expect(service?.ResourceIds).toContain(r.ResourceId);
      }
    }
  });

  it('package-only services are booked only inside packages, and a package shares one PackageGroupId', () => {
    const groups = new Map<string, Set<string>>();
    for (const a of w.appointments) {
      for (const s of a.AppointmentServices) {
        if (services.get(s.ServiceId)?.PackageOnly) expect(s.PackageId).not.toBeNull();
        expect(s.PackageId === null).toBe(s.PackageGroupId === null);
        if (s.PackageGroupId)
          groups.set(s.PackageGroupId, (groups.get(s.PackageGroupId) ?? new Set()).add(s.ServiceId));
      }
    }
    expect(groups.size).toBeGreaterThan(0);
    const packages = new Map(w.packages.map((p) => [p.PackageId, p]));
    for (const a of w.appointments) {
      const first = a.AppointmentServices.find((s) => s.PackageGroupId);
      if (!first?.PackageId || !first.PackageGroupId) continue;
      const expected = packages
        .get(first.PackageId)
        ?.Services.map((s) => s.ServiceId)
        .sort();
      expect([...(groups.get(first.PackageGroupId) ?? [])].sort()).toEqual(expected);
    }
  });

  it('appointments over before today are Completed, No Show or Cancelled; later ones Booked, Confirmed or Cancelled', () => {
    const name = new Map(w.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));
    const past = new Set<string>(),
      future = new Set<string>();
    for (const a of w.appointments) {
      const over = Math.max(...a.AppointmentServices.map((s) => ms(s.End))) <= TODAY_MS;
      (over ? past : future).add(name.get(a.AppointmentStateId) ?? '?');
    }
    expect([...past].sort()).toEqual(['Cancelled', 'Completed', 'No Show']);
    expect([...future].every((n) => ['Booked', 'Confirmed', 'Cancelled'].includes(n))).toBe(true);
    expect(w.appointmentStates.map((s) => s.Name)).toEqual([
      'Booked',
      'Confirmed',
      'Arrived',
      'In Progress',
      'Completed',
      'No Show',
      'Cancelled',
    ]);
  });

  it('appointment numbers are unique and creation dates precede the start and today', () => {
    expect(new Set(w.appointments.map((a) => a.AppointmentNumber)).size).toBe(w.appointments.length);
    for (const a of w.appointments) {
      expect(ms(a.CreationDate)).toBeLessThanOrEqual(ms(a.Start));
      expect(ms(a.CreationDate)).toBeLessThan(TODAY_MS);
    }
  });

  it('weekly series share a SeriesId, one week apart at the same employee', () => {
    const series = new Map<string, number[]>();
    for (const a of w.appointments) if (a.SeriesId) push(series, a.SeriesId, ms(a.Start));
    for (const starts of series.values()) {
      starts.sort((x, y) => x - y);
      for (let i = 1; i < starts.length; i++)
        expect(((starts[i] as number) - (starts[i - 1] as number)) % days(7)).toBe(0);
    }
  });

  it('class sessions lie inside their instructor roster and the site trading hours', () => {
    for (const c of w.classSchedules) {
      const site = sites.get(c.SiteId);
      if (!site) throw new Error('site missing');
      const start = ms(c.Start),
        end = ms(c.End);
      const window = tradingWindow(site, localDayOf(site.TimeZone, start));
      expect(window && window.open <= start && end <= window.close).toBe(true);
      expect(canWork(c.EmployeeId, c.SiteId, start, end)).toBe(true);
    }
  });

  it('class bookings never exceed capacity, and some sessions are fully booked', () => {
    const taken = new Map<string, number>();
    for (const b of w.classBookings)
      if (b.ClassBookingState <= 3) taken.set(b.ClassScheduleId, (taken.get(b.ClassScheduleId) ?? 0) + 1);
    let full = 0;
    for (const s of w.classSchedules) {
      expect(taken.get(s.ClassScheduleId) ?? 0).toBeLessThanOrEqual(s.Capacity);
      if ((taken.get(s.ClassScheduleId) ?? 0) === s.Capacity) full++;
    }
    expect(full).toBeGreaterThan(0);
    const pairs = w.classBookings.map((b) => `${b.ClassScheduleId}|${b.ClientId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
