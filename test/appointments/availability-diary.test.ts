import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { World } from '../../src/world/index.js';
import type { Site } from '../../src/world/sites.js';
import { call, FIXED_NOW, ms } from '../helpers.js';
import {
  cartFor,
  localDate,
  londonAccount,
  type Offer,
  servicesAt,
  type TimesParams,
  timesPath,
} from './availability-fixtures.js';

// How the diary's writes (POST /appointments, setstate, DELETE) move availability: every state but
// Cancelled keeps an employee and a resource busy. Uses the appointment CRUD endpoints.

let sim: Simulator;
let token: string;
let world: World;
let site: Site;

beforeEach(async () => {
  ({ sim, token, world, site } = await londonAccount());
});

const offers = async (p: TimesParams) => (await call(sim, timesPath(p), { token })).body as Offer[];

/** An offer of a service needing a resource, asked for with its own employee only. */
async function anOffer() {
  for (let d = 1; d < 10; d++) {
    for (const service of servicesAt(world, site.SiteId, { resources: true })) {
      const p = { siteId: site.SiteId, day: localDate(site, FIXED_NOW, d), services: [service.ServiceId] };
      const [offer] = await offers(p);
      if (offer) return { p, offer };
    }
  }
  throw new Error('no offer');
}

async function book(p: TimesParams, offer: Offer): Promise<string> {
  const ClientId = world.clients.find((c) => c.State === 1)!.ClientId;
  const res = await call(sim, `/api/v2/appointments?siteId=${site.SiteId}`, {
    method: 'POST',
    token,
    body: { ClientId, AppointmentServices: cartFor(world, p, offer) },
  });
  expect(res.status).toBe(200);
  return res.body.Value;
}

const state = (name: string) => world.appointmentStates.find((s) => s.Name === name)!.AppointmentStateId;
const setState = (appointmentId: string, name: string) =>
  call(sim, `/api/v2/appointments/setstate?appointmentId=${appointmentId}&appointmentStateId=${state(name)}`, {
    method: 'POST',
    token,
  });

/** Whether an offer (of one service) gives the same employee or resource at a time overlapping `taken`. */
function clashes(found: Offer[], taken: Offer): boolean {
  const s = ms(taken.Start),
    e = ms(taken.End);
  return found.some(
    (x) =>
      ms(x.Start) < e &&
      s < ms(x.End) &&
      (x.Employees[0]!.EmployeeId === taken.Employees[0]!.EmployeeId ||
        x.Resources[0]!.ResourceId === taken.Resources[0]!.ResourceId),
  );
}

describe('availability follows the diary', () => {
  it('a booked offer no longer gives its employee or resource at an overlapping time', async () => {
    const { p, offer } = await anOffer();
    await book(p, offer);
    expect(clashes(await offers(p), offer)).toBe(false);
  });

  it('a Cancelled appointment frees its employee and resource; any other state keeps them', async () => {
    const { p, offer } = await anOffer();
    const employeeOnly = { ...p, employeeIds: [offer.Employees[0]!.EmployeeId] };
    const id = await book(p, offer);
    for (const name of ['Confirmed', 'Arrived', 'In Progress', 'Completed', 'No Show']) {
      expect((await setState(id, name)).status).toBe(200);
      expect(
        (await offers(employeeOnly)).some((o) => o.Start === offer.Start),
        name,
      ).toBe(false);
    }
    expect((await setState(id, 'Cancelled')).status).toBe(200);
    expect((await offers(employeeOnly)).some((o) => o.Start === offer.Start)).toBe(true);
  });

  it('deleting the appointment frees it again', async () => {
    const { p, offer } = await anOffer();
    const before = await offers(p);
    const id = await book(p, offer);
    expect(await offers(p)).not.toEqual(before);
    expect((await call(sim, `/api/v2/appointments/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await offers(p)).toEqual(before);
  });
});
