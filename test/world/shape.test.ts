import { describe, expect, it } from 'vitest';
import { formatDate } from '../../src/datetime.js';
import { TIME_OFF, WORKING_TIME } from '../../src/world/employees.js';
import type { World } from '../../src/world/index.js';
import { ms } from '../helpers.js';
import { days, SEED, TODAY, TODAY_MS, world } from './fixtures.js';

const within = (text: string, from: number, to: number) =>
  ms(text) >= TODAY_MS + days(from) && ms(text) <= TODAY_MS + days(to);

describe('size ballparks', () => {
  it('small: 3 sites, 5 employees, 40 clients', () => {
    const w = world('small');
    expect([w.sites.length, w.employees.length, w.clients.length]).toEqual([3, 5, 40]);
    expect(w.appointments.length).toBeGreaterThan(50);
  });

  it('standard: 3 sites, 15 employees, 300 clients, about 40 services and 30 products', () => {
    const w = world('standard');
    expect([w.sites.length, w.employees.length, w.clients.length]).toEqual([3, 15, 300]);
    expect(w.services.length).toBeGreaterThanOrEqual(35);
    expect(w.services.length).toBeLessThanOrEqual(45);
    expect(w.products.length).toBeGreaterThanOrEqual(25);
    expect(w.products.length).toBeLessThanOrEqual(35);
    expect(w.appointments.length).toBeGreaterThan(500);
  });

  it('the catalogue mixes account-wide, package-only, Inactive, online and resource-bound services', () => {
    const s = world('standard').services;
    expect(s.some((x) => x.SiteId === null) && s.some((x) => x.SiteId !== null)).toBe(true);
    expect(s.filter((x) => x.PackageOnly).length).toBeGreaterThanOrEqual(3);
    expect(s.some((x) => x.State === 2)).toBe(true);
    expect(s.filter((x) => x.BookOnline).length).toBeGreaterThan(s.length / 2);
    expect(s.some((x) => x.ResourceIds.length > 0)).toBe(true);
    for (const x of s) {
      expect(x.Duration % 15).toBe(0);
      expect(x.Duration).toBeGreaterThanOrEqual(15);
      expect(x.Duration).toBeLessThanOrEqual(120);
    }
    const p = world('standard').products;
    expect(p.some((x) => x.AllowSale) && p.some((x) => !x.AllowSale) && p.some((x) => x.State === 2)).toBe(true);
  });
});

describe('dates are relative to today', () => {
  const w = world('standard');

  it('appointments fall within 30 days either side of today', () => {
    for (const a of w.appointments) expect(within(a.Start, -31, 31), a.Start).toBe(true);
  });

  it('rosters span 60 days either side of today, with whole and partial time off', () => {
    for (const s of w.schedules) expect(within(s.Start, -61, 61)).toBe(true);
    expect(w.schedules.some((s) => within(s.Start, -61, -58))).toBe(true);
    expect(w.schedules.some((s) => within(s.Start, 58, 61))).toBe(true);
    const working = new Set(
      w.schedules.filter((s) => s.ScheduleType === WORKING_TIME).map((s) => `${s.EmployeeId}|${s.Start.slice(0, 10)}`),
    );
    const off = w.schedules.filter((s) => s.ScheduleType === TIME_OFF);
    expect(off.some((s) => working.has(`${s.EmployeeId}|${s.Start.slice(0, 10)}`))).toBe(true);
    expect(off.some((s) => !working.has(`${s.EmployeeId}|${s.Start.slice(0, 10)}`))).toBe(true);
  });

  it("time records cover the past 30 days and today, today's with their planned clock-out", () => {
    for (const t of w.timeRecords) expect(within(t.ClockIn, -31, 1)).toBe(true);
    expect(w.timeRecords.some((t) => t.ClockIn.slice(0, 10) === TODAY)).toBe(true);
    expect(w.timeRecords.some((t) => t.SiteId === null)).toBe(true);
    for (const t of w.timeRecords) expect(ms(t.ClockOut!)).toBeGreaterThan(ms(t.ClockIn));
  });

  it('class sessions fall within 30 days either side of today', () => {
    for (const c of w.classSchedules) expect(within(c.Start, -31, 31)).toBe(true);
    expect(
      w.classSchedules.some((c) => ms(c.Start) < TODAY_MS) && w.classSchedules.some((c) => ms(c.Start) > TODAY_MS),
    ).toBe(true);
  });

  it('sales documents and entries are dated before today, except recurring templates', () => {
    for (const d of w.accountingDocuments) expect(ms(d.DocumentDate)).toBeLessThan(TODAY_MS + days(1));
    for (const e of w.accountingEntries) expect(ms(e.EntryDate)).toBeLessThan(TODAY_MS + days(1));
  });

  it('moving today moves the whole world by the same number of days', () => {
    const later: World = world('standard', SEED, formatDate(TODAY_MS + days(7)));
    const first = (list: readonly { Start: string }[]) => Math.min(...list.map((x) => ms(x.Start)));
    // Whole days: a daylight-saving change between the two windows moves UTC times by an hour.
    expect(Math.round((first(later.schedules) - first(w.schedules)) / days(1))).toBe(7);
    for (const a of later.appointments) expect(ms(a.Start)).toBeGreaterThanOrEqual(TODAY_MS + days(7 - 31));
  });
});

describe('employees', () => {
  const w = world('standard');

  it('include an account-wide employee, an Inactive one and ones who perform no services', () => {
    expect(w.employees.some((e) => e.SiteId === null)).toBe(true);
    expect(w.employees.some((e) => e.State === 2)).toBe(true);
    expect(w.employees.some((e) => e.ServiceIds.length === 0)).toBe(true);
    expect(new Set(w.employees.map((e) => e.Email)).size).toBe(w.employees.length);
  });

  it('the Inactive site has history but nothing from two weeks ago on', () => {
    const closed = w.sites.find((s) => s.State === 2)?.SiteId;
    expect(w.appointments.some((a) => a.SiteId === closed)).toBe(true);
    for (const a of w.appointments.filter((x) => x.SiteId === closed))
      expect(ms(a.Start)).toBeLessThan(TODAY_MS - days(13));
    for (const s of w.schedules.filter((x) => x.SiteId === closed))
      expect(ms(s.Start)).toBeLessThan(TODAY_MS - days(13));
  });
});
