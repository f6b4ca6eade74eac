import { clientsReady, clientWithId } from '../client-keys.js';
import { formatDateTime, MINUTE, parseDateTime, utcMs } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors } from '../errors/model-state.js';
import { containsAny, searches } from '../match.js';
import { nextInSeriesOf } from '../numbering.js';
import { orderBy } from '../order.js';
import type { Random } from '../random.js';
import {
  checkReference,
  checkSite,
  editRecord,
  insertRecord,
  isGiven,
  referenceMessage,
  removeRecord,
  requireField,
  type WriteContext,
} from '../records.js';
import { rowsReady, rowWhere } from '../row-lookup.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { Appointment, AppointmentService } from '../world/diary.js';
import type { World } from '../world/index.js';
import { filterInSteps, mapInSteps, type Steps, sortInSteps } from '../world/steps.js';
import { APPOINTMENT_RULES } from './rules.js';
import type { AppointmentIn, AppointmentListRow, AppointmentServiceIn } from './schemas.js';

const REF = RECORD_RULES.referenceExists;

// The diary: appointments and their services as the CRUD endpoints read and write them. Nothing
// here looks at availability (overlapping bookings are accepted): that is POST /appointments/validate.

/** Makes the lookups of the diary's reads in steps (`RegistryOptions.ready`). */
export const appointmentLookupsReady = (world: World): Steps<void> => rowsReady(world.appointments, 'AppointmentId');

export function findAppointment(world: World, id: Guid): Appointment | undefined {
  return rowWhere(world.appointments, 'AppointmentId', id);
}

/** The appointment, or the documented 400 `Record does not exist.` */
function existingAppointment(world: World, id: Guid): Appointment {
  const appointment = findAppointment(world, id);
  if (!appointment) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  return appointment;
}

// Lists.

interface AppointmentQuery {
  siteId: Guid;
  /** null: every state. */
  stateId: Guid | null;
  start: number;
  end: number;
  find: string;
  /** null: every client. */
  clientId: Guid | null;
}

/** End of the latest service: what a diary row spans. */
export function appointmentEnd(a: Appointment): string {
  return a.AppointmentServices.reduce((max, s) => (s.End > max ? s.End : max), a.Start);
}

/** One service of an appointment as list rows show it (no resources, no ids of the parent). */
export function serviceSummary(s: AppointmentService) {
  return {
    AppointmentServiceId: s.AppointmentServiceId,
    ServiceId: s.ServiceId,
    PackageId: s.PackageId,
    Description: s.Description,
    Start: s.Start,
    End: s.End,
    Employees: s.Employees,
  };
}

const byStart = orderBy<Appointment>(
  (a) => a.Start,
  (a) => a.AppointmentId,
);

/** Both bounds are included and the end is not widened (the spec widens other lists, not this one). */
export function* appointmentListSteps(world: World, q: AppointmentQuery): Steps<AppointmentListRow[]> {
  const clients = { get: (id: Guid) => clientWithId(world.clients, id) };
  const states = new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));
  // An empty search matches every appointment: the client's names are not looked up.
  const finding = searches(q.find);
  yield* clientsReady(world.clients);
  const kept = yield* filterInSteps(world.appointments, (a) => {
    if (a.SiteId !== q.siteId) return false;
    if (q.stateId !== null && a.AppointmentStateId !== q.stateId) return false;
    if (q.clientId !== null && a.ClientId !== q.clientId) return false;
    const start = utcMs(a.Start);
    if (start < q.start || start > q.end) return false;
    if (!finding) return true;
    const c = clients.get(a.ClientId);
    const names = c ? [c.FirstName, c.LastName, `${c.FirstName} ${c.LastName}`] : [];
    return containsAny(q.find, [...names, ...a.AppointmentServices.map((s) => s.Description)]);
  });
  yield* sortInSteps(kept, byStart);
  return yield* mapInSteps(kept, (a) => ({
    AppointmentId: a.AppointmentId,
    AppointmentNumber: a.AppointmentNumber,
    SiteId: a.SiteId,
    ClientId: a.ClientId,
    ClientFirstName: clients.get(a.ClientId)?.FirstName ?? '',
    ClientLastName: clients.get(a.ClientId)?.LastName ?? '',
    AppointmentStateId: a.AppointmentStateId,
    AppointmentStateName: states.get(a.AppointmentStateId) ?? '',
    Start: a.Start,
    End: appointmentEnd(a),
    Notes: a.Notes,
    VIP: a.VIP,
    SeriesId: a.SeriesId,
    InvoiceId: a.InvoiceId,
    Services: a.AppointmentServices.map(serviceSummary),
  }));
}

