import type { Account } from '../accounts/account.js';
import { deepFreeze } from '../accounts/freeze.js';
import { slicePauses } from '../accounts/slices.js';
import type { AvailableTime } from '../appointments/availability/schemas.js';
import { parseDateTime } from '../datetime.js';
import { endpoints } from '../endpoints.js';
import { ApiError } from '../errors/errors.js';
import { endpointNamed, invoke } from '../http/invoke.js';
import { EMPTY_GUID } from '../world/common.js';
import { pathText, ScenarioError } from './load.js';
import type { Scenario } from './schemas.js';

// A fully booked day: every time availability offers for any service of the site that day is
// booked, one offer at a time through POST /api/v2/appointments, until nothing is offered. A
// scenario's days (at most MAX_FULLY_BOOK of them, schemas.ts) are booked in one write, in slices of
// about 10 ms between which the process answers other accounts; the same site and day listed
// twice is booked once (a second pass would find nothing offered: bookings only take time).

/** A bound on bookings per day, so a site with endless capacity cannot stall applying. */
const MAX_BOOKINGS = 5000;
/**
 * A bound on the bookings of all the scenario's days (docs/bounds.md): the large world's five sites
 * over 40 days take about 2 700, a few ms of CPU each.
 */
const MAX_SCENARIO_BOOKINGS = 10_000;

/** Books every day of the scenario's `fullyBook`, in order; errors name `<source>: fullyBook[i]…`. */
export async function fullyBookDays(
  account: Account,
  now: number,
  days: NonNullable<Scenario['fullyBook']>,
  source: string,
): Promise<void> {
  const pause = slicePauses();
  const done = new Set<string>();
  const booked = { count: 0 };
  for (const [i, { siteId, day }] of days.entries()) {
    const key = `${siteId} ${day}`;
    if (done.has(key)) continue;
    done.add(key);
    await fullyBook(account, now, { siteId, day, at: `${source}: ${pathText(['fullyBook', i])}` }, booked, pause);
  }
}

async function fullyBook(
  account: Account,
  now: number,
  { siteId, day, at }: { siteId: string; day: string; at: string },
  /** Bookings made so far for the scenario's days. */
  booked: { count: number },
  pause: () => Promise<void> | undefined,
): Promise<void> {
  const world = account.world;
  const site = world.sites.find((s) => s.SiteId === siteId);
  if (!site) throw new ScenarioError(`${at}.siteId: no site has this id`);
  const client = world.clients.find((c) => c.State === 1 && (c.SiteId === siteId || c.SiteId === null));
  if (!client) throw new ScenarioError(`${at}: the account has no active client of the site to book for`);
  const create = endpointNamed(endpoints, 'POST /api/v2/appointments')!;
  const dayMs = parseDateTime(day)!;
  // The engine is loaded on first use, as the availability endpoints load it.
  const { availableTimes } = await import('../appointments/availability/search.js');
  let today = 0;
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
      // One offer asked for and booked per step: a day of a large world is dozens of them.
      const paused = pause();
      if (paused) await paused;
      const offer = availableTimes(world, question, dayMs, now)[0];
      if (!offer) break;
      if (++today > MAX_BOOKINGS) throw new ScenarioError(`${at}: more than ${MAX_BOOKINGS} bookings would be needed`);
      if (++booked.count > MAX_SCENARIO_BOOKINGS)
        throw new ScenarioError(
          `${at}: more than ${MAX_SCENARIO_BOOKINGS} bookings in all would be needed for fullyBook`,
        );
      const before = world.appointments.length;
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
      // The booking is done with: frozen now, as the write's end would, so the next question reads
      // it into the diary index once (availability/busy.ts) rather than again at every question.
      for (let n = before; n < world.appointments.length; n++) deepFreeze(world.appointments[n]);
    }
  }
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
