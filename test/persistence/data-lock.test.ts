import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulator, DataDirLockedError, startSimulator } from '../../src/index.js';
import { type CliProcess, ensureBuilt, runCli, startCli, stopCli } from '../cli/process.js';

// One simulator per data directory: two would both acknowledge writes to the same logs, and the
// next start would refuse every account they shared. The second is refused, naming the holder; a
// lock whose holder is gone does not block.

const LOCK = '.simulator.lock';
let dir: string;
let server: CliProcess | undefined;
const args = () => ['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small'];

beforeAll(() => ensureBuilt());
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bas-lock-'));
});
afterEach(async () => {
  await stopCli(server, 'SIGKILL');
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** Issues a token (a write that is saved): the answer's status. */
async function tokenStatus(base: string): Promise<number> {
  const res = await fetch(`${base}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
  });
  return res.status;
}

describe('one simulator per data directory', () => {
  it('a second simulator on a data directory in use is refused with exit code 2, naming the holder', async () => {
    server = await startCli(args());
    const second = runCli(args());
    expect(second.status).toBe(2);
    expect(second.stderr.trim()).toMatch(
      new RegExp(
        `^business-api-sim: the data directory .* is in use by another simulator ` +
          `\\(PID ${server.child.pid} on host ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT.*\\): stop it first`,
      ),
    );
    expect(second.stderr).not.toMatch(/\n\s+at /); // no stack
    expect(await tokenStatus(server.base)).toBe(200);
  });

  it('a second simulator in process (createSimulator, startSimulator) on a data directory in use is refused', async () => {
    const first = await createSimulator({ dataDir: dir, size: 'small' });
    await expect(createSimulator({ dataDir: dir, size: 'small' })).rejects.toThrow(DataDirLockedError);
    await expect(startSimulator({ dataDir: dir, size: 'small', listen: false })).rejects.toThrow(
      `is in use by another simulator (PID ${process.pid} on host ${hostname()}`,
    );
    await first.close();
  });

  it('a lock left by a simulator killed with SIGKILL does not block the next start', async () => {
    server = await startCli(args());
    server.child.kill('SIGKILL');
    expect(await server.exited).toBe('SIGKILL');
    expect(existsSync(path.join(dir, LOCK)), 'the killed process left its lock').toBe(true);
    server = await startCli(args());
    expect(await tokenStatus(server.base)).toBe(200);
    expect(JSON.parse(await readFile(path.join(dir, LOCK), 'utf8')).pid).toBe(server.child.pid);
  });

  it('a clean stop releases the data directory', async () => {
    server = await startCli(args());
    await stopCli(server);
    expect(existsSync(path.join(dir, LOCK))).toBe(false);
    server = await startCli(args());

    const kit = await startSimulator({ dataDir: path.join(dir, 'kit'), size: 'small', listen: false });
    await kit.stop();
    const again = await startSimulator({ dataDir: path.join(dir, 'kit'), size: 'small' });
    await again.stop();
    expect(existsSync(path.join(dir, 'kit', LOCK))).toBe(false);
  });

  it('a lock naming a running process is kept, one naming a process of another host is kept with advice', async () => {
    // The test runner's own PID: alive, and not this simulator's.
    await writeFile(
      path.join(dir, LOCK),
      JSON.stringify({ pid: process.pid, host: hostname(), since: 'x', marker: null }),
    );
    expect(runCli(args()).stderr).toContain(`(PID ${process.pid} on host ${hostname()}, since x)`);
    await writeFile(path.join(dir, LOCK), JSON.stringify({ pid: 1, host: 'elsewhere', since: 'y', marker: null }));
    const out = runCli(args());
    expect(out.status).toBe(2);
    expect(out.stderr).toContain(`on host elsewhere, since y); its process cannot be checked from this host`);
    expect(out.stderr).toContain(`remove ${path.join(dir, LOCK)}`);
  });

  it.runIf(process.platform === 'linux')(
    'a lock whose PID now runs another process (its start differs) does not block the next start',
    async () => {
      const stale = { pid: process.pid, host: hostname(), since: 'z', marker: 'another-boot:1' };
      await writeFile(path.join(dir, LOCK), JSON.stringify(stale));
      server = await startCli(args());
      expect(JSON.parse(await readFile(path.join(dir, LOCK), 'utf8')).pid).toBe(server.child.pid);
    },
  );
});

/** What the lock records of a process's start on Linux: `<boot id>:<start tick>`, from /proc. */
function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  return `${boot}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
}

// A node re-created after an unclean stop (a container killed, then made again: `hostname:` in
// deploy/compose.yaml, the pod's name in the StatefulSet) has the host name of the one that left the
// lock, and often its PID too (the entrypoint is PID 1 in every container). The lock names the holder's
// host, PID and start (boot id and start tick); on the same host it holds only while that PID runs the
// process that started then.
describe.runIf(process.platform === 'linux')('a lock left on the same host name', () => {
  const lock = (holder: { pid: number; marker: string | null }) =>
    writeFile(path.join(dir, LOCK), JSON.stringify({ ...holder, host: hostname(), since: 'before' }));
  const starts = async () => {
    const sim = await createSimulator({ dataDir: dir, size: 'small' });
    const holder = JSON.parse(await readFile(path.join(dir, LOCK), 'utf8'));
    await sim.close();
    return holder;
  };

  it('naming the starting process’s own PID, left by an earlier process (PID 1 again in a new container): taken', async () => {
    for (const marker of [startOf(process.pid), 'another-boot:1', null]) {
      await lock({ pid: process.pid, marker });
      const taken = await starts();
      expect(taken.since, String(marker)).not.toBe('before');
      expect(taken, String(marker)).toMatchObject({ pid: process.pid, host: hostname(), marker: startOf(process.pid) });
    }
  });

  it('naming a PID that runs a process started at another time (the PID reused, or another boot): taken', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const [boot, tick] = startOf(child.pid!).split(':');
      await lock({ pid: child.pid!, marker: `${boot}:${Number(tick) - 1}` });
      expect((await starts()).pid).toBe(process.pid);
      await lock({ pid: child.pid!, marker: `another-boot:${tick}` });
      expect((await starts()).pid).toBe(process.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('naming a PID that runs no process any more: taken', async () => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    // Whatever start it names: were the PID reused meanwhile, its new process started at another time.
    await lock({ pid: child.pid!, marker: 'gone:0' });
    expect(await starts()).toMatchObject({ pid: process.pid, since: expect.not.stringMatching(/^before$/) });
  });

  it('naming another process that is running, with the start it has: kept, naming it', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await lock({ pid: child.pid!, marker: startOf(child.pid!) });
      await expect(createSimulator({ dataDir: dir, size: 'small' })).rejects.toThrow(
        `is in use by another simulator (PID ${child.pid} on host ${hostname()}, since before)`,
      );
      expect(JSON.parse(await readFile(path.join(dir, LOCK), 'utf8')).pid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