// Writes.

/**
 * The body's AppointmentId, SiteId and AppointmentNumber are not used: the site is the query's.
 * UserId is the one sent, else the API user making the call.
 */
export function* createAppointment(
  world: World,
  siteId: Guid,
  body: AppointmentIn,
  write: WriteContext,
): Steps<Appointment> {
  const { now, random, userId } = write;
  const newId = freshId(body, random);
  const AppointmentId = newId();
  const AppointmentServices = yield* checkedServices(
    world,
    body,
    { id: siteId, field: 'siteId' },
    { appointmentId: AppointmentId, clientId: body.ClientId, newId },
  );

  const appointment: Appointment = {
    AppointmentId,
    SiteId: siteId,
    ClientId: body.ClientId,
    ClientTypeId: isGiven(body.ClientTypeId) ? body.ClientTypeId : EMPTY_GUID,
    AppointmentNumber: nextAppointmentNumber(world),
    AppointmentStateId: isGiven(body.AppointmentStateId) ? body.AppointmentStateId : bookedStateId(world),
    Start: earliestStart(AppointmentServices),
    Notes: body.Notes ?? '',
    SourceId: isGiven(body.SourceId) ? body.SourceId : EMPTY_GUID,
    UserId: isGiven(body.UserId) ? body.UserId : userId,
    VIP: body.VIP ?? false,
    SeriesId: isGiven(body.SeriesId) ? body.SeriesId : null,
    CreationDate: formatDateTime(now),
    InvoiceId: null,
    AppointmentServices,
  };
  insertRecord(world, 'appointments', appointment);
  return appointment;
}

/** Appointment numbers are bare digits (no head), from here on. */
const FIRST_NUMBER = 100001;

/**
 * The next AppointmentNumber: one more than the highest number in the diary, as the front desk
 * issues them. Numbers are unique among the appointments that exist (a number freed by deleting
 * the latest appointment may be issued again).
 */
function nextAppointmentNumber(world: World): string {
  return String(Math.max(FIRST_NUMBER, Number(nextInSeriesOf('', world.appointments, 'AppointmentNumber'))));
}

/** The state new appointments take when the body names none. */
function bookedStateId(world: World): Guid {
  const booked = world.appointmentStates.find((s) => s.Name === 'Booked') ?? world.appointmentStates[0];
  if (!booked) throw new Error('the account has no appointment states');
  return booked.AppointmentStateId;
}

/** The record is the one the BODY names (its AppointmentId), whatever the route said: the real service binds PUT so. */
export function* updateAppointment(world: World, body: AppointmentIn, random: Random): Steps<Appointment> {
  const appointment = editRecord(world, 'appointments', existingAppointment(world, body.AppointmentId ?? EMPTY_GUID));
  const services = yield* checkedServices(
    world,
    body,
    body.SiteId === undefined ? undefined : { id: body.SiteId, field: 'SiteId' },
    {
      appointmentId: appointment.AppointmentId,
      clientId: body.ClientId,
      newId: freshId(body, random),
      current: appointment.AppointmentServices,
    },
  );

  if (body.SiteId !== undefined) appointment.SiteId = body.SiteId;
  appointment.ClientId = body.ClientId;
  if (isGiven(body.ClientTypeId)) appointment.ClientTypeId = body.ClientTypeId;
  if (isGiven(body.AppointmentStateId)) appointment.AppointmentStateId = body.AppointmentStateId;
  if (body.Notes !== undefined) appointment.Notes = body.Notes;
  if (isGiven(body.SourceId)) appointment.SourceId = body.SourceId;
  if (isGiven(body.UserId)) appointment.UserId = body.UserId;
  if (body.VIP !== undefined) appointment.VIP = body.VIP;
  // A series link is cleared by sending null or the empty Guid.
  if (body.SeriesId !== undefined) appointment.SeriesId = isGiven(body.SeriesId) ? body.SeriesId : null;
  appointment.AppointmentServices = services;
  appointment.Start = earliestStart(services);
  return appointment;
}

