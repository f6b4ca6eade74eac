import { DAY, formatDate, localDayOf, utcMs, utcText } from '../../datetime.js';
import { orderBy } from '../../order.js';
import { firstActiveSiteId } from '../../sites/lookup.js';
import type { Appointment, AppointmentService } from '../../world/diary.js';
import type { World } from '../../world/index.js';

// Realistic availability calls for the OpenAPI document, all built around one real booking of the
// seeded world from tomorrow on, of services bookable online: its site, its local date, its first
// service, and its services as a cart. The cart's time is taken, so POST availabletimes shows the
// effect, and validate (which finds those employees already booked) shows the failure inside a 200.

interface Sample {
  siteId: string;
  /** The booking's date in the site's own calendar, `yyyy-MM-dd`. */
  day: string;
  serviceId: string;
  cart: ReturnType<typeof cartItem>[];
}

export function sample(world: World, now: number): Sample {
  const siteId = firstActiveSiteId(world);
  const site = world.sites.find((s) => s.SiteId === siteId);
  const cancelled = world.appointmentStates.find((s) => s.Name === 'Cancelled')?.AppointmentStateId;
  const from = utcText(now + DAY);
  // Availability offers only what is bookable online, so the sample is a booking of such services.
  const online = new Set(world.services.filter((s) => s.BookOnline).map((s) => s.ServiceId));
  const booking = world.appointments
    .filter((a) => a.SiteId === siteId && a.AppointmentStateId !== cancelled && a.Start >= from)
    .filter((a) => a.AppointmentServices.every((s) => online.has(s.ServiceId)))
    .sort(orderBy<Appointment>((a) => a.Start))[0];
  const first = booking?.AppointmentServices[0];
  if (!site || !booking || !first) throw new Error('the example world has no booking from tomorrow on');
  const day = formatDate(localDayOf(site.TimeZone, utcMs(first.Start)));
  return { siteId, day, serviceId: first.ServiceId, cart: booking.AppointmentServices.map(cartItem) };
}

function cartItem(s: AppointmentService) {
  return {
    ServiceId: s.ServiceId,
    PackageId: s.PackageId,
    Start: s.Start,
    End: s.End,
    Description: s.Description,
    Employees: s.Employees,
    Resources: s.Resources,
  };
}

/** The query of availabletimes for the sample's first service, any employee, anonymous. */
export function timesQuery(s: Sample): Record<string, string> {
  return { siteId: s.siteId, day: s.day, services: s.serviceId, packageId: '', clientId: '', serviceSequence: '1' };
}
