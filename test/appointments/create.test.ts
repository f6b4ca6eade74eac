import { beforeEach, describe, expect, it } from 'vitest';
import { Random } from '../../src/random.js';
import { call, type DemoApi, demoApi, EMPTY, UNKNOWN } from '../helpers.js';
import { book, bookable, oneService } from './support.js';

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const post = (body: unknown, siteId = bookable(d.world).siteId) =>
  call(d, `/api/v2/appointments?siteId=${siteId}`, { method: 'POST', ...(body === undefined ? {} : { body }) });

describe('POST /api/v2/appointments', () => {
  it('creates the appointment and answers the write result {Message: AppointmentId, Value: <new id>}', async () => {
    const res = await post(oneService(d.world));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['Message', 'Value']);
    expect(res.body.Message).toBe('AppointmentId');
    expect(res.body.Value).not.toBe(EMPTY);
    const stored = await call(d, `/api/v2/appointments/${res.body.Value}`);
    expect(stored.body.AppointmentId).toBe(res.body.Value);
  });

  it('stores the services as sent, each with new ids linked to the appointment and its client', async () => {
    const body = oneService(d.world, '2026-03-21 11:30');
    const id = await book(d, body);
    const a = (await call(d, `/api/v2/appointments/${id}`)).body;
    const s = a.AppointmentServices[0];
    expect(a.AppointmentServices).toHaveLength(1);
    expect(s).toMatchObject({
      AppointmentId: id,
      ClientId: body.ClientId,
      ServiceId: body.AppointmentServices[0]!.ServiceId,
      Start: '2026-03-21 11:30',
    });
    expect(s.AppointmentServiceId).not.toBe(EMPTY);
    expect(a).toMatchObject({
      SiteId: bookable(d.world).siteId,
      ClientId: body.ClientId,
      Start: '2026-03-21 11:30',
      InvoiceId: EMPTY,
    });
  });

  it('End defaults to Start plus the service duration; a sent End is kept', async () => {
    const { service } = bookable(d.world);
    const body = oneService(d.world, '2026-03-20 10:00');
    const computed = (await call(d, `/api/v2/appointments/${await book(d, body)}`)).body.AppointmentServices[0];
    const end = new Date(Date.parse('2026-03-20T10:00:00Z') + service.Duration * 60_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ');
    expect(computed.End).toBe(end);
    const sent = { ...body, AppointmentServices: [{ ...body.AppointmentServices[0]!, End: '2026-03-20 12:45' }] };
    expect((await call(d, `/api/v2/appointments/${await book(d, sent)}`)).body.AppointmentServices[0].End).toBe(
      '2026-03-20 12:45',
    );
  });

  it('employee and resource names are filled from the account, whatever was sent', async () => {
    const resource = d.world.resources[0]!;
    const { employee } = bookable(d.world);
    const body = oneService(d.world);
    body.AppointmentServices[0] = {
      ...body.AppointmentServices[0]!,
      Employees: [{ EmployeeId: employee.EmployeeId, FirstName: 'Wrong', LastName: 'Name' } as never],
      Resources: [{ ResourceId: resource.ResourceId, Name: 'Any room' }],
    } as never;
    const s = (await call(d, `/api/v2/appointments/${await book(d, body)}`)).body.AppointmentServices[0];
    expect(s.Employees).toEqual([
      { EmployeeId: employee.EmployeeId, FirstName: employee.FirstName, LastName: employee.LastName },
    ]);
    expect(s.Resources).toEqual([{ ResourceId: resource.ResourceId, Name: resource.Name }]);
    expect(s.Description).toBe(bookable(d.world).service.Name);
  });

  it('employee and resource names are required on create (the spec marks them), and on update; validate does not ask', async () => {
    const resource = d.world.resources[0]!;
    const { employee, siteId } = bookable(d.world);
    const body = oneService(d.world);
    body.AppointmentServices[0] = {
      ...body.AppointmentServices[0]!,
      Employees: [{ EmployeeId: employee.EmployeeId }],
      Resources: [{ ResourceId: resource.ResourceId, Name: ' ' }],
    } as never;
    const before = d.account.world.appointments.length;
    const res = await call(d, `/api/v2/appointments?siteId=${siteId}`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      'AppointmentServices[0].Employees[0].FirstName': ['The FirstName field is required.'],
      'AppointmentServices[0].Employees[0].LastName': ['The LastName field is required.'],
      'AppointmentServices[0].Resources[0].Name': ['The Name field is required.'],
    });
    expect(d.account.world.appointments.length).toBe(before);

    const id = await book(d);
    const put = await call(d, `/api/v2/appointments/${id}`, { method: 'PUT', body: { ...body, AppointmentId: id } });
    expect(put.status).toBe(400);
    expect(Object.keys(put.body.ModelState)).toContain('AppointmentServices[0].Employees[0].FirstName');

    const cart = body.AppointmentServices;
    const validate = await call(d, `/api/v2/appointments/validate?siteId=${siteId}`, { method: 'POST', body: cart });
    expect(validate.status).toBe(200);
  });

  it('AppointmentNumber is generated, unique and follows the highest number', async () => {
    const highest = Math.max(...d.world.appointments.map((a) => Number(a.AppointmentNumber)));
    const first = (await call(d, `/api/v2/appointments/${await book(d)}`)).body.AppointmentNumber;
    const second = (await call(d, `/api/v2/appointments/${await book(d)}`)).body.AppointmentNumber;
    expect([first, second]).toEqual([String(highest + 1), String(highest + 2)]);
  });

  it('the state is Booked unless AppointmentStateId is given', async () => {
    const booked = d.world.appointmentStates.find((s) => s.Name === 'Booked')!.AppointmentStateId;
    const confirmed = d.world.appointmentStates.find((s) => s.Name === 'Confirmed')!.AppointmentStateId;
    expect((await call(d, `/api/v2/appointments/${await book(d)}`)).body.AppointmentStateId).toBe(booked);
    const body = { ...oneService(d.world), AppointmentStateId: confirmed };
    expect((await call(d, `/api/v2/appointments/${await book(d, body)}`)).body.AppointmentStateId).toBe(confirmed);
  });

  it('CreationDate is the account clock at the call', async () => {
    expect((await call(d, `/api/v2/appointments/${await book(d)}`)).body.CreationDate).toBe('2026-03-16 09:00');
  });

  it('availability is not checked: an overlapping booking of the same employee is accepted', async () => {
    const a = await book(d);
    const b = await book(d);
    expect(a).not.toBe(b);
    const [x, y] = await Promise.all(
      [a, b].map(async (id) => (await call(d, `/api/v2/appointments/${id}`)).body.AppointmentServices[0]),
    );
    expect([x.Start, x.Employees]).toEqual([y.Start, y.Employees]);
  });

  it('the appointment is booked at the query siteId, not the body SiteId', async () => {
    const other = d.world.sites.find((s) => s.SiteId !== bookable(d.world).siteId)!.SiteId;
    const id = await book(d, { ...oneService(d.world), SiteId: other });
    expect((await call(d, `/api/v2/appointments/${id}`)).body.SiteId).toBe(bookable(d.world).siteId);
  });

  it('the services of one package share one PackageGroupId', async () => {
    const pkg = d.world.packages.find((p) => p.Services.length >= 2)!;
    const { clientId } = bookable(d.world);
    const body = {
      ClientId: clientId,
      AppointmentServices: pkg.Services.map((ps, i) => ({
        ServiceId: ps.ServiceId,
        PackageId: pkg.PackageId,
        Start: `2026-03-20 1${i}:00`,
      })),
    };
    const services = (await call(d, `/api/v2/appointments/${await book(d, body)}`)).body.AppointmentServices;
    expect(new Set(services.map((s: { PackageGroupId: string }) => s.PackageGroupId)).size).toBe(1);
    expect(services[0].PackageGroupId).not.toBeNull();
    expect(services.every((s: { PackageId: string }) => s.PackageId === pkg.PackageId)).toBe(true);
  });

  it('a resource entry with no ResourceId or the empty Guid names no resource, whatever else it carries', async () => {
    const body = oneService(d.world);
    const item = body.AppointmentServices[0]!;
    body.AppointmentServices = [
      { ...item, Resources: [{}, { ResourceId: EMPTY, Name: '', name: 'Name' }] } as never,
      { ...item, Start: '2026-03-20 12:00', Resources: [{ ResourceId: null, Name: null }] } as never,
    ];
    const a = (await call(d, `/api/v2/appointments/${await book(d, body)}`)).body;
    expect(a.AppointmentServices.map((s: { Resources: unknown[] }) => s.Resources)).toEqual([[], []]);
  });

  it('employee and resource entries carrying fields the API does not know are accepted', async () => {
    const resource = d.world.resources[0]!;
    const body = oneService(d.world);
    const item = body.AppointmentServices[0]!;
    body.AppointmentServices[0] = {
      ...item,
      Employees: [{ ...item.Employees[0]!, Email: 'staff@example.com', Selected: true }],
      Resources: [{ ResourceId: resource.ResourceId, Name: resource.Name, Capacity: 1 }],
    } as never;
    const s = (await call(d, `/api/v2/appointments/${await book(d, body)}`)).body.AppointmentServices[0];
    expect(s.Employees.map((e: { EmployeeId: string }) => e.EmployeeId)).toEqual([item.Employees[0]!.EmployeeId]);
    expect(s.Resources.map((r: { ResourceId: string }) => r.ResourceId)).toEqual([resource.ResourceId]);
  });

  it("a new AppointmentServiceId of the caller's own is kept, and the account never issues it", async () => {
    // The caller chooses the very id the account's source would draw next.
    const random = d.account.random;
    const saved = random.state();
    const chosen = Random.prototype.guid.call(random);
    random.restore(saved);
    const body = oneService(d.world);
    body.AppointmentServices[0]!.AppointmentServiceId = chosen.toUpperCase();
    const id = await book(d, body);
    expect(id).not.toBe(chosen);
    const s = (await call(d, `/api/v2/appointments/${id}`)).body.AppointmentServices[0];
    expect(s.AppointmentServiceId).toBe(chosen);
    const later = (await call(d, `/api/v2/appointments/${await book(d)}`)).body;
    expect([later.AppointmentId, later.AppointmentServices[0].AppointmentServiceId]).not.toContain(chosen);
  });

  it("an AppointmentServiceId another appointment's service has, or one sent twice, answers 400 on the item", async () => {
    const taken = d.world.appointments[0]!.AppointmentServices[0]!.AppointmentServiceId;
    const body = oneService(d.world);
    const item = { ...body.AppointmentServices[0]!, AppointmentServiceId: taken };
    const again = { ...item, AppointmentServiceId: 'c0ffee00-1234-4abc-8def-0123456789ab' };
    body.AppointmentServices = [item, again, { ...again, Start: '2026-03-20 13:00' }];
    const before = d.account.world.appointments.length;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      'AppointmentServices[0].AppointmentServiceId': [`An appointment service with id '${taken}' already exists.`],
      'AppointmentServices[2].AppointmentServiceId': [
        "The AppointmentServiceId 'c0ffee00-1234-4abc-8def-0123456789ab' is sent more than once.",
      ],
    });
    expect(d.account.world.appointments.length).toBe(before);
  });

  it('the new appointment is in the list of its site', async () => {
    const id = await book(d, oneService(d.world, '2026-03-22 15:00'));
    const list = await call(
      d,
      `/api/v2/appointments?siteId=${bookable(d.world).siteId}` +
        '&stateId=&start=2026-03-22&end=2026-03-23&find=&clientId=',
    );
    expect(list.body.map((r: { AppointmentId: string }) => r.AppointmentId)).toContain(id);
  });
});

