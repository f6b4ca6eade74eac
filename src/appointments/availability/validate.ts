import { DAY } from '../../datetime.js';
import { errors } from '../../errors/errors.js';
import { isGiven } from '../../records.js';
import type { Resource, Service } from '../../world/catalogue.js';
import type { Guid } from '../../world/common.js';
import type { Employee } from '../../world/employees.js';
import type { World } from '../../world/index.js';
import type { Site } from '../../world/sites.js';
import type { Steps } from '../../world/steps.js';
import { APPOINTMENT_RULES } from '../rules.js';
import type { AppointmentServiceIn } from '../schemas.js';
import { type Busy, busyTimes, cartSpan } from './busy.js';
import { localDateAt, planDay, type SiteDay, tradingDay } from './slots.js';
import { FREE, type Interval } from './timeline.js';

// POST validate: each cart item re-checked against the diary as it is now, with the rule of
// busy.ts. Items are taken in cart order and each holds what it names (or, naming none, the one
// it would get), so a later item wanting the same employee or resource at an overlapping time is
// reported. An item naming only a PackageId stands for the whole package, laid out as
// availabletimes would, one service after another from Start.

/** Items checked in one step. */
const ITEMS_PER_STEP = 64;

/**
 * Descriptions of the items no longer available, in cart order (empty: all available), in steps of a
 * few dozen items: a cart near the 1 MiB body limit holds thousands.
 */
export function* unavailableItems(
  world: World,
  siteId: Guid,
  cart: readonly AppointmentServiceIn[],
  now: number,
): Steps<string[]> {
  if (cart.length === 0) throw errors.noCartItems(APPOINTMENT_RULES.cartItems);
  const site = world.sites.find((s) => s.SiteId === siteId && s.State === 1);
  const spans = cart.map((item) => cartSpan(world, item));
  const instants = spans.flatMap((s) => (s ? [s.start, s.end] : []));
  const from = Math.min(...instants, now) - DAY;
  const to = Math.max(...instants, now) + DAY;
  const busy = busyTimes(world, siteId, {
    from,
    to,
    now,
    clientIds: new Set(cart.map((i) => i.ClientId).filter(isGiven)),
    // An item of an appointment being edited does not clash with that appointment itself.
    except: new Set(cart.map((i) => i.AppointmentId).filter(isGiven)),
  });
  const check: Checker = {
    world,
    busy,
    now,
    employees: new Map(world.employees.map((e) => [e.EmployeeId, e])),
    resources: new Map(world.resources.map((r) => [r.ResourceId, r])),
  };
  const failed: string[] = [];
  for (const [i, item] of cart.entries()) {
    if (i % ITEMS_PER_STEP === 0) yield;
    const span = spans[i];
    const day = site && span ? tradingDay(site, localDateAt(site, span.start)) : null;
    // Checked (and so holding its employees and resources) even when it is out of time already.
    const free =
      site !== undefined && span !== undefined && day !== null && itemAvailable(check, site, day, item, span);
    const inTime =
      span !== undefined && day !== null && span.start >= now && day.open <= span.start && span.end <= day.close;
    if (!(free && inTime)) failed.push(describeItem(world, item, i));
  }
  return failed;
}

/** How an item is named in the answer: its Description, else its service's or package's name. */
function describeItem(world: World, item: AppointmentServiceIn, index: number): string {
  if (item.Description?.trim()) return item.Description.trim();
  const service = world.services.find((s) => s.ServiceId === item.ServiceId);
  const pkg = world.packages.find((p) => p.PackageId === item.PackageId);
  return service?.Name ?? pkg?.Name ?? `Item ${index + 1}`;
}

interface Checker {
  world: World;
  busy: Busy;
  now: number;
  employees: ReadonlyMap<Guid, Employee>;
  resources: ReadonlyMap<Guid, Resource>;
}

function itemAvailable(c: Checker, site: Site, day: SiteDay, item: AppointmentServiceIn, span: Interval): boolean {
  const clientFree = !isGiven(item.ClientId) || !c.busy.client(item.ClientId).overlaps(span.start, span.end);
  if (isGiven(item.ServiceId)) {
    const service = c.world.services.find((s) => s.ServiceId === item.ServiceId);
    const atSite =
      service !== undefined && service.State === 1 && (service.SiteId === null || service.SiteId === site.SiteId);
    // Employees and resources are taken even when the item fails for another reason: it would be booked as sent.
    const staffed = service !== undefined && staff(c, day, service, item, span);
    const equipped = service !== undefined && equip(c, site, service, item, span);
    return atSite && staffed && equipped && clientFree;
  }
  if (isGiven(item.PackageId)) return clientFree && packageFits(c, site, day, item, span);
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
      c.busy.employeeFree(id, day, span.start, span.end)
    );
  };
  const named = item.Employees.map((e) => e.EmployeeId);
  return hold(c.busy, 'employee', named, can, c.busy.staff(day), span);
}

/** Every named resource is the site's, active and free; a service needing one and naming none needs a free one. */
function equip(c: Checker, site: Site, service: Service, item: AppointmentServiceIn, span: Interval): boolean {
  const can = (id: Guid) => {
    const r = c.resources.get(id);
    return (
      r !== undefined && r.State === 1 && r.SiteId === site.SiteId && c.busy.resourceFree(id, span.start, span.end)
    );
  };
  const named = item.Resources.map((r) => r.ResourceId);
  return hold(c.busy, 'resource', named, can, service.ResourceIds.length > 0 ? service.ResourceIds : null, span);
}

/**
 * Named ids must all be able; naming none, the first able one of `options` is needed (none needed
 * when `options` is null). What is named, or else picked, is held for the items after this one.
 */
function hold(
  busy: Busy,
  kind: 'employee' | 'resource',
  named: readonly Guid[],
  can: (id: Guid) => boolean,
  options: readonly Guid[] | null,
  span: Interval,
): boolean {
  // Judged before holding: an item does not clash with itself.
  const ok = named.length > 0 ? named.every(can) : undefined;
  const held = named.length > 0 || options === null ? named : options.filter(can).slice(0, 1);
  for (const id of held) busy.claim(kind, id, span.start, span.end);
  return ok ?? (options === null || held.length > 0);
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
    busy: c.busy,
    taken: FREE,
    items: services.map((service) => ({ service: service as Service })),
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
