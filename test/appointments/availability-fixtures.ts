import { DAY, formatDate, localDayOf, localToUtc, minutesOf, weekdayOf } from '../../src/datetime.js';
import type { Service } from '../../src/world/catalogue.js';
import { TIME_OFF, WORKING_TIME } from '../../src/world/employees.js';
import type { World } from '../../src/world/index.js';
import type { Site } from '../../src/world/sites.js';
import { type DemoApi, demoApi, EMPTY, ms, plusMinutes } from '../helpers.js';

// What the availability tests share: URLs of the four endpoints, and an oracle that answers from
// the world's own records (rosters, trading hours, diary, classes) whether an offered time is
// allowed, without going through the engine under test.

export interface TimesParams {
  siteId: string;
  day: string;
  services?: readonly string[];
  packageId?: string;
  employeeIds?: readonly string[];
  clientId?: string;
  serviceSequence?: number | string;
}

/** The availabletimes URL with every required name, arrays repeated. */
export function timesPath(p: TimesParams): string {
  const q = new URLSearchParams({ siteId: p.siteId, day: p.day });
  for (const s of p.services ?? []) q.append('services', s);
  q.append('packageId', p.packageId ?? '');
  for (const e of p.employeeIds ?? []) q.append('employeeIds', e);
  q.append('clientId', p.clientId ?? '');
  q.append('serviceSequence', String(p.serviceSequence ?? 1));
  return `/api/v2/appointments/availabletimes?${q}`;
}

export function datesPath(siteId: string, services: readonly string[] = [], packages: readonly string[] = []): string {
  const q = new URLSearchParams({ siteId });
  for (const s of services) q.append('services', s);
  for (const p of packages) q.append('packages', p);
  return `/api/v2/appointments/availabledates?${q}`;
}

/**
 * A row of availabletimes as a public booking site on the real service reads it: Employees[i] and
 * Resources[i] are the i-th service's, in booking order (the empty Guid for a service needing no resource).
 */
export interface Offer {
  Start: string;
  End: string;
  Employees: { EmployeeId: string; FirstName: string; LastName: string }[];
  Resources: { ResourceId: string; Name: string }[];
}

/** One appointment service of a cart, as built from an offer. */
export interface CartItem {
  ServiceId: string;
  PackageId: string | null;
  PackageGroupId: string | null;
  Start: string;
  End: string;
  Description: string;
  Employees: { EmployeeId: string; FirstName: string; LastName: string }[];
  Resources: { ResourceId: string; Name: string }[];
}

/** A service searched, in booking order, with the package it is booked as part of. */
export interface Searched {
  ServiceId: string;
  PackageId: string | null;
}

/** What a search books, in booking order: the services named, then the package's services in Sequence order. */
export function searched(world: World, p: Pick<TimesParams, 'services' | 'packageId'>): Searched[] {
  const pkg = world.packages.find((x) => x.PackageId === p.packageId);
  return [
    ...(p.services ?? []).map((ServiceId) => ({ ServiceId, PackageId: null })),
    ...[...(pkg?.Services ?? [])]
      .sort((a, b) => a.Sequence - b.Sequence)
      .map((s) => ({ ServiceId: s.ServiceId, PackageId: pkg!.PackageId })),
  ];
}

/**
 * The cart the public booking site builds from an offer: item i is the i-th service searched with the
 * row's Employees[i] and Resources[i] (none for the empty Guid), starting when item i - 1 ends
 * (serviceSequence 1, or 0) or at the row's Start (2); its length is the service's Duration.
 */
export function cartOf(world: World, offer: Offer, wanted: readonly Searched[], sequence = 1): CartItem[] {
  if (offer.Employees.length !== wanted.length || offer.Resources.length !== wanted.length)
    throw new Error(`one employee and one resource per service expected: ${JSON.stringify(offer)}`);
  let start = offer.Start;
  const cart = wanted.map((w, i) => {
    const service = world.services.find((s) => s.ServiceId === w.ServiceId)!;
    const itemStart = Number(sequence) === 2 ? offer.Start : start;
    const end = plusMinutes(itemStart, service.Duration);
    start = end;
    const resource = offer.Resources[i];
    return {
      ServiceId: w.ServiceId,
      PackageId: w.PackageId,
      PackageGroupId: null,
      Start: itemStart,
      End: end,
      Description: service.Name,
      Employees: [offer.Employees[i]!],
      Resources: resource && resource.ResourceId !== EMPTY ? [resource] : [],
    };
  });
  const end = cart
    .map((c) => c.End)
    .sort()
    .at(-1);
  if (end !== offer.End) throw new Error(`the row ends at ${offer.End}, its services at ${end}`);
  return cart;
}

/** The cart of an offer answered to a search with these parameters. */
export const cartFor = (world: World, p: TimesParams, offer: Offer): CartItem[] =>
  cartOf(world, offer, searched(world, p), Number(p.serviceSequence ?? 1));

export const activeSites = (world: World): Site[] => world.sites.filter((s) => s.State === 1);

/** The site's local date `days` after the account's today, `yyyy-MM-dd`. */
export const localDate = (site: Site, now: number, days = 0): string =>
  formatDate(localDayOf(site.TimeZone, now) + days * DAY);

