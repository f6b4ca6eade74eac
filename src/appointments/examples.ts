import { DAY, formatDateTime, startOfDay, utcMs } from '../datetime.js';
import type { Appointment } from '../world/diary.js';
import type { World } from '../world/index.js';

// Realistic calls for the OpenAPI document, picked from the seeded world around the account's today.

/** The first appointment from today on, with at least one employee: a real booking to show. */
export function upcomingAppointment(world: World, now: number): Appointment {
  const from = formatDateTime(startOfDay(now));
  const a =
    world.appointments.find((x) => x.Start >= from && x.AppointmentServices.some((s) => s.Employees.length > 0)) ??
    world.appointments[0];
  if (!a) throw new Error('the world has no appointments');
  return a;
}

/** A body for POST and PUT built from an existing booking: the same services, a week later. */
export function bookingBody(a: Appointment) {
  const later = (text: string) => formatDateTime(utcMs(text) + 7 * DAY);
  return {
    ClientId: a.ClientId,
    Notes: 'Booked through the API',
    AppointmentServices: a.AppointmentServices.map((s) => ({
      ServiceId: s.ServiceId,
      ...(s.PackageId ? { PackageId: s.PackageId } : {}),
      Start: later(s.Start),
      Employees: s.Employees.map((e) => ({ EmployeeId: e.EmployeeId, FirstName: e.FirstName, LastName: e.LastName })),
      Resources: s.Resources.map((r) => ({ ResourceId: r.ResourceId, Name: r.Name })),
    })),
  };
}