export function setAppointmentState(world: World, appointmentId: Guid, stateId: Guid): void {
  const appointment = editRecord(world, 'appointments', existingAppointment(world, appointmentId));
  if (!world.appointmentStates.some((s) => s.AppointmentStateId === stateId)) {
    throw errors.field(
      'appointmentStateId',
      referenceMessage('appointmentStateId', stateId),
      APPOINTMENT_RULES.stateExists,
    );
  }
  appointment.AppointmentStateId = stateId;
}

export function deleteAppointment(world: World, appointmentId: Guid): void {
  removeRecord(world, 'appointments', existingAppointment(world, appointmentId));
}

/** The account's states, in workflow order. */
export function listAppointmentStates(world: World) {
  return world.appointmentStates.map((s) => ({ AppointmentStateId: s.AppointmentStateId, Name: s.Name }));
}

/**
 * The services of a create or update body, built once the site (when given), the body's ids and
 * the services are checked: one 400 names every bad field.
 */
function* checkedServices(
  world: World,
  body: AppointmentIn,
  site: { id: Guid; field: string } | undefined,
  owner: ServiceOwner,
): Steps<AppointmentService[]> {
  const problems = new ModelStateErrors();
  if (site) checkSite(world, site.id, site.field, problems);
  checkAppointmentIds(world, body, problems);
  const services = yield* buildServices(world, body.AppointmentServices, owner, problems);
  problems.throwIfAny();
  return services;
}

// Appointment-level ids of a create or update body must name records of the account. Ids that
// mean "none" (absent, null, empty Guid) are not checked here; the caller decides their default.

function checkAppointmentIds(world: World, body: AppointmentIn, problems: ModelStateErrors): void {
  checkReference(problems, 'ClientId', body.ClientId, clientWithId(world.clients, body.ClientId) !== undefined, REF);
  const check = (field: string, id: Guid | null | undefined, exists: (id: Guid) => boolean) => {
    if (isGiven(id)) checkReference(problems, field, id, exists(id), REF);
  };
  check('AppointmentStateId', body.AppointmentStateId, (id) =>
    world.appointmentStates.some((s) => s.AppointmentStateId === id),
  );
  check('ClientTypeId', body.ClientTypeId, (id) => world.clientTypes.some((t) => t.ClientTypeId === id));
  check('SourceId', body.SourceId, (id) => world.sources.some((s) => s.SourceId === id));
}

// The services of an appointment as sent on create and update, checked against the account and
// completed from it.

interface ServiceOwner {
  appointmentId: Guid;
  clientId: Guid;
  newId: () => Guid;
  /** The appointment's current services (update): a sent AppointmentServiceId naming one keeps that service's id. */
  current?: readonly AppointmentService[];
}

/** Services built in one step: a body near the 1 MiB limit holds thousands. */
const SERVICES_PER_STEP = 64;

