import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../src/app.js';
import { DataDirLockedError } from '../../src/index.js';
import { ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, demoApi, EMPTY, simulator, tokenFor } from '../helpers.js';

// A write the disk refuses answers 500 and leaves the account exactly as it was: in memory (the
// next read does not see it) and on disk (a restart does not see it either, and the files are
// unchanged). Then, once the disk takes writes again, writing goes on.

/** A small tmpfs (size in KiB) the test may remount read-only or fill; undefined where mounting is not permitted. */
function mountTmpfs(dir: string, kib: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Makes the directory and its files read-only even for root (immutable), or writable again. */
function immutable(d: string, on: boolean): void {
  const files = ['demo.json', 'demo.log'].map((f) => path.join(d, f));
  execFileSync('chattr', [on ? '+i' : '-i', ...files, d], { stdio: 'ignore' });
}

// Probed once: mounting needs root (CI and the development machines run as root).
const probe = path.join(tmpdir(), `bas-mount-probe-${process.pid}`);
execFileSync('mkdir', ['-p', probe]);
const canMount = mountTmpfs(probe, 64);
if (canMount) execFileSync('umount', [probe]);
execFileSync('rmdir', [probe]);
const needsMount = (name: string) => (canMount ? name : `${name} (skipped: mounting a tmpfs needs root)`);
const canChattr = (() => {
  const probeFile = path.join(tmpdir(), `bas-chattr-probe-${process.pid}`);
  try {
    execFileSync('touch', [probeFile]);
    execFileSync('chattr', ['+i', probeFile], { stdio: 'ignore' });
    execFileSync('chattr', ['-i', probeFile], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    execFileSync('rm', ['-f', probeFile]);
  }
})();
const needsChattr = (name: string) =>
  canChattr ? name : `${name} (skipped: chattr +i needs root and a file system that has it)`;

let dir: string;
let mounted = false;
/** Set while a test has made the directory immutable (chattr +i), so that a failed test still mends it. */
let frozen = false;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-disk-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  if (frozen) execFileSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
  frozen = false;
  if (mounted) execFileSync('umount', ['-l', dir]);
  mounted = false;
  await rm(dir, { recursive: true, force: true });
});

async function filesOf(d: string): Promise<string> {
  return (
    (await readFile(path.join(d, 'demo.json'), 'utf8')) +
    (await readFile(path.join(d, 'demo.log'), 'utf8').catch(() => ''))
  );
}

/** Creates a client; answers the status and, on 200, the id. */
async function createClient(sim: Simulator, token: string, name: string): Promise<{ status: number; id?: string }> {
  const site = sim.registry.get('demo')!.world.sites[0]!.SiteId;
  // Notes of several pages in all, so that no space left in the log's last block can hold the write.
  const notes = Array.from({ length: 16 }, () => ({ Body: 'x'.repeat(4000), ClientNoteType: 1, ObjectState: 1 }));
  const res = await call(sim, `/api/v2/clients?siteId=${site}`, {
    method: 'POST',
    token,
    body: newClient({ FirstName: name, ClientNotes: notes }),
  });
  return { status: res.status, id: res.status === 200 ? res.body.Value : undefined };
}

const clientNamed = async (sim: Simulator, token: string, name: string) => {
  const site = sim.registry.get('demo')!.world.sites[0]!.SiteId;
  return (await call(sim, `/api/v2/clients?siteId=${site}&find=${name}`, { token })).body as { FirstName: string }[];
};

/** The same checks for any way the disk refuses: 500, nothing seen in memory or after a restart, then writes go on. */
async function refusedWriteLeavesNothing(
  d: string,
  breakDisk: () => void | Promise<void>,
  mendDisk: () => void | Promise<void>,
  /**
   * A full disk may still hold a small write in the log's last block: the clock move is checked where every write
   * fails.
   */
  everyWriteFails = true,
) {
  // The 500 of a failed save is the service's generic error, which the document does not list per endpoint.
  const sim = await simulator({ dataDir: d }, (_request, _sim) => false);
  const token = await tokenFor(sim);
  const before = await createClient(sim, token, 'Kept');
  expect(before.status).toBe(200);
  const onDisk = await filesOf(d);
  const version = sim.registry.get('demo')!.version;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  await breakDisk();
  const refused = await createClient(sim, token, 'Lost');
  expect(refused.status).toBe(500);
  expect(await clientNamed(sim, token, 'Lost')).toEqual([]);
  expect(sim.registry.get('demo')!.version).toBe(version);
  if (everyWriteFails) {
    const clock = await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 3600 } });
    expect(clock.status).toBe(500);
    expect((await call(sim, '/__admin/accounts/demo/clock')).body).toEqual({ now: '2026-03-16T09:00:00.000Z' });
  }
  expect(await filesOf(d)).toBe(onDisk);

  await mendDisk();
  const after = await createClient(sim, token, 'Later');
  expect(after.status).toBe(200);
  const restarted = await simulator({ dataDir: d });
  const again = await tokenFor(restarted);
  expect(await clientNamed(restarted, again, 'Lost')).toEqual([]);
  expect((await clientNamed(restarted, again, 'Kept')).map((c) => c.FirstName)).toEqual(['Kept']);
  expect((await clientNamed(restarted, again, 'Later')).map((c) => c.FirstName)).toEqual(['Later']);
}

