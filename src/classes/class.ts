import { formatDateTime, utcMs } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors } from '../errors/model-state.js';
import { byName, containsAny, type SiteRange } from '../match.js';
import { orderBy } from '../order.js';
import type { Random } from '../random.js';
import { checkSite, editRecord, insertRecord, requireField } from '../records.js';
import type { ClassDefinition } from '../world/classes.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { placesTaken } from './class-booking.js';
import { CLASS_RULES } from './rules.js';
import type { ClassIn, ClassScheduleRow } from './schemas.js';

// Classes (definitions) and their dated sessions (class schedules): create and update of a class,
// the list of classes and the list of sessions with their places.

/** A Name sent must not be blank; `required` also refuses one left out. */
function checkName(name: string | null | undefined, required: boolean, problems: ModelStateErrors): void {
  if ((required || name !== undefined) && (name ?? '').trim() === '') requireField(problems, 'Name', CLASS_RULES.name);
}

/** The body's SiteId and ClassId are not used; all failures come in one model-state 400. */
export function createClass(world: World, siteId: Guid, body: ClassIn, now: number, random: Random): ClassDefinition {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  checkName(body.Name, true, problems);
  problems.throwIfAny();
  const record: ClassDefinition = {
    ClassId: random.guid(),
    SiteId: siteId,
    Name: (body.Name ?? '').trim(),
    Description: body.Description ?? '',
    ClassType: body.ClassType ?? 1,
    Capacity: body.Capacity ?? 10,
    DurationMinutes: body.DurationMinutes ?? 60,
    State: body.State ?? 1,
    StartDate: body.StartDate ?? formatDateTime(now),
    EndDate: body.EndDate ?? null,
  };
  insertRecord(world, 'classes', record);
  return record;
}

/**
 * The query id selects the class. The site saved against is the body's SiteId; left out or null it
 * saves the EMPTY Guid, as the real service does (the class then drops out of every site's list).
 */
export function updateClass(world: World, classId: Guid, body: ClassIn): ClassDefinition {
  const record = editRecord(
    world,
    'classes',
    world.classes.find((c) => c.ClassId === classId),
  );
  if (!record) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  const problems = new ModelStateErrors();
  const site = body.SiteId ?? EMPTY_GUID;
  if (site !== EMPTY_GUID) checkSite(world, site, 'SiteId', problems);
  checkName(body.Name, false, problems);
  problems.throwIfAny();
  record.SiteId = site;
  if (body.Name != null) record.Name = body.Name.trim();
  if (body.Description !== undefined) record.Description = body.Description ?? '';
  if (body.ClassType !== undefined) record.ClassType = body.ClassType;
  if (body.Capacity !== undefined) record.Capacity = body.Capacity;
  if (body.DurationMinutes !== undefined) record.DurationMinutes = body.DurationMinutes;
  if (body.State !== undefined) record.State = body.State;
  if (body.StartDate != null) record.StartDate = body.StartDate;
  if (body.EndDate !== undefined) record.EndDate = body.EndDate;
  return record;
}

/** The site's Active classes, less those that had already ended before `start`. */
export function listClasses(world: World, q: { siteId: Guid; start: number }): ClassDefinition[] {
  return world.classes
    .filter((c) => c.SiteId === q.siteId && c.State === 1)
    .filter((c) => c.EndDate === null || utcMs(c.EndDate) >= q.start)
    .sort(byName)
    .map((c) => ({ ...c }));
}

export interface ScheduleQuery extends SiteRange {
  classType: number;
  find: string;
  employeeId: Guid | null;
  bookOnline: boolean;
}

const byStart = orderBy<ClassScheduleRow>((r) => r.Start);
const byId = orderBy<ClassScheduleRow>((r) => r.ClassScheduleId);

/** The site's Active sessions whose Start lies in [start, end]; ordered by Start, then class name, then id. */
export function listClassSchedules(world: World, q: ScheduleQuery): ClassScheduleRow[] {
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const taken = placesTaken(world);
  const rows: ClassScheduleRow[] = [];
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
  return rows.sort((a, b) => byStart(a, b) || byName({ Name: a.ClassName }, { Name: b.ClassName }) || byId(a, b));
}
