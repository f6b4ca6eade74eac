import { MINUTE, utcMs } from '../datetime.js';
import { widenedEnd } from '../errors/range.js';
import { containsAny, inSite, type SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import type { World } from '../world/index.js';
import type { TimeRecord } from '../world/timerecords.js';
import type { TimeRecordRow } from './schemas.js';

type TimeRecordQuery = SiteRange & { find: string };

const byClockIn = orderBy<TimeRecord>(
  (r) => r.ClockIn,
  (r) => r.EmployeeId,
  (r) => r.TimeRecordId,
);

/**
 * The time records as of the account clock: a clock-in the clock has not reached yet has not
 * happened, and a clock-out it has not reached leaves the record open (today's seeded shifts are
 * stored with their planned times, so the day unfolds as the clock moves).
 */
export function timeRecordsAt(world: World, now: number): TimeRecord[] {
  const records: TimeRecord[] = [];
  for (const r of world.timeRecords) {
    if (utcMs(r.ClockIn) > now) continue;
    records.push(r.ClockOut !== null && utcMs(r.ClockOut) > now ? { ...r, ClockOut: null } : r);
  }
  return records;
}

/** A record that clocks in before the range and out after it is not returned: neither instant falls in it. */
export function listTimeRecords(world: World, q: TimeRecordQuery, now: number): TimeRecordRow[] {
  const last = widenedEnd(q.end);
  const within = (text: string | null) => text !== null && utcMs(text) >= q.start && utcMs(text) <= last;
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  return timeRecordsAt(world, now)
    .filter(inSite(q.siteId))
    .filter((r) => within(r.ClockIn) || within(r.ClockOut))
    .filter((r) => containsAny(q.find, [employees.get(r.EmployeeId)?.FirstName, employees.get(r.EmployeeId)?.LastName]))
    .sort(byClockIn)
    .map((r) => row(r, employees.get(r.EmployeeId)));
}

function row(r: TimeRecord, employee: { FirstName: string; LastName: string } | undefined): TimeRecordRow {
  return {
    TimeRecordId: r.TimeRecordId,
    EmployeeId: r.EmployeeId,
    FirstName: employee?.FirstName ?? '',
    LastName: employee?.LastName ?? '',
    SiteId: r.SiteId,
    ClockIn: r.ClockIn,
    ClockOut: r.ClockOut,
    Minutes: r.ClockOut === null ? null : Math.round((utcMs(r.ClockOut) - utcMs(r.ClockIn)) / MINUTE),
    Notes: r.Notes,
  };
}
