import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newClient } from '../clients/support.js';
import { call, simulator, tokenFor } from '../helpers.js';

// Deleting an account and creating one of the same name at once, while writes to it are in
// flight, never removes or corrupts the newer account's data.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('account lifecycle', () => {
  it('delete and re-create with the same name, racing with writes, never removes or corrupts the newer account', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-race-'));
    let sim = await simulator({ dataDir: dir });
    for (let round = 0; round < 5; round++) {
      expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } })).status).toBe(201);
      const token = await tokenFor(sim, '/accounts/acme');
      const site = sim.registry.get('acme')!.world.sites[0]!.SiteId;
      const write = (name: string) =>
        call(sim, `/accounts/acme/api/v2/clients?siteId=${site}`, {
          method: 'POST',
          token,
          body: newClient({ FirstName: name }),
        });
      // Writes to the old account, its deletion and the new account's creation, all at once.
      const [, deleted, created] = await Promise.all([
        Promise.all(Array.from({ length: 8 }, (_, i) => write(`Old${round}n${i}`))),
        call(sim, '/__admin/accounts/acme', { method: 'DELETE' }),
        call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } }),
      ]);
      expect(deleted.status).toBe(204);
      // The create either waited for the deletion (201) or came first and found the old one (409).
      expect([201, 409]).toContain(created.status);
      if (created.status === 409)
        expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'acme' } })).status).toBe(201);

      const fresh = await tokenFor(sim, '/accounts/acme');
      const mine = await call(sim, `/accounts/acme/api/v2/clients?siteId=${site}`, {
        method: 'POST',
        token: fresh,
        body: newClient({ FirstName: `New${round}` }),
      });
      expect(mine.status).toBe(200);
      const id = mine.body.Value as string;

      // A restart finds the newer account whole: its client, none of the old account's, files that parse.
      const again = await simulator({ dataDir: dir, autoAccounts: false });
      const t = await tokenFor(again, '/accounts/acme');
      expect((await call(again, `/accounts/acme/api/v2/clients/${id}`, { token: t })).body.FirstName).toBe(
        `New${round}`,
      );
      const olds = (await call(again, `/accounts/acme/api/v2/clients?siteId=${site}&find=Old${round}`, { token: t }))
        .body;
      expect(olds).toEqual([]);
      for (const file of await readdir(dir)) {
        if (file.endsWith('.json')) JSON.parse(await readFile(path.join(dir, file), 'utf8'));
        if (file.endsWith('.log'))
          for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n').filter(Boolean))
            JSON.parse(line);
      }
      // The restart stopped the first simulator: the next round goes on with the one holding the directory.
      sim = again;
      expect((await call(sim, '/__admin/accounts/acme', { method: 'DELETE' })).status).toBe(204);
    }
  });

  it('a deleted account loses both its files', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-race-'));
    const sim = await simulator({ dataDir: dir });
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'gone' } });
    await tokenFor(sim, '/accounts/gone');
    expect((await readdir(dir)).filter((f) => f.startsWith('gone.'))).toEqual(['gone.json', 'gone.log']);
    expect((await call(sim, '/__admin/accounts/gone', { method: 'DELETE' })).status).toBe(204);
    expect((await readdir(dir)).filter((f) => f.startsWith('gone.'))).toEqual([]);
  });
});

describe('--max-accounts', () => {
  it('beyond --max-accounts an auto-provisioned account answers 503 with a JSON message naming the flag, and nothing is created', async () => {
    // The 503 is the simulator's own capacity answer, not one of the API's: the document does not list it.
    const sim = await simulator({ maxAccounts: 2 }, () => false);
    // A first call with a token, as an integration makes it, creates the account it names.
    const ping = (host: string) => call(sim, '/api/v2/ping', { host, token: 'not-yet-issued' });
    expect((await ping('one.localhost')).status).toBe(403);
    expect((await ping('two.localhost')).status).toBe(403);
    const res = await ping('three.localhost');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.Message).toContain('--max-accounts');
    expect(
      sim.registry
        .list()
        .map((a) => a.name)
        .sort(),
    ).toEqual(['one', 'two']);
  });

  it('beyond --max-accounts a control-plane create answers 503 naming the flag; after a delete there is room again', async () => {
    const sim = await simulator({ maxAccounts: 1 });
    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'second' } })).status).toBe(201);
    const refused = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'third' } });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toContain('--max-accounts');
    expect((await call(sim, '/__admin/accounts/second', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'third' } })).status).toBe(201);
  });
});
