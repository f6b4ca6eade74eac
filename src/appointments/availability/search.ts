import { DAY, startOfDay, utcText } from '../../datetime.js';
import { errors } from '../../errors/errors.js';
import { notValidMessage } from '../../errors/model-state.js';
import { isGiven } from '../../records.js';
import type { Service } from '../../world/catalogue.js';
import { EMPTY_GUID, type Guid } from '../../world/common.js';
import type { World } from '../../world/index.js';
import { APPOINTMENT_RULES } from '../rules.js';
import type { AppointmentServiceIn } from '../schemas.js';
import { busyTimes, cartTimes } from './busy.js';
import type { AvailableTime } from './schemas.js';
import { addDays, type DayPlan, localDateAt, type Placed, planDay, tradingDay, type WantedService } from './slots.js';
import { FREE } from './timeline.js';

// availabletimes and availabledates: one question (services, packages, employees, client, order,
// cart) asked of one site over a stretch of days. The diary and the roster are read once for the
// whole stretch; each day is then planned from them. Both endpoints go through `search`, so a date
// is offered exactly when its day has a time.

/** The query of GET and POST availabletimes, as bound. */
interface TimesQuery {
  siteId: Guid;
  day: number;
  services: Guid[];
  packageId: Guid | null;
  employeeIds: Guid[];
  clientId: Guid | null;
  serviceSequence: number;
}

/** GET and POST availabletimes: the query as bound, with the current cart (POST). */
export function offeredTimes(
  world: World,
  query: TimesQuery,
  now: number,
  cart: readonly AppointmentServiceIn[] = [],
): AvailableTime[] {
  return availableTimes(world, timesQuestion(query, cart), query.day, now);
}

/**
 * `day` names a date of the site's own calendar: the date part of the value sent, whatever its
 * time (trading hours are local, and a UTC day would cut an evening in two for sites far from UTC).
 */
export function availableTimes(world: World, q: Question, day: number, now: number): AvailableTime[] {
  const localDay = startOfDay(day);
  // A local day lies within a day either side of the UTC day carrying its date.
  const found = search(world, q, now, localDay - DAY, localDay + 2 * DAY);
  const plan = found?.day(localDay);
  if (!found || !plan) return [];
  const offers: AvailableTime[] = [];
  for (const start of plan.starts()) {
    const placed = plan.place(start);
    if (placed) offers.push(offer(placed));
  }
  return offers;
}

/** Dates are looked for over this many days, today included. */
const HORIZON_DAYS = 30;

interface DatesQuery {
  siteId: Guid;
  services: readonly Guid[];
  packages: readonly Guid[];
}

/** Local dates written `yyyy-MM-dd 00:00`, in order: the same search as availabletimes, day by day. */
export function availableDates(world: World, query: DatesQuery, now: number): string[] {
  const site = world.sites.find((s) => s.SiteId === query.siteId);
  if (!site) return [];
  const today = localDateAt(site, now);
  const question: Question = {
    siteId: query.siteId,
    services: query.services.filter(isGiven),
    packages: query.packages.filter(isGiven),
    employeeIds: [],
    clientId: null,
    serviceSequence: 1,
    cart: [],
  };
  const found = search(world, question, now, today - DAY, addDays(today, HORIZON_DAYS + 1));
  if (!found) return [];
  const dates: string[] = [];
  for (let d = 0; d < HORIZON_DAYS; d++) {
    const localDay = addDays(today, d);
    const plan = found.day(localDay);
    if (plan?.starts().some((start) => plan.place(start) !== undefined)) dates.push(utcText(localDay));
  }
  return dates;
}

interface Question {
  siteId: Guid;
  services: readonly Guid[];
  packages: readonly Guid[];
  /** Empty = any qualified employee. */
  employeeIds: readonly Guid[];
  /** null = anonymous. */
  clientId: Guid | null;
  /** serviceSequence as sent: 1 one after another, 2 together, 0 (none) read as 1. */
  serviceSequence: number;
  /** The caller's current cart: its time counts as taken. */
  cart: readonly AppointmentServiceIn[];
}

