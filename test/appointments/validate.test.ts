import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DAY, formatDateTime } from '../../src/datetime.js';
import type { World } from '../../src/world/index.js';
import type { Site } from '../../src/world/sites.js';
import { call, EMPTY, FIXED_NOW, ms } from '../helpers.js';
import {
  type CartItem,
  cartFor,
  localDate,
  londonAccount,
  type Offer,
  oracle,
  servicesAt,
  timesPath,
} from './availability-fixtures.js';

// POST /api/v2/appointments/validate: a failure inside a 200. Each test has its own account, so
// nothing one test books is seen by another.

let sim: Simulator;
let token: string;
let world: World;
let site: Site;

beforeEach(async () => {
  ({ sim, token, world, site } = await londonAccount());
});

const validate = async (cart: unknown, siteId = site.SiteId) => {
  const res = await call(sim, `/api/v2/appointments/validate?siteId=${siteId}`, { method: 'POST', token, body: cart });
  return { status: res.status, type: res.headers.get('content-type'), text: res.text };
};

/** Carts built from offers of a service of the site from tomorrow on (at least `min` of them on one day). */
async function someOffers(min = 2, o: { resources?: boolean } = {}): Promise<CartItem[][]> {
  for (let d = 1; d < 10; d++) {
    for (const service of servicesAt(world, site.SiteId, o)) {
      const p = { siteId: site.SiteId, day: localDate(site, FIXED_NOW, d), services: [service.ServiceId] };
      const found = (await call(sim, timesPath(p), { token })).body as Offer[];
      if (found.length >= min) return found.map((x) => cartFor(world, p, x));
    }
  }
  throw new Error('no offers');
}

const cancelledId = () => world.appointmentStates.find((s) => s.Name === 'Cancelled')!.AppointmentStateId;
/** The services of a future booking of the site, as a cart (its employees are busy then: it is booked). */
const bookedCart = () => {
  const a = world.appointments.find(
    (x) =>
      x.SiteId === site.SiteId &&
      x.AppointmentStateId !== cancelledId() &&
      ms(x.Start) > FIXED_NOW + DAY &&
      x.AppointmentServices.length === 1,
  )!;
  const { AppointmentServiceId: _, AppointmentId: __, ClientId: ___, ...item } = a.AppointmentServices[0]!;
  return { appointment: a, item };
};

