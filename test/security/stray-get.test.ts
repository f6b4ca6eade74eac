import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, DEMO_CREDENTIAL, simulator } from '../helpers.js';

// A request any web page can make (an <img>, a link, a form) must not create accounts: they count
// against --max-accounts and, with --data-dir, are files. Control-plane reads never create one,
// and on the API a request a browser marks as cross-site does not either.

const CROSS_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };

const names = async (sim: Simulator): Promise<string[]> =>
  (await call(sim, '/__admin/accounts')).body.map((a: { name: string }) => a.name).sort();

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('no account from a stray GET', () => {
  it('a control-plane GET naming an account that does not exist answers 404 and creates no account or file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-stray-'));
    const sim = await simulator({ dataDir: dir });
    const before = await names(sim);
    const filesBefore = (await readdir(dir)).sort();
    for (const route of ['clock', 'requests', 'requests/count', 'faults', 'webhooks/deliveries', 'apikeys']) {
      const res = await call(sim, `/__admin/accounts/ghost/${route}`);
      expect(res.status, route).toBe(404);
      expect(res.body, route).toEqual({ error: "no account 'ghost'" });
    }
    expect(await names(sim)).toEqual(before);
    expect(await readdir(dir)).toEqual(filesBefore);
  });

  it('a control-plane write naming a new account still creates it (a test sets the clock before its first call)', async () => {
    const sim = await simulator();
    const res = await call(sim, '/__admin/accounts/fresh/clock', { method: 'POST', body: { advanceSeconds: 60 } });
    expect(res.status).toBe(200);
    expect(await names(sim)).toContain('fresh');
    expect((await call(sim, '/__admin/accounts/fresh/clock')).status).toBe(200);
  });

  it('an API request marked Sec-Fetch-Site: cross-site naming a new account creates none and answers 404', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-stray-'));
    const sim = await simulator({ dataDir: dir });
    const filesBefore = (await readdir(dir)).sort();
    const before = await names(sim);
    const byPath = await call(sim, '/accounts/ghost/api/v2/ping', { headers: CROSS_SITE });
    const byHost = await call(sim, '/api/v2/sites', { host: 'ghost2.localhost', headers: CROSS_SITE });
    const token = await call(sim, '/accounts/ghost3/api/v2/token', {
      method: 'POST',
      body: DEMO_CREDENTIAL,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    for (const res of [byPath, byHost, token]) expect(res.status).toBe(404);
    expect(await names(sim)).toEqual(before);
    expect(await readdir(dir)).toEqual(filesBefore);
  });

  it('an API request marked same-site (another port of localhost) creates none either', async () => {
    const sim = await simulator();
    const res = await call(sim, '/accounts/ghost/api/v2/ping', { headers: { 'sec-fetch-site': 'same-site' } });
    expect(res.status).toBe(404);
    expect(await names(sim)).toEqual([]);
  });

  it('an API request with no Sec-Fetch-Site, or same-origin or none, still creates the account on first use', async () => {
    const sim = await simulator();
    const token = (name: string, headers: Record<string, string> = {}) =>
      call(sim, `/accounts/${name}/api/v2/token`, { method: 'POST', body: DEMO_CREDENTIAL, headers });
    expect((await token('curl')).status).toBe(200);
    expect((await token('same-origin', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await token('typed-url', { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect(await names(sim)).toEqual(['curl', 'same-origin', 'typed-url']);
  });

  it('an existing account answers a cross-site request as before', async () => {
    const sim = await simulator();
    expect((await call(sim, '/accounts/acme/api/v2/ping', { token: 'not-a-token' })).status).toBe(403);
    expect((await call(sim, '/accounts/acme/api/v2/ping', { headers: CROSS_SITE })).status).toBe(403);
  });

  it('2 000 stray GETs naming new accounts leave room under --max-accounts for a legitimate new account', async () => {
    const sim = await simulator({ maxAccounts: 2 });
    for (let i = 0; i < 1000; i++) {
      expect((await call(sim, `/accounts/stray-${i}/api/v2/ping`, { headers: CROSS_SITE })).status).toBe(404);
      expect((await call(sim, `/__admin/accounts/stray-${i}/clock`)).status).toBe(404);
    }
    expect(await names(sim)).toEqual([]);
    expect((await call(sim, '/accounts/team/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL })).status).toBe(
      200,
    );
    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'ci' } })).status).toBe(201);
  });
});

describe('no account from a request a page can send without a CORS preflight', () => {
  // Reached by a plain host name or a LAN address, a browser sends no Sec-Fetch-Site: the request's own
  // form decides. A page may send GET, HEAD and POST with a form's or text's Content-Type and no other
  // header without asking first; the API never grants a preflight (no CORS headers), so those are all.
  const simple: Array<[string, { method?: string; body?: unknown; headers?: Record<string, string> }]> = [
    ['an <img> or a link (GET)', {}],
    ['a HEAD', { method: 'HEAD' }],
    [
      'a form POST',
      { method: 'POST', body: 'clientId=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ],
    [
      'a multipart form POST',
      { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
    ],
    ['a text POST (fetch no-cors)', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } }],
    ['a POST with no body and no Content-Type', { method: 'POST' }],
  ];

  for (const [what, init] of simple) {
    it(`${what} naming a new account, by path or by Host, creates none and answers 404`, async () => {
      // Unchecked against the document: a HEAD's answer has no body to check.
      const sim = await simulator({ maxAccounts: 1 }, () => false);
      const byPath = await call(sim, '/accounts/page-made/api/v2/token', init);
      const byHost = await call(sim, '/api/v2/token', { ...init, host: 'page-made-2.192.168.1.20.nip.io' });
      expect([byPath.status, byHost.status]).toEqual([404, 404]);
      expect(await names(sim)).toEqual([]);
    });
  }

  const preflighted: Array<[string, { method?: string; body?: unknown; headers?: Record<string, string> }]> = [
    ['a JSON POST (the token call)', { method: 'POST', body: DEMO_CREDENTIAL }],
    ['a call with a bearer token', { headers: { authorization: 'Bearer t' } }],
    ['a version 1 call with ServiceApiKey', { headers: { serviceapikey: 'k' } }],
    ['a version 1 call with ChiDeskApiKey', { headers: { chideskapikey: 'k' } }],
    ['a PUT', { method: 'PUT', body: '' }],
  ];

  for (const [what, init] of preflighted) {
    it(`${what} creates the account it names on first use`, async () => {
      const sim = await simulator();
      const res = await call(sim, '/accounts/integration/api/v2/token', init);
      expect(res.status).not.toBe(404);
      expect(await names(sim)).toEqual(['integration']);
    });
  }
});