describe('POST /api/v2/appointments: 400 for no body or validation errors', () => {
  it('no body answers 400 model state on body', async () => {
    const res = await post(undefined);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['body']);
  });

  it('no services answers 400 naming AppointmentServices', async () => {
    const res = await post({ ...oneService(d.world), AppointmentServices: [] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AppointmentServices']);
  });

  it('a service without Start answers 400 naming AppointmentServices[0].Start', async () => {
    const body = oneService(d.world);
    const { Start: _, ...service } = body.AppointmentServices[0]!;
    const res = await post({ ...body, AppointmentServices: [service] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AppointmentServices[0].Start']);
  });

  it.each([
    ['ClientId', (b: any) => ({ ...b, ClientId: UNKNOWN })],
    ['AppointmentStateId', (b: any) => ({ ...b, AppointmentStateId: UNKNOWN })],
    [
      'AppointmentServices[0].ServiceId',
      (b: any) => ({ ...b, AppointmentServices: [{ ...b.AppointmentServices[0], ServiceId: UNKNOWN }] }),
    ],
    [
      'AppointmentServices[0].ServiceId',
      (b: any) => ({ ...b, AppointmentServices: [{ ...b.AppointmentServices[0], ServiceId: EMPTY }] }),
    ],
    [
      'AppointmentServices[0].PackageId',
      (b: any) => ({ ...b, AppointmentServices: [{ ...b.AppointmentServices[0], PackageId: UNKNOWN }] }),
    ],
    [
      'AppointmentServices[0].Employees[0].EmployeeId',
      (b: any) => ({
        ...b,
        AppointmentServices: [
          { ...b.AppointmentServices[0], Employees: [{ EmployeeId: UNKNOWN, FirstName: 'A', LastName: 'B' }] },
        ],
      }),
    ],
    [
      'AppointmentServices[0].Resources[0].ResourceId',
      (b: any) => ({
        ...b,
        AppointmentServices: [{ ...b.AppointmentServices[0], Resources: [{ ResourceId: UNKNOWN, Name: 'R' }] }],
      }),
    ],
    [
      'AppointmentServices[0].End',
      (b: any) => ({ ...b, AppointmentServices: [{ ...b.AppointmentServices[0], End: '2026-03-20 09:00' }] }),
    ],
  ])('an unknown or wrong %s answers 400 model state on that field', async (field, change) => {
    const res = await post(change(oneService(d.world)));
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('The request is invalid.');
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
    expect(d.world.appointments.some((a) => a.CreationDate === '2026-03-16 09:00')).toBe(false);
  });

  it('a service that is not part of the sent package answers 400 naming its ServiceId', async () => {
    const body = oneService(d.world);
    const serviceId = body.AppointmentServices[0]!.ServiceId;
    const pkg = d.world.packages.find((p) => !p.Services.some((ps) => ps.ServiceId === serviceId))!;
    const res = await post({
      ...body,
      AppointmentServices: [{ ...body.AppointmentServices[0], PackageId: pkg.PackageId }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AppointmentServices[0].ServiceId']);
  });

  it('every bad field is named in one answer', async () => {
    const body = oneService(d.world);
    const res = await post({
      ...body,
      ClientId: UNKNOWN,
      AppointmentServices: [{ ...body.AppointmentServices[0], ServiceId: UNKNOWN }],
    });
    expect(Object.keys(res.body.ModelState).sort()).toEqual(['AppointmentServices[0].ServiceId', 'ClientId']);
  });

  it('a siteId naming no site answers 400 model state on siteId', async () => {
    const res = await post(oneService(d.world), UNKNOWN);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['siteId']);
  });

  it('without the siteId name the answer is 405 (GET is served on the path)', async () => {
    const res = await call(d, '/api/v2/appointments', { method: 'POST', body: oneService(d.world) });
    expect(res.status).toBe(405);
  });
});
