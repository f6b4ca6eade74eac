import { utcMs } from '../datetime.js';
import { containsAny } from '../match.js';
import type { Guid } from '../world/common.js';
import type { Appointment, AppointmentService } from '../world/diary.js';
import type { World } from '../world/index.js';
import type { AppointmentListRow } from './answer-schemas.js';

export interface AppointmentQuery {
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

/**
 * The site's appointments whose Start falls in [start, end], both bounds included and the end
 * not widened (the spec widens other lists, not this one), ordered by Start. find is a
 * case-insensitive contains over the client's first name, last name, "first last", and the
 * services' names.
 */
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

export function listAppointments(world: World, q: AppointmentQuery): AppointmentListRow[] {
  const candidates = world.appointments.filter((a) => {
    if (a.SiteId !== q.siteId) return false;
    if (q.stateId !== null && a.AppointmentStateId !== q.stateId) return false;
    if (q.clientId !== null && a.ClientId !== q.clientId) return false;
    const start = utcMs(a.Start);
    return start >= q.start && start <= q.end;
  });
  const wanted = new Set(candidates.map((a) => a.ClientId));
  const clients = new Map(world.clients.filter((c) => wanted.has(c.ClientId)).map((c) => [c.ClientId, c]));
  const states = new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));

  return candidates
    .filter((a) => {
      const c = clients.get(a.ClientId);
      const names = c ? [c.FirstName, c.LastName, `${c.FirstName} ${c.LastName}`] : [];
      return containsAny(q.find, [...names, ...a.AppointmentServices.map((s) => s.Description)]);
    })
    .sort((x, y) => (x.Start < y.Start ? -1 : x.Start > y.Start ? 1 : x.AppointmentId < y.AppointmentId ? -1 : 1))
    .map((a) => ({
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