describe('writes the disk refuses', () => {
  it('a write whose save fails (injected failing writer) answers 500 and leaves the account as it was, in memory and on disk', async () => {
    let failing = false;
    await refusedWriteLeavesNothing(
      dir,
      async () => {
        failing = true;
        const { AccountFiles } = await import('../../src/accounts/account-files.js');
        const append = AccountFiles.prototype.append;
        vi.spyOn(AccountFiles.prototype, 'append').mockImplementation(function (
          this: InstanceType<typeof AccountFiles>,
          set,
        ) {
          return failing
            ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }))
            : append.call(this, set);
        });
      },
      () => {
        failing = false;
      },
    );
  });

  it.skipIf(!canChattr)(
    needsChattr(
      'a read-only data directory refuses writes with 500 and the account stays as it was, in memory and on disk',
    ),
    async () => {
      try {
        await refusedWriteLeavesNothing(
          dir,
          () => immutable(dir, true),
          () => immutable(dir, false),
        );
      } finally {
        if (canChattr) execFileSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
      }
    },
  );

  it.skipIf(!canMount)(
    needsMount('a full disk refuses writes with 500 and the account stays as it was, in memory and on disk'),
    async () => {
      mounted = mountTmpfs(dir, 1024);
      expect(mounted).toBe(true);
      const filler = path.join(dir, 'filler');
      await refusedWriteLeavesNothing(
        dir,
        async () => {
          // Fill what is left, a block at a time, until the disk says no.
          await mkdir(filler);
          for (let i = 0; ; i++) {
            try {
              await writeFile(path.join(filler, String(i)), Buffer.alloc(4096, 1));
            } catch {
              break;
            }
          }
        },
        () => rm(filler, { recursive: true, force: true }),
        false,
      );
    },
  );

  it('a refused write (400) changes nothing on disk', async () => {
    const { sim, token } = await demoApi({ dataDir: dir });
    const onDisk = await filesOf(dir);
    const res = await call(sim, `/api/v2/clients?siteId=${EMPTY}`, {
      method: 'POST',
      token,
      body: { ...newClient(), Gender: 'sometimes' },
    });
    expect(res.status).toBe(400);
    expect(await filesOf(dir)).toBe(onDisk);
  });
});

/** Fills what is left of the tmpfs at `d`, a block at a time, until the disk says no. */
async function fillDisk(d: string): Promise<void> {
  const filler = path.join(d, 'filler');
  await mkdir(filler, { recursive: true });
  for (let i = 0; ; i++) {
    try {
      await writeFile(path.join(filler, String(i)), Buffer.alloc(4096, 1));
    } catch {
      break;
    }
  }
}

/** A way the disk refuses: set up before the simulator starts, then broken and mended while it runs. */
interface BrokenDisk {
  /** The errno the simulator meets. */
  code: RegExp;
  prepare(): void;
  breakDisk(): void | Promise<void>;
  mendDisk(): void | Promise<void>;
}

const fullDisk: BrokenDisk = {
  code: /ENOSPC/,
  prepare() {
    mounted = mountTmpfs(dir, 1024);
    expect(mounted).toBe(true);
  },
  breakDisk: () => fillDisk(dir),
  mendDisk: () => rm(path.join(dir, 'filler'), { recursive: true, force: true }),
};

/** The directory and every file in it immutable: nothing can be created, renamed, removed or written, even by root. */
const readOnlyDir: BrokenDisk = {
  code: /EPERM/,
  prepare() {},
  breakDisk() {
    frozen = true;
    execFileSync('chattr', ['-R', '+i', dir], { stdio: 'ignore' });
  },
  mendDisk() {
    execFileSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
    frozen = false;
  },
};

