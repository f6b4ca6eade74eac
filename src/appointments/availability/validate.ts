import { DAY } from '../../datetime.js';
import type { Resource, Service } from '../../world/catalogue.js';
import { EMPTY_GUID, type Guid } from '../../world/common.js';
import type { Employee } from '../../world/employees.js';
import type { World } from '../../world/index.js';
import type { Site } from '../../world/sites.js';
import type { AppointmentServiceIn } from '../schemas.js';
import { type Busy, busyTimes } from './busy.js';
import { cartSpan, describeItem } from './cart.js';
import { localDateAt, type SiteDay, tradingDay } from './day.js';
import { DiaryIndex } from './diary-index.js';
import { type Roster, rosterAt } from './roster.js';
import { planDay } from './slots.js';
import { FREE, type Interval, within } from './timeline.js';

// POST validate: each cart item re-checked against the diary as it is now. An item is still
// available when it starts no earlier than the account clock, lies inside the site's trading
// hours, and every employee it names is active, qualified, rostered at the site, not on time off
// and free, every resource it names is the site's, active and free, and its client (if named) has
// nothing else then. An item naming no employee (or, needing a resource, no resource) needs one
// that is free. Items are taken in cart order and each holds what it names, so a later item
// wanting the same employee or resource at an overlapping time is reported. An item naming only a
// PackageId stands for the whole package, its services one after another from Start.

/** Descriptions of the items no longer available, in cart order (empty: all available). */
export function unavailableItems(
  world: World,
  siteId: Guid,
  cart: readonly AppointmentServiceIn[],
  now: number,
  diary = new DiaryIndex(world),
): string[] {
  const site = world.sites.find((s) => s.SiteId === siteId && s.State === 1);
  const spans = cart.map((item) => cartSpan(world, item));
  const instants = spans.flatMap((s) => (s ? [s.start, s.end] : []));
  const from = Math.min(...instants, now) - DAY;
  const to = Math.max(...instants, now) + DAY;
  const given = (id: Guid | null | undefined): id is Guid => id != null && id !== EMPTY_GUID;
  const busy = busyTimes(
    world,
    {
      from,
      to,
      clientIds: new Set(cart.map((i) => i.ClientId).filter(given)),
      // An item of an appointment being edited does not clash with that appointment itself.
      except: new Set(cart.map((i) => i.AppointmentId).filter(given)),
    },
    diary,
  );
  const check: Checker = {
    world,
    busy,
    now,
    given,
    roster: rosterAt(world, siteId, from, to),
    employees: new Map(world.employees.map((e) => [e.EmployeeId, e])),
    resources: new Map(world.resources.map((r) => [r.ResourceId, r])),
  };
  const failed: string[] = [];
  cart.forEach((item, i) => {
    const span = spans[i];
    const day = site && span ? tradingDay(site, localDateAt(site, span.start)) : null;
    // Checked (and so holding its employees and resources) even when it is out of time already.
    const free =
      site !== undefined && span !== undefined && day !== null && itemAvailable(check, site, day, item, span);
    const inTime =
      span !== undefined && day !== null && span.start >= now && day.open <= span.start && span.end <= day.close;
    if (!(free && inTime)) failed.push(describeItem(world, item, i));
  });
  return failed;
}

interface Checker {
  world: World;
  busy: Busy;
  roster: Roster;
  now: number;
  employees: ReadonlyMap<Guid, Employee>;
  resources: ReadonlyMap<Guid, Resource>;
  given(id: Guid | null | undefined): id is Guid;
}

function itemAvailable(c: Checker, site: Site, day: SiteDay, item: AppointmentServiceIn, span: Interval): boolean {
  const clientFree = !c.given(item.ClientId) || !c.busy.client(item.ClientId).overlaps(span.start, span.end);
  if (c.given(item.ServiceId)) {
    const service = c.world.services.find((s) => s.ServiceId === item.ServiceId);
    const atSite =
      service !== undefined && service.State === 1 && (service.SiteId === null || service.SiteId === site.SiteId);
    // Employees and resources are taken even when the item fails for another reason: it would be booked as sent.
    const staffed = service !== undefined && staff(c, day, service, item, span);
    const equipped = service !== undefined && equip(c, site, service, item, span);
    return atSite && staffed && equipped && clientFree;
  }
  if (c.given(item.PackageId)) return clientFree && packageFits(c, site, day, item, span);
  return false;
}

/** Every named employee can do the service then; with none named, someone can (and is then held). */
function staff(c: Checker, day: SiteDay, service: Service, item: AppointmentServiceIn, span: Interval): boolean {
  const can = (id: Guid) => {
    const e = c.employees.get(id);
    return (
      e !== undefined &&
      e.State === 1 &&
      e.ServiceIds.includes(service.ServiceId) &&
      within(c.roster.bookable(id, day.open, day.close), span.start, span.end) &&
      !c.busy.employee(id).overlaps(span.start, span.end)
    );
  };
  const named = item.Employees.map((e) => e.EmployeeId);
  const ok = named.length > 0 ? named.map(can).every(Boolean) : undefined;
  const held = named.length > 0 ? named : c.roster.staff(day.open, day.close).filter(can).slice(0, 1);
  for (const id of held) c.busy.claim('employee', id, span.start, span.end);
  return ok ?? held.length > 0;
}

/** Every named resource is the site's, active and free; a service needing one and naming none needs a free one. */
function equip(c: Checker, site: Site, service: Service, item: AppointmentServiceIn, span: Interval): boolean {
  const can = (id: Guid) => {
    const r = c.resources.get(id);
    return (
      r !== undefined &&
      r.State === 1 &&
      r.SiteId === site.SiteId &&
      !c.busy.resource(id).overlaps(span.start, span.end)
    );
  };
  const named = item.Resources.map((r) => r.ResourceId);
  const ok = named.length > 0 ? named.map(can).every(Boolean) : undefined;
  const held =
    named.length > 0 || service.ResourceIds.length === 0 ? named : service.ResourceIds.filter(can).slice(0, 1);
  for (const id of held) c.busy.claim('resource', id, span.start, span.end);
  return ok ?? (service.ResourceIds.length === 0 || held.length > 0);
}

/** A whole package from Start, with the named employees (or anyone), as availabletimes would lay it out. */
function packageFits(c: Checker, site: Site, day: SiteDay, item: AppointmentServiceIn, span: Interval): boolean {
  const pkg = c.world.packages.find((p) => p.PackageId === item.PackageId);
  if (pkg?.State !== 1 || (pkg.SiteId !== null && pkg.SiteId !== site.SiteId)) return false;
  const services = [...pkg.Services]
    .sort((a, b) => a.Sequence - b.Sequence)
    .map((ps) => c.world.services.find((s) => s.ServiceId === ps.ServiceId));
  if (services.some((s) => s === undefined || s.State !== 1)) return false;
  const placed = planDay({
    siteId: site.SiteId,
    day,
    sequence: 1,
    now: c.now,
    roster: c.roster,
    busy: c.busy,
    taken: FREE,
    items: services.map((service) => ({ service: service as Service, package: pkg, group: 0 })),
    employeeIds: item.Employees.map((e) => e.EmployeeId),
    employees: c.employees,
    resources: [...c.resources.values()],
  }).place(span.start);
  for (const p of placed ?? []) {
    c.busy.claim('employee', p.employee.EmployeeId, p.start, p.end);
    if (p.resource) c.busy.claim('resource', p.resource.ResourceId, p.start, p.end);
  }
  return placed !== undefined;
}
