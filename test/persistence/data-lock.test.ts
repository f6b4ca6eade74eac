import { existsSync } from 'node:fs';
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
