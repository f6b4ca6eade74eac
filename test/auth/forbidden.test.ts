import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { changeCredential } from '../../src/auth/credentials.js';
import { type Answer, call, simulator } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

/** A new credential on the demo account with the given restrictions, and a token for it. */
async function restricted(restrictions: { endpoints?: string[]; ips?: string }): Promise<string> {
  const created = await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: restrictions });
  expect(created.status).toBe(201);
  const { clientId, secret } = created.body;
  const res = await call(sim, '/api/v2/token', { method: 'POST', body: { clientId, secret } });
  return res.body.access_token;
}

function expectForbidden(res: Answer, body: string) {
  expect(res.status).toBe(403);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(res.headers.get('www-authenticate')).toBeNull();
  expect(res.text).toBe(body);
}

describe('403 reasons on business endpoints', () => {
  it('a missing Authorization header answers 403 No bearer token', async () => {
    expectForbidden(await call(sim, '/api/v2/ping'), 'Unauthorized - No bearer token sent in request header.');
  });

  it('an empty bearer answers 403 No bearer token', async () => {
    const res = await call(sim, '/api/v2/ping', { headers: { authorization: 'Bearer ' } });
    expectForbidden(res, 'Unauthorized - No bearer token sent in request header.');
  });

  it('another scheme answers 403 No bearer token', async () => {
    const res = await call(sim, '/api/v2/ping', { headers: { authorization: 'Basic ZGVtbzpkZW1v' } });
    expectForbidden(res, 'Unauthorized - No bearer token sent in request header.');
  });

  it('an unknown token answers 403 Invalid or expired token', async () => {
    expectForbidden(await call(sim, '/api/v2/ping', { token: 'made-up' }), 'Unauthorized - Invalid or expired token.');
  });

  it('a token whose credential was deactivated answers 403 Unauthorized', async () => {
    const token = await restricted({});
    const account = sim.registry.get('demo')!;
    await account.write(() => {
      for (const c of account.auth.credentials) changeCredential(account.auth, c, { active: false });
    });
    expectForbidden(await call(sim, '/api/v2/ping', { token }), 'Unauthorized');
  });
});

describe('IP allow-list', () => {
  it('a caller whose address is not in the list answers 403 Invalid client IP address', async () => {
    const token = await restricted({ ips: '10.1.2.3' });
    const res = await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '192.168.0.9' } });
    expectForbidden(res, 'Unauthorized - Invalid client IP address.');
  });

  it('the caller address is taken from the first X-Forwarded-For entry', async () => {
    const token = await restricted({ ips: '10.1.2.3' });
    const ok = await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '10.1.2.3, 192.168.0.9' } });
    expect(ok.status).toBe(200);
    const refused = await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '192.168.0.9, 10.1.2.3' } });
    expect(refused.status).toBe(403);
  });

  it('the caller address is matched as a substring of the stored list', async () => {
    const token = await restricted({ ips: '10.1.2.34;172.16.0.1' });
    // 10.1.2.3 is not listed, but its characters appear inside 10.1.2.34.
    const res = await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '10.1.2.3' } });
    expect(res.status).toBe(200);
    const other = await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '10.1.2.5' } });
    expect(other.status).toBe(403);
  });

  it('an empty IP list is no restriction', async () => {
    const token = await restricted({ ips: '' });
    expect((await call(sim, '/api/v2/ping', { token, headers: { 'x-forwarded-for': '8.8.8.8' } })).status).toBe(200);
  });
});

describe('endpoint allow-list', () => {
  let siteId: string;
  beforeEach(async () => {
    const token = await restricted({});
    siteId = (await call(sim, '/api/v2/sites', { token })).body[0].SiteId;
  });

  it('a path matching no line answers 403 Invalid end-point', async () => {
    const token = await restricted({ endpoints: ['api/v2/services'] });
    expectForbidden(
      await call(sim, `/api/v2/products?siteId=${siteId}`, { token }),
      'Unauthorized - Invalid end-point.',
    );
    expect((await call(sim, `/api/v2/services?siteId=${siteId}`, { token })).status).toBe(200);
  });

  it('a request is allowed when the called path ends with any line', async () => {
    const token = await restricted({ endpoints: ['v2/services', 'es'] });
    expect((await call(sim, `/api/v2/services?siteId=${siteId}`, { token })).status).toBe(200);
    // "es" is a suffix of /api/v2/sites too: the test is a plain suffix test.
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expect((await call(sim, `/api/v2/products?siteId=${siteId}`, { token })).status).toBe(403);
  });

  it('a collection line does not cover its sub-routes', async () => {
    const token = await restricted({ endpoints: ['api/v2/sites'] });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expectForbidden(await call(sim, `/api/v2/sites/${siteId}`, { token }), 'Unauthorized - Invalid end-point.');
  });

  it('routes ending in a record id are refused by a non-empty list', async () => {
    const token = await restricted({ endpoints: ['api/v2/sites', siteId] });
    expect((await call(sim, `/api/v2/sites/${siteId}`, { token })).status).toBe(403);
  });

  it('a blank line allows everything, including a trailing empty entry', async () => {
    const token = await restricted({ endpoints: ['api/v2/services', ''] });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expect((await call(sim, `/api/v2/sites/${siteId}`, { token })).status).toBe(200);
  });

  it('allow-lists see the API path, not the /accounts/<name> prefix', async () => {
    const created = await call(sim, '/__admin/accounts/acme/credentials', {
      method: 'POST',
      body: { endpoints: ['api/v2/ping'] },
    });
    const { clientId, secret } = created.body;
    const tokenRes = await call(sim, '/accounts/acme/api/v2/token', { method: 'POST', body: { clientId, secret } });
    const token = tokenRes.body.access_token;
    expect((await call(sim, '/accounts/acme/api/v2/ping', { token })).status).toBe(200);
    expect((await call(sim, '/accounts/acme/api/v2/sites', { token })).status).toBe(403);
  });
});
