import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { formatDate } from '../../src/datetime.js';
import type { World } from '../../src/world/index.js';
import type { Site } from '../../src/world/sites.js';
import { call, EMPTY, FIXED_NOW, ms, simulator, tokenFor } from '../helpers.js';
import {
  activeSites,
  brokenRules,
  cartFor,
  localDate,
  londonAccount,
  type Offer,
  oracle,
  servicesAt,
  type TimesParams,
  timesPath,
} from './availability-fixtures.js';

// GET and POST /api/v2/appointments/availabletimes, one rule per test, against the standard world.
// Expectations come from the world's own records, so they hold for any seed.

let sim: Simulator;
let token: string;
let world: World;
let london: Site;
let newYork: Site;

beforeAll(async () => {
  ({ sim, token, world, site: london } = await londonAccount());
  newYork = activeSites(world).find((s) => s.TimeZone === 'America/New_York')!;
  expect([london, newYork].every(Boolean)).toBe(true);
});

const offers = async (p: TimesParams, cart?: unknown): Promise<Offer[]> => {
  const res = await call(sim, timesPath(p), cart === undefined ? { token } : { token, method: 'POST', body: cart });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Offer[];
};

/** A day from tomorrow on and a service of the site with at least `min` offers that day. */
async function offeredDay(site: Site, o: { resources?: boolean; min?: number } = {}) {
  for (let d = 1; d < 14; d++) {
    for (const service of servicesAt(world, site.SiteId, o)) {
      const p = { siteId: site.SiteId, day: localDate(site, FIXED_NOW, d), services: [service.ServiceId] };
      const found = await offers(p);
      if (found.length >= (o.min ?? 1)) return { p, service, found };
    }
  }
  throw new Error('no offered day in two weeks');
}

describe('the grid', () => {
  it('start times fall on quarter hours of the trading day, in order, answered in UTC', async () => {
    const { found } = await offeredDay(london, { min: 3 });
    const starts = found.map((o) => ms(o.Start));
    expect(starts.every((s) => s % (15 * 60_000) === 0)).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(starts.length);
    for (const o of found) expect(o.Start).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("day names the site's local date: a New York evening runs past UTC midnight", async () => {
    // Thursdays New York trades until 21:00 local, 01:00 UTC the next day.
    let thursday = 1;
    while (new Date(ms(localDate(newYork, FIXED_NOW, thursday))).getUTCDay() !== 4) thursday++;
    const day = localDate(newYork, FIXED_NOW, thursday);
    const late = servicesAt(world, newYork.SiteId).filter((s) => s.Duration <= 30);
    const all = (
      await Promise.all(late.map((s) => offers({ siteId: newYork.SiteId, day, services: [s.ServiceId] })))
    ).flat();
    expect(all.some((o) => o.Start.startsWith(formatDate(ms(day) + 86_400_000)))).toBe(true);
    expect(all.every((o) => oracle(world).trading(newYork, ms(o.Start), ms(o.End)))).toBe(true);
  });

  it('the time part of day is ignored', async () => {
    const { p, found } = await offeredDay(london);
    expect(await offers({ ...p, day: `${p.day} 23:45` })).toEqual(found);
  });

  it('a day the site is closed offers nothing', async () => {
    const service = servicesAt(world, london.SiteId)[0]!;
    let d = 1;
    while (
      !london.TradingHours.find((h) => h.DayOfWeek === new Date(ms(localDate(london, FIXED_NOW, d))).getUTCDay())
        ?.Closed
    )
      d++;
    expect(
      await offers({ siteId: london.SiteId, day: localDate(london, FIXED_NOW, d), services: [service.ServiceId] }),
    ).toEqual([]);
  });

  it('no time is offered before the account clock', async () => {
    const service = servicesAt(world, london.SiteId).find((s) => s.Duration <= 30)!;
    const today = await offers({
      siteId: london.SiteId,
      day: localDate(london, FIXED_NOW),
      services: [service.ServiceId],
    });
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((o) => ms(o.Start) >= FIXED_NOW)).toBe(true);
    expect(
      await offers({ siteId: london.SiteId, day: localDate(london, FIXED_NOW, -1), services: [service.ServiceId] }),
    ).toEqual([]);
  });

  it('moving the account clock moves the first time offered', async () => {
    const own = await simulator({ size: 'standard' });
    const ownToken = await tokenFor(own);
    const service = servicesAt(world, london.SiteId).find((s) => s.Duration <= 30)!;
    const path = timesPath({ siteId: london.SiteId, day: localDate(london, FIXED_NOW), services: [service.ServiceId] });
    await call(own, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 3 * 3600 } });
    const later = (await call(own, path, { token: ownToken })).body as Offer[];
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((o) => ms(o.Start) >= FIXED_NOW + 3 * 3600_000)).toBe(true);
  });
});

