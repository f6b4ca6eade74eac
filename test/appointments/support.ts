import type { Appointment } from '../../src/world/diary.js';
import type { World } from '../../src/world/index.js';
import { call, type DemoApi, EMPTY } from '../helpers.js';

// Each test that writes gets its own simulator (a fresh small world), so no test sees another's
// bookings. Expectations are read from the account's own world, so they hold for any seed.

/** An upcoming appointment with an employee on its first service. */
export function upcoming(world: World): Appointment {
  const a = world.appointments.find(
    (x) => x.Start >= '2026-03-16 09:00' && (x.AppointmentServices[0]?.Employees.length ?? 0) > 0,
  );
  if (!a) throw new Error('no upcoming appointment');
  return a;
}

/** What a booking site has at hand: a site, a client, a bookable service and who performs it. */
export function bookable(world: World) {
  const employee = world.employees.find((e) => e.State === 1 && e.SiteId !== null && e.ServiceIds.length > 0)!;
  const service = world.services.find((s) => employee.ServiceIds.includes(s.ServiceId) && !s.PackageOnly)!;
  const client = world.clients.find((c) => c.State === 1)!;
  return { siteId: employee.SiteId!, clientId: client.ClientId, service, employee };
}

/** A one-service booking body for `bookable(world)` at `start`. */
export function oneService(world: World, start = '2026-03-20 10:00') {
  const b = bookable(world);
  return {
    AppointmentId: EMPTY,
    ClientId: b.clientId,
    Start: start,
    AppointmentServices: [
      {
        AppointmentServiceId: EMPTY,
        ServiceId: b.service.ServiceId,
        Start: start,
        Employees: [{ EmployeeId: b.employee.EmployeeId, FirstName: 'Any', LastName: 'Staff' }],
      },
    ],
  };
}

/** Books `body` at the site of `bookable(world)` and answers the new id. */
export async function book(d: DemoApi, body: unknown = oneService(d.world)): Promise<string> {
  const res = await call(d, `/api/v2/appointments?siteId=${bookable(d.world).siteId}`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Value as string;
}