const DISKS = [
  ['a full disk', canMount, needsMount, fullDisk],
  ['a read-only data directory', canChattr, needsChattr, readOnlyDir],
] as const;

/** Every file of the data directory but the filler, each with its bytes. */
async function dataFiles(d: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(d)).sort()) {
    if (name !== 'filler') out[name] = await readFile(path.join(d, name), 'latin1');
  }
  return out;
}

/** Adds a client named `name` to the account at `prefix`; answers its id. */
async function addClient(sim: Simulator, token: string, name: string, prefix = ''): Promise<string> {
  const account = sim.registry.get(prefix === '' ? 'demo' : prefix.split('/')[2]!)!;
  const res = await call(sim, `${prefix}/api/v2/clients?siteId=${activeSite(account.world)}`, {
    method: 'POST',
    token,
    body: newClient({ FirstName: name }),
  });
  expect(res.status).toBe(200);
  return res.body.Value as string;
}

/**
 * The client's first name as the demo account answers it with `token` (an account that does not know the token
 * answers no name).
 */
async function firstName(sim: Simulator, token: string, id: string): Promise<string | undefined> {
  const res = await call(sim, `/api/v2/clients/${id}`, { token });
  return res.status === 200 ? (res.body?.FirstName ?? undefined) : `HTTP ${res.status}`;
}

const accountNames = async (sim: Simulator): Promise<string[]> =>
  (await call(sim, '/__admin/accounts')).body.map((a: { name: string }) => a.name);

/**
 * A delete or a replacing restore of the demo account on a disk that refuses it: 500, and the account
 * is as it was in memory (listed, its old token and records answer) and on disk (every file byte for
 * byte); a restart, while the disk still refuses and once it takes writes again, finds it the same.
 */
async function refusedRemovalKeepsTheAccount(disk: BrokenDisk, op: 'delete' | 'restore'): Promise<void> {
  disk.prepare();
  // The 500 of a failed save is the service's generic error, which the documents do not list per endpoint.
  const sim = await simulator({ dataDir: dir }, () => false);
  const token = await tokenFor(sim);
  const kept = await addClient(sim, token, 'Kept');
  // What a restore would put in the demo account's place: another account's snapshot.
  expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'other' } })).status).toBe(201);
  const other = await addClient(sim, await tokenFor(sim, '/accounts/other'), 'Other', '/accounts/other');
  const snapshot = (await call(sim, '/__admin/accounts/other/snapshot')).body;
  const onDisk = await dataFiles(dir);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  await disk.breakDisk();
  const refused =
    op === 'delete'
      ? await call(sim, '/__admin/accounts/demo', { method: 'DELETE' })
      : await call(sim, '/__admin/accounts/demo?replace=true', { method: 'PUT', body: snapshot });
  expect(refused.status).toBe(500);
  expect(await accountNames(sim), 'still served').toContain('demo');
  expect(await firstName(sim, token, kept), 'the next API call finds the old data').toBe('Kept');
  expect(await firstName(sim, token, other), 'none of the snapshot').toBeUndefined();
  expect(await dataFiles(dir), 'its files as they were').toEqual(onDisk);

  const during = await simulator({ dataDir: dir }, () => false);
  expect(await accountNames(during)).toContain('demo');
  expect(await firstName(during, token, kept), 'a restart while the disk refuses').toBe('Kept');
  expect(await firstName(during, token, other)).toBeUndefined();

  await disk.mendDisk();
  const after = await simulator({ dataDir: dir }, () => false);
  expect(await firstName(after, token, kept), 'a restart once it takes writes').toBe('Kept');
  expect(await firstName(after, token, other)).toBeUndefined();
  expect(await addClient(after, token, 'Later')).toBeTypeOf('string');
  // And now it is done.
  const done =
    op === 'delete'
      ? await call(after, '/__admin/accounts/demo', { method: 'DELETE' })
      : await call(after, '/__admin/accounts/demo?replace=true', { method: 'PUT', body: snapshot });
  expect(done.status).toBe(op === 'delete' ? 204 : 200);
  await after.close();
}

