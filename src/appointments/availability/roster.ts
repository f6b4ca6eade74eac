import { utcMs, utcText } from '../../datetime.js';
import type { Guid } from '../../world/common.js';
import { TIME_OFF, WORKING_TIME } from '../../world/employees.js';
import type { World } from '../../world/index.js';
import { type Interval, merge, subtract } from './timeline.js';

// Bookable time of employees at one site: working time (ScheduleType 1) rostered at the site,
// minus any time off (ScheduleType 2, wherever it is recorded: an absence is the person's), inside
// the window asked for (the site's trading hours of one day).

export interface Roster {
  /** Employees with working time at the site overlapping [open, close), in roster order. */
  staff(open: number, close: number): Guid[];
  /** The employee's bookable stretches within [open, close), sorted and merged. */
  bookable(employeeId: Guid, open: number, close: number): Interval[];
}

/** Reads the roster rows overlapping [from, to) once; questions are then answered from them. */
export function rosterAt(world: World, siteId: Guid, from: number, to: number): Roster {
  const working = new Map<Guid, Interval[]>();
  const off = new Map<Guid, Interval[]>();
  const fromText = utcText(from);
  const toText = utcText(to);
  for (const row of world.schedules) {
    if (!(row.Start < toText && row.End > fromText)) continue;
    const map =
      row.ScheduleType === WORKING_TIME && row.SiteId === siteId
        ? working
        : row.ScheduleType === TIME_OFF
          ? off
          : undefined;
    if (!map) continue;
    const list = map.get(row.EmployeeId) ?? [];
    list.push({ start: utcMs(row.Start), end: utcMs(row.End) });
    map.set(row.EmployeeId, list);
  }
  const clip = (list: readonly Interval[], open: number, close: number) =>
    list
      .filter((i) => i.start < close && open < i.end)
      .map((i) => ({ start: Math.max(i.start, open), end: Math.min(i.end, close) }));

  return {
    staff: (open, close) => [...working].filter(([, rows]) => clip(rows, open, close).length > 0).map(([id]) => id),
    bookable: (employeeId, open, close) =>
      subtract(merge(clip(working.get(employeeId) ?? [], open, close)), off.get(employeeId) ?? []),
  };
}
