import { beforeEach, describe, expect, it } from 'vitest';
import { editRecord } from '../../src/records.js';
import type { Service } from '../../src/world/catalogue.js';
import type { Site } from '../../src/world/sites.js';
import { call, type DemoApi, demoApi, FIXED_NOW, stored } from '../helpers.js';
import { activeSites, datesPath, localDate, type Offer, servicesAt, timesPath } from './availability-fixtures.js';

// availabletimes and availabledates are the online booking journey: they offer only services and
// employees bookable online (BookOnline). Each test takes something offered in the seeded world,
// makes it not bookable online, and asks again.

let a: DemoApi;
let site: Site;
beforeEach(async () => {
  a = await demoApi();
  site = activeSites(a.world)[0]!;
});

const offered = async (services: string[], day: string, employeeIds: string[] = []): Promise<Offer[]> => {
  const res = await call(a, timesPath({ siteId: site.SiteId, day, services, employeeIds }));
  expect(res.status).toBe(200);
  return res.body;
};

const staffOf = (offers: Offer[]) => new Set(offers.flatMap((o) => o.Employees.map((e) => e.EmployeeId)));

/** A service and a day (from tomorrow) with offers, and the employees those offers name. */
async function offeredService(): Promise<{ service: Service; day: string; staff: Set<string> }> {
  for (let d = 1; d < 14; d++) {
    for (const service of servicesAt(a.world, site.SiteId)) {
      const day = localDate(site, FIXED_NOW, d);
      const offers = await offered([service.ServiceId], day);
      if (offers.length > 0) return { service, day, staff: staffOf(offers) };
    }
  }
  throw new Error('nothing offered in two weeks');
}

const setBookOnline = (apply: () => void) => a.account.write(apply);

describe('availability offers only what is bookable online', () => {
  it('an employee not bookable online is never offered by availabletimes, even named in employeeIds', async () => {
    const { service, day, staff } = await offeredService();
    const [employeeId] = [...staff];
    const employee = a.world.employees.find((e) => e.EmployeeId === employeeId)!;
    expect(await offered([service.ServiceId], day, [employeeId!])).not.toEqual([]);

    await setBookOnline(() => {
      editRecord(a.world, 'employees', stored(a.world, 'employees', employee)).BookOnline = false;
    });
    expect(await offered([service.ServiceId], day, [employeeId!])).toEqual([]);
    expect(staffOf(await offered([service.ServiceId], day)).has(employeeId!)).toBe(false);
  });

  it('a service not bookable online gets no times from availabletimes and no dates from availabledates', async () => {
    const { service, day } = await offeredService();
    expect((await call(a, datesPath(site.SiteId, [service.ServiceId]))).body).not.toEqual([]);

    await setBookOnline(() => {
      editRecord(a.world, 'services', stored(a.world, 'services', service)).BookOnline = false;
    });
    expect(await offered([service.ServiceId], day)).toEqual([]);
    expect((await call(a, datesPath(site.SiteId, [service.ServiceId]))).body).toEqual([]);
  });

  it('a package with a service not bookable online is not offered', async () => {
    const online = new Set(a.world.services.filter((s) => s.BookOnline).map((s) => s.ServiceId));
    const pkg = a.world.packages.find(
      (p) => p.State === 1 && p.SiteId === null && p.Services.every((s) => online.has(s.ServiceId)),
    )!;
    const dates = async () => (await call(a, datesPath(site.SiteId, [], [pkg.PackageId]))).body;
    expect(await dates()).not.toEqual([]);

    const part = a.world.services.find((s) => s.ServiceId === pkg.Services[0]!.ServiceId)!;
    await setBookOnline(() => {
      editRecord(a.world, 'services', stored(a.world, 'services', part)).BookOnline = false;
    });
    expect(await dates()).toEqual([]);
  });
});
