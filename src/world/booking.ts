import { DAY, MINUTE } from '../datetime.js';
import type { Calendar } from './calendar.js';
import type { Package, Resource, Service } from './catalogue.js';
import type { Guid } from './common.js';
import type { Employee } from './employees.js';
import type { Rng } from './seeded-faker.js';

/** One service placed in time, before it becomes an Appointment Service record. */
export interface Item {
  service: Service;
  employee: Employee;
  resource: Resource | null;
  start: number;
  end: number;
  packageId: Guid | null;
}

/**
 * Finds room for services at one site: the employee rostered, qualified and free, and a free
 * resource where the service needs one. Nothing is reserved until `commit`.
 */
export class Booker {
  private readonly bookable = new Map<Employee, Map<Guid, Service[]>>();
  private readonly sequences = new Map<Package, Guid[]>();
  private readonly skills = new Map<Employee, Set<Guid>>();

  constructor(
    private readonly rng: Rng,
    private readonly calendar: Calendar,
    private readonly employees: ReadonlyMap<Guid, Employee>,
    private readonly services: readonly Service[],
    private readonly resources: ReadonlyMap<Guid, Resource>,
  ) {}

  /** Active, directly bookable services the employee performs at the site. */
  servicesFor(employee: Employee, siteId: Guid): Service[] {
    let bySite = this.bookable.get(employee);
    if (!bySite) this.bookable.set(employee, (bySite = new Map()));
    let list = bySite.get(siteId);
    if (!list) {
      const qualified = new Set(employee.ServiceIds);
      list = this.services.filter(
        (s) =>
          qualified.has(s.ServiceId) && s.State === 1 && !s.PackageOnly && (s.SiteId === null || s.SiteId === siteId),
      );
      bySite.set(siteId, list);
    }
    return list;
  }

  canPerform(employee: Employee, service: Service, siteId: Guid): boolean {
    let skills = this.skills.get(employee);
    if (!skills) this.skills.set(employee, (skills = new Set(employee.ServiceIds)));
    return skills.has(service.ServiceId) && (service.SiteId === null || service.SiteId === siteId);
  }

  /** A free resource for the service at the site; null when it needs none; undefined when none is free. */
  resourceFor(service: Service, siteId: Guid, start: number, end: number, taken: Item[]): Resource | null | undefined {
    if (service.ResourceIds.length === 0) return null;
    for (const id of service.ResourceIds) {
      const r = this.resources.get(id);
      if (!r || r.SiteId !== siteId || r.State !== 1) continue;
      const clash = taken.some((i) => i.resource === r && i.start < end && start < i.end);
      if (!clash && this.calendar.isFree(id, start, end)) return r;
    }
    return undefined;
  }

  /** Whether the employee can take [start, end) given the items already planned. */
  employeeFree(employee: Employee, siteId: Guid, start: number, end: number, taken: Item[]): boolean {
    const clash = taken.some((i) => i.employee === employee && i.start < end && start < i.end);
    return !clash && this.calendar.available(employee.EmployeeId, siteId, start, end);
  }

  /** Places a service with the given employee, or returns undefined. */
  place(
    service: Service,
    employee: Employee,
    siteId: Guid,
    start: number,
    taken: Item[],
    packageId: Guid | null = null,
  ): Item | undefined {
    if (!this.canPerform(employee, service, siteId)) return undefined;
    const end = start + service.Duration * MINUTE;
    if (!this.employeeFree(employee, siteId, start, end, taken)) return undefined;
    const resource = this.resourceFor(service, siteId, start, end, taken);
    if (resource === undefined) return undefined;
    return { service, employee, resource, start, end, packageId };
  }

  /** Places a service with whichever rostered colleague at the site can do it. */
  placeWithAnyone(
    service: Service,
    siteId: Guid,
    start: number,
    staff: readonly Guid[],
    taken: Item[],
    prefer?: Employee,
    packageId: Guid | null = null,
  ): Item | undefined {
    if (prefer && this.canPerform(prefer, service, siteId)) {
      const item = this.place(service, prefer, siteId, start, taken, packageId);
      if (item) return item;
    }
    // Start at a random colleague and go round, rather than shuffling a copy each time.
    const offset = staff.length > 0 ? this.rng.int(0, staff.length - 1) : 0;
    for (let k = 0; k < staff.length; k++) {
      const employee = this.employees.get(staff[(offset + k) % staff.length] as Guid);
      if (!employee || employee === prefer || !this.canPerform(employee, service, siteId)) continue;
      const item = this.place(service, employee, siteId, start, taken, packageId);
      if (item) return item;
    }
    return undefined;
  }

  /** Components of a package back to back, each with a qualified, free employee. */
  placePackage(
    pkg: Package,
    byId: ReadonlyMap<Guid, Service>,
    siteId: Guid,
    start: number,
    staff: readonly Guid[],
    lead: Employee,
  ): Item[] | undefined {
    const items: Item[] = [];
    let at = start;
    let order = this.sequences.get(pkg);
    if (!order)
      this.sequences.set(
        pkg,
        (order = [...pkg.Services].sort((a, b) => a.Sequence - b.Sequence).map((p) => p.ServiceId)),
      );
    for (const serviceId of order) {
      const service = byId.get(serviceId);
      if (!service) return undefined;
      const item = this.placeWithAnyone(service, siteId, at, staff, items, lead, pkg.PackageId);
      if (!item) return undefined;
      items.push(item);
      at = item.end;
    }
    return items;
  }

  /** The same plan `weeks` later, if everyone and everything is still free. */
  shifted(items: Item[], siteId: Guid, weeks: number): Item[] | undefined {
    const delta = weeks * 7 * DAY;
    const moved: Item[] = [];
    for (const item of items) {
      const start = item.start + delta;
      const next = this.place(item.service, item.employee, siteId, start, moved, item.packageId);
      if (!next) return undefined;
      moved.push(next);
    }
    return moved;
  }

  /** Reserves everyone and everything; items run back to back, so the client spans first to last. */
  commit(items: Item[], clientId: Guid): void {
    for (const i of items) {
      this.calendar.reserve(i.employee.EmployeeId, i.start, i.end);
      if (i.resource) this.calendar.reserve(i.resource.ResourceId, i.start, i.end);
    }
    const first = items[0],
      last = items[items.length - 1];
    if (first && last) this.calendar.reserve(clientId, first.start, last.end);
  }
}