/** The empty Guid, sent where a client means "none", is read as none; serviceSequence other than 0, 1, 2 is a 400. */
function timesQuestion(query: TimesQuery, cart: readonly AppointmentServiceIn[]): Question {
  if (query.serviceSequence > 2) {
    throw errors.field(
      'serviceSequence',
      notValidMessage(String(query.serviceSequence), 'serviceSequence'),
      APPOINTMENT_RULES.serviceSequence,
    );
  }
  return {
    siteId: query.siteId,
    services: query.services.filter(isGiven),
    packages: isGiven(query.packageId) ? [query.packageId] : [],
    employeeIds: query.employeeIds.filter(isGiven),
    clientId: isGiven(query.clientId) ? query.clientId : null,
    serviceSequence: query.serviceSequence,
    cart,
  };
}

interface Search {
  /** The plan of one local date; undefined when the site does not trade that day. */
  day(localDay: number): DayPlan | undefined;
}

/**
 * A search over [from, to); undefined when nothing could ever be offered (no such active site, nothing bookable asked).
 */
function search(world: World, q: Question, now: number, from: number, to: number): Search | undefined {
  const site = world.sites.find((s) => s.SiteId === q.siteId && s.State === 1);
  if (!site) return undefined;
  const items = wantedServices(world, site.SiteId, q.services, q.packages);
  if (items.length === 0) return undefined;

  const busy = busyTimes(world, site.SiteId, { from, to, now, clientIds: new Set(q.clientId ? [q.clientId] : []) });
  const client = q.clientId ? busy.client(q.clientId) : FREE;
  const cart = cartTimes(world, q.cart);
  const taken = { overlaps: (s: number, e: number) => client.overlaps(s, e) || cart.overlaps(s, e) };
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const resources = world.resources.filter((r) => r.SiteId === site.SiteId);
  // serviceSequence 0 (none) is read as 1: one client's services, one after another.
  const sequence = q.serviceSequence === 2 ? 2 : 1;

  return {
    day(localDay) {
      const day = tradingDay(site, localDay);
      if (!day) return undefined;
      return planDay({
        siteId: site.SiteId,
        day,
        items,
        sequence,
        employeeIds: q.employeeIds,
        busy,
        taken,
        now,
        employees,
        resources,
      });
    },
  };
}

const bookableAt = (siteId: Guid) => (r: { State: number; SiteId: Guid | null }) =>
  r.State === 1 && (r.SiteId === null || r.SiteId === siteId);

/** A service availability may offer: bookable at the site and bookable online (BookOnline). */
const offeredAt = (siteId: Guid) => {
  const atSite = bookableAt(siteId);
  return (s: Service) => atSite(s) && s.BookOnline;
};

/**
 * What a caller asks to book, in booking order: the services named one by one, then each package's
 * services in their Sequence order. Empty when nothing was asked or anything asked cannot be booked
 * online at the site (unknown, inactive, another site's, not BookOnline, or a package with such a service).
 */
function wantedServices(
  world: World,
  siteId: Guid,
  serviceIds: readonly Guid[],
  packageIds: readonly Guid[],
): WantedService[] {
  const atSite = bookableAt(siteId);
  const offered = offeredAt(siteId);
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const wanted: WantedService[] = [];
  for (const id of serviceIds) {
    const service = services.get(id);
    if (!service || !offered(service)) return [];
    wanted.push({ service });
  }
  for (const id of packageIds) {
    const pkg = world.packages.find((p) => p.PackageId === id);
    if (!pkg || !atSite(pkg) || pkg.Services.length === 0) return [];
    for (const part of [...pkg.Services].sort((a, b) => a.Sequence - b.Sequence)) {
      const service = services.get(part.ServiceId);
      if (!service || !offered(service)) return [];
      wanted.push({ service });
    }
  }
  return wanted;
}

/**
 * One row per start time: Employees[i] and Resources[i] belong to the i-th service in booking order,
 * one entry each, so the indexes line up; a service needing no resource gets the empty Guid.
 */
function offer(placed: readonly Placed[]): AvailableTime {
  return {
    Start: utcText(Math.min(...placed.map((p) => p.start))),
    End: utcText(Math.max(...placed.map((p) => p.end))),
    Employees: placed.map(({ employee: e }) => ({
      EmployeeId: e.EmployeeId,
      FirstName: e.FirstName,
      LastName: e.LastName,
    })),
    Resources: placed.map(({ resource: r }) =>
      r ? { ResourceId: r.ResourceId, Name: r.Name } : { ResourceId: EMPTY_GUID, Name: '' },
    ),
  };
}
