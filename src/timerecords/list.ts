import { MINUTE, utcMs } from '../datetime.js';
import { widenedEnd } from '../http/range.js';
import { containsAny, inSite } from '../match.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { TimeRecord } from '../world/timerecords.js';
import type { TimeRecordRow } from './schemas.js';

export interface TimeRecordQuery {
  siteId: Guid;
  start: number;
  end: number;
  find: string;
}

/**
 * Time records of the site and those not tied to a site, whose clock-in or clock-out falls between
 * start and the end widened by one day (both inclusive). A record still open (no clock-out) is
 * matched by its clock-in alone; a record that clocks in before the range and out after it is not
 * returned, as neither instant falls in it. find is a contains over the employee's first or last
 * name. Ordered by clock-in, then employee, then id.
 */
export function listTimeRecords(world: World, q: TimeRecordQuery): TimeRecordRow[] {
  const last = widenedEnd(q.end);
  const within = (text: string | null) => text !== null && utcMs(text) >= q.start && utcMs(text) <= last;
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  return world.timeRecords
    .filter(inSite(q.siteId))
    .filter((r) => within(r.ClockIn) || within(r.ClockOut))
    .filter((r) => containsAny(q.find, [employees.get(r.EmployeeId)?.FirstName, employees.get(r.EmployeeId)?.LastName]))
    .sort(
      (a, b) =>
        compare(a.ClockIn, b.ClockIn) || compare(a.EmployeeId, b.EmployeeId) || compare(a.TimeRecordId, b.TimeRecordId),
    )
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

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