describe('deletes and replacing restores the disk refuses', () => {
  it.each(['delete', 'restore'] as const)(
    'a %s whose commit fails (injected I/O error) answers 500 and leaves the account open and as it was: ' +
      'it still takes writes, and a restart finds them',
    async (op) => {
      const { AccountFiles } = await import('../../src/accounts/account-files.js');
      const sim = await simulator({ dataDir: dir }, () => false);
      const token = await tokenFor(sim);
      const kept = await addClient(sim, token, 'Kept');
      const snapshot = (await call(sim, '/__admin/accounts/demo/snapshot')).body;
      const onDisk = await dataFiles(dir);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const eio = () => Promise.reject(Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' }));
      const commit = vi.spyOn(AccountFiles.prototype, op === 'delete' ? 'bury' : 'replace').mockImplementation(eio);
      const refused =
        op === 'delete'
          ? await call(sim, '/__admin/accounts/demo', { method: 'DELETE' })
          : await call(sim, '/__admin/accounts/demo?replace=true', { method: 'PUT', body: snapshot });
      expect(refused.status).toBe(500);
      expect(commit).toHaveBeenCalledTimes(1);
      commit.mockRestore();
      // The life of the name may have ended (a file beside the account's); the account's own files are as they were.
      const now = await dataFiles(dir);
      expect({ ...now, '.account-lives.json': undefined }).toEqual({ ...onDisk, '.account-lives.json': undefined });
      expect(await firstName(sim, token, kept)).toBe('Kept');
      const later = await addClient(sim, token, 'Later');
      const restarted = await simulator({ dataDir: dir }, () => false);
      expect(await firstName(restarted, token, kept)).toBe('Kept');
      expect(await firstName(restarted, token, later)).toBe('Later');
    },
  );

  for (const [disk, can, needs, way] of DISKS) {
    it.skipIf(!can)(
      needs(
        `a delete refused by ${disk} answers 500 and keeps the account served and on disk: the next API call finds ` +
          'the old data, not an empty account, also after a restart',
      ),
      () => refusedRemovalKeepsTheAccount(way, 'delete'),
    );
    it.skipIf(!can)(
      needs(
        `a replacing restore refused by ${disk} answers 500 and keeps the account served and on disk: the next API ` +
          'call finds the old data, not the snapshot nor an empty account, also after a restart',
      ),
      () => refusedRemovalKeepsTheAccount(way, 'restore'),
    );
  }
});

describe('a start on a disk that cannot be written', () => {
  for (const [disk, can, needs, way] of DISKS) {
    it.skipIf(!can)(
      needs(
        `a simulator started on ${disk} serves what is there read-only: reads answer, every write answers 500 and ` +
          'changes nothing, health says so; a restart once the disk takes writes again writes again',
      ),
      async () => {
        way.prepare();
        const first = await simulator({ dataDir: dir });
        const token = await tokenFor(first);
        const kept = await addClient(first, token, 'Kept');
        await first.close();
        const onDisk = await dataFiles(dir);
        await way.breakDisk();
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        vi.spyOn(console, 'error').mockImplementation(() => undefined);

        const sim = await simulator({ dataDir: dir }, () => false);
        expect(warn, 'one line says so at the start').toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toMatch(
          new RegExp(`data directory ${dir} cannot be written \\(.*${way.code.source}.*\\).*read-only`),
        );
        expect((await call(sim, '/__admin/health')).body).toEqual({
          status: 'ok',
          dataDir: { readOnly: true, reason: expect.stringMatching(way.code) },
        });
        // Reads answer, with what was acknowledged before.
        expect(await firstName(sim, token, kept)).toBe('Kept');
        const site = activeSite(sim.registry.get('demo')!.world);
        expect((await call(sim, `/api/v2/clients?siteId=${site}`, { token })).status).toBe(200);
        const snapshot = await call(sim, '/__admin/accounts/demo/snapshot');
        expect(snapshot.status).toBe(200);
        // Every write is answered as a save the disk refuses: 500, nothing kept.
        const writes = {
          client: await call(sim, `/api/v2/clients?siteId=${site}`, { method: 'POST', token, body: newClient() }),
          token: await call(sim, '/api/v2/token', {
            method: 'POST',
            body: { clientId: 'demo-client', secret: 'demo-secret' },
          }),
          clock: await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 60 } }),
          reset: await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' }),
          delete: await call(sim, '/__admin/accounts/demo', { method: 'DELETE' }),
          restore: await call(sim, '/__admin/accounts/demo?replace=true', { method: 'PUT', body: snapshot.body }),
          create: await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'fresh' } }),
          firstUse: await call(sim, '/accounts/other/api/v2/token', {
            method: 'POST',
            body: { clientId: 'demo-client', secret: 'demo-secret' },
          }),
        };
        expect(Object.fromEntries(Object.entries(writes).map(([k, v]) => [k, v.status]))).toEqual({
          client: 500,
          token: 500,
          clock: 500,
          reset: 500,
          delete: 500,
          restore: 500,
          create: 500,
          firstUse: 500,
        });
        expect(await accountNames(sim)).toEqual(['demo']);
        expect(await firstName(sim, token, kept)).toBe('Kept');
        expect(await dataFiles(dir), 'nothing written, nothing removed').toEqual(onDisk);

        await way.mendDisk();
        const later = await simulator({ dataDir: dir });
        expect((await call(later, '/__admin/health')).body).toEqual({ status: 'ok' });
        const written = await addClient(later, token, 'Later');
        const again = await simulator({ dataDir: dir });
        expect(await firstName(again, token, kept)).toBe('Kept');
        expect(await firstName(again, token, written)).toBe('Later');
        await again.close();
      },
    );
  }

  it.skipIf(!canMount)(
    needsMount(
      'on a full disk, a data directory a running simulator holds is still refused naming it, and a lock whose ' +
        'process is gone does not stop the read-only start',
    ),
    async () => {
      fullDisk.prepare();
      const holder = await createSimulator({ dataDir: dir, size: 'small' });
      await fillDisk(dir);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await expect(createSimulator({ dataDir: dir, size: 'small' })).rejects.toThrow(DataDirLockedError);
      await holder.close();

      // A lock naming a process that has ended (its PID runs nothing now), written while there was room.
      await fullDisk.mendDisk();
      const gone = spawnSync('true').pid;
      const lock = JSON.stringify({ pid: gone, host: hostname(), since: 'x', marker: null });
      await writeFile(path.join(dir, '.simulator.lock'), lock);
      await fillDisk(dir);
      const sim = await createSimulator({ dataDir: dir, size: 'small' });
      try {
        expect((await call(sim, '/__admin/health')).body.dataDir).toMatchObject({ readOnly: true });
        expect(await readFile(path.join(dir, '.simulator.lock'), 'utf8'), 'left as it was').toBe(lock);
      } finally {
        await sim.close();
      }
    },
  );
});

