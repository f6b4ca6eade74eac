import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, json, simulator, tokenFor } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

const admin = (path: string, method = 'GET', body?: unknown) => call(sim, `/__admin${path}`, { method, body });

describe('control plane', () => {
  it('GET /__admin/health answers ok', async () => {
    const res = await admin('/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok' });
  });

  it('the control plane is the same on every host', async () => {
    const res = await call(sim, '/__admin/health', { host: 'acme.localhost' });
    expect(res.status).toBe(200);
  });

  it('POST /__admin/accounts creates an account and answers its path-form base URL, credential and version 1 API key', async () => {
    const res = await admin('/accounts', 'POST', { name: 'acme', seed: 7, size: 'small' });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({
      name: 'acme',
      clientId: 'demo-client',
      secret: 'demo-secret',
      apiKey: 'demo-api-key',
      baseUrl: 'http://127.0.0.1/accounts/acme',
    });
    expect((await tokenFor(sim, '/accounts/acme')).length).toBeGreaterThan(0);
  });

  it('POST /__admin/accounts without a name picks one', async () => {
    const res = await admin('/accounts', 'POST', {});
    expect(res.status).toBe(201);
    const { name } = await json(res);
    expect(name).toMatch(/^[a-z0-9-]+$/);
    expect(sim.registry.get(name)).toBeDefined();
  });

  it('creating an account that exists answers 409', async () => {
    await admin('/accounts', 'POST', { name: 'acme' });
    const res = await admin('/accounts', 'POST', { name: 'acme' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toContain('acme');
  });

  it('an account name that is not a DNS label answers 400 on the control plane', async () => {
    for (const name of ['Bad_Name', '-lead', 'a'.repeat(64), 'dots.are.out']) {
      const res = await admin('/accounts', 'POST', { name });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toContain('name');
    }
    expect((await admin('/accounts/bad_name/clock')).status).toBe(400);
  });

  it('bad control-plane bodies answer 400 naming the field', async () => {
    const res = await admin('/accounts', 'POST', { size: 'huge' });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toContain('size');
    const typo = await admin('/accounts', 'POST', { nmae: 'x' });
    expect(typo.status).toBe(400);
    const unreadable = await call(sim, '/__admin/accounts', { method: 'POST', body: '{nope' });
    expect(unreadable.status).toBe(400);
  });

  it('GET /__admin/accounts lists name, seed, rateLimit and now', async () => {
    await admin('/accounts', 'POST', { name: 'acme', seed: 7, rateLimit: true, now: '2026-05-01T10:00:00Z' });
    const list = await json(admin('/accounts'));
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
    await admin('/accounts', 'POST', { name: 'acme' });
    expect((await admin('/accounts/acme', 'DELETE')).status).toBe(204);
    expect(sim.registry.get('acme')).toBeUndefined();
    expect((await admin('/accounts/acme', 'DELETE')).status).toBe(404);
  });

  it('PATCH /__admin/accounts/{name} changes rateLimit and answers the settings', async () => {
    const res = await admin('/accounts/demo', 'PATCH', { rateLimit: true });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: 'demo', rateLimit: true, seed: 42 });
  });

  it('POST /__admin/accounts/{name}/reset re-seeds the world and credentials', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/token/rotate-clientid', {
      method: 'POST',
      body: { clientId: 'demo-client', secret: 'demo-secret' },
    });
    expect((await admin('/accounts/demo/reset', 'POST')).status).toBe(204);
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(403);
    expect((await tokenFor(sim)).length).toBeGreaterThan(0);
  });

  it('POST /__admin/accounts/{name}/credentials answers a new client id and secret', async () => {
    const res = await admin('/accounts/demo/credentials', 'POST', { endpoints: ['api/v2/sites'], ips: '127.0.0.1' });
    expect(res.status).toBe(201);
    const { clientId, secret } = await json(res);
    expect(clientId).not.toBe('demo-client');
    const token = await call(sim, '/api/v2/token', { method: 'POST', body: { clientId, secret } });
    expect(token.status).toBe(200);
  });

  it('the clock can be read, advanced and set', async () => {
    expect(await json(admin('/accounts/demo/clock'))).toEqual({ now: '2026-03-16T09:00:00.000Z' });
    const advanced = await admin('/accounts/demo/clock', 'POST', { advanceSeconds: 3600 });
    expect(await json(advanced)).toEqual({ now: '2026-03-16T10:00:00.000Z' });
    const set = await admin('/accounts/demo/clock', 'POST', { now: '2026-04-01T00:00:00Z' });
    expect(await json(set)).toEqual({ now: '2026-04-01T00:00:00.000Z' });
    expect((await admin('/accounts/demo/clock', 'POST', { later: 1 })).status).toBe(400);
  });

  it('each account has its own clock', async () => {
    await admin('/accounts/acme/clock', 'POST', { advanceSeconds: 86400 });
    expect(await json(admin('/accounts/demo/clock'))).toEqual({ now: '2026-03-16T09:00:00.000Z' });
  });
});

describe('request journal', () => {
  it('lists requests oldest first with method, path, query, status and time', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/sites?state=Active', { token });
    await call(sim, '/api/v2/nowhere', { token });
    const list = await json(admin('/accounts/demo/requests'));
    expect(list).toEqual([
      { method: 'POST', path: '/api/v2/token', query: {}, status: 200, at: '2026-03-16T09:00:00.000Z' },
      {
        method: 'GET',
        path: '/api/v2/sites',
        query: { state: ['Active'] },
        status: 200,
        at: '2026-03-16T09:00:00.000Z',
      },
      { method: 'GET', path: '/api/v2/nowhere', query: {}, status: 404, at: '2026-03-16T09:00:00.000Z' },
    ]);
  });

  it('secrets in the query are redacted', async () => {
    await call(sim, '/api/v2/ping?password=hunter2&access_token=abc&find=x');
    const [entry] = await json(admin('/accounts/demo/requests'));
    expect(entry.query).toEqual({ password: ['[redacted]'], access_token: ['[redacted]'], find: ['x'] });
    expect(JSON.stringify(entry)).not.toContain('hunter2');
  });

  it('the journal is bounded as a ring buffer', async () => {
    const small = await simulator({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await call(small, `/api/v2/ping?n=${i}`);
    const list = await json(call(small, '/__admin/accounts/demo/requests'));
    expect(list.map((e: { query: { n: string[] } }) => e.query.n[0])).toEqual(['2', '3', '4']);
  });

  it('DELETE clears the journal', async () => {
    await call(sim, '/api/v2/ping');
    expect((await admin('/accounts/demo/requests', 'DELETE')).status).toBe(204);
    expect(await json(admin('/accounts/demo/requests'))).toEqual([]);
  });
});

describe('control plane journal queries', () => {
  it('GET /requests filters by method, path pattern and status; /requests/count counts', async () => {
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/sites', { token });
    await call(sim, '/api/v2/sites');
    const forbidden = await json(admin('/accounts/demo/requests?path=/api/v2/sites&status=403'));
    expect(forbidden).toHaveLength(1);
    expect(forbidden[0]).toMatchObject({ method: 'GET', path: '/api/v2/sites', status: 403 });
    expect(await json(admin('/accounts/demo/requests/count?method=post'))).toEqual({ count: 1 });
    expect(await json(admin('/accounts/demo/requests/count?path=/api/**&status=200&status=403'))).toEqual({ count: 3 });
  });

  it('a status filter that is not an HTTP status answers 400 naming it', async () => {
    const res = await admin('/accounts/demo/requests?status=ok');
    expect(res.status).toBe(400);
    expect((await json(res)).error).toContain('status');
  });
});
