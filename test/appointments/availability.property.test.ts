import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, EMPTY, FIXED_NOW, ms, simulator, tokenFor } from '../helpers.js';
import {
  activeSites,
  brokenRules,
  type CartItem,
  cartFor,
  datesPath,
  localDate,
  type Offer,
  servicesAt,
  timesPath,
} from './availability-fixtures.js';

// Properties of availability over small worlds of random seeds, days, services, packages and
// orders: what is offered keeps every rule, validates clean and can be booked; once booked its
// employee and resource are taken (and validate says so); removing the booking gives the time back;
// availabledates agrees with availabletimes. Every account is new, so runs do not see each other.

// A fixed seed keeps the suite repeatable; FC_SEED and FC_RUNS explore further.
const RUNS = {
  numRuns: Number(process.env.FC_RUNS ?? 80),
  seed: Number(process.env.FC_SEED ?? 20260316),
  endOnFailure: true,
};

let sim: Simulator;
let accounts = 0;

beforeAll(async () => {
  sim = await simulator();
});

/** A new small account with the given world seed; its path prefix, token and world. */
async function account(seed: number) {
  const name = `prop-${++accounts}`;
  const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name, seed, size: 'small' } });
  expect(res.status).toBe(201);
  const prefix = `/accounts/${name}`;
  return { prefix, token: await tokenFor(sim, prefix), world: sim.registry.get(name)!.world };
}

const question = fc.record({
  seed: fc.integer({ min: 1, max: 100_000 }),
  site: fc.nat(),
  day: fc.integer({ min: 0, max: 13 }),
  services: fc.oneof(
    fc.array(fc.nat(), { minLength: 1, maxLength: 1 }),
    fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
  ),
  // One run in four books a package.
  packageIndex: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.nat(), weight: 1 }),
  sequence: fc.constantFrom(0, 1, 2),
  pick: fc.nat(),
});

/** Whether a later cart gives an employee or resource of `booked` at an overlapping time. */
function retakes(later: readonly CartItem[][], booked: readonly CartItem[]): boolean {
  return later.some((o) =>
    o.some((x) =>
      booked.some(
        (b) =>
          ms(x.Start) < ms(b.End) &&
          ms(b.Start) < ms(x.End) &&
          (x.Employees.some((e) => b.Employees.some((f) => f.EmployeeId === e.EmployeeId)) ||
            x.Resources.some((r) => b.Resources.some((q) => q.ResourceId === r.ResourceId))),
      ),
    ),
  );
}

describe('availability properties', () => {
  it('every offer keeps the rules, validates clean and books; booked it is taken, removed it is free again', async () => {
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const { prefix, token, world } = await account(q.seed);
        const sites = activeSites(world);
        const site = sites[q.site % sites.length]!;
        const menu = servicesAt(world, site.SiteId);
        const packages = world.packages.filter((p) => p.State === 1 && (p.SiteId === null || p.SiteId === site.SiteId));
        const pkg = q.packageIndex === undefined ? undefined : packages[q.packageIndex % packages.length];
        // A small site can have no one bookable online; it then has nothing to ask for.
        fc.pre(pkg !== undefined || menu.length > 0);
        const params = {
          siteId: site.SiteId,
          day: localDate(site, FIXED_NOW, q.day),
          services: pkg ? [] : q.services.map((i) => menu[i % menu.length]!.ServiceId),
          packageId: pkg?.PackageId ?? '',
          serviceSequence: q.sequence,
        };
        const path = `${prefix}${timesPath(params)}`;
        const found = (await call(sim, path, { token })).body as Offer[];
        const carts = (offers: readonly Offer[]) => offers.map((o) => cartFor(world, params, o));
        for (const cart of carts(found)) expect(brokenRules(world, site, cart, FIXED_NOW)).toEqual([]);
        if (found.length === 0) return;

        const offer = found[q.pick % found.length]!;
        // The cart as the public booking site builds it from the row.
        const cart = cartFor(world, params, offer);
        const validate = async () =>
          (
            await call(sim, `${prefix}/api/v2/appointments/validate?siteId=${site.SiteId}`, {
              method: 'POST',
              token,
              body: cart,
            })
          ).text;
        expect(await validate()).toBe('');
        const inCart = (await call(sim, path, { token, method: 'POST', body: cart })).body as Offer[];
        expect(inCart.some((o) => ms(o.Start) < ms(offer.End) && ms(offer.Start) < ms(o.End))).toBe(false);

        const ClientId = world.clients.find((c) => c.State === 1)!.ClientId;
        const created = await call(sim, `${prefix}/api/v2/appointments?siteId=${site.SiteId}`, {
          method: 'POST',
          token,
          body: { ClientId, AppointmentServices: cart },
        });
        expect(created.status).toBe(200);
        const { Value: id } = created.body;
        expect(retakes(carts((await call(sim, path, { token })).body as Offer[]), cart)).toBe(false);
        // A package's services, sent with its PackageId and no group, are linked by one new PackageGroupId.
        const stored = (await call(sim, `${prefix}/api/v2/appointments/${id}`, { token })).body;
        const groups = new Set(stored.AppointmentServices.map((s: CartItem) => s.PackageGroupId));
        expect(groups.size).toBe(1);
        expect(groups.has(EMPTY)).toBe(pkg === undefined);
        expect(JSON.parse(await validate())).toBe(cart.map((s) => s.Description).join(', '));

        expect((await call(sim, `${prefix}/api/v2/appointments/${id}`, { method: 'DELETE', token })).status).toBe(200);
        expect((await call(sim, path, { token })).body).toEqual(found);
        expect(await validate()).toBe('');
      }),
      RUNS,
    );
  }, 120_000);

  it('availabledates lists a date exactly when availabletimes offers a time that day', async () => {
    await fc.assert(
      fc.asyncProperty(question, async (q) => {
        const { prefix, token, world } = await account(q.seed);
        const sites = activeSites(world);
        const site = sites[q.site % sites.length]!;
        const menu = servicesAt(world, site.SiteId);
        const packages = world.packages.filter((p) => p.State === 1);
        const pkg = q.packageIndex === undefined ? undefined : packages[q.packageIndex % packages.length];
        const services = q.services.map((i) => menu[i % menu.length]!.ServiceId);
        const dates = (
          await call(sim, `${prefix}${datesPath(site.SiteId, services, pkg ? [pkg.PackageId] : [])}`, { token })
        ).body as string[];
        for (let d = 0; d < 30; d++) {
          const day = localDate(site, FIXED_NOW, d);
          const params = { siteId: site.SiteId, day, services, packageId: pkg?.PackageId ?? '', serviceSequence: 1 };
          const offered = ((await call(sim, `${prefix}${timesPath(params)}`, { token })).body as Offer[]).length > 0;
          expect(dates.includes(`${day} 00:00`), day).toBe(offered);
        }
      }),
      { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 4) },
    );
  }, 120_000);
});
