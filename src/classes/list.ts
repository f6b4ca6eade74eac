import { utcMs } from '../datetime.js';
import { byName, containsAny } from '../match.js';
import type { ClassDefinition } from '../world/classes.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';

/**
 * GET /classes: the site's Active classes, less those that had already ended before `start`
 * (EndDate < start; a class with no EndDate runs on). Ordered by name.
 */
export function listClasses(world: World, q: { siteId: Guid; start: number }): ClassDefinition[] {
  return world.classes
    .filter((c) => c.SiteId === q.siteId && c.State === 1)
    .filter((c) => c.EndDate === null || utcMs(c.EndDate) >= q.start)
    .sort(byName)
    .map((c) => ({ ...c }));
}

/** Bookings that hold a place: Booked, CheckedIn and NoShow (the cancelled ones free theirs). */
const TAKES_A_PLACE = new Set([1, 2, 3]);

export interface ScheduleQuery {
  siteId: Guid;
  classType: number;
  start: number;
  end: number;
  find: string;
  employeeId: Guid | null;
  bookOnline: boolean;
}

/**
 * GET /classes/classschedules: the site's Active sessions whose Start lies in [start, end], of
 * the classType (All = 0 matches nothing); `find` is a contains over the class name; bookOnline
 * true (the default) keeps only online-bookable sessions, false keeps all. Ordered by Start,
 * then class name, then id.
 */
export function listClassSchedules(world: World, q: ScheduleQuery) {
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const taken = new Map<Guid, number>();
  for (const b of world.classBookings) {
    if (TAKES_A_PLACE.has(b.ClassBookingState)) taken.set(b.ClassScheduleId, (taken.get(b.ClassScheduleId) ?? 0) + 1);
  }
  const rows = [];
  for (const s of world.classSchedules) {
    if (s.SiteId !== q.siteId || s.State !== 1) continue;
    const def = classes.get(s.ClassId);
    if (!def || q.classType === 0 || def.ClassType !== q.classType) continue;
    const at = utcMs(s.Start);
    if (at < q.start || at > q.end) continue;
    if (q.employeeId !== null && s.EmployeeId !== q.employeeId) continue;
    if (q.bookOnline && !s.BookOnline) continue;
    if (!containsAny(q.find, [def.Name])) continue;
    const booked = taken.get(s.ClassScheduleId) ?? 0;
    rows.push({
      ClassScheduleId: s.ClassScheduleId,
      ClassId: s.ClassId,
      SiteId: s.SiteId,
      ClassName: def.Name,
      ClassType: def.ClassType,
      EmployeeId: s.EmployeeId,
      Start: s.Start,
      End: s.End,
      Capacity: s.Capacity,
      Booked: booked,
      Available: Math.max(0, s.Capacity - booked),
      BookOnline: s.BookOnline,
      State: s.State,
    });
  }
  return rows.sort(
    (a, b) =>
      (a.Start < b.Start ? -1 : a.Start > b.Start ? 1 : 0) ||
      byName({ Name: a.ClassName }, { Name: b.ClassName }) ||
      (a.ClassScheduleId < b.ClassScheduleId ? -1 : 1),
  );
}
