import { DAY, MINUTE, utcText } from '../datetime.js';
import type { DateTimeText, Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Shift } from './rosters.js';

export interface TimeRecord {
  TimeRecordId: Guid;
  EmployeeId: Guid;
  /** null: clocked on a device not tied to a site; such records show for every site. */
  SiteId: Guid | null;
  ClockIn: DateTimeText;
  /** null while the employee is still clocked in. */
  ClockOut: DateTimeText | null;
  Notes: string;
}

/** Worked shifts are clocked over this many days before today, and today's as the clock reaches them. */
export const CLOCKED_DAYS = 30;

/**
 * Every worked shift of the last CLOCKED_DAYS days and of today is clocked. Today's records hold
 * the planned clock-in and clock-out: the API shows a record only once the account clock has
 * reached its clock-in, and open until it reaches its clock-out (timerecords/time-records.ts).
 */
export function generateTimeRecords(ctx: GenContext, shifts: readonly Shift[]): TimeRecord[] {
  const rng = rngFor(ctx, 'timerecords');
  const records: TimeRecord[] = [];
  const from = ctx.today - CLOCKED_DAYS * DAY;
  for (const shift of shifts) {
    if (shift.day < from || shift.day > ctx.today || !rng.chance(0.93)) continue;
    const late = rng.chance(0.08);
    const clockIn = shift.start + (late ? rng.int(5, 25) : -rng.int(0, 12)) * MINUTE;
    const clockOut = (shift.offFrom ?? shift.end) + rng.int(0, 20) * MINUTE;
    records.push({
      TimeRecordId: rng.uuid(),
      EmployeeId: shift.employeeId,
      SiteId: rng.chance(0.05) ? null : shift.siteId,
      ClockIn: utcText(clockIn),
      ClockOut: utcText(clockOut),
      Notes: late
        ? rng.pick(['Late: traffic', 'Late: train delayed', 'Late: childcare'])
        : rng.chance(0.03)
          ? 'Clock-out corrected by manager'
          : '',
    });
  }
  return records.sort((a, b) =>
    a.ClockIn < b.ClockIn ? -1 : a.ClockIn > b.ClockIn ? 1 : a.EmployeeId < b.EmployeeId ? -1 : 1,
  );
}
