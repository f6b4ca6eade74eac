import type { Account } from '../accounts/account.js';
import type { AvailableTime } from '../appointments/availability/schemas.js';
import { parseDateTime } from '../datetime.js';
import { endpoints } from '../endpoints.js';
import { ApiError } from '../errors/errors.js';
import { endpointNamed, invoke } from '../http/invoke.js';
import { EMPTY_GUID } from '../world/common.js';
import { ScenarioError } from './load.js';

// A fully booked day: every time availability offers for any service of the site that day is
// booked, one offer at a time through POST /api/v2/appointments, until nothing is offered.

/** A bound on bookings per day, so a site with endless capacity cannot stall applying. */
const MAX_BOOKINGS = 5000;

export async function fullyBook(
  account: Account,
  now: number,
  siteId: string,
  day: string,
  at: string,
): Promise<number> {
  const world = account.world;
  const site = world.sites.find((s) => s.SiteId === siteId);
  if (!site) throw new ScenarioError(`${at}.siteId: no site has this id`);
  const client = world.clients.find((c) => c.State === 1 && (c.SiteId === siteId || c.SiteId === null));
  if (!client) throw new ScenarioError(`${at}: the account has no active client of the site to book for`);
  const create = endpointNamed(endpoints, 'POST /api/v2/appointments')!;
  const dayMs = parseDateTime(day)!;
  // The engine is loaded on first use, as the availability endpoints load it.
  const { availableTimes } = await import('../appointments/availability/search.js');
  let booked = 0;
  for (const service of world.services.filter((s) => s.State === 1 && s.SiteId === siteId)) {
    const question = {
      siteId,
      services: [service.ServiceId],
      packages: [],
      employeeIds: [],
      clientId: null,
      serviceSequence: 1,
      cart: [],
    };
    for (;;) {
      const offer = availableTimes(world, question, dayMs, now)[0];
      if (!offer) break;
      if (++booked > MAX_BOOKINGS) throw new ScenarioError(`${at}: more than ${MAX_BOOKINGS} bookings would be needed`);
      try {
        await invoke(create, account, now, {
          query: { siteId },
          body: { ClientId: client.ClientId, AppointmentServices: [bookedItem(service.ServiceId, offer)] },
        });
      } catch (error) {
        if (error instanceof ApiError)
          throw new ScenarioError(`${at}: booking an offered time was refused: ${error.body}`);
        throw error;
      }
    }
  }
  return booked;
}

/** The one service of an offered time as a booking item: the offer's employee, and its resource when it has one. */
function bookedItem(ServiceId: string, offer: AvailableTime) {
  const resource = offer.Resources[0];
  return {
    ServiceId,
    Start: offer.Start,
    End: offer.End,
    Employees: offer.Employees.slice(0, 1),
    Resources: resource && resource.ResourceId !== EMPTY_GUID ? [resource] : [],
  };
}
