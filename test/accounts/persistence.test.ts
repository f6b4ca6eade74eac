import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Memory } from 'lowdb';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountAdapter, loadStore } from '../../src/accounts/store.js';
import { APPOINTMENT_STATE_IDS, earlierStateIds } from '../../src/world/diary.js';
import { upcoming } from '../appointments/support.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, DEMO_CREDENTIAL, demoApi, simulator, tokenFor } from '../helpers.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('--data-dir persistence', () => {
  it('each account persists to a JSON file and is reloaded on restart', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-'));
    const first = await simulator({ dataDir: dir });
    const token = await tokenFor(first, '/accounts/acme');
    const rotated = await call(first, '/accounts/acme/api/v2/token/rotate-clientid', {
      method: 'POST',
      body: DEMO_CREDENTIAL,
    });
    const { client_id } = rotated.body;
    await call(first, '/__admin/accounts/acme/clock', { method: 'POST', body: { advanceSeconds: 3600 } });

    const file = JSON.parse(await readFile(path.join(dir, 'acme.json'), 'utf8'));
    expect(file.settings.name).toBe('acme');

    const second = await simulator({ dataDir: dir, autoAccounts: false });
    expect((await call(second, '/accounts/acme/api/v2/ping', { token })).status).toBe(200);
    expect((await call(second, '/accounts/acme/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL })).status).toBe(
      401,
    );
    const again = await call(second, '/accounts/acme/api/v2/token', {
      method: 'POST',
      body: { ...DEMO_CREDENTIAL, clientId: client_id },
    });
    expect(again.status).toBe(200);
    expect((await call(second, '/__admin/accounts/acme/clock')).body).toEqual({ now: '2026-03-16T10:00:00.000Z' });
  });

  it('an appointment saved while state ids were drawn from the seed is read in the same state by its fixed id', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-'));
    const d = await demoApi({ dataDir: dir });
    const a = upcoming(d.world);
    const arrived = APPOINTMENT_STATE_IDS.Arrived;
    const set = `/api/v2/appointments/setstate?appointmentId=${a.AppointmentId}&appointmentStateId=${arrived}`;
    expect((await call(d, set, { method: 'POST' })).status).toBe(200);
    // The files as a simulator that drew the state ids from the seed wrote them.
    const earlier = [...earlierStateIds(d.account.settings.seed)].find(([, fixed]) => fixed === arrived)![0];
    expect(earlier).not.toBe(arrived);
    for (const file of ['demo.json', 'demo.log']) {
      const text = await readFile(path.join(dir, file), 'utf8').catch(() => '');
      await writeFile(path.join(dir, file), text.replaceAll(arrived, earlier));
    }
    expect(await readFile(path.join(dir, 'demo.log'), 'utf8')).toContain(earlier);

    const again = await demoApi({ dataDir: dir, autoAccounts: false });
    const read = await call(again, `/api/v2/appointments/${a.AppointmentId}`);
    expect(read.body.AppointmentStateId).toBe(arrived);
  });

  it('a deleted account loses its file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-'));
    const sim = await simulator({ dataDir: dir });
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'gone' } });
    await call(sim, '/__admin/accounts/gone', { method: 'DELETE' });
    await expect(readFile(path.join(dir, 'gone.json'))).rejects.toThrow();
  });

  it('a data file that is not account data is an error naming the file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-'));
    await writeFile(path.join(dir, 'broken.json'), '{"settings": ');
    await expect(simulator({ dataDir: dir })).rejects.toThrow(/broken\.json/);
  });

  it("the account's store is lowdb: each write is one line appended by its adapter, and lowdb reads the same data back from the files", async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-'));
    const d = await demoApi({ dataDir: dir });
    expect(d.account.store.adapter).toBeInstanceOf(AccountAdapter);
    const log = path.join(dir, 'demo.log');
    const lines = async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
    const before = await lines();
    const created = await call(d, `/api/v2/clients?siteId=${activeSite(d.world)}`, {
      method: 'POST',
      body: newClient({ FirstName: 'Logged' }),
    });
    expect(created.status).toBe(200);
    expect(await lines()).toBe(before + 1);
    const { store } = await loadStore(dir, 'demo');
    expect(JSON.stringify(store.data)).toBe(JSON.stringify(d.account.store.data));

    const memory = await demoApi();
    expect(memory.account.store.adapter).toBeInstanceOf(Memory);
  });
});
