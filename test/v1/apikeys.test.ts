import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { call, firstFormatFile, persistedRows, simulator } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

describe('control plane: API keys for version 1', () => {
  it('POST /__admin/accounts/{name}/apikeys answers 201 {apiKey} once, and the key opens version 1', async () => {
    const res = await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST' });
    expect(res.status).toBe(201);
    const body = res.body;
    expect(Object.keys(body)).toEqual(['apiKey']);
    expect(body.apiKey.length).toBeGreaterThanOrEqual(32);
    expect((await call(sim, '/api/sites', { apiKey: body.apiKey })).status).toBe(200);
  });

  it('GET /__admin/accounts/{name}/apikeys lists ids, state and creation time, never the key', async () => {
    const { apiKey } = (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST', body: { active: false } }))
      .body;
    const res = await call(sim, '/__admin/accounts/demo/apikeys');
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(DEMO_API_KEY);
    const list = JSON.parse(text);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ id: 'apikey-1', active: true, createdAt: '2026-03-16T09:00:00.000Z' });
    expect(Object.keys(list[1]).sort()).toEqual(['active', 'createdAt', 'id']);
    expect(list[1].active).toBe(false);
  });

  it('DELETE /__admin/accounts/{name}/apikeys/{id} answers 204 and the key fails from then on', async () => {
    const { apiKey } = (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST' })).body;
    const list = (await call(sim, '/__admin/accounts/demo/apikeys')).body;
    const id = list[1].id;
    expect((await call(sim, `/__admin/accounts/demo/apikeys/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/api/sites', { apiKey })).status).toBe(403);
    expect((await call(sim, `/__admin/accounts/demo/apikeys/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await call(sim, '/__admin/accounts/demo/apikeys/apikey-1', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/api/sites', { apiKey: DEMO_API_KEY })).status).toBe(403);
  });

  it('the body is strict: an unknown field is a 400', async () => {
    const res = await call(sim, '/__admin/accounts/demo/apikeys', {
      method: 'POST',
      body: { endpoints: ['api/sites'] },
    });
    expect(res.status).toBe(400);
  });

  it('reset re-seeds the demo key and drops issued keys', async () => {
    const { apiKey } = (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST' })).body;
    await call(sim, '/__admin/accounts/demo/apikeys/apikey-1', { method: 'DELETE' });
    await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' });
    expect((await call(sim, '/api/sites', { apiKey: DEMO_API_KEY })).status).toBe(200);
    expect((await call(sim, '/api/sites', { apiKey })).status).toBe(403);
  });

  it('the key never appears in the journal', async () => {
    const { apiKey } = (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST' })).body;
    await call(sim, '/api/sites', { apiKey });
    await call(sim, '/api/sites', { apiKey: DEMO_API_KEY });
    await call(sim, `/api/sites?ServiceApiKey=${apiKey}`, { apiKey: DEMO_API_KEY });
    const journal = (await call(sim, '/__admin/accounts/demo/requests')).text;
    expect(journal).toContain('/api/sites');
    expect(journal).not.toContain(apiKey);
    expect(journal).not.toContain(DEMO_API_KEY);
  });
});

describe('API keys in the data file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-apikeys-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('only the hash of a key is written', async () => {
    const s = await simulator({ dataDir: dir });
    await call(s, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const { apiKey } = (await call(s, '/__admin/accounts/acme/apikeys', { method: 'POST' })).body;
    const file =
      (await readFile(path.join(dir, 'acme.json'), 'utf8')) + (await readFile(path.join(dir, 'acme.log'), 'utf8'));
    expect(file).not.toContain(apiKey);
    expect(file).not.toContain(DEMO_API_KEY);
    expect((await persistedRows(dir, 'acme', 'apiKeys')).size).toBe(2);
  });

  it('a data file written before API keys existed loads, with the demo key', async () => {
    await writeFile(path.join(dir, 'acme.json'), JSON.stringify(firstFormatFile('acme', { apiKeys: false })));
    const reloaded = await simulator({ dataDir: dir });
    expect((await call(reloaded, '/accounts/acme/api/sites', { apiKey: DEMO_API_KEY })).status).toBe(200);
    expect((await call(reloaded, '/__admin/accounts/acme/apikeys')).body).toEqual([
      { id: 'apikey-1', active: true, createdAt: expect.any(String) },
    ]);
  });
});
