import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, restrictedToken, UNKNOWN } from '../helpers.js';
import { oneService, upcoming } from './support.js';

const setStateUrl = (appointmentId: string, stateId: string) =>
  `/api/v2/appointments/setstate?appointmentId=${appointmentId}&appointmentStateId=${stateId}`;

// One row per route and outcome: method, URL, body, status. A fresh simulator per row.

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const range = 'start=2026-03-16&end=2026-03-23';
type Row = [string, string, (d: DemoApi) => { url: string; body?: unknown }, number];
const rows: Row[] = [
  [
    'GET',
    'list, every name',
    (x) => ({ url: `/api/v2/appointments?siteId=${upcoming(x.world).SiteId}&stateId=&${range}&find=&clientId=` }),
    200,
  ],
  ['GET', 'list, a name missing', () => ({ url: `/api/v2/appointments?siteId=&stateId=&${range}&find=` }), 405],
  [
    'GET',
    'list, over 90 days',
    () => ({ url: '/api/v2/appointments?siteId=&stateId=&start=2026-01-01&end=2026-06-01&find=&clientId=' }),
    400,
  ],
  ['GET', 'one', (x) => ({ url: `/api/v2/appointments/${upcoming(x.world).AppointmentId}` }), 200],
  ['GET', 'one, unknown id', () => ({ url: `/api/v2/appointments/${UNKNOWN}` }), 200],
  ['GET', 'one, malformed id', () => ({ url: '/api/v2/appointments/abc' }), 404],
  [
    'POST',
    'create',
    (x) => ({ url: `/api/v2/appointments?siteId=${upcoming(x.world).SiteId}`, body: oneService(x.world) }),
    200,
  ],
  ['POST', 'create, no body', (x) => ({ url: `/api/v2/appointments?siteId=${upcoming(x.world).SiteId}` }), 400],
  ['POST', 'create, no siteId name', (x) => ({ url: '/api/v2/appointments', body: oneService(x.world) }), 405],
  [
    'PUT',
    'update',
    (x) => ({ url: `/api/v2/appointments/${upcoming(x.world).AppointmentId}`, body: { ...upcoming(x.world) } }),
    200,
  ],
  [
    'PUT',
    'update, body id unknown',
    (x) => ({ url: `/api/v2/appointments/${UNKNOWN}`, body: { ...upcoming(x.world), AppointmentId: UNKNOWN } }),
    400,
  ],
  [
    'POST',
    'setstate',
    (x) => ({
      url: setStateUrl(upcoming(x.world).AppointmentId, x.world.appointmentStates[2]!.AppointmentStateId),
    }),
    200,
  ],
  [
    'POST',
    'setstate, unknown appointment',
    (x) => ({
      url: setStateUrl(UNKNOWN, x.world.appointmentStates[2]!.AppointmentStateId),
    }),
    400,
  ],
  ['POST', 'setstate, a name missing', () => ({ url: `/api/v2/appointments/setstate?appointmentId=${UNKNOWN}` }), 404],
  [
    'GET',
    'setstate with GET',
    () => ({ url: `/api/v2/appointments/setstate?appointmentId=${UNKNOWN}&appointmentStateId=${UNKNOWN}` }),
    405,
  ],
  ['DELETE', 'delete', (x) => ({ url: `/api/v2/appointments/${upcoming(x.world).AppointmentId}` }), 200],
  ['DELETE', 'delete, absent', () => ({ url: `/api/v2/appointments/${UNKNOWN}` }), 400],
  ['POST', 'POST on a record route', () => ({ url: `/api/v2/appointments/${UNKNOWN}` }), 405],
  ['GET', 'appointment states', () => ({ url: '/api/v2/appointmentstates' }), 200],
];

describe('appointments status matrix', () => {
  it.each(rows)('%s %s answers %i', async (method, _, request, status) => {
    const { url, body } = request(d);
    const res = await call(d, url, { method, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(status);
  });
});

describe('allow-list lines', () => {
  it('api/v2/appointments admits the list and create, not setstate', async () => {
    const token = await restrictedToken(d.sim, 'api/v2/appointments');
    const siteId = upcoming(d.world).SiteId;
    expect(
      (await call(d.sim, `/api/v2/appointments?siteId=${siteId}&stateId=&${range}&find=&clientId=`, { token })).status,
    ).toBe(200);
    expect(
      (await call(d.sim, `/api/v2/appointments?siteId=${siteId}`, { token, method: 'POST', body: oneService(d.world) }))
        .status,
    ).toBe(200);
    const setstate = `/api/v2/appointments/setstate?appointmentId=${UNKNOWN}&appointmentStateId=${UNKNOWN}`;
    expect((await call(d.sim, setstate, { token, method: 'POST' })).status).toBe(403);
  });

  it('api/v2/appointments/setstate admits setstate', async () => {
    const token = await restrictedToken(d.sim, 'api/v2/appointments/setstate');
    const a = upcoming(d.world);
    const url = setStateUrl(a.AppointmentId, a.AppointmentStateId);
    expect((await call(d.sim, url, { token, method: 'POST' })).status).toBe(200);
  });

  it('routes ending in an appointment id are refused to a credential with an allow-list', async () => {
    const token = await restrictedToken(d.sim, 'api/v2/appointments');
    expect((await call(d.sim, `/api/v2/appointments/${upcoming(d.world).AppointmentId}`, { token })).status).toBe(403);
  });
});
