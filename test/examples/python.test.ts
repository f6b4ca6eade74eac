import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server.js';

// examples/python/first_calls.py run as a user would, against a simulator on a socket that requires
// an admin token (so the script's control-plane calls must carry it).

const SCRIPT = path.resolve(import.meta.dirname, '../../examples/python/first_calls.py');
// The interpreter itself, not a version manager's shim in front of it, which can cost a second a run.
const probe = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
const python = probe.status === 0 ? probe.stdout.trim() : undefined;
const TOKEN = 'python-example-admin-token';
/** The test's name, saying why it did not run where there is no python3. */
const named = (name: string) => (python ? name : `${name} (skipped: python3 not installed)`);

let server: RunningServer | undefined;
beforeAll(async () => {
  if (python) server = await startServer({ port: 0, size: 'small', adminToken: TOKEN });
});
afterAll(async () => server?.close());

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, BUSINESS_API_SIM_ADMIN_TOKEN: '' };
    execFile(python!, [SCRIPT, ...args], { timeout: 10_000, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('Python example', () => {
  it.skipIf(!python)(
    named('first_calls.py creates an account, books a free time and finds the booking in the journal'),
    async () => {
      const { code, stdout, stderr } = await run([server!.url, '--admin-token', TOKEN]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const name = /^account (\S+) at /m.exec(stdout)?.[1];
      expect(name).toBeDefined();
      expect(stdout).toMatch(/^booked appointment [0-9a-f-]{36} at \d{4}-\d\d-\d\d \d\d:\d\d$/m);
      expect(stdout).toMatch(/^journal: 1 POST \/api\/v2\/appointments, answered 200\nok\n$/m);
      const account = server!.simulator.registry.get(name!)!;
      expect(account.journal.count({ method: 'POST', path: '/api/v2/appointments', status: 200 })).toBe(1);
    },
  );

  it.skipIf(!python)(named('without the admin token the script stops at the control plane with exit 1'), async () => {
    const { code, stderr } = await run([server!.url]);
    expect(code).toBe(1);
    expect(stderr).toContain('401');
  });
});
