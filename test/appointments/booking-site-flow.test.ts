import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { parseDateTime } from '../../src/datetime.js';
import type { Service } from '../../src/world/catalogue.js';
import { APPOINTMENT_STATE_IDS } from '../../src/world/diary.js';
import { generateWorld } from '../../src/world/index.js';
import { type Answer, call, EMPTY, FIXED_NOW, plusMinutes } from '../helpers.js';
import { localDate, londonAccount, type Offer, servicesAt, timesPath } from './availability-fixtures.js';

// The whole flow of a public booking site built on the real service (version 1 in production),
// replayed through HTTP with its exact request bodies, on version 2 (bearer token) and version 1
// (ServiceApiKey, paths without v2): available times for two services, validate, sign-up, booking,
// then the appointment read back. Assertions are on ids, not on names echoed back: the site sends
// `FirstName` and `firstName` side by side.

/** The Booked state's id as the site sends it, hard-coded, in every booking. */
const BOOKED = '32d7ec12-54c4-4d48-8848-0f0613f1dc57';

const iso = (text: string) => new Date(parseDateTime(text)!).toISOString(); // 2026-03-21T10:00:00.000Z

interface Version {
  name: string;
  /** `/api/v2` or `/api`. */
  base: string;
  /** The request's credential: the fixture's bearer token (v2) or the demo API key (v1). */
  auth: (token: string) => { token?: string; apiKey?: string };
}

const VERSIONS: Version[] = [
  { name: 'version 2', base: '/api/v2', auth: (token) => ({ token }) },
  { name: 'version 1', base: '/api', auth: () => ({ token: undefined, apiKey: DEMO_API_KEY }) },
];

/** A standard account, the day and two services offered one after another (one needing a resource when possible). */
async function twoServicesOffered(v: Version) {
  const d = await londonAccount();
  const send = (path: string, c: { method?: string; body?: unknown } = {}): Promise<Answer> =>
    call(d.sim, `${v.base}${path}`, { ...c, ...v.auth(d.token) });
  const menu = servicesAt(d.world, d.site.SiteId);
  const withRoom = menu.filter((s) => s.ResourceIds.length > 0);
  const without = menu.filter((s) => s.ResourceIds.length === 0);
  const pairs: [Service, Service][] = [
    ...withRoom.flatMap((a) => without.map((b): [Service, Service] => [a, b])),
    ...menu.flatMap((a) => menu.filter((b) => b !== a).map((b): [Service, Service] => [a, b])),
  ];
  for (let days = 1; days < 8; days++) {
    for (const services of pairs.slice(0, 40)) {
      const p = {
        siteId: d.site.SiteId,
        day: localDate(d.site, FIXED_NOW, days),
        services: services.map((s) => s.ServiceId),
      };
      const res = await send(timesPath(p).replace('/api/v2', ''));
      expect(res.status).toBe(200);
      const times = res.body as Offer[];
      if (times.length > 0) return { d, send, services, times };
    }
  }
  throw new Error('no two services offered together');
}

/** The site's validate body: one item per service i, times chained by Duration, the row's ids only. */
function validateBody(time: Offer, services: readonly Service[]) {
  let start = time.Start;
  return services.map((service, i) => {
    const end = plusMinutes(start, service.Duration);
    const item = {
      AppointmentServiceId: EMPTY,
      AppointmentId: EMPTY,
      ClientId: null,
      ServiceId: service.ServiceId,
      PackageId: null,
      PackageGroupId: null,
      Start: iso(start),
      End: iso(end),
      Description: service.Name,
      Employees: [{ EmployeeId: time.Employees[i]?.EmployeeId }],
      Resources: [{ ResourceId: time.Resources[i]?.ResourceId }],
    };
    start = end;
    return item;
  });
}

/** The site's sign-up body. */
function signUpBody(siteId: string, sourceId: string) {
  const address = {
    AddressId: EMPTY,
    Country: 'United Kingdom',
    Street: '1 High Street',
    City: 'London',
    State: '',
    Code: 'N1 1AA',
  };
  return {
    ClientId: EMPTY,
    State: 1,
    SiteId: siteId,
    FirstName: 'Ada',
    LastName: 'Byron',
    MobilePhone: '07700900123',
    Gender: 1,
    SourceId: sourceId,
    Email: `ada.${randomUUID().slice(0, 8)}@example.com`,
    AccountPassword: createHash('sha512').update('correct horse battery staple').digest('hex'),
    PhysicalAddress: address,
    BillingAddress: { ...address },
    PostalAddress: { ...address },
    Alerts: [{ AlertId: randomUUID(), Name: 'Offers by email', Category: 'Marketing', SiteId: null, Selected: false }],
  };
}

/** The site's booking body: the validated items with a new id of its own each and placeholder names. */
function bookingBody(siteId: string, clientId: string, time: Offer, cart: ReturnType<typeof validateBody>) {
  return {
    AppointmentId: EMPTY,
    SiteId: siteId,
    ClientId: clientId,
    ClientEmail: null,
    ClientTypeId: null,
    AppointmentNumber: null,
    AppointmentStateId: BOOKED,
    Notes: 'Booked online',
    SourceId: null,
    UserId: null,
    SeriesId: null,
    AppointmentServices: cart.map((item, i) => ({
      AppointmentServiceId: randomUUID(),
      AppointmentId: EMPTY,
      ClientId: clientId,
      ServiceId: item.ServiceId,
      PackageId: null,
      PackageGroupId: null,
      Start: item.Start,
      End: item.End,
      Description: item.Description,
      Employees: [{ ...time.Employees[i], firstName: 'Name', lastName: 'Name' }],
      Resources: [{ ...time.Resources[i], name: 'Name' }],
    })),
  };
}

