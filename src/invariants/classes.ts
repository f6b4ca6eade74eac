import { utcMs } from '../datetime.js';
import { classTemplate, performedCategories, qualifiedToTeach } from '../world/class-templates.js';
import type { World } from '../world/index.js';
import { problems } from './invariant.js';

// The studio's timetable: who teaches, which sites still run classes, and what GET classes lists.

/**
 * Every class session is taught by an employee qualified for its class: for the yoga, Pilates,
 * barre and meditation classes the job title is the instructor's; for the others (workshops,
 * masterclasses, the styling class) the teacher performs a service of the class's categories
 * (world/class-templates.ts). A class created over the API names no template and is not held to it.
 */
export function sessionsTaughtByQualifiedEmployees(world: World): string[] {
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const unqualified = world.classSchedules.filter((s) => {
    const template = classTemplate(classes.get(s.ClassId)?.Name ?? '');
    if (!template) return false;
    const teacher = employees.get(s.EmployeeId);
    return (
      !teacher ||
      !qualifiedToTeach(template.taughtBy, teacher.JobTitle, performedCategories(teacher.ServiceIds, services))
    );
  });
  return problems(unqualified, (s) => {
    const teacher = employees.get(s.EmployeeId);
    const who = teacher ? `${teacher.JobTitle} ${teacher.FirstName} ${teacher.LastName}` : `unknown ${s.EmployeeId}`;
    return `session ${s.ClassScheduleId} of ${classes.get(s.ClassId)?.Name} on ${s.Start} taught by ${who}`;
  });
}

/**
 * An Inactive site lists no Active class and no Active session after the clock: GET classes with
 * start at the clock answers `[]` for it (every class ended by then), and GET classschedules from
 * the clock on lists nothing.
 */
export function inactiveSitesHaveNoActiveFutureClasses(world: World, now: number): string[] {
  const inactive = new Set(world.sites.filter((s) => s.State !== 1).map((s) => s.SiteId));
  return [
    ...problems(
      world.classes.filter(
        (c) => inactive.has(c.SiteId) && c.State === 1 && (c.EndDate === null || utcMs(c.EndDate) >= now),
      ),
      (c) => `class ${c.Name} (${c.ClassId}) of an inactive site runs until ${c.EndDate ?? 'no end'}`,
    ),
    ...problems(
      world.classSchedules.filter((s) => inactive.has(s.SiteId) && s.State === 1 && utcMs(s.Start) >= now),
      (s) => `session ${s.ClassScheduleId} of an inactive site on ${s.Start}`,
    ),
  ];
}

/**
 * Every class with a session at a site is in that site's class list: the class belongs to the
 * session's site, is Active, and runs from its StartDate to its EndDate (none = runs on) across the
 * session, so GET classes with any start up to the session's lists it. A retired class stays
 * listed with an EndDate rather than vanishing.
 */
export function classesWithSessionsAreListed(world: World): string[] {
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const unlisted = world.classSchedules.filter((s) => {
    const c = classes.get(s.ClassId);
    return (
      !c ||
      c.SiteId !== s.SiteId ||
      c.State !== 1 ||
      c.StartDate > s.Start ||
      (c.EndDate !== null && utcMs(c.EndDate) < utcMs(s.End))
    );
  });
  return problems(unlisted, (s) => {
    const c = classes.get(s.ClassId);
    const shown = c ? `${c.Name} (State ${c.State}, ${c.StartDate} to ${c.EndDate ?? 'no end'})` : 'an unknown class';
    return `session ${s.ClassScheduleId} on ${s.Start}–${s.End} of ${shown} is not listed for its site`;
  });
}
