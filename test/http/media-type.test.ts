import { beforeEach, describe, expect, it } from 'vitest';
import { newClient } from '../clients/support.js';
import { activeSite, call, DEMO_CREDENTIAL, type DemoApi, demoApi } from '../helpers.js';

// ASP.NET Web API reads a body only in a media type one of its formatters takes (JSON here): any
// other, or none (read as application/octet-stream), is a 415 and nothing is bound or written.

let d: DemoApi;
beforeEach(async () => {
  d = await demoApi();
});

const clientsUrl = () => `/api/v2/clients?siteId=${activeSite(d.world)}`;
const body = JSON.stringify(newClient());
const message = (type: string) => ({
  Message: `The request entity's media type '${type}' is not supported for this resource.`,
});

describe('request bodies need a JSON media type', () => {
  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['application/xml', 'application/xml; charset=utf-8'],
  ])('a JSON body sent as %s answers 415 and writes nothing', async (type, header) => {
    const before = d.world.clients.length;
    const res = await call(d, clientsUrl(), { method: 'POST', body, headers: { 'content-type': header } });
    expect(res.status).toBe(415);
    expect(res.body).toEqual(message(type));
    expect(d.account.world.clients.length).toBe(before);
  });

  it('a body with no Content-Type is read as application/octet-stream: 415', async () => {
    const res = await d.sim.fetch(
      new Request(`http://127.0.0.1${clientsUrl()}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${d.token}` },
        body: new TextEncoder().encode(body),
      }),
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(message('application/octet-stream'));
  });

  it.each(['application/json', 'Application/JSON; charset=utf-8', 'text/json'])('%s is read', async (type) => {
    const res = await call(d, clientsUrl(), { method: 'POST', body, headers: { 'content-type': type } });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('ClientId');
  });

  it('a bodyless write needs no Content-Type (setstate has no body)', async () => {
    const a = d.world.appointments.find(
      (x) => x.AppointmentStateId === d.world.appointmentStates[0]!.AppointmentStateId,
    )!;
    const query = new URLSearchParams({ appointmentId: a.AppointmentId, appointmentStateId: a.AppointmentStateId });
    const url = `/api/v2/appointments/setstate?${query}`;
    expect((await call(d, url, { method: 'POST' })).status).toBe(200);
  });

  it('the credential endpoints keep their own body: 400 invalid_request for a form-encoded token request', async () => {
    const form = new URLSearchParams({ clientId: DEMO_CREDENTIAL.clientId, secret: DEMO_CREDENTIAL.secret });
    const res = await call(d.sim, '/api/v2/token', {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request' });
  });

  it('version 1 follows the same rule', async () => {
    const res = await call(d.sim, `/api/clients?siteId=${activeSite(d.world)}`, {
      method: 'POST',
      apiKey: 'demo-api-key',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});
