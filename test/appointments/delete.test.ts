import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { book, upcoming } from './support.js';

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const remove = (id: string) => call(d.sim, `/api/v2/appointments/${id}`, { method: 'DELETE', token: d.token });

describe('DELETE /api/v2/appointments/{appointmentId}', () => {
  it('removes the appointment and answers 200 with an empty body', async () => {
    const id = await book(d);
    const res = await remove(id);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect((await call(d, `/api/v2/appointments/${id}`)).body).toBeNull();
  });

  it('removes a seeded appointment of any site, with no siteId', async () => {
    const a = upcoming(d.world);
    expect((await remove(a.AppointmentId)).status).toBe(200);
    expect(d.world.appointments.some((x) => x.AppointmentId === a.AppointmentId)).toBe(false);
  });

  it('an appointment that does not exist answers 400 {"Message":"Record does not exist."}', async () => {
    const res = await remove(UNKNOWN);
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"Message":"Record does not exist."}');
  });

  it('deleting twice answers 400 the second time', async () => {
    const id = await book(d);
    expect((await remove(id)).status).toBe(200);
    expect((await remove(id)).status).toBe(400);
  });

  it('a malformed id answers 404', async () => {
    expect((await remove('not-a-guid')).status).toBe(404);
  });
});