/** Active services of the site bookable online that some such employee rostered there is qualified for. */
export function servicesAt(world: World, siteId: string, o: { resources?: boolean } = {}): Service[] {
  const staff = new Set(
    world.schedules.filter((r) => r.ScheduleType === WORKING_TIME && r.SiteId === siteId).map((r) => r.EmployeeId),
  );
  return world.services.filter(
    (s) =>
      s.State === 1 &&
      s.BookOnline &&
      !s.PackageOnly &&
      (s.SiteId === null || s.SiteId === siteId) &&
      (o.resources === undefined || o.resources === s.ResourceIds.length > 0) &&
      world.employees.some(
        (e) => e.State === 1 && e.BookOnline && staff.has(e.EmployeeId) && e.ServiceIds.includes(s.ServiceId),
      ),
  );
}

/** Independent answers from the world's records; reads the world at call time, so it sees bookings made since. */
export function oracle(world: World) {
  const cancelled = world.appointmentStates.find((s) => s.Name === 'Cancelled')?.AppointmentStateId;
  const overlaps = (a: { Start: string; End: string }, s: number, e: number) => ms(a.Start) < e && s < ms(a.End);
  const booked = () => world.appointments.filter((a) => a.AppointmentStateId !== cancelled);
  return {
    /** Inside the trading hours of the site's local date at `s`. */
    trading(site: Site, s: number, e: number): boolean {
      const day = localDayOf(site.TimeZone, s);
      const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(day));
      if (!hours || hours.Closed) return false;
      return (
        localToUtc(site.TimeZone, day, minutesOf(hours.Open)) <= s &&
        e <= localToUtc(site.TimeZone, day, minutesOf(hours.Close))
      );
    },
    /** Working time at the site covers [s, e) and no time off touches it. */
    rostered(employeeId: string, siteId: string, s: number, e: number): boolean {
      const rows = world.schedules.filter((r) => r.EmployeeId === employeeId);
      return (
        rows.some(
          (r) => r.ScheduleType === WORKING_TIME && r.SiteId === siteId && ms(r.Start) <= s && e <= ms(r.End),
        ) && !rows.some((r) => r.ScheduleType === TIME_OFF && overlaps(r, s, e))
      );
    },
    employeeBusy(employeeId: string, s: number, e: number): boolean {
      return (
        booked().some((a) =>
          a.AppointmentServices.some((x) => x.Employees.some((p) => p.EmployeeId === employeeId) && overlaps(x, s, e)),
        ) || world.classSchedules.some((c) => c.State === 1 && c.EmployeeId === employeeId && overlaps(c, s, e))
      );
    },
    resourceBusy(resourceId: string, s: number, e: number): boolean {
      return booked().some((a) =>
        a.AppointmentServices.some((x) => x.Resources.some((r) => r.ResourceId === resourceId) && overlaps(x, s, e)),
      );
    },
    clientBusy(clientId: string, s: number, e: number): boolean {
      return booked().some((a) => a.ClientId === clientId && a.AppointmentServices.some((x) => overlaps(x, s, e)));
    },
  };
}

/** Every way an offered service could break the rules; empty when it keeps them all. */
export function brokenRules(world: World, site: Site, cart: readonly CartItem[], now: number): string[] {
  const o = oracle(world);
  const problems: string[] = [];
  for (const item of cart) {
    const s = ms(item.Start),
      e = ms(item.End);
    const at = `${item.Description} ${item.Start}`;
    if (s < now) problems.push(`${at}: before the clock`);
    if (!o.trading(site, s, e)) problems.push(`${at}: outside trading hours`);
    const service = world.services.find((x) => x.ServiceId === item.ServiceId);
    if (!service || e - s !== service.Duration * 60_000) problems.push(`${at}: not the service's length`);
    for (const p of item.Employees) {
      const employee = world.employees.find((x) => x.EmployeeId === p.EmployeeId);
      if (!employee?.ServiceIds.includes(item.ServiceId)) problems.push(`${at}: ${p.FirstName} not qualified`);
      if (!o.rostered(p.EmployeeId, site.SiteId, s, e))
        problems.push(`${at}: ${p.FirstName} not rostered or on time off`);
      if (o.employeeBusy(p.EmployeeId, s, e)) problems.push(`${at}: ${p.FirstName} busy`);
    }
    for (const r of item.Resources) {
      if (!service?.ResourceIds.includes(r.ResourceId)) problems.push(`${at}: ${r.Name} not one of the service's`);
      if (world.resources.find((x) => x.ResourceId === r.ResourceId)?.SiteId !== site.SiteId)
        problems.push(`${at}: ${r.Name} of another site`);
      if (o.resourceBusy(r.ResourceId, s, e)) problems.push(`${at}: ${r.Name} busy`);
    }
    if ((service?.ResourceIds.length ?? 0) > 0 && item.Resources.length !== 1)
      problems.push(`${at}: needs one resource`);
    if (item.Employees.length !== 1) problems.push(`${at}: needs one employee`);
    // Services of one offer at the same time never share an employee or a resource.
    for (const other of cart) {
      if (other === item || !(ms(other.Start) < e && s < ms(other.End))) continue;
      if (other.Employees.some((x) => item.Employees.some((y) => y.EmployeeId === x.EmployeeId)))
        problems.push(`${at}: employee shared`);
      if (other.Resources.some((x) => item.Resources.some((y) => y.ResourceId === x.ResourceId)))
        problems.push(`${at}: resource shared`);
    }
  }
  return problems;
}

/** A standard account (one per call) with the demo token and its London site, where the diary is busiest. */
export async function londonAccount(): Promise<DemoApi & { site: Site }> {
  const api = await demoApi({ size: 'standard' });
  return { ...api, site: activeSites(api.world).find((s) => s.TimeZone === 'Europe/London')! };
}
