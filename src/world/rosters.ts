import { DAY, HOUR, MINUTE, utcText, weekdayOf } from '../datetime.js';
import { orderBy } from '../order.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { EmployeeSchedule, StaffPlan } from './employees.js';
import { TIME_OFF, WORKING_TIME } from './employees.js';
import type { SiteInfo } from './sites-gen.js';
import { tradingWindow } from './sites-gen.js';
import type { Steps } from './steps.js';

/** Rosters reach this many days either side of today. */
export const ROSTER_DAYS = 60;

/** A worked day as instants; bookable from `start` until `offFrom` (partial leave) or `end`. */
export interface Shift {
  employeeId: Guid;
  siteId: Guid;
  /** Local date of the site, as UTC midnight of that date. */
  day: number;
  start: number;
  end: number;
  offFrom: number | null;
}

const LONG_DAY = 9 * HOUR;
const SHIFT = 8 * HOUR;
const HALF_HOUR = 30 * MINUTE;

const LEAVE = ['Annual leave', 'Annual leave', 'Holiday', 'Sick leave', 'Training day'];
const PARTIAL = [
  'Dentist appointment',
  'Doctor appointment',
  'Leaving early - school pick-up',
  'Training course',
  'Personal',
];

/** Rosters and the shifts they make, a step per employee (see steps.ts). */
export function* rosterSteps(
  ctx: GenContext,
  sites: SiteInfo[],
  plans: StaffPlan[],
): Steps<{ schedules: EmployeeSchedule[]; shifts: Shift[] }> {
  const rng = rngFor(ctx, 'rosters');
  const siteById = new Map(sites.map((s) => [s.site.SiteId, s]));
  // Opening hours per site and day offset, worked out once rather than per employee.
  const windows = new Map(
    sites.map((s) => [
      s.site.SiteId,
      Array.from({ length: 2 * ROSTER_DAYS + 1 }, (_, i) => tradingWindow(s.site, ctx.today + (i - ROSTER_DAYS) * DAY)),
    ]),
  );
  const schedules: EmployeeSchedule[] = [];
  const shifts: Shift[] = [];

  for (const plan of plans) {
    yield;
    const { employee } = plan;
    const worked: Shift[] = [];
    for (let k = -ROSTER_DAYS; k <= ROSTER_DAYS; k++) {
      const day = ctx.today + k * DAY;
      const weekday = weekdayOf(day);
      const siteId = plan.week[weekday];
      const info = siteId ? siteById.get(siteId) : undefined;
      if (!info || !siteId) continue;
      if (info.closedFrom !== null && day >= info.closedFrom) continue;
      if (plan.leftOn !== null && day >= plan.leftOn) continue;
      const window = windows.get(siteId)?.[k + ROSTER_DAYS];
      if (!window) continue;
      let { open: start, close: end } = window;
      const shift = plan.role.categories.length === 0 ? 'full' : plan.shifts[weekday];
      if (end - start > LONG_DAY && shift === 'early') end = start + SHIFT;
      if (end - start > LONG_DAY && shift === 'late') start = end - SHIFT;
      worked.push({ employeeId: employee.EmployeeId, siteId, day, start, end, offFrom: null });
    }

    const wholeOff = new Map<number, string>();
    const blocks = ctx.size === 'small' ? 1 : rng.int(1, 2);
    for (let b = 0; b < blocks && worked.length > 0; b++) {
      const first = rng.int(0, worked.length - 1);
      const length = rng.int(1, 5);
      const note = rng.pick(LEAVE);
      for (let i = first; i < Math.min(worked.length, first + length); i++) wholeOff.set(i, note);
    }
    const partials = new Map<number, string>();
    for (let p = rng.int(2, 4); p > 0 && worked.length > 0; p--) {
      const i = rng.int(0, worked.length - 1);
      if (!wholeOff.has(i)) partials.set(i, rng.pick(PARTIAL));
    }

    worked.forEach((shift, i) => {
      const entry = (type: EmployeeSchedule['ScheduleType'], start: number, end: number, Notes: string) =>
        schedules.push({
          EmployeeScheduleId: rng.uuid(),
          EmployeeId: employee.EmployeeId,
          SiteId: shift.siteId,
          ScheduleType: type,
          Start: utcText(start),
          End: utcText(end),
          Notes,
        });
      const leave = wholeOff.get(i);
      if (leave !== undefined) {
        entry(TIME_OFF, shift.start, shift.end, leave);
        return;
      }
      entry(WORKING_TIME, shift.start, shift.end, '');
      const partial = partials.get(i);
      if (partial !== undefined) {
        // Afternoon absence, on a half-hour boundary, leaving at least two hours of work.
        const span = shift.end - shift.start;
        const offFrom =
          shift.start + Math.max(2 * HOUR, Math.round((span * (0.45 + rng.float() * 0.25)) / HALF_HOUR) * HALF_HOUR);
        if (offFrom < shift.end - HALF_HOUR) {
          shift.offFrom = offFrom;
          entry(TIME_OFF, offFrom, shift.end, partial);
        }
      }
      shifts.push(shift);
    });
  }

  schedules.sort(
    orderBy<EmployeeSchedule>(
      (x) => x.Start,
      (x) => x.EmployeeId,
      (x) => x.ScheduleType,
    ),
  );
  return { schedules, shifts };
}
