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

  it('GET /__admin/accounts/{name}/apikeys lists ids, state, IP allow-list and creation time, never the key', async () => {
    const { apiKey } = (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST', body: { active: false } }))
      .body;
    const res = await call(sim, '/__admin/accounts/demo/apikeys');
    expect(res.status).toBe(200);
    const text = res.text;
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(DEMO_API_KEY);
    const list = JSON.parse(text);
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ id: 'apikey-1', active: true, ips: '', createdAt: '2026-03-16T09:00:00.000Z' });
    expect(Object.keys(list[1]).sort()).toEqual(['active', 'createdAt', 'id', 'ips']);
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
      { id: 'apikey-1', active: true, ips: '', createdAt: expect.any(String) },
    ]);
  });

  it("a key's IP allow-list survives a restart", async () => {
    const s = await simulator({ dataDir: dir });
    await call(s, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const { apiKey } = (await call(s, '/__admin/accounts/acme/apikeys', { method: 'POST', body: { ips: '10.1.2.3' } }))
      .body;
    const reloaded = await simulator({ dataDir: dir });
    const from = (ip: string) =>
      call(reloaded, '/accounts/acme/api/sites', { apiKey, headers: { 'x-forwarded-for': ip } });
    expect((await from('10.1.2.3')).status).toBe(200);
    expect((await from('192.168.0.9')).text).toBe('Unauthorized - Invalid client IP address.');
    expect((await call(reloaded, '/__admin/accounts/acme/apikeys')).body[1]).toMatchObject({ ips: '10.1.2.3' });
  });

  it('a data file whose keys have no IP allow-list loads, the keys unrestricted', async () => {
    const s = await simulator({ dataDir: dir });
    await call(s, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } });
    const { apiKey } = (await call(s, '/__admin/accounts/acme/apikeys', { method: 'POST' })).body;
    // Written as the simulator wrote keys before they had one: no `ips` member.
    const strip = (text: string) => text.replace(/"ips":"",/g, '');
    for (const file of ['acme.json', 'acme.log']) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(strip(text)).not.toBe(text);
      await writeFile(path.join(dir, file), strip(text));
    }
    expect([...(await persistedRows(dir, 'acme', 'apiKeys')).values()].some((k) => 'ips' in k)).toBe(false);
    const reloaded = await simulator({ dataDir: dir });
    for (const key of [apiKey, DEMO_API_KEY]) {
      const res = await call(reloaded, '/accounts/acme/api/sites', {
        apiKey: key,
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(res.status).toBe(200);
    }
    const listed = (await call(reloaded, '/__admin/accounts/acme/apikeys')).body;
    expect(listed.map((k: { ips: string }) => k.ips)).toEqual(['', '']);
  });
});

describe('a version 1 key limited to an address range', () => {
  const issue = async (body: Record<string, unknown>) =>
    (await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST', body })).body.apiKey as string;
  const sites = (apiKey: string, ip: string) => call(sim, '/api/sites', { apiKey, headers: { 'x-forwarded-for': ip } });

  it('a call from an address in the list is served', async () => {
    const apiKey = await issue({ ips: '10.1.2.3;172.16.0.1' });
    expect((await sites(apiKey, '10.1.2.3')).status).toBe(200);
    expect((await sites(apiKey, '172.16.0.1')).status).toBe(200);
  });

  it('a call from another address answers 403 `Unauthorized - Invalid client IP address.` in plain text', async () => {
    const apiKey = await issue({ ips: '10.1.2.3' });
    const res = await sites(apiKey, '192.168.0.9');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('Unauthorized - Invalid client IP address.');
  });

  it("the caller's address is matched as a substring of the stored list, as a credential's is", async () => {
    const apiKey = await issue({ ips: '10.1.2.34' });
    expect((await sites(apiKey, '10.1.2.3')).status).toBe(200);
    expect((await sites(apiKey, '10.1.2.5')).status).toBe(403);
  });

  it('a key issued without ips, or with an empty list, answers every address', async () => {
    for (const apiKey of [await issue({}), await issue({ ips: '' }), DEMO_API_KEY]) {
      expect((await sites(apiKey, '198.51.100.4')).status).toBe(200);
    }
  });

  it('the range is checked after the key: an unknown key from a listed address is still the bare 403', async () => {
    await issue({ ips: '10.1.2.3' });
    const res = await sites('not-a-key', '192.168.0.9');
    expect([res.status, res.text]).toEqual([403, 'Unauthorized']);
  });

  it('GET /__admin/accounts/{name}/apikeys shows the list as stored', async () => {
    await issue({ ips: '10.1.2.3;172.16.0.1' });
    const list = (await call(sim, '/__admin/accounts/demo/apikeys')).body;
    expect(list.map((k: { ips: string }) => k.ips)).toEqual(['', '10.1.2.3;172.16.0.1']);
  });

  it('ips must be a string', async () => {
    const res = await call(sim, '/__admin/accounts/demo/apikeys', { method: 'POST', body: { ips: ['10.1.2.3'] } });
    expect(res.status).toBe(400);
  });
});
