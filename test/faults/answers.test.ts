import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { THROTTLED_MESSAGE } from '../../src/errors/errors.js';
import { activeSite, call, tokenFor } from '../helpers.js';
import { addFaults, faultSimulator, journal } from './support.js';

// Fault rules as an in-process caller sees them (no socket).

let sim: Simulator;
let token: string;
beforeEach(async () => {
  sim = await faultSimulator();
  token = await tokenFor(sim);
});

const get = (path: string) => call(sim, path, { token });
const siteId = () => activeSite(sim.registry.get('demo')!.world);
const clientCount = () => sim.registry.get('demo')!.world.clients.length;
const newClient = {
  FirstName: 'Jane',
  LastName: 'Smith',
  Email: 'jane.smith@example.com',
  MobilePhone: '07700 900123',
  Gender: 1,
};
const postClient = () => call(sim, `/api/v2/clients?siteId=${siteId()}`, { method: 'POST', token, body: newClient });

describe('latency', () => {
  it('a fixed latency delays the answer by at least that much, and the answer is the real one', async () => {
    await addFaults(sim, 'demo', { path: '/api/v2/sites', latencyMs: 80 });
    const started = performance.now();
    const res = await get('/api/v2/sites');
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(res.status).toBe(200);
    expect((await journal(sim)).at(-1).fault).toMatchObject({ kind: 'latency', delayMs: 80 });
  });

  it('a random latency is drawn from the account seed: the same name and seed give the same delays', async () => {
    const delays = async (s: Simulator) => {
      const t = await tokenFor(s);
      await addFaults(s, 'demo', { path: '/api/v2/sites', latencyMs: { min: 5, max: 40 } });
      for (let i = 0; i < 6; i++) await call(s, '/api/v2/sites', { token: t });
      return (await journal(s)).filter((e: any) => e.fault).map((e: any) => e.fault.delayMs);
    };
    const first = await delays(sim);
    expect(first).toHaveLength(6);
    for (const d of first) {
      expect(d).toBeGreaterThanOrEqual(5);
      expect(d).toBeLessThanOrEqual(40);
    }
    expect(await delays(await faultSimulator())).toEqual(first);
  });
});

describe('status override', () => {
  it('503 with a JSON body answers exactly that body', async () => {
    await addFaults(sim, 'demo', { path: '/api/v2/sites', status: 503, body: { Message: 'Service Unavailable' } });
    const res = await get('/api/v2/sites');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ Message: 'Service Unavailable' });
  });

  it('500 with a text body answers text/plain', async () => {
    await addFaults(sim, 'demo', { path: '/api/v2/sites', status: 500, body: 'Internal Server Error' });
    const res = await get('/api/v2/sites');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('Internal Server Error');
  });

  it('429 carries the Retry-After header and the content type the rule states', async () => {
    await addFaults(sim, 'demo', {
      path: '/api/v2/sites',
      status: 429,
      body: JSON.stringify(THROTTLED_MESSAGE),
      contentType: 'application/json; charset=utf-8',
      headers: { 'Retry-After': '120' },
    });
    const res = await get('/api/v2/sites');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('120');
    expect(res.body).toBe(THROTTLED_MESSAGE);
  });

  it('a status override on POST /api/v2/clients writes nothing', async () => {
    await addFaults(sim, 'demo', { method: 'POST', path: '/api/v2/clients', status: 503 });
    const before = clientCount();
    expect((await postClient()).status).toBe(503);
    expect(clientCount()).toBe(before);
  });

  it('a fault can hit a path no endpoint serves, before routing and auth', async () => {
    await addFaults(sim, 'demo', { path: '/api/v2/nowhere', status: 502 });
    expect((await call(sim, '/api/v2/nowhere')).status).toBe(502);
  });

  it('rules belong to one account: a path-form account has its own', async () => {
    await addFaults(sim, 'acme', { path: '/api/v2/ping', status: 503 });
    expect((await call(sim, '/accounts/acme/api/v2/ping')).status).toBe(503);
    expect((await call(sim, '/api/v2/ping')).status).not.toBe(503);
  });
});

