import { describe, expect, it } from 'vitest';
import { localDayOf, localToUtc, minutesOf } from '../../src/datetime.js';
import { WORKING_TIME } from '../../src/world/employees.js';
import { tradingWindow } from '../../src/world/sites-gen.js';
import { ms } from '../helpers.js';
import { world } from './fixtures.js';

const day = (text: string) => ms(text);
const at = (zone: string, date: string, hhmm: string) =>
  new Date(localToUtc(zone, day(date), minutesOf(hhmm))).toISOString();

describe('sites', () => {
  it.each(['small', 'standard'] as const)('%s has at least three sites and exactly one Inactive', (size) => {
    const w = world(size);
    expect(w.sites.length).toBeGreaterThanOrEqual(3);
    expect(w.sites.filter((s) => s.State === 2)).toHaveLength(1);
  });

  it('every site has a valid IANA time zone, and the zones are mixed', () => {
    const w = world('standard');
    expect(w.sites.length).toBeGreaterThan(0);
    for (const s of w.sites) {
      expect(new Intl.DateTimeFormat('en', { timeZone: s.TimeZone }).resolvedOptions().timeZone).toBe(s.TimeZone);
    }
    expect(new Set(w.sites.map((s) => s.TimeZone)).size).toBeGreaterThan(1);
  });

  it('every site trades six days with one closed day, opening before closing', () => {
    for (const s of world('standard').sites) {
      expect(s.TradingHours.map((h) => h.DayOfWeek).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(s.TradingHours.filter((h) => h.Closed)).toHaveLength(1);
      for (const h of s.TradingHours.filter((x) => !x.Closed))
        expect(minutesOf(h.Open)).toBeLessThan(minutesOf(h.Close));
    }
  });

  it('site addresses and contact details are filled in', () => {
    for (const s of world('standard').sites) {
      expect(s.Name).not.toBe('');
      expect(s.Phone).toMatch(/^\+\d/);
      expect(s.Email).toMatch(/@/);
      expect(Object.values(s.Address).every((v) => v !== '')).toBe(true);
    }
  });
});

describe('local trading hours convert to UTC with daylight saving', () => {
  it('London: GMT before 30 March 2025, BST after', () => {
    expect(at('Europe/London', '2025-03-28', '09:00')).toBe('2025-03-28T09:00:00.000Z');
    expect(at('Europe/London', '2025-03-31', '09:00')).toBe('2025-03-31T08:00:00.000Z');
    expect(at('Europe/London', '2025-10-27', '09:00')).toBe('2025-10-27T09:00:00.000Z');
  });

  it('New York: EST before 9 March 2025, EDT after', () => {
    expect(at('America/New_York', '2025-03-07', '10:00')).toBe('2025-03-07T15:00:00.000Z');
    expect(at('America/New_York', '2025-03-10', '10:00')).toBe('2025-03-10T14:00:00.000Z');
  });

  it('Sydney: opening hours fall on the previous UTC day, and DST ends on 6 April 2025', () => {
    expect(at('Australia/Sydney', '2025-04-04', '09:00')).toBe('2025-04-03T22:00:00.000Z');
    expect(at('Australia/Sydney', '2025-04-07', '09:00')).toBe('2025-04-06T23:00:00.000Z');
    expect(new Date(localDayOf('Australia/Sydney', day('2025-04-06 23:00'))).toISOString()).toBe(
      '2025-04-07T00:00:00.000Z',
    );
  });

  it('Dublin: IST in summer, GMT in winter', () => {
    expect(at('Europe/Dublin', '2025-07-01', '09:30')).toBe('2025-07-01T08:30:00.000Z');
    expect(at('Europe/Dublin', '2025-01-06', '09:30')).toBe('2025-01-06T09:30:00.000Z');
  });

  it('working rosters stay inside trading hours across a DST change (today = 2025-03-30)', () => {
    const w = world('standard', 5, '2025-03-30');
    const sites = new Map(w.sites.map((s) => [s.SiteId, s]));
    const working = w.schedules.filter((s) => s.ScheduleType === WORKING_TIME);
    expect(working.length).toBeGreaterThan(0);
    for (const r of working) {
      const site = sites.get(r.SiteId);
      if (!site) throw new Error('site missing');
      const window = tradingWindow(site, localDayOf(site.TimeZone, ms(r.Start)));
      expect(window && window.open <= ms(r.Start) && ms(r.End) <= window.close, `${r.Start} at ${site.TimeZone}`).toBe(
        true,
      );
    }
    // The London site opens at 09:00 local: 09:00Z in March before the change, 08:00Z after it.
    const london = w.sites.find((s) => s.TimeZone === 'Europe/London');
    const starts = new Set(working.filter((r) => r.SiteId === london?.SiteId).map((r) => r.Start.slice(11)));
    expect(starts.has('09:00') && starts.has('08:00')).toBe(true);
  });
});
