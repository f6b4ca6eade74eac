import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { call, firstFormatFile, json, persistedRows, simulator } from '../helpers.js';
import { v1Call } from './support.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});
const admin = (p: string, method = 'GET', body?: unknown) => call(sim, `/__admin${p}`, { method, body });

describe('control plane: API keys for version 1', () => {
  it('POST /__admin/accounts/{name}/apikeys answers 201 {apiKey} once, and the key opens version 1', async () => {
    const res = await admin('/accounts/demo/apikeys', 'POST');
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(Object.keys(body)).toEqual(['apiKey']);
    expect(body.apiKey.length).toBeGreaterThanOrEqual(32);
    expect((await v1Call(sim, '/api/sites', { key: body.apiKey })).status).toBe(200);
  });

  it('GET /__admin/accounts/{name}/apikeys lists ids, state and creation time, never the key', async () => {
    const { apiKey } = await json(admin('/accounts/demo/apikeys', 'POST', { active: false }));
    const res = await admin('/accounts/demo/apikeys');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(DEMO_API_KEY);
    const list = JSON.parse(text);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ id: 'apikey-1', active: true, createdAt: '2026-03-16T09:00:00.000Z' });
    expect(Object.keys(list[1]).sort()).toEqual(['active', 'createdAt', 'id']);
    expect(list[1].active).toBe(false);
  });

  it('DELETE /__admin/accounts/{name}/apikeys/{id} answers 204 and the key fails from then on', async () => {
    const { apiKey } = await json(admin('/accounts/demo/apikeys', 'POST'));
    const list = await json(admin('/accounts/demo/apikeys'));
    const id = list[1].id;
    expect((await admin(`/accounts/demo/apikeys/${id}`, 'DELETE')).status).toBe(204);
    expect((await v1Call(sim, '/api/sites', { key: apiKey })).status).toBe(403);
    expect((await admin(`/accounts/demo/apikeys/${id}`, 'DELETE')).status).toBe(404);
    expect((await admin('/accounts/demo/apikeys/apikey-1', 'DELETE')).status).toBe(204);
    expect((await v1Call(sim, '/api/sites')).status).toBe(403);
  });

  it('the body is strict: an unknown field is a 400', async () => {
    const res = await admin('/accounts/demo/apikeys', 'POST', { endpoints: ['api/sites'] });
    expect(res.status).toBe(400);
  });

  it('reset re-seeds the demo key and drops issued keys', async () => {
    const { apiKey } = await json(admin('/accounts/demo/apikeys', 'POST'));
    await admin('/accounts/demo/apikeys/apikey-1', 'DELETE');
    await admin('/accounts/demo/reset', 'POST');
    expect((await v1Call(sim, '/api/sites')).status).toBe(200);
    expect((await v1Call(sim, '/api/sites', { key: apiKey })).status).toBe(403);
  });

  it('the key never appears in the journal', async () => {
    const { apiKey } = await json(admin('/accounts/demo/apikeys', 'POST'));
    await v1Call(sim, '/api/sites', { key: apiKey });
    await v1Call(sim, '/api/sites');
    await v1Call(sim, `/api/sites?ServiceApiKey=${apiKey}`);
    const journal = await (await admin('/accounts/demo/requests')).text();
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
    const { apiKey } = await json(call(s, '/__admin/accounts/acme/apikeys', { method: 'POST' }));
    const file =
      (await readFile(path.join(dir, 'acme.json'), 'utf8')) + (await readFile(path.join(dir, 'acme.log'), 'utf8'));
    expect(file).not.toContain(apiKey);
    expect(file).not.toContain(DEMO_API_KEY);
    expect((await persistedRows(dir, 'acme', 'apiKeys')).size).toBe(2);
  });

  it('a data file written before API keys existed loads, with the demo key', async () => {
    await writeFile(path.join(dir, 'acme.json'), JSON.stringify(firstFormatFile('acme', { apiKeys: false })));
    const reloaded = await simulator({ dataDir: dir });
    expect((await v1Call(reloaded, '/accounts/acme/api/sites')).status).toBe(200);
    expect(await json(call(reloaded, '/__admin/accounts/acme/apikeys'))).toEqual([
      { id: 'apikey-1', active: true, createdAt: expect.any(String) },
    ]);
  });
});
