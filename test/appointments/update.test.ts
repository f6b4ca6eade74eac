import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, EMPTY, UNKNOWN } from '../helpers.js';
import { book, oneService } from './support.js';

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const put = (routeId: string, body: unknown) => call(d, `/api/v2/appointments/${routeId}`, { method: 'PUT', body });
const read = async (id: string) => (await call(d, `/api/v2/appointments/${id}`)).body;
/** The stored appointment as an update body, with changes. */
const asBody = async (id: string, changes: Record<string, unknown> = {}) => ({ ...(await read(id)), ...changes });

describe('PUT /api/v2/appointments/{appointmentId}', () => {
  it('updates the appointment and answers the write result with the route id', async () => {
    const id = await book(d);
    const res = await put(id, await asBody(id, { Notes: 'Running late' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'AppointmentId', Value: id });
    expect((await read(id)).Notes).toBe('Running late');
  });

  it("the body's AppointmentId selects the record while the answer echoes the route id", async () => {
    const a = await book(d);
    const b = await book(d);
    const res = await put(b, await asBody(a, { Notes: 'Changed through the other id' }));
    expect(res.body).toEqual({ Message: 'AppointmentId', Value: b });
    expect((await read(a)).Notes).toBe('Changed through the other id');
    expect((await read(b)).Notes).toBe('');
  });

  it("a route id naming no appointment still updates the body's record and echoes the route id", async () => {
    const a = await book(d);
    const res = await put(UNKNOWN, await asBody(a, { VIP: true }));
    expect(res.body).toEqual({ Message: 'AppointmentId', Value: UNKNOWN });
    expect((await read(a)).VIP).toBe(true);
  });

  it('a body AppointmentId naming no appointment answers 400 Record does not exist.', async () => {
    const a = await book(d);
    for (const AppointmentId of [UNKNOWN, EMPTY, undefined]) {
      const res = await put(a, await asBody(a, { AppointmentId }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ Message: 'Record does not exist.' });
    }
  });

  it('sent fields overwrite, fields left out keep their value', async () => {
    const id = await book(d, { ...oneService(d.world), Notes: 'Keep me', VIP: true });
    const before = await read(id);
    const { AppointmentId, ClientId, AppointmentServices } = before;
    await put(id, { AppointmentId, ClientId, AppointmentServices, VIP: false });
    const after = await read(id);
    expect(after).toEqual({ ...before, VIP: false });
  });

  it('the services are replaced by the sent list; a sent AppointmentServiceId of this appointment keeps its id', async () => {
    const id = await book(d);
    const before = await read(id);
    const kept = { ...before.AppointmentServices[0], Start: '2026-03-20 14:00', End: '2026-03-20 15:00' };
    const added = { ServiceId: kept.ServiceId, Start: '2026-03-20 15:00', AppointmentServiceId: EMPTY };
    await put(id, { ...before, AppointmentServices: [kept, added] });
    const after = await read(id);
    expect(after.AppointmentServices).toHaveLength(2);
    expect(after.AppointmentServices[0].AppointmentServiceId).toBe(kept.AppointmentServiceId);
    expect(after.AppointmentServices[1].AppointmentServiceId).not.toBe(EMPTY);
    expect(after.Start).toBe('2026-03-20 14:00');
  });

  it("a new service's AppointmentServiceId of the caller's own is kept; another appointment's is a 400", async () => {
    const id = await book(d);
    const before = await read(id);
    const chosen = 'c0ffee00-1234-4abc-8def-0123456789ab';
    const added = { ...before.AppointmentServices[0], Start: '2026-03-20 15:00', End: undefined };
    expect(
      (await put(id, { ...before, AppointmentServices: [{ ...added, AppointmentServiceId: chosen }] })).status,
    ).toBe(200);
    expect(
      (await read(id)).AppointmentServices.map((s: { AppointmentServiceId: string }) => s.AppointmentServiceId),
    ).toEqual([chosen]);
    const other = d.world.appointments.find((a) => a.AppointmentId !== id)!.AppointmentServices[0]!
      .AppointmentServiceId;
    const res = await put(id, { ...before, AppointmentServices: [{ ...added, AppointmentServiceId: other }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AppointmentServices[0].AppointmentServiceId']);
  });

  it('AppointmentNumber and CreationDate never change', async () => {
    const id = await book(d);
    const before = await read(id);
    await put(id, { ...before, AppointmentNumber: '1', CreationDate: '2020-01-01 00:00' });
    const after = await read(id);
    expect([after.AppointmentNumber, after.CreationDate]).toEqual([before.AppointmentNumber, before.CreationDate]);
  });

  it('an unknown id in the body answers 400 model state on that field', async () => {
    const id = await book(d);
    const body = await asBody(id);
    const res = await put(id, {
      ...body,
      AppointmentServices: [{ ...body.AppointmentServices[0], ServiceId: UNKNOWN }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AppointmentServices[0].ServiceId']);
  });

  it('no body answers 400', async () => {
    const id = await book(d);
    expect((await call(d, `/api/v2/appointments/${id}`, { method: 'PUT' })).status).toBe(400);
  });
});
