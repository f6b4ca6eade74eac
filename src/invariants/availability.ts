import { availableDates, offeredTimes } from '../appointments/availability/search.js';
import { localDateAt } from '../appointments/availability/slots.js';
import type { Service } from '../world/catalogue.js';
import type { Guid } from '../world/common.js';
import type { Employee } from '../world/employees.js';
import type { World } from '../world/index.js';
import type { Site } from '../world/sites.js';
import { problems } from './invariant.js';

// What a client can book online: availabletimes and availabledates are the online booking
// journey, so they offer only services and employees bookable online (BookOnline), and the
// seeded diary's online bookings are such bookings.

/**
 * availabletimes and availabledates offer only what is bookable online. Probed at every Active
 * site on its own date at the clock: a service not bookable online (or a package with one) gets no
 * time and no date; for a service each employee based there (or nowhere) who is not bookable
 * online performs, no offer names such an employee, even asked for by name. And every
 * appointment of the Online source names only services and employees bookable online.
 */
export function availabilityOffersOnlyBookableOnline(world: World, now: number): string[] {
  const found: string[] = [];
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const services = new Map(world.services.map((s) => [s.ServiceId, s]));
  const offline = (id: Guid) => employees.get(id)?.BookOnline !== true;
  for (const site of world.sites.filter((s) => s.State === 1)) {
    const atSite = world.services.filter((s) => s.State === 1 && (s.SiteId === null || s.SiteId === site.SiteId));
    for (const service of atSite.filter((s) => !s.BookOnline)) {
      if (ask(world, site, now, [service.ServiceId]).length > 0) found.push(`${service.Name} offered at ${site.Name}`);
      if (availableDates(world, { siteId: site.SiteId, services: [service.ServiceId], packages: [] }, now).length)
        found.push(`${service.Name} has dates at ${site.Name}`);
    }
    for (const pkg of world.packages.filter((p) =>
      p.Services.some((s) => services.get(s.ServiceId)?.BookOnline === false),
    )) {
      if (offeredTimes(world, { ...query(site, now, []), packageId: pkg.PackageId }, now).length > 0)
        found.push(`package ${pkg.Name} offered at ${site.Name}`);
    }
    const home = (e: Employee) => e.SiteId === null || e.SiteId === site.SiteId;
    for (const employee of world.employees.filter((e) => !e.BookOnline && e.State === 1 && home(e))) {
      const service = atSite.find((s) => s.BookOnline && employee.ServiceIds.includes(s.ServiceId));
      if (!service) continue;
      for (const offer of ask(world, site, now, [service.ServiceId], [employee.EmployeeId])) {
        const who = offer.Employees.map((e) => e.EmployeeId).filter(offline);
        if (who.length > 0) found.push(`${service.Name} at ${site.Name} ${offer.Start} offers ${name(employees, who)}`);
      }
    }
  }
  return [...problems(found, (p) => p), ...onlineBookingsOfflineItems(world, employees, services)];
}

const query = (site: Site, now: number, services: Guid[], employeeIds: Guid[] = []) => ({
  siteId: site.SiteId,
  day: localDateAt(site, now),
  services,
  packageId: null,
  employeeIds,
  clientId: null,
  serviceSequence: 1,
});

const ask = (world: World, site: Site, now: number, services: Guid[], employeeIds: Guid[] = []) =>
  offeredTimes(world, query(site, now, services, employeeIds), now);

const name = (employees: ReadonlyMap<Guid, Employee>, ids: Guid[]) =>
  ids.map((id) => `${employees.get(id)?.FirstName} ${employees.get(id)?.LastName}`).join(', ');

/** Appointments of the Online source whose services or employees are not bookable online. */
function onlineBookingsOfflineItems(
  world: World,
  employees: ReadonlyMap<Guid, Employee>,
  services: ReadonlyMap<Guid, Service>,
): string[] {
  const online = world.sources.find((s) => s.Name === 'Online')?.SourceId;
  return problems(
    world.appointments.filter(
      (a) =>
        a.SourceId === online &&
        a.AppointmentServices.some(
          (s) =>
            services.get(s.ServiceId)?.BookOnline !== true ||
            s.Employees.some((e) => employees.get(e.EmployeeId)?.BookOnline !== true),
        ),
    ),
    (a) => `online appointment ${a.AppointmentNumber} books a service or employee not bookable online`,
  );
}