describe('how often a rule applies', () => {
  it('times: 2 affects exactly the next two matching calls', async () => {
    await addFaults(sim, 'demo', { path: '/api/v2/sites', status: 503, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/api/v2/sites')).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
  });

  it('probability 0 never applies and probability 1 always does', async () => {
    await addFaults(
      sim,
      'demo',
      { path: '/api/v2/sites', status: 500, probability: 0 },
      { path: '/api/v2/ping', status: 500, probability: 1 },
    );
    for (let i = 0; i < 10; i++) {
      expect((await get('/api/v2/sites')).status).toBe(200);
      expect((await get('/api/v2/ping')).status).toBe(500);
    }
  });

  it('a seeded probability of 0.5 gives the same sequence twice', async () => {
    const run = async (s: Simulator) => {
      await addFaults(s, 'demo', { path: '/api/v2/ping', status: 503, probability: 0.5 });
      const out = [];
      for (let i = 0; i < 20; i++) out.push((await call(s, '/api/v2/ping')).status);
      return out;
    };
    const first = await run(sim);
    expect(first).toContain(503);
    expect(first.some((s) => s !== 503)).toBe(true);
    expect(await run(await faultSimulator())).toEqual(first);
  });

  it('the method and path pattern select the calls: /api/v2/clients/* does not hit /api/v2/clients', async () => {
    await addFaults(sim, 'demo', { method: 'GET', path: '/api/v2/clients/*', status: 503 });
    const some = sim.registry.get('demo')!.world.clients[0]!.ClientId;
    expect((await get(`/api/v2/clients/${some}`)).status).toBe(503);
    expect((await get(`/api/v2/clients?siteId=${siteId()}`)).status).toBe(200);
    expect((await call(sim, `/api/v2/clients/${some}`, { method: 'PUT', token, body: {} })).status).not.toBe(503);
  });

  it('faults do not shift the ids the account generates', async () => {
    const other = await faultSimulator();
    const otherToken = await tokenFor(other);
    await addFaults(sim, 'demo', { path: '/api/v2/clients', latencyMs: { min: 1, max: 3 }, probability: 0.5 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await postClient()).body.Value);
    const otherIds = [];
    for (let i = 0; i < 3; i++) {
      const res = await call(other, `/api/v2/clients?siteId=${siteId()}`, {
        method: 'POST',
        token: otherToken,
        body: newClient,
      });
      otherIds.push(res.body.Value);
    }
    expect(ids).toEqual(otherIds);
  });
});

describe('drop and truncate in-process', () => {
  it('drop before rejects the fetch like a closed connection and writes nothing', async () => {
    await addFaults(sim, 'demo', { method: 'POST', path: '/api/v2/clients', drop: 'before' });
    const before = clientCount();
    const error = await postClient().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(String((error as TypeError).cause)).toContain('dropped by a fault rule');
    expect(clientCount()).toBe(before);
  });

  it('drop after rejects the fetch, but the write is kept', async () => {
    await addFaults(sim, 'demo', { method: 'POST', path: '/api/v2/clients', drop: 'after' });
    const before = clientCount();
    await expect(postClient()).rejects.toThrow('fetch failed');
    expect(clientCount()).toBe(before + 1);
  });

  it('truncate answers the real status and length, and reading the body fails after N bytes', async () => {
    const whole = (await get('/api/v2/sites')).text;
    await addFaults(sim, 'demo', { path: '/api/v2/sites', truncateBytes: 10 });
    // The body stream itself, read chunk by chunk: the simulator's own in-process fetch.
    const res = await sim.fetch(
      new Request('http://127.0.0.1/api/v2/sites', { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(whole)));
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe(whole.slice(0, 10));
    await expect(reader.read()).rejects.toThrow('terminated');
  });

  it('truncateBytes at or beyond the body length delivers the whole body', async () => {
    const whole = (await get('/api/v2/ping')).text;
    await addFaults(sim, 'demo', { path: '/api/v2/ping', truncateBytes: 1_000_000 });
    expect((await get('/api/v2/ping')).text).toBe(whole);
  });
});

describe('journal and control plane', () => {
  it('the journal shows each fault with its rule id and kind; a drop before has status 0', async () => {
    const rules = await addFaults(
      sim,
      'demo',
      { path: '/api/v2/ping', latencyMs: 1, times: 1 },
      { path: '/api/v2/ping', status: 503, times: 1 },
      { path: '/api/v2/ping', drop: 'before', times: 1 },
      { path: '/api/v2/ping', drop: 'after', times: 1 },
      { path: '/api/v2/ping', truncateBytes: 1, times: 1 },
    );
    await call(sim, '/__admin/accounts/demo/requests', { method: 'DELETE' });
    for (let i = 0; i < 6; i++) {
      await get('/api/v2/ping').catch(() => undefined);
    }
    const entries = await journal(sim);
    expect(entries.map((e: any) => [e.status, e.fault?.kind, e.fault?.id])).toEqual([
      [200, 'latency', rules[0].id],
      [503, 'status', rules[1].id],
      [0, 'drop', rules[2].id],
      [200, 'drop', rules[3].id],
      [200, 'truncate', rules[4].id],
      [200, undefined, undefined],
    ]);
  });

  it('DELETE /__admin/accounts/{name}/faults clears the rules: calls are answered normally again', async () => {
    await addFaults(sim, 'demo', { path: '/api/**', status: 503 });
    expect((await get('/api/v2/sites')).status).toBe(503);
    expect((await call(sim, '/__admin/accounts/demo/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await get('/api/v2/sites')).status).toBe(200);
  });

  it('the control plane, the OpenAPI document and the docs page are never faulted', async () => {
    await addFaults(sim, 'demo', { path: '/**', status: 500 }, { path: '/**', drop: 'before' });
    expect((await call(sim, '/__admin/health')).status).toBe(200);
    expect((await call(sim, '/__admin/accounts/demo/faults')).status).toBe(200);
    expect((await call(sim, '/openapi.json')).status).toBe(200);
    expect((await call(sim, '/docs/')).status).toBe(200);
    expect((await get('/api/v2/sites')).status).toBe(500);
  });
});