describe('who and what is offered', () => {
  it('nothing is offered outside rosters, trading hours, over time off or over busy employees and resources', async () => {
    let checked = 0;
    for (const site of [london, newYork]) {
      for (const d of [0, 1, 2, 5]) {
        for (const service of servicesAt(world, site.SiteId).slice(0, 12)) {
          const p = { siteId: site.SiteId, day: localDate(site, FIXED_NOW, d), services: [service.ServiceId] };
          for (const o of await offers(p)) {
            expect(brokenRules(world, site, cartFor(world, p, o), FIXED_NOW)).toEqual([]);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a service needing a resource gets one free resource of the site among those listed', async () => {
    const { found, service } = await offeredDay(london, { resources: true });
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      expect(o.Resources).toHaveLength(1);
      expect(service.ResourceIds).toContain(o.Resources[0]!.ResourceId);
    }
  });

  it('a service needing no resource gets the empty Guid with an empty Name in its place', async () => {
    const { found } = await offeredDay(london, { resources: false });
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) expect(o.Resources).toEqual([{ ResourceId: EMPTY, Name: '' }]);
  });

  it('an available time carries Start, End and the employee and resource of each service at the top level', async () => {
    const { found, service } = await offeredDay(london);
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      expect(Object.keys(o)).toEqual(['Start', 'End', 'Employees', 'Resources']);
      expect(o.Employees).toHaveLength(1);
      expect(Object.keys(o.Employees[0]!)).toEqual(['EmployeeId', 'FirstName', 'LastName']);
      expect(ms(o.End) - ms(o.Start)).toBe(service.Duration * 60_000);
    }
  });

  it('employeeIds limits offers to those employees', async () => {
    const { p, found } = await offeredDay(london, { min: 2 });
    const someone = found[0]!.Employees[0]!.EmployeeId;
    const only = await offers({ ...p, employeeIds: [someone] });
    expect(only.length).toBeGreaterThan(0);
    expect(only.every((o) => o.Employees[0]!.EmployeeId === someone)).toBe(true);
  });

  it('an employee not qualified for the service is never offered', async () => {
    const { p, service } = await offeredDay(london);
    const unqualified = world.employees.filter((e) => e.State === 1 && !e.ServiceIds.includes(service.ServiceId));
    expect(unqualified.length).toBeGreaterThan(0);
    expect(await offers({ ...p, employeeIds: unqualified.map((e) => e.EmployeeId) })).toEqual([]);
  });

  it('an employee teaching a class is not offered during the session', async () => {
    const session = world.classSchedules.find((c) => {
      const teacher = world.employees.find((e) => e.EmployeeId === c.EmployeeId);
      return (
        c.State === 1 &&
        ms(c.Start) > FIXED_NOW + 86_400_000 &&
        c.SiteId === london.SiteId &&
        (teacher?.ServiceIds.length ?? 0) > 0
      );
    })!;
    expect(session).toBeDefined();
    const teacher = world.employees.find((e) => e.EmployeeId === session.EmployeeId)!;
    const day = localDate(london, ms(session.Start));
    const found = (
      await Promise.all(
        teacher.ServiceIds.slice(0, 6).map((id) =>
          offers({ siteId: london.SiteId, day, services: [id], employeeIds: [teacher.EmployeeId] }),
        ),
      )
    ).flat();
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((o) => ms(o.Start) < ms(session.End) && ms(session.Start) < ms(o.End))).toBe(false);
  });

  it('an inactive site offers nothing', async () => {
    const closed = world.sites.find((x) => x.State === 2)!;
    const service = world.services.find((x) => x.State === 1 && x.SiteId === null)!;
    for (let d = 1; d < 8; d++) {
      expect(
        await offers({ siteId: closed.SiteId, day: localDate(closed, FIXED_NOW, d), services: [service.ServiceId] }),
      ).toEqual([]);
    }
  });

  it("unknown, inactive or another site's services offer nothing", async () => {
    const { p } = await offeredDay(newYork);
    const inactive = world.services.find((s) => s.State === 2)!;
    const londonOnly = world.services.find((s) => s.SiteId === london.SiteId && s.State === 1)!;
    for (const id of ['11111111-1111-1111-1111-111111111111', inactive.ServiceId, londonOnly.ServiceId]) {
      expect(await offers({ ...p, services: [...p.services, id] })).toEqual([]);
    }
    expect(await offers({ ...p, services: [] })).toEqual([]);
  });
});

