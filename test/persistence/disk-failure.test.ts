import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { newClient } from '../clients/support.js';
import { call, demoApi, EMPTY, simulator, tokenFor } from '../helpers.js';

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
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-disk-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
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
