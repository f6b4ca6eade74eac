import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { call, FIXED_NOW, simulator } from '../helpers.js';

// What a web page in the developer's browser can send to a simulator on 127.0.0.1 must not reach
// the control plane: cross-site writes (Origin, Sec-Fetch-Site), writes whose body is not declared
// JSON (a page can send text/plain or a form without asking first), and any call under a foreign
// Host (DNS rebinding) while there is no admin token. Callers that are not browsers send no Origin.

const TOKEN = 'admin-token-2b7e151628aed2a6';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

const accounts = () => sim.registry.list().map((a) => a.name);

/** A control-plane request with exactly these headers and body (no content type added). */
const raw = (
  path: string,
  init: { method?: string; host?: string; headers?: Record<string, string>; body?: RequestInit['body'] } = {},
) =>
  sim.fetch(
    new Request(`http://${init.host ?? '127.0.0.1'}/__admin${path}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
    }),
  );

describe('cross-site writes', () => {
  it('control-plane write with a cross-site Origin answers 403', async () => {
    const res = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'from-a-page' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.error).toContain('another origin');
    expect(accounts()).not.toContain('from-a-page');
  });

  it('control-plane write from another port of localhost (same site, another origin) answers 403', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost', 'null', 'not a url']) {
      const res = await call(sim, '/__admin/accounts', {
        method: 'POST',
        body: { name: 'from-a-page' },
        headers: { origin },
      });
      expect(res.status, origin).toBe(403);
    }
    expect(accounts()).not.toContain('from-a-page');
  });

  it('control-plane write with Sec-Fetch-Site cross-site or same-site answers 403', async () => {
    for (const site of ['cross-site', 'same-site', 'Cross-Site']) {
      const res = await call(sim, '/__admin/accounts', {
        method: 'POST',
        body: { name: 'from-a-page' },
        headers: { 'sec-fetch-site': site },
      });
      expect(res.status, site).toBe(403);
      expect(res.body.error).toContain('another origin');
    }
    expect(accounts()).not.toContain('from-a-page');
  });

  it('every control-plane write method refuses a cross-site Origin: DELETE, PATCH and a bodyless POST too', async () => {
    const origin = { origin: 'https://evil.example' };
    expect((await raw('/accounts/demo/clock')).status).toBe(200); // the account exists from here on
    expect((await raw('/accounts/demo', { method: 'DELETE', headers: origin })).status).toBe(403);
    expect(accounts()).toContain('demo');
    expect((await raw('/accounts/demo/reset', { method: 'POST', headers: origin })).status).toBe(403);
    expect(
      (await call(sim, '/__admin/accounts/demo', { method: 'PATCH', body: { rateLimit: true }, headers: origin }))
        .status,
    ).toBe(403);
    expect(sim.registry.get('demo')?.settings.rateLimit).toBe(false);
  });

  it('a control-plane write from its own origin, or marked same-origin or none, is accepted', async () => {
    const own = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'own-origin' },
      headers: { origin: 'http://127.0.0.1' },
    });
    expect(own.status).toBe(201);
    for (const site of ['same-origin', 'none']) {
      const res = await call(sim, '/__admin/accounts/demo/clock', {
        method: 'POST',
        body: { advanceSeconds: 1 },
        headers: { 'sec-fetch-site': site },
      });
      expect(res.status, site).toBe(200);
    }
  });

  it('curl-style request without Origin still works', async () => {
    const created = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'from-curl' } });
    expect(created.status).toBe(201);
    expect((await raw('/accounts/from-curl', { method: 'DELETE' })).status).toBe(204);
  });

  it('control-plane reads with a cross-site Origin are answered, with no CORS header that would let the page read them', async () => {
    const res = await raw('/accounts', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    const preflight = await raw('/accounts', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    for (const answer of [res, preflight]) {
      for (const name of answer.headers.keys()) expect(name).not.toMatch(/^access-control-/);
    }
    expect(preflight.status).not.toBe(204);
  });
});

describe('control-plane bodies must be declared JSON', () => {
  it('control-plane POST with text/plain body answers 415', async () => {
    const res = await raw('/accounts', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"name":"from-a-form"}',
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(((await res.json()) as { error: string }).error).toContain('Content-Type: application/json');
    expect(accounts()).not.toContain('from-a-form');
  });

  it('control-plane PATCH and POST with a form body or with no content type answer 415', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await raw('/accounts/demo', { method: 'PATCH', headers: form, body: 'rateLimit=true' })).status).toBe(415);
    expect(
      (await raw('/accounts/demo/clock', { method: 'POST', body: new TextEncoder().encode('{"advanceSeconds":60}') }))
        .status,
    ).toBe(415);
    expect(
      (await raw('/accounts', { method: 'POST', headers: { 'content-type': 'application/jsonp' }, body: '{}' })).status,
    ).toBe(415);
    expect((await call(sim, '/__admin/accounts/demo/clock')).body).toEqual({ now: '2026-03-16T09:00:00.000Z' });
  });

  it('application/json with parameters, in any case, is accepted', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON', ' application/json ;charset=UTF-8']) {
      const res = await raw('/accounts/demo/clock', {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{"advanceSeconds":60}',
      });
      expect(res.status, type).toBe(200);
    }
  });

  it('bodyless reset without content type still works', async () => {
    const res = await raw('/accounts/demo/reset', { method: 'POST' });
    expect(res.status).toBe(204);
    expect((await raw('/accounts/demo/reset', { method: 'POST', body: '' })).status).toBe(204);
    expect((await raw('/accounts/demo/reset', { method: 'POST', headers: { 'content-length': '0' } })).status).toBe(
      204,
    );
  });
});

describe('DNS rebinding', () => {
  it('control plane refuses a non-local Host while it has no token', async () => {
    for (const host of [
      'rebound.example',
      'rebound.example:4010',
      'localhost.rebound.example',
      '127.0.0.1.rebound.example',
      '0.0.0.0:4010',
      '10.0.0.5',
    ]) {
      const read = await raw('/accounts', { host });
      expect(read.status, host).toBe(403);
      expect(((await read.json()) as { error: string }).error).toContain('local Host');
      const write = await call(sim, '/__admin/accounts', { method: 'POST', host, body: { name: 'rebound' } });
      expect(write.status, host).toBe(403);
    }
    expect(accounts()).not.toContain('rebound');
  });

  it('loopback addresses and localhost names with any port pass the Host check', async () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:4010',
      '127.45.6.7:1',
      'localhost:4010',
      'LOCALHOST',
      'acme.localhost:4010',
      '[::1]:4010',
      '[::1]',
    ]) {
      expect((await raw('/accounts', { host })).status, host).toBe(200);
    }
  });

  it('GET /__admin/health answers under any Host (a probe reveals nothing)', async () => {
    expect((await raw('/health', { host: 'rebound.example' })).status).toBe(200);
    expect((await raw('/health', { host: 'rebound.example', method: 'POST' })).status).toBe(403);
  });

  it('with an admin token the Host check is off: the token is the protection', async () => {
    const guarded = await simulator({ adminToken: TOKEN });
    const res = await call(guarded, '/__admin/accounts', {
      host: 'sim.test',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect((await call(guarded, '/__admin/accounts', { host: 'sim.test' })).status).toBe(401);
    const crossSite = await call(guarded, '/__admin/accounts', {
      method: 'POST',
      host: 'sim.test',
      body: {},
      headers: { authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('over a real socket', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, size: 'small', rateLimit: false, realNow: () => FIXED_NOW });
  });
  afterAll(() => server.close());

  const post = (
    url: string,
    headers: Record<string, string>,
    body: RequestInit['body'] = JSON.stringify({ advanceSeconds: 60 }),
  ) => fetch(url, { method: 'POST', headers, body });

  it('control-plane write with a cross-site Origin answers 403 over a socket; its own origin is accepted', async () => {
    const clock = `${server.url}/__admin/accounts/demo/clock`;
    const json = { 'content-type': 'application/json' };
    const refused = await post(clock, { ...json, origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain(server.url);
    expect((await post(clock, { ...json, origin: 'http://localhost:3000' })).status).toBe(403);
    expect((await post(clock, { ...json, origin: server.url })).status).toBe(200);
    expect((await post(clock, json)).status).toBe(200);
  });

  it('control-plane POST with text/plain body answers 415 over a socket, chunked or not', async () => {
    const clock = `${server.url}/__admin/accounts/demo/clock`;
    expect((await post(clock, {})).status).toBe(415); // fetch labels a string body text/plain
    const chunked = (type: string) =>
      fetch(clock, {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Blob(['{"advanceSeconds":60}']).stream(),
        duplex: 'half',
      } as RequestInit);
    expect((await chunked('text/plain')).status).toBe(415);
    expect((await chunked('application/json')).status).toBe(200);
    expect((await fetch(`${server.url}/__admin/accounts/demo/reset`, { method: 'POST' })).status).toBe(204);
  });

  it('control plane refuses a non-local Host while it has no token, over a socket', async () => {
    // 0.0.0.0 reaches a server on 127.0.0.1, as a browser lets a public page do; its Host is not local.
    const viaZero = await fetch(`http://0.0.0.0:${server.port}/__admin/accounts`);
    expect(viaZero.status).toBe(403);
    expect((await fetch(`http://0.0.0.0:${server.port}/__admin/health`)).status).toBe(200);
    // A rebound name arrives as the Host header; fetch will not set one, node:http will.
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.url}/__admin/accounts`,
        { headers: { host: `rebound.example:${server.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(rebound).toBe(403);
    expect((await fetch(`${server.url}/__admin/accounts`)).status).toBe(200);
  });
});
