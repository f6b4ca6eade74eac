import { formatDateTime } from '../datetime.js';
import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, editRecord, insertRecord } from '../records.js';
import type { ClassDefinition } from '../world/classes.js';
import type { Guid } from '../world/common.js';
import { EMPTY_GUID } from '../world/common.js';
import type { World } from '../world/index.js';
import type { ClassIn } from './input.js';

/**
 * POST /classes?siteId=: the query siteId must name a site (the body's SiteId and ClassId are
 * ignored); Name is required and not blank. Defaults: ClassType 1, Capacity 10, DurationMinutes
 * 60, State 1, StartDate now, EndDate null. All failures come in one model-state 400.
 */
export function createClass(world: World, siteId: Guid, body: ClassIn, now: number, random: Random): ClassDefinition {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  const name = (body.Name ?? '').trim();
  if (name === '') problems.add('Name', 'The Name field is required.');
  problems.throwIfAny();
  const record: ClassDefinition = {
    ClassId: random.guid(),
    SiteId: siteId,
    Name: name,
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
 * PUT /classes?classId=: the query id selects the class (unknown → 400 `Record does not exist.`).
 * The site saved against is the body's SiteId; left out or null it saves the EMPTY Guid, as the
 * real service does (the class then drops out of every site's list). A non-empty SiteId naming
 * no site is a 400 on `SiteId`; a blank Name is a 400 on `Name`. Other fields sent overwrite.
 */
export function updateClass(world: World, classId: Guid, body: ClassIn): ClassDefinition {
  const record = editRecord(
    world,
    'classes',
    world.classes.find((c) => c.ClassId === classId),
  );
  if (!record) throw errors.recordDoesNotExist();
  const problems = new ModelStateErrors();
  const site = body.SiteId ?? EMPTY_GUID;
  if (site !== EMPTY_GUID) checkSite(world, site, 'SiteId', problems);
  if (body.Name !== undefined && (body.Name ?? '').trim() === '') problems.add('Name', 'The Name field is required.');
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
