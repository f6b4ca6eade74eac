import { utcMs } from '../datetime.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { type EmployeeScheduleRow, ScheduleTypes } from './schemas.js';

export interface ScheduleQuery {
  siteId: Guid;
  start: number;
  end: number;
  includeClasses: boolean;
}

const NAMES = { 1: 'WorkingTime', 2: 'TimeOff', 3: 'Class' } as const;

/**
 * Roster rows at the site that overlap [start, end] at all: a row is returned when it starts at
 * or before end and ends at or after start, so a shift that began before the range is included.
 * includeClasses adds the active class sessions taught at the site as rows of type Class.
 * Ordered by Start, then employee, then type.
 */
export function listSchedules(world: World, q: ScheduleQuery): EmployeeScheduleRow[] {
  const overlaps = (r: { Start: string; End: string }) => utcMs(r.Start) <= q.end && utcMs(r.End) >= q.start;
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const person = (id: Guid) => ({
    FirstName: employees.get(id)?.FirstName ?? '',
    LastName: employees.get(id)?.LastName ?? '',
  });

  const rows: EmployeeScheduleRow[] = world.schedules
    .filter((s) => s.SiteId === q.siteId && overlaps(s))
    .map((s) => ({
      EmployeeScheduleId: s.EmployeeScheduleId,
      EmployeeId: s.EmployeeId,
      ...person(s.EmployeeId),
      SiteId: s.SiteId,
      ScheduleType: s.ScheduleType,
      ScheduleTypeName: NAMES[s.ScheduleType],
      Start: s.Start,
      End: s.End,
      Notes: s.Notes,
      ClassScheduleId: null,
    }));
  if (q.includeClasses) {
    const classNames = new Map(world.classes.map((c) => [c.ClassId, c.Name]));
    for (const c of world.classSchedules) {
      if (c.SiteId !== q.siteId || c.State !== 1 || !overlaps(c)) continue;
      rows.push({
        EmployeeScheduleId: c.ClassScheduleId,
        EmployeeId: c.EmployeeId,
        ...person(c.EmployeeId),
        SiteId: c.SiteId,
        ScheduleType: ScheduleTypes.Class,
        ScheduleTypeName: NAMES[ScheduleTypes.Class],
        Start: c.Start,
        End: c.End,
        Notes: classNames.get(c.ClassId) ?? '',
        ClassScheduleId: c.ClassScheduleId,
      });
    }
  }
  return rows.sort(
    orderBy<EmployeeScheduleRow>(
      (x) => x.Start,
      (x) => x.EmployeeId,
      (x) => x.ScheduleType,
    ),
  );
}