function* buildServices(
  world: World,
  sent: readonly AppointmentServiceIn[],
  owner: ServiceOwner,
  problems: ModelStateErrors,
): Steps<AppointmentService[]> {
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const packages = new Map(world.packages.map((p) => [p.PackageId, p]));
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const resources = new Map(world.resources.map((r) => [r.ResourceId, r]));
  const ownIds = new Set((owner.current ?? []).map((s) => s.AppointmentServiceId));
  const serviceId = serviceIdsOf(world, owner, ownIds);
  // Services of one package share a group id; one is made per package when the caller sends none.
  const groups = new Map<Guid, Guid>();

  const built: AppointmentService[] = [];
  for (const [i, item] of sent.entries()) {
    if (i % SERVICES_PER_STEP === 0) yield;
    const at = `AppointmentServices[${i}]`;
    const service = isGiven(item.ServiceId) ? services.get(item.ServiceId) : undefined;
    const pkg = isGiven(item.PackageId) ? packages.get(item.PackageId) : undefined;
    if (isGiven(item.ServiceId))
      checkReference(problems, `${at}.ServiceId`, item.ServiceId, service !== undefined, REF);
    if (isGiven(item.PackageId)) checkReference(problems, `${at}.PackageId`, item.PackageId, pkg !== undefined, REF);
    if (pkg && service && !pkg.Services.some((ps) => ps.ServiceId === service.ServiceId)) {
      problems.add(
        `${at}.ServiceId`,
        `The service '${service.ServiceId}' is not part of the package '${pkg.PackageId}'.`,
        APPOINTMENT_RULES.serviceInPackage,
      );
    }
    // Every item is a service of the catalogue: its duration gives End, its name Description.
    if (!isGiven(item.ServiceId)) requireField(problems, `${at}.ServiceId`, APPOINTMENT_RULES.itemService);

    const start = parseDateTime(item.Start) ?? 0;
    const end = item.End ? (parseDateTime(item.End) ?? start) : start + (service?.Duration ?? 0) * MINUTE;
    if (end < start) problems.add(`${at}.End`, 'End must not be before Start.', APPOINTMENT_RULES.endAfterStart);

    // The spec marks the names "(required)": they must be sent, but the account's own are stored.
    const named = (text: string | undefined, field: string) => {
      if ((text ?? '').trim() === '') requireField(problems, field, APPOINTMENT_RULES.staffNames);
    };
    const Employees = item.Employees.map((e, j) => {
      const employee = employees.get(e.EmployeeId);
      checkReference(problems, `${at}.Employees[${j}].EmployeeId`, e.EmployeeId, employee !== undefined, REF);
      named(e.FirstName, `${at}.Employees[${j}].FirstName`);
      named(e.LastName, `${at}.Employees[${j}].LastName`);
      return { EmployeeId: e.EmployeeId, FirstName: employee?.FirstName ?? '', LastName: employee?.LastName ?? '' };
    });
    const Resources = item.Resources.map((r, j) => {
      const resource = resources.get(r.ResourceId);
      checkReference(problems, `${at}.Resources[${j}].ResourceId`, r.ResourceId, resource !== undefined, REF);
      named(r.Name, `${at}.Resources[${j}].Name`);
      return { ResourceId: r.ResourceId, Name: resource?.Name ?? '' };
    });

    const PackageId = isGiven(item.PackageId) ? item.PackageId : null;
    let PackageGroupId: Guid | null = isGiven(item.PackageGroupId) ? item.PackageGroupId : null;
    if (PackageId && !PackageGroupId) {
      PackageGroupId = groups.get(PackageId) ?? owner.newId();
      groups.set(PackageId, PackageGroupId);
    }
    built.push({
      AppointmentServiceId: serviceId(item.AppointmentServiceId, at, problems),
      AppointmentId: owner.appointmentId,
      ClientId: owner.clientId,
      ServiceId: item.ServiceId ?? EMPTY_GUID,
      PackageId,
      PackageGroupId,
      Start: formatDateTime(start),
      End: formatDateTime(end),
      Description: item.Description?.trim() ? item.Description : (service?.Name ?? ''),
      Employees,
      Resources,
    });
  }
  return built;
}

/**
 * The id each sent service gets. The caller's own id is kept, like every caller-generated id (a public
 * booking site on the real service sends a new random one): an id of this appointment's service
 * (update) keeps that service's id, a new one is stored as sent; an id another appointment's
 * service has, or one sent twice, is a 400 on the item. The empty Guid (or none) gets a new id from
 * the account. A kept id is noted as used, so the account never issues it later.
 */
function serviceIdsOf(world: World, owner: ServiceOwner, ownIds: ReadonlySet<Guid>) {
  let others: Set<Guid> | undefined;
  const heldElsewhere = (id: Guid) => {
    others ??= new Set(
      world.appointments
        .filter((a) => a.AppointmentId !== owner.appointmentId)
        .flatMap((a) => a.AppointmentServices.map((s) => s.AppointmentServiceId)),
    );
    return others.has(id);
  };
  const sent = new Set<Guid>();
  return (id: Guid | undefined, at: string, problems: ModelStateErrors): Guid => {
    if (!isGiven(id)) return owner.newId();
    const field = `${at}.AppointmentServiceId`;
    if (sent.has(id)) {
      problems.add(field, `The AppointmentServiceId '${id}' is sent more than once.`, RECORD_RULES.idsUnique);
    } else if (!ownIds.has(id) && heldElsewhere(id))
      problems.add(field, `An appointment service with id '${id}' already exists.`, RECORD_RULES.idsUnique);
    sent.add(id);
    return id;
  };
}

/** New ids from the account's source, none of them an AppointmentServiceId the body itself sends (not stored yet). */
function freshId(body: AppointmentIn, random: Random): () => Guid {
  const sent = new Set(body.AppointmentServices.map((s) => s.AppointmentServiceId).filter(isGiven));
  return () => {
    let id = random.guid();
    while (sent.has(id)) id = random.guid();
    return id;
  };
}

/** The appointment's Start: that of its earliest service. */
function earliestStart(services: readonly AppointmentService[]): string {
  return services.reduce((min, s) => (s.Start < min ? s.Start : min), services[0]?.Start ?? '');
}
