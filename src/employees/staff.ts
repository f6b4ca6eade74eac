import { utcMs } from '../datetime.js';
import { containsAny, hasState, inSite, type SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { type EmployeeScheduleRow, ScheduleTypes } from './schemas.js';

// The staff of a site as the employee endpoints list it: the people, and their rosters.

const collator = new Intl.Collator('en', { sensitivity: 'base' });

interface EmployeeQuery {
  siteId: Guid;
  itemState: number;
  find: string;
}

/** Every employee, bookable or not; ordered as a staff list reads, with the collation a database would use. */
export function listEmployees(world: World, q: EmployeeQuery) {
  return world.employees
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((e) => containsAny(q.find, [e.FirstName, e.LastName, `${e.FirstName} ${e.LastName}`]))
    .sort(
      (a, b) =>
        collator.compare(a.LastName, b.LastName) ||
        collator.compare(a.FirstName, b.FirstName) ||
        (a.EmployeeId < b.EmployeeId ? -1 : 1),
    )
    .map((e) => ({
      EmployeeId: e.EmployeeId,
      SiteId: e.SiteId,
      FirstName: e.FirstName,
      LastName: e.LastName,
      Email: e.Email,
      MobilePhone: e.MobilePhone,
      JobTitle: e.JobTitle,
      State: e.State,
      BookOnline: e.BookOnline,
      ServiceIds: [...e.ServiceIds],
    }));
}

type ScheduleQuery = SiteRange & { includeClasses: boolean };

const NAMES = { 1: 'WorkingTime', 2: 'TimeOff', 3: 'Class' } as const;

/** A row as stored, or a class session standing as one: everything of an answer row but the employee's name. */
type Entry = Omit<EmployeeScheduleRow, 'FirstName' | 'LastName' | 'ScheduleTypeName'>;

/** A row overlaps [start, end] when it starts at or before end and ends at or after start. */
export function listSchedules(world: World, q: ScheduleQuery): EmployeeScheduleRow[] {
  const overlaps = (r: { Start: string; End: string }) => utcMs(r.Start) <= q.end && utcMs(r.End) >= q.start;
  const entries: Entry[] = world.schedules
    .filter((s) => s.SiteId === q.siteId && overlaps(s))
    .map((s) => ({ ...s, ClassScheduleId: null }));
  if (q.includeClasses) {
    const classNames = new Map(world.classes.map((c) => [c.ClassId, c.Name]));
    for (const c of world.classSchedules) {
      if (c.SiteId !== q.siteId || c.State !== 1 || !overlaps(c)) continue;
      entries.push({
        EmployeeScheduleId: c.ClassScheduleId,
        EmployeeId: c.EmployeeId,
        SiteId: c.SiteId,
        ScheduleType: ScheduleTypes.Class,
        Start: c.Start,
        End: c.End,
        Notes: classNames.get(c.ClassId) ?? '',
        ClassScheduleId: c.ClassScheduleId,
      });
    }
  }
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  return entries
    .map((e) => ({
      EmployeeScheduleId: e.EmployeeScheduleId,
      EmployeeId: e.EmployeeId,
      FirstName: employees.get(e.EmployeeId)?.FirstName ?? '',
      LastName: employees.get(e.EmployeeId)?.LastName ?? '',
      SiteId: e.SiteId,
      ScheduleType: e.ScheduleType,
      ScheduleTypeName: NAMES[e.ScheduleType],
      Start: e.Start,
      End: e.End,
      Notes: e.Notes,
      ClassScheduleId: e.ClassScheduleId,
    }))
    .sort(
      orderBy<EmployeeScheduleRow>(
        (x) => x.Start,
        (x) => x.EmployeeId,
        (x) => x.ScheduleType,
      ),
    );
}
