import { formatDateTime, MINUTE, parseDateTime } from '../datetime.js';
import type { ModelStateErrors } from '../http/model-state.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { AppointmentService } from '../world/diary.js';
import type { World } from '../world/index.js';
import type { AppointmentServiceIn } from './schemas.js';

// The services of an appointment as sent on create and update, checked against the account and
// completed from it. Nothing here looks at availability: that is POST /appointments/validate.

export interface ServiceOwner {
  appointmentId: Guid;
  clientId: Guid;
  newId: () => Guid;
  /** The appointment's current services (update): a sent AppointmentServiceId naming one keeps it. */
  current?: readonly AppointmentService[];
}

/** A sent Guid that means "none": absent, null or the empty Guid. */
export const given = (id: Guid | null | undefined): id is Guid => id != null && id !== EMPTY_GUID;

export function buildServices(
  world: World,
  sent: readonly AppointmentServiceIn[],
  owner: ServiceOwner,
  problems: ModelStateErrors,
): AppointmentService[] {
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const packages = new Map(world.packages.map((p) => [p.PackageId, p]));
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const resources = new Map(world.resources.map((r) => [r.ResourceId, r]));
  const keep = new Set((owner.current ?? []).map((s) => s.AppointmentServiceId));
  // Services of one package share a group id; one is made per package when the caller sends none.
  const groups = new Map<Guid, Guid>();

  return sent.map((item, i): AppointmentService => {
    const at = `AppointmentServices[${i}]`;
    const service = given(item.ServiceId) ? services.get(item.ServiceId) : undefined;
    const pkg = given(item.PackageId) ? packages.get(item.PackageId) : undefined;
    if (given(item.ServiceId) && !service)
      problems.add(`${at}.ServiceId`, `The service '${item.ServiceId}' does not exist.`);
    if (given(item.PackageId) && !pkg)
      problems.add(`${at}.PackageId`, `The package '${item.PackageId}' does not exist.`);
    if (pkg && service && !pkg.Services.some((ps) => ps.ServiceId === service.ServiceId)) {
      problems.add(
        `${at}.ServiceId`,
        `The service '${service.ServiceId}' is not part of the package '${pkg.PackageId}'.`,
      );
    }
    // Every item is a service of the catalogue: its duration gives End, its name Description.
    if (!given(item.ServiceId)) problems.add(`${at}.ServiceId`, 'The ServiceId field is required.');

    const start = parseDateTime(item.Start) ?? 0;
    const end = item.End ? (parseDateTime(item.End) ?? start) : start + (service?.Duration ?? 0) * MINUTE;
    if (end < start) problems.add(`${at}.End`, 'End must not be before Start.');

    const Employees = item.Employees.map((e, j) => {
      const employee = employees.get(e.EmployeeId);
      if (!employee) problems.add(`${at}.Employees[${j}].EmployeeId`, `The employee '${e.EmployeeId}' does not exist.`);
      return { EmployeeId: e.EmployeeId, FirstName: employee?.FirstName ?? '', LastName: employee?.LastName ?? '' };
    });
    const Resources = item.Resources.map((r, j) => {
      const resource = resources.get(r.ResourceId);
      if (!resource) problems.add(`${at}.Resources[${j}].ResourceId`, `The resource '${r.ResourceId}' does not exist.`);
      return { ResourceId: r.ResourceId, Name: resource?.Name ?? '' };
    });

    const PackageId = given(item.PackageId) ? item.PackageId : null;
    let PackageGroupId: Guid | null = given(item.PackageGroupId) ? item.PackageGroupId : null;
    if (PackageId && !PackageGroupId) {
      PackageGroupId = groups.get(PackageId) ?? owner.newId();
      groups.set(PackageId, PackageGroupId);
    }
    return {
      AppointmentServiceId:
        given(item.AppointmentServiceId) && keep.has(item.AppointmentServiceId)
          ? item.AppointmentServiceId
          : owner.newId(),
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
    };
  });
}

/** The appointment's Start: that of its earliest service. */
export function earliestStart(services: readonly AppointmentService[]): string {
  return services.reduce((min, s) => (s.Start < min ? s.Start : min), services[0]?.Start ?? '');
}