describe('serviceSequence', () => {
  /** Two services of the site that different employees do, and a day both are offered together. */
  async function pair(sequence: 1 | 2) {
    const services = servicesAt(world, london.SiteId, { resources: false });
    for (let d = 1; d < 10; d++) {
      for (const a of services) {
        for (const b of services) {
          if (a === b || a.Category === b.Category) continue;
          const p = {
            siteId: london.SiteId,
            day: localDate(london, FIXED_NOW, d),
            services: [a.ServiceId, b.ServiceId],
            serviceSequence: sequence,
          };
          const found = await offers(p);
          if (found.length > 0) return { p, a, b, found };
        }
      }
    }
    throw new Error('no pair offered');
  }

  it('serviceSequence 1 lays the services back to back in the order given', async () => {
    const { p, a, b, found } = await pair(1);
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      const [first, second] = cartFor(world, p, o);
      expect([first!.ServiceId, second!.ServiceId]).toEqual([a.ServiceId, b.ServiceId]);
      expect(second!.Start).toBe(first!.End);
      expect([o.Start, o.End]).toEqual([first!.Start, second!.End]);
      expect(o.Employees).toHaveLength(2);
      expect(o.Resources).toHaveLength(2);
      expect(brokenRules(world, london, [first!, second!], FIXED_NOW)).toEqual([]);
    }
  });

  it('serviceSequence 2 starts every service together with different employees', async () => {
    const { p, found } = await pair(2);
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      const cart = cartFor(world, p, o);
      expect(cart.map((c) => c.Start)).toEqual([o.Start, o.Start]);
      expect(o.Employees[0]!.EmployeeId).not.toBe(o.Employees[1]!.EmployeeId);
      expect(brokenRules(world, london, cart, FIXED_NOW)).toEqual([]);
    }
  });

  it('serviceSequence 0 (none) is answered as 1', async () => {
    const { p, found } = await pair(1);
    expect(await offers({ ...p, serviceSequence: 0 })).toEqual(found);
  });

  it('serviceSequence 3 answers 400 naming it', async () => {
    const res = await call(
      sim,
      timesPath({ siteId: london.SiteId, day: localDate(london, FIXED_NOW, 1), serviceSequence: 3 }),
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { serviceSequence: ["The value '3' is not valid for serviceSequence."] },
    });
  });
});