describe('POST /api/v2/appointments/validate', () => {
  it('validate with an empty cart answers 400', async () => {
    const res = await validate([]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({
      Message: 'The request is invalid.',
      ModelState: { body: ['No cart items were sent.'] },
    });
  });

  it('validate without a body answers 400 naming the body', async () => {
    const res = await call(sim, `/api/v2/appointments/validate?siteId=${site.SiteId}`, { method: 'POST', token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['body']);
  });

  it('an offered time validates with an empty 200', async () => {
    const [offer] = await someOffers(1, { resources: true });
    const res = await validate(offer!);
    expect(res).toEqual({ status: 200, type: null, text: '' });
  });

  it('a resource entry with no ResourceId or the empty Guid names no resource: the item is checked as naming none', async () => {
    for (const resources of [false, true]) {
      const [offer] = await someOffers(1, { resources });
      const item = offer![0]!;
      for (const entry of [{}, { ResourceId: EMPTY }, { ResourceId: null, Name: '' }]) {
        expect(await validate([{ ...item, Resources: [entry] }])).toEqual({ status: 200, type: null, text: '' });
      }
    }
  });

  it('an item whose employee is already booked is reported by its Description, as a JSON string', async () => {
    const { item } = bookedCart();
    const res = await validate([{ ...item, Description: 'My haircut' }]);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toBe('My haircut');
  });

  it('an item without a Description is reported by its service name', async () => {
    const { item } = bookedCart();
    const { Description: _, ...bare } = item;
    const name = world.services.find((s) => s.ServiceId === item.ServiceId)!.Name;
    expect(JSON.parse((await validate([bare])).text)).toBe(name);
  });

  it('several unavailable items are listed comma-separated in cart order', async () => {
    const { item } = bookedCart();
    const [offer] = await someOffers(1);
    const cart = [{ ...item, Description: 'First' }, ...offer!, { ...item, Description: 'Third' }];
    expect(JSON.parse((await validate(cart)).text)).toBe('First, Third');
  });

  it('the item of an appointment being edited does not clash with that appointment', async () => {
    const { appointment, item } = bookedCart();
    const res = await validate([{ ...item, AppointmentId: appointment.AppointmentId }]);
    expect(res).toMatchObject({ status: 200, text: '' });
  });

  it('two items of one cart wanting the same employee at once: the later one is reported', async () => {
    const [offer] = await someOffers(1, { resources: false });
    const item = offer![0]!;
    const cart = [
      { ...item, Description: 'Mine' },
      { ...item, Description: 'Also mine' },
    ];
    expect(JSON.parse((await validate(cart)).text)).toBe('Also mine');
  });

  it('an item before the account clock is reported', async () => {
    const [offer] = await someOffers(1);
    const item = offer![0]!;
    const week = 7 * DAY;
    const past = { ...item, Start: formatDateTime(ms(item.Start) - week), End: formatDateTime(ms(item.End) - week) };
    // Same weekday a week earlier: rostered alike, but gone.
    expect(ms(past.Start)).toBeLessThan(FIXED_NOW);
    expect(JSON.parse((await validate([past])).text)).toBe(item.Description);
  });

  it('an item outside trading hours is reported', async () => {
    const [offer] = await someOffers(1);
    const item = offer![0]!;
    const night = ms(localDate(site, ms(item.Start))) + 2 * 3600_000;
    const moved = { ...item, Start: formatDateTime(night), End: undefined };
    expect(oracle(world).trading(site, night, night + 60_000)).toBe(false);
    expect(JSON.parse((await validate([moved])).text)).toBe(item.Description);
  });

  it('an employee not qualified for the service is reported', async () => {
    const [offer] = await someOffers(1);
    const item = offer![0]!;
    const other = world.employees.find((e) => e.State === 1 && !e.ServiceIds.includes(item.ServiceId))!;
    const cart = [{ ...item, Employees: [{ EmployeeId: other.EmployeeId }] }];
    expect(JSON.parse((await validate(cart)).text)).toBe(item.Description);
  });

  it('an employee on time off is reported', async () => {
    const o = oracle(world);
    const services = servicesAt(world, site.SiteId, { resources: false });
    // A partial absence: working that day, off for part of it.
    for (const off of world.schedules.filter(
      (r) => r.ScheduleType === 2 && r.SiteId === site.SiteId && ms(r.Start) > FIXED_NOW,
    )) {
      const employee = world.employees.find((e) => e.EmployeeId === off.EmployeeId)!;
      const service = services.find((s) => employee.ServiceIds.includes(s.ServiceId));
      const start = ms(off.Start);
      if (!service || !o.trading(site, start, start + service.Duration * 60_000)) continue;
      const item = {
        ServiceId: service.ServiceId,
        Start: off.Start,
        Employees: [{ EmployeeId: employee.EmployeeId }],
        Resources: [],
      };
      expect(JSON.parse((await validate([item])).text)).toBe(service.Name);
      return;
    }
    throw new Error('no time off in trading hours');
  });

  it('an employee not rostered at the site that day is reported', async () => {
    const [offer] = await someOffers(1);
    const item = offer![0]!;
    const elsewhere = world.employees.find(
      (e) =>
        e.State === 1 &&
        e.ServiceIds.includes(item.ServiceId) &&
        !oracle(world).rostered(e.EmployeeId, site.SiteId, ms(item.Start), ms(item.End)),
    )!;
    expect(elsewhere).toBeDefined();
    const cart = [{ ...item, Employees: [{ EmployeeId: elsewhere.EmployeeId }] }];
    expect(JSON.parse((await validate(cart)).text)).toBe(item.Description);
  });

  it('a resource in use at the time is reported', async () => {
    const [offer] = await someOffers(1, { resources: true });
    const item: CartItem = offer![0]!;
    expect((await validate([item])).text).toBe('');
    // Someone else takes the room (with nobody from the offer) over the same time.
    const clientId = world.clients.find((c) => c.State === 1)!.ClientId;
    const booking = { ClientId: clientId, AppointmentServices: [{ ...item, Employees: [] }] };
    const res = await call(sim, `/api/v2/appointments?siteId=${site.SiteId}`, { method: 'POST', token, body: booking });
    expect(res.status).toBe(200);
    expect(JSON.parse((await validate([item])).text)).toBe(item.Description);
  });

  it('an item naming only a package stands for its services one after another', async () => {
    let found: Offer[] = [];
    for (const pkg of world.packages.filter((p) => p.State === 1)) {
      for (let d = 1; d < 7 && found.length === 0; d++) {
        const p = { siteId: site.SiteId, day: localDate(site, FIXED_NOW, d), packageId: pkg.PackageId };
        found = (await call(sim, timesPath(p), { token })).body as Offer[];
      }
      if (found.length === 0) continue;
      const first = found[0]!;
      const item = { PackageId: pkg.PackageId, Start: first.Start, Employees: [], Resources: [] };
      expect((await validate([item])).text).toBe('');
      // Over the end of the day it no longer fits.
      const late = { ...item, Start: formatDateTime(ms(localDate(site, ms(first.Start))) + DAY - 30 * 60_000) };
      expect(JSON.parse((await validate([late])).text)).toBe(pkg.Name);
      return;
    }
    throw new Error('no package offered');
  });

  it('validate writes nothing, not even a new data version', async () => {
    const account = sim.registry.get('demo')!;
    const before = JSON.stringify(world.appointments);
    const [offer] = await someOffers(1);
    const version = account.version;
    await validate(offer!);
    await validate([bookedCart().item]);
    expect(JSON.stringify(world.appointments)).toBe(before);
    expect(account.version).toBe(version);
  });

  it('validate at an unknown site reports every item', async () => {
    const [offer] = await someOffers(1);
    const res = await validate(offer!, '11111111-1111-1111-1111-111111111111');
    expect(JSON.parse(res.text)).toBe(offer![0]!.Description);
  });
});
