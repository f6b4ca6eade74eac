import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { call, EMPTY, simulator, tokenFor } from '../helpers.js';

// Deleting an account renames its base to a tombstone, removes the log, then the tombstone. A
// process killed right after any step comes back with the account either whole (every acknowledged
// write) or gone entirely, and an account created again under the name starts fresh.

const CRASH_ENV = 'BUSINESS_API_SIM_TEST_DELETE_CRASH';
const JSON_TYPE = { 'content-type': 'application/json' };
let dir: string;
let server: CliProcess | undefined;
/** Every simulator a test started: a test cut short (a timeout) may leave the first one running. */
const started: CliProcess[] = [];

beforeAll(() => ensureBuilt());
afterEach(async () => {
  for (const p of started.splice(0)) await stopCli(p, 'SIGKILL');
  server = undefined;
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

/** The account's API: a token of the seeded credential and a site id. */
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
  const sites = await json(await fetch(`${url}/sites`, { headers }));
  return { url, headers, site: sites[0].SiteId as string };
}

const accountNames = async (base: string): Promise<string[]> =>
  (await json(await fetch(`${base}/__admin/accounts`))).map((a: { name: string }) => a.name);

describe('deleting an account with --data-dir', () => {
  it.each([
    [0, 'whole'],
    [1, 'gone'],
    [2, 'gone'],
    [3, 'gone'],
  ] as const)(
    'deletion is crash-atomic: a SIGKILL right after step %i leaves the account %s after a restart, never part-deleted',
    async (step, outcome) => {
      dir = await mkdtemp(path.join(tmpdir(), 'bas-delete-crash-'));
      server = await start({ [CRASH_ENV]: String(step) });
      const created = await fetch(`${server.base}/__admin/accounts`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ name: 'gone' }),
      });
      expect(created.status).toBe(201);
      const a = await api(server.base, 'gone');
      const acknowledged: string[] = [];
      for (const n of [1, 2, 3]) {
        const res = await fetch(`${a.url}/clients?siteId=${a.site}`, {
          method: 'POST',
          headers: a.headers,
          body: JSON.stringify({ ClientId: EMPTY, FirstName: `Kept${n}`, LastName: 'Durable', Gender: 1 }),
        });
        expect(res.status).toBe(200);
        acknowledged.push((await json(res)).Value);
      }
      expect(
        (await readFile(path.join(dir, 'gone.log'), 'utf8')).split('\n').filter(Boolean).length,
      ).toBeGreaterThanOrEqual(3);

      await fetch(`${server.base}/__admin/accounts/gone`, { method: 'DELETE' }).catch(() => undefined);
      expect(await server.exited, 'stopped by the test hook during the deletion').toBe('SIGKILL');

      server = await start();
      const names = await accountNames(server.base);
      if (outcome === 'whole') {
        expect(names).toContain('gone');
        const b = await api(server.base, 'gone');
        for (const [n, id] of acknowledged.entries()) {
          const read = await json(await fetch(`${b.url}/clients/${id}`, { headers: b.headers }));
          expect(read?.FirstName, 'every acknowledged write is there').toBe(`Kept${n + 1}`);
        }
        return;
      }
      expect(names).not.toContain('gone');
      const files = await readdir(dir);
      expect(
        files.filter((f) => f.includes('gone')),
        'no file of the deleted account is left',
      ).toEqual([]);
      const again = await fetch(`${server.base}/__admin/accounts`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ name: 'gone' }),
      });
      expect(again.status).toBe(201);
      const b = await api(server.base, 'gone');
      for (const id of acknowledged) {
        const read = await fetch(`${b.url}/clients/${id}`, { headers: b.headers });
        expect(await read.text(), 'the new account holds none of the old records').toBe('null');
      }
    },
    30_000,
  );

  it('a deletion cut short is finished on start: a tombstone and a log without its base are removed, never replayed', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-orphan-log-'));
    const first = await simulator({ dataDir: dir });
    for (const name of ['orphan', 'buried']) {
      await call(first, '/__admin/accounts', { method: 'POST', body: { name } });
      const token = await tokenFor(first, `/accounts/${name}`);
      const site = (await call(first, `/accounts/${name}/api/v2/sites`, { token })).body[0].SiteId;
      const made = await call(first, `/accounts/${name}/api/v2/clients?siteId=${site}`, {
        method: 'POST',
        token,
        body: { ClientId: EMPTY, FirstName: 'Deleted', LastName: 'Line', Gender: 1 },
      });
      expect(made.status).toBe(200);
    }
    await first.close();
    // What a deletion cut short leaves: a log without its base (an older version removed the base
    // second), and a tombstone beside the log (this one, after its first step).
    await rm(path.join(dir, 'orphan.json'));
    await writeFile(path.join(dir, '.buried.deleted'), await readFile(path.join(dir, 'buried.json')));
    await rm(path.join(dir, 'buried.json'));

    const second = await simulator({ dataDir: dir, autoAccounts: false });
    expect((await call(second, '/__admin/accounts')).body.map((a: { name: string }) => a.name)).not.toContain('orphan');
    const left = (await readdir(dir)).filter((f) => f.includes('orphan') || f.includes('buried'));
    expect(left, 'the deletions are finished').toEqual([]);
    await second.close();
  });
});
