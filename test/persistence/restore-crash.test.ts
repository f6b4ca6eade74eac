import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { EMPTY } from '../helpers.js';

// A restore with ?replace=true writes the new account's base over the old one's (temp file, fsync,
// rename, fsync of the directory), numbered past the old log's last line so that none of those lines
// is read over it, then empties the old log. The rename is the one commit point: a process killed
// right after any step comes back with the old account whole (every acknowledged write) or the
// snapshot's, never neither and never a mix. The steps are stopped at by the test hook
// BUSINESS_API_SIM_TEST_RESTORE_CRASH (src/accounts/account-files.ts), as delete-crash.test.ts does
// for deletions.

const CRASH_ENV = 'BUSINESS_API_SIM_TEST_RESTORE_CRASH';
const JSON_TYPE = { 'content-type': 'application/json' };
let dir: string;
/** Every simulator a test started: a test cut short (a timeout) may leave one running. */
const started: CliProcess[] = [];

beforeAll(() => ensureBuilt());
afterEach(async () => {
  for (const p of started.splice(0)) await stopCli(p, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function start(env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  const args = ['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small', '--no-auto-accounts'];
  const p = await startCli(args, env);
  started.push(p);
  return p;
}

async function json(res: Response): Promise<any> {
  return res.json();
}

const admin = (base: string, url: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${base}/__admin${url}`, {
    method: init.method ?? 'GET',
    headers: JSON_TYPE,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });

/** The account's API: a token of the seeded credential and an active site. */
async function api(base: string, name: string) {
  const url = `${base}/accounts/${name}/api/v2`;
  const token = await json(
    await fetch(`${url}/token`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
    }),
  );
  const headers = { authorization: `Bearer ${token.access_token}`, ...JSON_TYPE };
  const sites: { SiteId: string; State: number }[] = await json(await fetch(`${url}/sites`, { headers }));
  return { url, headers, site: sites.find((s) => s.State === 1)!.SiteId };
}

/** Adds clients named `names` to the account; answers their ids, each acknowledged (200). */
async function addClients(base: string, account: string, names: string[]): Promise<string[]> {
  const a = await api(base, account);
  const ids: string[] = [];
  for (const name of names) {
    const res = await fetch(`${a.url}/clients?siteId=${a.site}`, {
      method: 'POST',
      headers: a.headers,
      body: JSON.stringify({ ClientId: EMPTY, FirstName: name, LastName: 'Durable', Gender: 1 }),
    });
    expect(res.status).toBe(200);
    ids.push((await json(res)).Value);
  }
  return ids;
}

/** The first name of each client as the account answers it (null for none). */
async function firstNames(base: string, account: string, ids: string[]): Promise<(string | null)[]> {
  const a = await api(base, account);
  const out: (string | null)[] = [];
  for (const id of ids) {
    const res = await fetch(`${a.url}/clients/${id}`, { headers: a.headers });
    expect(res.status).toBe(200);
    out.push((await json(res))?.FirstName ?? null);
  }
  return out;
}

describe('restoring a snapshot over an account with --data-dir', () => {
  it.each([
    [0, 'old'],
    [1, 'old'],
    [2, 'new'],
    [3, 'new'],
  ] as const)(
    'a replacing restore is crash-atomic: a SIGKILL right after step %i leaves the %s account after a restart, ' +
      'whole, never none and never a mix',
    async (step, outcome) => {
      dir = await mkdtemp(path.join(tmpdir(), 'bas-restore-crash-'));
      let server = await start({ [CRASH_ENV]: String(step) });
      for (const name of ['swap', 'source'])
        expect((await admin(server.base, '/accounts', { method: 'POST', body: { name } })).status).toBe(201);
      // The snapshot holds one record of its own; the account it replaces has three acknowledged ones.
      const restored = await addClients(server.base, 'source', ['Snapshot1']);
      const snapshot = await json(await admin(server.base, '/accounts/source/snapshot'));
      const acknowledged = await addClients(server.base, 'swap', ['Old1', 'Old2', 'Old3']);
      expect(
        (await readFile(path.join(dir, 'swap.log'), 'utf8')).split('\n').filter(Boolean).length,
      ).toBeGreaterThanOrEqual(3);

      const put = await admin(server.base, '/accounts/swap?replace=true', { method: 'PUT', body: snapshot }).catch(
        () => undefined,
      );
      expect(put, 'never answered').toBeUndefined();
      expect(await server.exited, 'stopped by the test hook during the restore').toBe('SIGKILL');

      server = await start();
      const names = (await json(await admin(server.base, '/accounts'))).map((a: { name: string }) => a.name);
      expect(names, 'never none').toContain('swap');
      const old = await firstNames(server.base, 'swap', acknowledged);
      const fromSnapshot = await firstNames(server.base, 'swap', restored);
      if (outcome === 'old') {
        expect(old, 'every acknowledged write of the old account').toEqual(['Old1', 'Old2', 'Old3']);
        expect(fromSnapshot, 'nothing of the snapshot').toEqual([null]);
      } else {
        expect(fromSnapshot, 'the snapshot').toEqual(['Snapshot1']);
        expect(old, 'nothing of the old account').toEqual([null, null, null]);
      }

      // The account goes on from there: a write is kept across one more restart, with nothing of the other side.
      const later = await addClients(server.base, 'swap', ['Later']);
      await stopCli(server, 'SIGKILL');
      server = await start();
      expect(await firstNames(server.base, 'swap', [...later, ...acknowledged, ...restored])).toEqual(
        outcome === 'old' ? ['Later', 'Old1', 'Old2', 'Old3', null] : ['Later', null, null, null, 'Snapshot1'],
      );
      const files = await readdir(dir);
      expect(
        files.filter((f) => f.endsWith('.tmp')),
        'temp files are removed on start',
      ).toEqual([]);
      for (const file of files.filter((f) => f.endsWith('.log')))
        for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n').filter(Boolean)) JSON.parse(line);
    },
    60_000,
  );
});