describe.each(VERSIONS)('the public booking site, replayed on $name', (v) => {
  it("an available time carries the i-th service's employee and resource at the top level", async () => {
    const { d, services, times } = await twoServicesOffered(v);
    // One service needs a resource and the other none, so both kinds of entry are seen.
    expect(services.map((s) => s.ResourceIds.length > 0)).toEqual([true, false]);
    for (const time of times) {
      expect(Object.keys(time)).toEqual(['Start', 'End', 'Employees', 'Resources']);
      expect(time.Employees).toHaveLength(2);
      expect(time.Resources).toHaveLength(2);
      services.forEach((service, i) => {
        const employee = d.world.employees.find((e) => e.EmployeeId === time.Employees[i]!.EmployeeId)!;
        expect(employee.ServiceIds).toContain(service.ServiceId);
        const resource = time.Resources[i]!;
        if (service.ResourceIds.length > 0) expect(service.ResourceIds).toContain(resource.ResourceId);
        else expect(resource).toEqual({ ResourceId: EMPTY, Name: '' });
      });
      const minutes = services.reduce((sum, s) => sum + s.Duration, 0);
      expect(time.End).toBe(plusMinutes(time.Start, minutes));
    }
  });

  it('validate, sign-up and booking take the exact bodies the site sends; the booking holds the offered staff and rooms', async () => {
    const { d, send, services, times } = await twoServicesOffered(v);
    const siteId = d.site.SiteId;
    const time = times[0]!;

    const cart = validateBody(time, services);
    const validated = await send(`/appointments/validate?siteId=${siteId}`, { method: 'POST', body: cart });
    expect(validated.status).toBe(200);
    expect(validated.text).toBe('');

    const source = d.world.sources.find((s) => s.Name === 'Online')!;
    const signUp = await send(`/clients?siteId=${siteId}`, {
      method: 'POST',
      body: signUpBody(siteId, source.SourceId),
    });
    expect(signUp.status, signUp.text).toBe(200);
    expect(signUp.body.Message).toBe('ClientId');
    const clientId = signUp.body.Value as string;

    const body = bookingBody(siteId, clientId, time, cart);
    const booked = await send(`/appointments?siteId=${siteId}`, { method: 'POST', body });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body.Message).toBe('AppointmentId');

    const read = await send(`/appointments/${booked.body.Value}`);
    expect(read.status).toBe(200);
    const appointment = read.body;
    expect(appointment.AppointmentStateId).toBe(BOOKED);
    expect(appointment.ClientId).toBe(clientId);
    expect(appointment.AppointmentServices.map((s: { ServiceId: string }) => s.ServiceId)).toEqual(
      services.map((s) => s.ServiceId),
    );
    appointment.AppointmentServices.forEach(
      (
        s: {
          AppointmentServiceId: string;
          Start: string;
          Employees: { EmployeeId: string }[];
          Resources: { ResourceId: string }[];
        },
        i: number,
      ) => {
        expect(s.AppointmentServiceId).toBe(body.AppointmentServices[i]!.AppointmentServiceId);
        expect(iso(s.Start)).toBe(cart[i]!.Start);
        expect(s.Employees.map((e) => e.EmployeeId)).toEqual([time.Employees[i]!.EmployeeId]);
        const resource = time.Resources[i]!.ResourceId;
        expect(s.Resources.map((r) => r.ResourceId)).toEqual(resource === EMPTY ? [] : [resource]);
      },
    );

    // Booked, the time is no longer offered, and validate now reports both items.
    const again = await send(`/appointments/validate?siteId=${siteId}`, { method: 'POST', body: cart });
    expect(JSON.parse(again.text)).toBe(services.map((s) => s.Name).join(', '));
  });

  it('the Booked state has the same id in every account', async () => {
    const { send } = await twoServicesOffered(v);
    const states = (await send('/appointmentstates')).body as { AppointmentStateId: string; Name: string }[];
    expect(states.find((s) => s.Name === 'Booked')?.AppointmentStateId).toBe(BOOKED);
    expect(Object.fromEntries(states.map((s) => [s.Name, s.AppointmentStateId]))).toEqual(APPOINTMENT_STATE_IDS);
  });
});

describe('appointment states are system records', () => {
  it('the Booked state has the same id whatever the seed; so has every other state', () => {
    const ids = (seed: number) =>
      generateWorld({ seed, size: 'small', today: '2026-03-16' }).appointmentStates.map((s) => [
        s.Name,
        s.AppointmentStateId,
      ]);
    const [one, two] = [ids(1), ids(987_654)];
    expect(one).toEqual(two);
    expect(Object.fromEntries(one)).toEqual(APPOINTMENT_STATE_IDS);
    expect(APPOINTMENT_STATE_IDS.Booked).toBe(BOOKED);
  });

  it("sources and client types stay the account's own: they differ between seeds", () => {
    const [a, b] = [1, 987_654].map((seed) => generateWorld({ seed, size: 'small', today: '2026-03-16' }));
    expect(a!.sources.map((s) => s.SourceId)).not.toEqual(b!.sources.map((s) => s.SourceId));
    expect(a!.clientTypes.map((s) => s.ClientTypeId)).not.toEqual(b!.clientTypes.map((s) => s.ClientTypeId));
  });
});
