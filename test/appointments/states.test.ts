import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, restrictedToken } from '../helpers.js';

let d: DemoApi;
beforeAll(async () => {
  d = await demoApi();
});

describe('GET /api/v2/appointmentstates', () => {
  it("lists the account's appointment states with id and name; account-wide, no siteId", async () => {
    const res = await call(d, '/api/v2/appointmentstates');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      d.world.appointmentStates.map((s) => ({ AppointmentStateId: s.AppointmentStateId, Name: s.Name })),
    );
    expect(res.body.map((s: { Name: string }) => s.Name)).toEqual(expect.arrayContaining(['Booked', 'Arrived']));
  });

  it('the allow-list line api/v2/appointmentstates admits it', async () => {
    const token = await restrictedToken(d.sim, 'api/v2/appointmentstates');
    expect((await call(d.sim, '/api/v2/appointmentstates', { token })).status).toBe(200);
    expect((await call(d.sim, '/api/v2/sites', { token })).status).toBe(403);
  });
});
