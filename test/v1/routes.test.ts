import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { formatDateTime } from '../../src/datetime.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, DEMO_CREDENTIAL, type DemoApi, demoApi } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const v1 = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(a.sim, path, { ...init, apiKey: DEMO_API_KEY });
const site = () => activeSite(a.world);

describe('version 1 routes (Versioning 2–4)', () => {
  it('GET /api/sites with the API key answers what GET /api/v2/sites answers with a token', async () => {
    const [one, two] = [await v1('/api/sites'), await call(a, '/api/v2/sites')];
    expect(one.status).toBe(200);
    expect(one.body).toEqual(two.body);
    expect(one.body.length).toBeGreaterThan(0);
  });

  it('GET /api/ping answers the account name', async () => {
    const res = await v1('/api/ping');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', tenant: 'demo' });
  });

  it('a client created through version 1 is read through version 2', async () => {
    const body = newClient({
      FirstName: 'Vera',
      LastName: 'Version',
      Email: 'vera@example.com',
      MobilePhone: '07700 900111',
    });
    const created = await v1(`/api/clients?siteId=${site()}`, { method: 'POST', body });
    expect(created.status).toBe(200);
    expect(created.body.Message).toBe('ClientId');
    const read = await call(a, `/api/v2/clients/${created.body.Value}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ FirstName: 'Vera', LastName: 'Version', Email: 'vera@example.com' });
  });

  it('a client created through version 2 is read through version 1', async () => {
    const body = newClient({
      FirstName: 'Tom',
      LastName: 'Two',
      Email: 'tom@example.com',
      MobilePhone: '07700 900222',
      Gender: 2,
    });
    const created = await call(a, `/api/v2/clients?siteId=${site()}`, { method: 'POST', body });
    const read = await v1(`/api/clients/${created.body.Value}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ FirstName: 'Tom', LastName: 'Two' });
  });

  it('GET /api/classbookings serves what GET /api/v2/classes/classbookings serves', async () => {
    const booking = a.world.classBookings[0]!;
    const s = a.world.classSchedules.find((x) => x.ClassScheduleId === booking.ClassScheduleId)!;
    const type = a.world.classes.find((c) => c.ClassId === s.ClassId)!.ClassType;
    const range = new URLSearchParams({
      start: formatDateTime(Date.parse('2020-01-01T00:00:00Z')),
      end: '2030-01-01 00:00',
    });
    const one = await v1(`/api/classbookings?siteId=${s.SiteId}&classType=${type}&${range}`);
    const two = await call(
      a,
      `/api/v2/classes/classbookings?siteId=${s.SiteId}&classType=${type === 1 ? 'Class' : 'Event'}&${range}`,
    );
    expect(one.status).toBe(200);
    expect(one.body).toEqual(two.body);
    expect(one.body.some((b: any) => b.ClassBookingId === booking.ClassBookingId)).toBe(true);
  });

  it('version 1 has no /api/classes/classbookings: 404', async () => {
    const s = a.world.classSchedules[0]!;
    expect(
      (await v1(`/api/classes/classbookings?siteId=${s.SiteId}&classType=1&start=2026-03-01&end=2026-03-31`)).status,
    ).toBe(404);
  });

  it('itemState=1 works on version 1 and equals itemState=Active on version 2', async () => {
    const one = await v1(`/api/services?siteId=${site()}&itemState=1`);
    const two = await call(a, `/api/v2/services?siteId=${site()}&itemState=Active`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(two.body);
  });

  it('itemState=Active is a 400 model state on version 1 (a Byte), while version 2 accepts the name', async () => {
    const res = await v1(`/api/services?siteId=${site()}&itemState=Active`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { itemState: ["The value 'Active' is not valid for Byte."] },
    });
    expect((await call(a, `/api/v2/services?siteId=${site()}&itemState=Active`)).status).toBe(200);
  });

  it('classType, state and entryType are Bytes on version 1 too', async () => {
    expect((await v1('/api/sites?state=Active')).body.ModelState).toHaveProperty('state');
    expect((await v1('/api/sites?state=1')).status).toBe(200);
    const c = await v1(`/api/classbookings?siteId=${site()}&classType=Class&start=2026-03-01&end=2026-03-31`);
    expect(c.body.ModelState).toHaveProperty('classType');
    const entries = (type: string) =>
      v1(`/api/accountingentries?siteId=${site()}&entryType=${type}&start=2026-03-01&end=2026-03-16&find=`);
    expect((await entries('Receipt')).body.ModelState).toHaveProperty('entryType');
    expect((await entries('1')).status).toBe(200);
  });

  it('a missing required name on a path with one action answers 404 (GET /api/packages)', async () => {
    expect((await v1(`/api/packages?siteId=${site()}`)).status).toBe(404);
    expect((await v1(`/api/packages?siteId=${site()}&itemState=1&find=`)).status).toBe(200);
  });

  it('a missing required name on a path that serves another method answers 405 (GET /api/appointments)', async () => {
    const res = await v1('/api/appointments');
    expect(res.status).toBe(405);
    // POST needs siteId, which was not sent: no method is reachable as sent.
    expect(res.headers.get('allow')).toBe('');
    const withSite = await v1(`/api/appointments?siteId=${site()}`);
    expect(withSite.status).toBe(405);
    expect(withSite.headers.get('allow')).toBe('POST');
  });

  it('version 1 has no credential endpoints: POST /api/token answers 404', async () => {
    expect((await v1('/api/token', { method: 'POST', body: DEMO_CREDENTIAL })).status).toBe(404);
  });
});

describe('version 1 single-record GETs take their id from the query too (conventional routing)', () => {
  it('GET /api/clients/?Id=<clientId> reads one client, as GET /api/clients/<clientId> does', async () => {
    const client = a.world.clients[0]!;
    const byRoute = await v1(`/api/clients/${client.ClientId}`);
    const byQuery = await v1(`/api/clients/?Id=${client.ClientId}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual(byRoute.body);
    expect(byQuery.body.ClientId).toBe(client.ClientId);
    expect((await v1(`/api/clients?id=${client.ClientId.toUpperCase()}`)).body).toEqual(byRoute.body);
  });

  it('the list still wins when its names are all sent, and a malformed id is no match (405 on that path)', async () => {
    const list = await v1(
      `/api/vouchers?siteId=${site()}&itemState=1&find=&voucherId=${a.world.vouchers[0]!.VoucherId}`,
    );
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect((await v1('/api/clients/?Id=not-a-guid')).status).toBe(405);
  });

  it('version 2 keeps the id in the route: GET /api/v2/clients?Id=<clientId> answers 405', async () => {
    const res = await call(a, `/api/v2/clients?Id=${a.world.clients[0]!.ClientId}`);
    expect(res.status).toBe(405);
  });
});