describe('packages', () => {
  it("a package expands to its services in Sequence order: Employees[i] and Resources[i] are its i-th service's", async () => {
    // The first package with a time in the coming days (some need staff London does not have).
    let found: Offer[] = [];
    let pkg = world.packages[0]!;
    for (const candidate of world.packages.filter((p) => p.State === 1)) {
      for (let d = 1; d < 7 && found.length === 0; d++) {
        found = await offers({
          siteId: london.SiteId,
          day: localDate(london, FIXED_NOW, d),
          packageId: candidate.PackageId,
        });
      }
      pkg = candidate;
      if (found.length > 0) break;
    }
    const order = [...pkg.Services].sort((a, b) => a.Sequence - b.Sequence).map((s) => s.ServiceId);
    expect(found.length).toBeGreaterThan(0);
    for (const o of found) {
      const cart = cartFor(world, { siteId: london.SiteId, day: '', packageId: pkg.PackageId }, o);
      expect(cart.map((s) => s.ServiceId)).toEqual(order);
      expect(brokenRules(world, london, cart, FIXED_NOW)).toEqual([]);
    }
  });
});

describe('the client and the cart', () => {
  it("clientId: the client's own other appointments count as taken", async () => {
    const o = oracle(world);
    const cancelled = world.appointmentStates.find((s) => s.Name === 'Cancelled')!.AppointmentStateId;
    for (const a of world.appointments.filter(
      (x) => x.SiteId === london.SiteId && x.AppointmentStateId !== cancelled && ms(x.Start) > FIXED_NOW,
    )) {
      const day = localDate(london, ms(a.Start));
      for (const service of servicesAt(world, london.SiteId).slice(0, 8)) {
        const anonymous = await offers({ siteId: london.SiteId, day, services: [service.ServiceId] });
        const clash = (x: Offer) => o.clientBusy(a.ClientId, ms(x.Start), ms(x.End));
        if (!anonymous.some(clash)) continue;
        const mine = await offers({ siteId: london.SiteId, day, services: [service.ServiceId], clientId: a.ClientId });
        expect(mine.some(clash)).toBe(false);
        expect(mine).toEqual(anonymous.filter((x) => !clash(x)));
        return;
      }
    }
    throw new Error('no appointment overlapping an anonymous offer');
  });

  it("clientId: the client's class places count as taken", async () => {
    for (const booking of world.classBookings.filter((b) => b.ClassBookingState === 1)) {
      const session = world.classSchedules.find((c) => c.ClassScheduleId === booking.ClassScheduleId && c.State === 1)!;
      const site = activeSites(world).find((x) => x.SiteId === session.SiteId);
      if (!site || ms(session.Start) < FIXED_NOW + 86_400_000) continue;
      const day = localDate(site, ms(session.Start));
      const clash = (x: Offer) => ms(x.Start) < ms(session.End) && ms(session.Start) < ms(x.End);
      for (const service of servicesAt(world, site.SiteId).slice(0, 8)) {
        const anonymous = await offers({ siteId: site.SiteId, day, services: [service.ServiceId] });
        if (!anonymous.some(clash)) continue;
        const mine = await offers({
          siteId: site.SiteId,
          day,
          services: [service.ServiceId],
          clientId: booking.ClientId,
        });
        expect(mine.some(clash)).toBe(false);
        return;
      }
    }
    throw new Error('no class place overlapping an anonymous offer');
  });

  it('the empty Guid as packageId or clientId means none', async () => {
    const { p, found } = await offeredDay(london);
    expect(await offers({ ...p, packageId: EMPTY, clientId: EMPTY })).toEqual(found);
  });

  it('a time in the cart is not offered again by POST availabletimes', async () => {
    const { p, found } = await offeredDay(london, { min: 3 });
    const chosen = found[1]!;
    const cart = cartFor(world, p, chosen);
    const again = await offers(p, cart);
    const overlaps = (x: Offer) => ms(x.Start) < ms(chosen.End) && ms(chosen.Start) < ms(x.End);
    expect(again.some(overlaps)).toBe(false);
    expect(again).toEqual(found.filter((x) => !overlaps(x)));
  });

  it('POST availabletimes with an empty cart or no body answers as GET', async () => {
    const { p, found } = await offeredDay(london);
    expect(await offers(p, [])).toEqual(found);
    const res = await call(sim, timesPath(p), { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(found);
  });
});