describe('the command line on a full disk', () => {
  beforeAll(() => ensureBuilt());

  it.skipIf(!canMount)(
    needsMount(
      'a simulator started on a full disk does not exit: it prints one line saying its data directory is used ' +
        'read-only, answers reads and refuses writes with 500, and stops cleanly',
    ),
    async () => {
      fullDisk.prepare();
      const args = ['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small'];
      const JSON_TYPE = { 'content-type': 'application/json' };
      let p = await startCli(args);
      let bearer: Record<string, string>;
      let id: string;
      let site: string;
      try {
        const token = await fetch(`${p.base}/api/v2/token`, {
          method: 'POST',
          headers: JSON_TYPE,
          body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
        });
        bearer = {
          authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
          ...JSON_TYPE,
        };
        const sites = (await (await fetch(`${p.base}/api/v2/sites`, { headers: bearer })).json()) as {
          SiteId: string;
          State: number;
        }[];
        site = sites.find((s) => s.State === 1)!.SiteId;
        const made = await fetch(`${p.base}/api/v2/clients?siteId=${site}`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify(newClient({ FirstName: 'Kept' })),
        });
        expect(made.status).toBe(200);
        id = ((await made.json()) as { Value: string }).Value;
      } finally {
        await stopCli(p);
      }
      await fillDisk(dir);

      p = await startCli(args);
      try {
        const health = (await (await fetch(`${p.base}/__admin/health`)).json()) as Record<string, unknown>;
        expect(health).toEqual({ status: 'ok', dataDir: { readOnly: true, reason: expect.stringMatching(/ENOSPC/) } });
        const read = await fetch(`${p.base}/api/v2/clients/${id}`, { headers: bearer });
        expect(((await read.json()) as { FirstName: string }).FirstName).toBe('Kept');
        const write = await fetch(`${p.base}/api/v2/clients?siteId=${site}`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify(newClient()),
        });
        expect(write.status).toBe(500);
        // The line goes to stderr before the banner; wait for the pipe to have delivered it.
        for (let i = 0; i < 100 && !p.output().includes('read-only'); i++) await new Promise((r) => setTimeout(r, 50));
        expect(p.output().match(/cannot be written/g), p.output()).toHaveLength(1);
      } finally {
        await stopCli(p);
      }
      expect(await p.exited).toBe(0);
    },
    30_000,
  );
});
