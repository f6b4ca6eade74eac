import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, DEMO_CREDENTIAL, simulator, tokenFor } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

describe('control plane', () => {
  it('GET /__admin/health answers ok', async () => {
    const res = await call(sim, '/__admin/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('the control plane is the same on every host', async () => {
    const res = await call(sim, '/__admin/health', { host: 'acme.localhost' });
    expect(res.status).toBe(200);
  });

  it('POST /__admin/accounts creates an account and answers its path-form base URL, credential and version 1 API key', async () => {
    const res = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'acme', seed: 7, size: 'small' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: 'acme',
      clientId: 'demo-client',
      secret: 'demo-secret',
      apiKey: 'demo-api-key',
      baseUrl: 'http://127.0.0.1/accounts/acme',
    });
    expect((await tokenFor(sim, '/accounts/acme')).length).toBeGreaterThan(0);
  });

  it('POST /__admin/accounts without a name picks one', async () => {
    const res = await call(sim, '/__admin/accounts', { method: 'POST', body: {} });
    expect(res.status).toBe(201);
    const { name } = res.body;
    expect(name).toMatch(/^[a-z0-9-]+$/);
    expect(sim.registry.get(name)).toBeDefined();
  });

  it('creating an account that exists answers 409', async () => {
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('acme');
  });

  it('an account name that is not a DNS label answers 400 on the control plane', async () => {
    for (const name of ['Bad_Name', '-lead', 'a'.repeat(64), 'dots.are.out']) {
      const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name } });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('name');
    }
    expect((await call(sim, '/__admin/accounts/bad_name/clock')).status).toBe(400);
  });

  it('bad control-plane bodies answer 400 naming the field', async () => {
    const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { size: 'huge' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('size');
    const typo = await call(sim, '/__admin/accounts', { method: 'POST', body: { nmae: 'x' } });
    expect(typo.status).toBe(400);
    const unreadable = await call(sim, '/__admin/accounts', { method: 'POST', body: '{nope' });
    expect(unreadable.status).toBe(400);
  });

  it('GET /__admin/accounts lists name, seed, rateLimit and now', async () => {
    await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'acme', seed: 7, rateLimit: true, now: '2026-05-01T10:00:00Z' },
    });
    const list = (await call(sim, '/__admin/accounts')).body;
    expect(list).toContainEqual({
      name: 'acme',
      seed: 7,
      size: 'small',
      rateLimit: true,
      fiscalised: false,
      scenario: null,
      now: '2026-05-01T10:00:00.000Z',
    });
  });

  it('DELETE /__admin/accounts/{name} removes the account', async () => {
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    expect((await call(sim, '/__admin/accounts/acme', { method: 'DELETE' })).status).toBe(204);
    expect(sim.registry.get('acme')).toBeUndefined();
    expect((await call(sim, '/__admin/accounts/acme', { method: 'DELETE' })).status).toBe(404);
  });

  it('PATCH /__admin/accounts/{name} changes rateLimit and answers the settings', async () => {
    const res = await call(sim, '/__admin/accounts/demo', { method: 'PATCH', body: { rateLimit: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'demo', rateLimit: true, seed: 42 });
  });

  it('POST /__admin/accounts/{name}/reset re-seeds the world and credentials', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/token/rotate-clientid', {
      method: 'POST',
      body: DEMO_CREDENTIAL,
    });
    expect((await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' })).status).toBe(204);
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(403);
    expect((await tokenFor(sim)).length).toBeGreaterThan(0);
  });

  it('POST /__admin/accounts/{name}/credentials answers a new client id and secret', async () => {
    const res = await call(sim, '/__admin/accounts/demo/credentials', {
      method: 'POST',
      body: { endpoints: ['api/v2/sites'], ips: '127.0.0.1' },
    });
    expect(res.status).toBe(201);
    const { clientId, secret } = res.body;
    expect(clientId).not.toBe('demo-client');
    const token = await call(sim, '/api/v2/token', { method: 'POST', body: { clientId, secret } });
    expect(token.status).toBe(200);
  });

  it('the clock can be read, advanced and set', async () => {
    expect((await call(sim, '/__admin/accounts/demo/clock')).body).toEqual({ now: '2026-03-16T09:00:00.000Z' });
    const advanced = await call(sim, '/__admin/accounts/demo/clock', {
      method: 'POST',
      body: { advanceSeconds: 3600 },
    });
    expect(advanced.body).toEqual({ now: '2026-03-16T10:00:00.000Z' });
    const set = await call(sim, '/__admin/accounts/demo/clock', {
      method: 'POST',
      body: { now: '2026-04-01T00:00:00Z' },
    });
    expect(set.body).toEqual({ now: '2026-04-01T00:00:00.000Z' });
    expect((await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { later: 1 } })).status).toBe(400);
  });

  it('each account has its own clock', async () => {
    await call(sim, '/__admin/accounts/acme/clock', { method: 'POST', body: { advanceSeconds: 86400 } });
    expect((await call(sim, '/__admin/accounts/demo/clock')).body).toEqual({ now: '2026-03-16T09:00:00.000Z' });
  });
});

