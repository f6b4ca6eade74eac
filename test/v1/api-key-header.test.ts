import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { entries } from '../admin/journal-support.js';
import { call, type DemoApi, demoApi } from '../helpers.js';

// Version 1's key header under the vendor's own name: the support article "API Keys" says "include a
// header key named ChiDeskApiKey", and a public booking site on the real service (github
// nestortkach/sportweb, pages/api/handler.js) sends exactly `ChiDeskApiKey: <key>`. The spec names
// `ServiceApiKey`; both are read, ServiceApiKey first.

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const TEXT = 'text/plain; charset=utf-8';

describe('version 1 authentication: the ChiDeskApiKey header beside ServiceApiKey', () => {
  it('ChiDeskApiKey, the header the vendor documents, is accepted as ServiceApiKey is, in any case', async () => {
    for (const name of ['ChiDeskApiKey', 'chideskapikey', 'CHIDESKAPIKEY']) {
      const res = await call(a.sim, '/api/sites', { headers: { [name]: DEMO_API_KEY } });
      expect(res.status, name).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
    }
  });

  it('ServiceApiKey wins when present and not blank; a blank one leaves ChiDeskApiKey to be read', async () => {
    const both = (serviceApiKey: string, chiDeskApiKey: string) =>
      call(a.sim, '/api/sites', { headers: { ServiceApiKey: serviceApiKey, ChiDeskApiKey: chiDeskApiKey } });
    expect((await both('not-a-key', DEMO_API_KEY)).status).toBe(403);
    expect((await both(DEMO_API_KEY, 'not-a-key')).status).toBe(200);
    expect((await both('', DEMO_API_KEY)).status).toBe(200);
    expect((await both('   ', DEMO_API_KEY)).status).toBe(200);
  });

  it('an empty or unknown ChiDeskApiKey answers 403 plain-text Unauthorized, as ServiceApiKey does', async () => {
    for (const key of ['', 'not-a-key', `${DEMO_API_KEY}x`]) {
      const res = await call(a.sim, '/api/sites', { headers: { ChiDeskApiKey: key } });
      expect([res.status, res.headers.get('content-type'), res.text], JSON.stringify(key)).toEqual([
        403,
        TEXT,
        'Unauthorized',
      ]);
    }
  });

  it('ChiDeskApiKey is not accepted on version 2: 403 no bearer token', async () => {
    const res = await call(a.sim, '/api/v2/sites', { headers: { ChiDeskApiKey: DEMO_API_KEY } });
    expect([res.status, res.text]).toEqual([403, 'Unauthorized - No bearer token sent in request header.']);
  });

  it('the ChiDeskApiKey header is never journaled, accepted or refused', async () => {
    const { apiKey } = (await call(a.sim, '/__admin/accounts/demo/apikeys', { method: 'POST' })).body;
    expect((await call(a.sim, '/api/sites', { headers: { ChiDeskApiKey: apiKey } })).status).toBe(200);
    const unknown = 'unknown-chidesk-key-value';
    expect((await call(a.sim, '/api/sites', { headers: { ChiDeskApiKey: unknown } })).status).toBe(403);
    const journal = await entries(a.sim);
    expect(journal.slice(-2).map((e: { path: string }) => e.path)).toEqual(['/api/sites', '/api/sites']);
    for (const entry of journal) expect(Object.keys(entry.headers ?? {})).not.toContain('chideskapikey');
    const text = JSON.stringify(journal);
    for (const secret of [apiKey, unknown]) expect(text).not.toContain(secret);
  });
});
