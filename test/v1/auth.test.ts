import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { call, type DemoApi, demoApi } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const TEXT = 'text/plain; charset=utf-8';

describe('version 1 authentication: the ServiceApiKey header (Versioning 3)', () => {
  it('the demo API key of a seeded account is accepted', async () => {
    expect((await call(a.sim, '/api/sites', { apiKey: DEMO_API_KEY })).status).toBe(200);
  });

  it('the header name is case-insensitive', async () => {
    const res = await call(a.sim, '/api/sites', { headers: { serviceapikey: DEMO_API_KEY } });
    expect(res.status).toBe(200);
    expect((await call(a.sim, '/api/sites', { headers: { SERVICEAPIKEY: DEMO_API_KEY } })).status).toBe(200);
  });

  it('no ServiceApiKey header answers 403 plain-text Unauthorized', async () => {
    const res = await call(a.sim, '/api/sites');
    expect([res.status, res.headers.get('content-type'), res.text]).toEqual([403, TEXT, 'Unauthorized']);
    expect(res.headers.get('www-authenticate')).toBeNull();
  });

  it('an empty or unknown key answers 403 plain-text Unauthorized', async () => {
    for (const key of ['', '   ', 'not-a-key', `${DEMO_API_KEY}x`]) {
      const res = await call(a.sim, '/api/sites', { apiKey: key });
      expect([res.status, res.text], JSON.stringify(key)).toEqual([403, 'Unauthorized']);
    }
  });

  it('an inactive key answers 403 plain-text Unauthorized', async () => {
    const { apiKey } = (
      await call(a.sim, '/__admin/accounts/demo/apikeys', { method: 'POST', body: { active: false } })
    ).body;
    const res = await call(a.sim, '/api/sites', { apiKey });
    expect([res.status, res.text]).toEqual([403, 'Unauthorized']);
  });

  it('a version 2 bearer token is not accepted on version 1', async () => {
    const res = await call(a.sim, '/api/sites', { token: a.token });
    expect([res.status, res.text]).toEqual([403, 'Unauthorized']);
  });

  it('a ServiceApiKey is not accepted on version 2: 403 no bearer token', async () => {
    const res = await call(a.sim, '/api/v2/sites', { headers: { ServiceApiKey: DEMO_API_KEY } });
    expect([res.status, res.headers.get('content-type'), res.text]).toEqual([
      403,
      TEXT,
      'Unauthorized - No bearer token sent in request header.',
    ]);
  });

  it('the key of one account does not open another account', async () => {
    const { apiKey } = (await call(a.sim, '/__admin/accounts/demo/apikeys', { method: 'POST' })).body;
    await call(a.sim, '/__admin/accounts', { method: 'POST', body: { name: 'other' } });
    expect((await call(a.sim, '/accounts/other/api/sites', { apiKey })).status).toBe(403);
    expect((await call(a.sim, '/accounts/other/api/sites', { apiKey: DEMO_API_KEY })).status).toBe(200);
  });

  it('the credential allow-lists of version 2 do not apply to API keys', async () => {
    await call(a.sim, '/__admin/accounts/demo/credentials', {
      method: 'POST',
      body: { endpoints: ['api/v2/ping'], ips: '10.9.9.9' },
    });
    expect(
      (await call(a.sim, '/api/sites', { apiKey: DEMO_API_KEY, headers: { 'x-forwarded-for': '10.0.0.1' } })).status,
    ).toBe(200);
  });
});
