import { beforeAll, describe, expect, it } from 'vitest';
import { answered, call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { upcoming } from './support.js';

let d: DemoApi;
beforeAll(async () => {
  d = await demoApi();
});

describe('GET /api/v2/appointments/{appointmentId}', () => {
  it('answers one appointment with its services, employees and resources', async () => {
    const a = d.world.appointments.find((x) => x.AppointmentServices.some((s) => s.Resources.length > 0))!;
    const res = await call(d, `/api/v2/appointments/${a.AppointmentId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answered(a));
    expect(res.body.AppointmentServices[0].Employees[0]).toHaveProperty('FirstName');
  });

  it('takes no siteId and reaches an appointment of any site', async () => {
    let reached = 0;
    for (const site of d.world.sites) {
      const a = d.world.appointments.find((x) => x.SiteId === site.SiteId);
      if (!a) continue;
      expect((await call(d, `/api/v2/appointments/${a.AppointmentId}`)).body.SiteId).toBe(site.SiteId);
      reached++;
    }
    expect(reached).toBeGreaterThan(1);
  });

  it('an unknown well-formed id answers 200 with null', async () => {
    const res = await call(d, `/api/v2/appointments/${UNKNOWN}`);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('a malformed id answers 404', async () => {
    expect((await call(d, '/api/v2/appointments/12345')).status).toBe(404);
  });

  it('the id matches in any case', async () => {
    const a = upcoming(d.world);
    expect((await call(d, `/api/v2/appointments/${a.AppointmentId.toUpperCase()}`)).body.AppointmentId).toBe(
      a.AppointmentId,
    );
  });
});
