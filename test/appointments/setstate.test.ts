import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, stored, UNKNOWN } from '../helpers.js';
import { upcoming } from './support.js';

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const setState = (appointmentId: string, appointmentStateId: string) =>
  call(d, `/api/v2/appointments/setstate?appointmentId=${appointmentId}&appointmentStateId=${appointmentStateId}`, {
    method: 'POST',
  });
const stateId = (name: string) => d.world.appointmentStates.find((s) => s.Name === name)!.AppointmentStateId;

describe('POST /api/v2/appointments/setstate', () => {
  it('moves the appointment to the given state and answers the write result', async () => {
    const a = upcoming(d.world);
    const res = await setState(a.AppointmentId, stateId('Arrived'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'AppointmentId', Value: a.AppointmentId });
    expect((await call(d, `/api/v2/appointments/${a.AppointmentId}`)).body.AppointmentStateId).toBe(stateId('Arrived'));
  });

  it('any state id of the account is accepted from any state: there are no transition rules', async () => {
    const a = upcoming(d.world);
    for (const name of ['Completed', 'Booked', 'Cancelled', 'In Progress', 'No Show', 'Confirmed']) {
      expect((await setState(a.AppointmentId, stateId(name))).status).toBe(200);
      expect(stored(d.world, 'appointments', a).AppointmentStateId).toBe(stateId(name));
    }
  });

  it('an appointment that does not exist answers 400 Record does not exist.', async () => {
    const res = await setState(UNKNOWN, stateId('Arrived'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Record does not exist.' });
  });

  it("a state id that is not one of the account's states answers 400 naming appointmentStateId", async () => {
    const a = upcoming(d.world);
    const before = a.AppointmentStateId;
    const res = await setState(a.AppointmentId, UNKNOWN);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['appointmentStateId']);
    expect(a.AppointmentStateId).toBe(before);
  });

  it('both names are required: without one the answer is 404 (only POST is served on the path)', async () => {
    const a = upcoming(d.world);
    expect(
      (await call(d, `/api/v2/appointments/setstate?appointmentId=${a.AppointmentId}`, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await call(d, `/api/v2/appointments/setstate?appointmentStateId=${stateId('Arrived')}`, { method: 'POST' }))
        .status,
    ).toBe(404);
  });
});
