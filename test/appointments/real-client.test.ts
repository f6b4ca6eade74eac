import { beforeAll, describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/datetime.js';
import { call } from '../helpers.js';
import {
  type CartItem,
  cartFor,
  localDate,
  londonAccount,
  type Offer,
  servicesAt,
  timesPath,
} from './availability-fixtures.js';

// Request shapes of a public booking site built on the real service: null for "no value", ISO 8601
// DateTimes with milliseconds and Z, camelCase names and fields the API does not know.

let d: Awaited<ReturnType<typeof londonAccount>>;
let offer: Offer;
/** The cart built from the offer, one item per service searched. */
let cart: CartItem[];

beforeAll(async () => {
  d = await londonAccount();
  const now = d.account.clock.now();
  for (let days = 1; days < 14 && !offer; days++) {
    for (const service of servicesAt(d.world, d.site.SiteId)) {
      const p = { siteId: d.site.SiteId, day: localDate(d.site, now, days), services: [service.ServiceId] };
      const offers = (await call(d, timesPath(p))).body as Offer[];
      if (offers.length > 0) {
        offer = offers[0]!;
        cart = cartFor(d.world, p, offer);
        break;
      }
    }
  }
});

const iso = (text: string) => new Date(parseDateTime(text)!).toISOString(); // 2026-03-21T10:00:00.000Z

/**
 * The cart as the site sends it: nulls for no value, ISO times, camelCase and extra fields; the row's
 * Employees[i] and Resources[i] spread into item i with placeholder names added (the empty Guid as
 * the resource of a service that needs none).
 */
function siteCart() {
  return cart.map((s, i) => ({
    appointmentServiceId: null,
    AppointmentId: null,
    ClientId: null,
    serviceId: s.ServiceId,
    PackageId: null,
    PackageGroupId: null,
    Start: iso(s.Start),
    End: iso(s.End),
    Description: null,
    Employees: [{ ...offer.Employees[i], firstName: 'Any', lastName: 'Staff' }],
    Resources: [{ ...offer.Resources[i], name: 'Room' }],
    Alerts: [],
  }));
}

describe('requests as a real client sends them', () => {
  it('validate takes a cart with null ids, ISO 8601 times with milliseconds, camelCase and unknown fields', async () => {
    expect(offer).toBeDefined();
    const res = await call(d, `/api/v2/appointments/validate?siteId=${d.site.SiteId}`, {
      method: 'POST',
      body: siteCart(),
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });

  it('booking takes null for AppointmentNumber, UserId, SourceId, SeriesId and ClientTypeId', async () => {
    const client = d.world.clients.find((c) => c.State === 1)!;
    const res = await call(d, `/api/v2/appointments?siteId=${d.site.SiteId}`, {
      method: 'POST',
      body: {
        AppointmentId: null,
        SiteId: null,
        clientId: client.ClientId,
        ClientTypeId: null,
        AppointmentNumber: null,
        AppointmentStateId: null,
        Notes: null,
        SourceId: null,
        UserId: null,
        SeriesId: null,
        AddressId: null,
        ClientEmail: client.Email,
        AppointmentServices: siteCart(),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('AppointmentId');
    const stored = d.account.world.appointments.find((a) => a.AppointmentId === res.body.Value)!;
    expect(stored.ClientId).toBe(client.ClientId);
    expect(stored.AppointmentServices.map((s) => s.Start)).toEqual(cart.map((s) => s.Start));
  });

  it('a required field sent as null is the same model-state error as one left out', async () => {
    const res = await call(d, `/api/v2/appointments?siteId=${d.site.SiteId}`, {
      method: 'POST',
      body: { ClientId: null, AppointmentServices: siteCart() },
    });
    const missing = await call(d, `/api/v2/appointments?siteId=${d.site.SiteId}`, {
      method: 'POST',
      body: { AppointmentServices: siteCart() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(missing.body);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClientId']);
  });
});
