import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { bookable, oneService } from '../appointments/support.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';

// ASP.NET's JSON reader matches property names case-insensitively and sets a property once per
// name it reads, in the order sent: of names that differ only by case, the last one wins.

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

const createClient = async (body: unknown) => {
  const res = await call(a, `/api/v2/clients?siteId=${activeSite(a.world)}`, { method: 'POST', body });
  expect(res.status).toBe(200);
  return (await call(a, `/api/v2/clients/${res.body.Value}`)).body;
};

describe('names that differ only by case: the last one wins', () => {
  it('POST clients with `FirstName: "A", firstName: "B"` stores B', async () => {
    const { FirstName: _, ...rest } = newClient();
    expect((await createClient({ ...rest, FirstName: 'A', firstName: 'B' })).FirstName).toBe('B');
  });

  it('POST clients with `firstName: "B", FirstName: "A"` stores A', async () => {
    const { FirstName: _, ...rest } = newClient();
    expect((await createClient({ ...rest, firstName: 'B', FirstName: 'A' })).FirstName).toBe('A');
  });

  it('version 1 reads bodies the same way: POST /api/clients with `FirstName: "A", firstName: "B"` stores B', async () => {
    const { FirstName: _, ...rest } = newClient();
    const res = await call(a.sim, `/api/clients?siteId=${activeSite(a.world)}`, {
      method: 'POST',
      apiKey: DEMO_API_KEY,
      body: { ...rest, FirstName: 'A', firstName: 'B' },
    });
    expect(res.status).toBe(200);
    expect((await call(a, `/api/v2/clients/${res.body.Value}`)).body.FirstName).toBe('B');
  });

  it('inside a nested object too: an address', async () => {
    const address = { Street: '1 High Street', State: '', Code: 'AB1 2CD', Country: 'United Kingdom' };
    const got = await createClient(
      newClient({
        PhysicalAddress: { ...address, City: 'Leeds', city: 'York' },
        BillingAddress: { ...address, CITY: 'York', City: 'Leeds' },
      }),
    );
    expect([got.PhysicalAddress.City, got.BillingAddress.City]).toEqual(['York', 'Leeds']);
  });

  it('a later null is the value read: the field is then missing', async () => {
    const { FirstName: _, ...rest } = newClient();
    const res = await call(a, `/api/v2/clients?siteId=${activeSite(a.world)}`, {
      method: 'POST',
      body: { ...rest, FirstName: 'A', firstname: null },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['FirstName']);
  });

  it('a booking site sending each employee as `{...employee, firstName, lastName}` books; the other order reads the blank names', async () => {
    const body = oneService(a.world);
    const { employee } = bookable(a.world);
    const withEmployee = (e: Record<string, unknown>) => ({
      ...body,
      AppointmentServices: body.AppointmentServices.map((s) => ({ ...s, Employees: [e] })),
    });
    const siteId = bookable(a.world).siteId;
    const spread = {
      EmployeeId: employee.EmployeeId,
      FirstName: '',
      LastName: '',
      firstName: 'Name',
      lastName: 'Name',
    };
    const booked = await call(a, `/api/v2/appointments?siteId=${siteId}`, {
      method: 'POST',
      body: withEmployee(spread),
    });
    expect(booked.status).toBe(200);
    const reversed = {
      EmployeeId: employee.EmployeeId,
      firstName: 'Name',
      lastName: 'Name',
      FirstName: '',
      LastName: '',
    };
    const refused = await call(a, `/api/v2/appointments?siteId=${siteId}`, {
      method: 'POST',
      body: withEmployee(reversed),
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.ModelState).sort()).toEqual([
      'AppointmentServices[0].Employees[0].FirstName',
      'AppointmentServices[0].Employees[0].LastName',
    ]);
  });

  it('the credential body: the last clientId spelling is the one checked', async () => {
    const token = (body: unknown) => call(a.sim, '/api/v2/token', { method: 'POST', body });
    expect((await token({ CLIENTID: 'wrong', clientId: 'demo-client', secret: 'demo-secret' })).status).toBe(200);
    expect((await token({ clientId: 'demo-client', CLIENTID: 'wrong', secret: 'demo-secret' })).status).toBe(401);
    expect((await token({ clientId: 'demo-client', secret: 'demo-secret', Secret: 'wrong' })).status).toBe(401);
  });

  it('the webhook register body (snake_case): the last spelling of a name is the one read', async () => {
    const url = 'https://example.com/hooks/invoices';
    const register = (body: unknown) => call(a, '/api/v2/webhooks', { method: 'POST', body });
    const first = await register({ event: 'NewRecurringClientInvoice', EVENT: 'NoSuchEvent', url, secret: 's' });
    expect(first.status).toBe(400);
    const last = await register({ EVENT: 'NoSuchEvent', event: 'NewRecurringClientInvoice', url, secret: 's' });
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ event: 'NewRecurringClientInvoice' });
  });

  it('the partner body (snake_case): the last status spelling is stored', async () => {
    const booking = a.world.classBookings[0]!;
    const venue = a.world.classSchedules.find((s) => s.ClassScheduleId === booking.ClassScheduleId)!.SiteId;
    const path = `/api/v2/classpass/${EMPTY}/venues/${venue}/appointments/${booking.ClassBookingId}`;
    const patch = (body: unknown) => call(a, path, { method: 'PATCH', body });
    expect((await patch({ status: 'attended', STATUS: 'no_show' })).body.status).toBe('no_show');
    expect((await patch({ Status: 'no_show', status: 'attended' })).body.status).toBe('attended');
  });
});