describe('request journal', () => {
  it('lists requests oldest first with their number, method, path, query, headers, bodies, status and time', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/sites?state=Active', { token });
    await call(sim, '/api/v2/nowhere', { token });
    const list = (await call(sim, '/__admin/accounts/demo/requests')).body;
    const at = '2026-03-16T09:00:00.000Z';
    expect(list).toEqual([
      {
        seq: 1,
        method: 'POST',
        path: '/api/v2/token',
        query: {},
        headers: { 'content-type': 'application/json' },
        body: { clientId: DEMO_CREDENTIAL.clientId, secret: '[redacted]' },
        status: 200,
        answerBody: {
          access_token: '[redacted]',
          token_type: '[redacted]', // any name with `token` in it
          expires_in: 15_768_000,
          expires_utc: '2026-09-14 21:00',
        },
        at,
      },
      {
        seq: 2,
        method: 'GET',
        path: '/api/v2/sites',
        query: { state: ['Active'] },
        headers: {},
        status: 200,
        answerBody: expect.any(Array),
        at,
      },
      {
        seq: 3,
        method: 'GET',
        path: '/api/v2/nowhere',
        query: {},
        headers: {},
        status: 404,
        answerBody: {
          Message: "No HTTP resource was found that matches the request URI 'http://127.0.0.1/api/v2/nowhere'.",
        },
        rules: [{ id: 'routing.no-route', source: 'spec' }],
        at,
      },
    ]);
  });

  it('secrets in the query are redacted', async () => {
    await call(sim, '/api/v2/ping?password=hunter2&access_token=abc&find=x');
    const [entry] = (await call(sim, '/__admin/accounts/demo/requests')).body;
    expect(entry.query).toEqual({ password: ['[redacted]'], access_token: ['[redacted]'], find: ['x'] });
    expect(JSON.stringify(entry)).not.toContain('hunter2');
  });

  it('the journal is bounded as a ring buffer', async () => {
    const small = await simulator({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await call(small, `/api/v2/ping?n=${i}`);
    const list = (await call(small, '/__admin/accounts/demo/requests')).body;
    expect(list.map((e: { query: { n: string[] } }) => e.query.n[0])).toEqual(['2', '3', '4']);
  });

  it('DELETE clears the journal', async () => {
    await call(sim, '/api/v2/ping');
    expect((await call(sim, '/__admin/accounts/demo/requests', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts/demo/requests')).body).toEqual([]);
  });
});

describe('control plane journal queries', () => {
  it('GET /requests filters by method, path pattern and status; /requests/count counts', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/sites', { token });
    await call(sim, '/api/v2/sites');
    const forbidden = (await call(sim, '/__admin/accounts/demo/requests?path=/api/v2/sites&status=403')).body;
    expect(forbidden).toHaveLength(1);
    expect(forbidden[0]).toMatchObject({ method: 'GET', path: '/api/v2/sites', status: 403 });
    expect((await call(sim, '/__admin/accounts/demo/requests/count?method=post')).body).toEqual({ count: 1 });
    expect((await call(sim, '/__admin/accounts/demo/requests/count?path=/api/**&status=200&status=403')).body).toEqual({
      count: 3,
    });
  });

  it('a status filter that is not an HTTP status answers 400 naming it', async () => {
    const res = await call(sim, '/__admin/accounts/demo/requests?status=ok');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('status');
  });
});
