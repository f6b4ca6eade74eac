import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';

// A server killed with SIGKILL in the middle of a stream of writes, restarted on the same data
// directory: every write that was answered 2xx is there, and every data file parses.

const EMPTY = '00000000-0000-0000-0000-000000000000';
let dir: string;
let server: CliProcess | undefined;

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(path.join(tmpdir(), 'bas-crash-'));
});
afterAll(async () => {
  await stopCli(server, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const start = () => startCli(['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small']);

async function token(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Several writers post clients until `killAfter` have been acknowledged, then the process is
 * killed at once, with the other writers' requests still in flight. Answers the acknowledged ids.
 */
async function writeUntilKilled(p: CliProcess, round: number, killAfter: number): Promise<Map<string, string>> {
  const bearer = `Bearer ${await token(p.base)}`;
  const acknowledged = new Map<string, string>();
  let sent = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const name = `Crash${round}n${sent++}`;
      try {
        const res = await fetch(`${p.base}/api/v2/clients?siteId=${EMPTY}`, {
          method: 'POST',
          headers: { authorization: bearer, 'content-type': 'application/json' },
          body: JSON.stringify({ ClientId: EMPTY, FirstName: name, LastName: 'Durable', Email: `${name}@example.com`, MobilePhone: '07700 900123', Gender: 1 }),
        });
        if (res.status !== 200 || killed) continue;
        acknowledged.set(((await res.json()) as { Value: string }).Value, name);
        if (acknowledged.size >= killAfter && !killed) {
          killed = true;
          p.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the process: not acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, writer));
  expect(await p.exited).toBe('SIGKILL');
  return acknowledged;
}

describe('crash safety with --data-dir', () => {
  it('after SIGKILL in the middle of writes, a restart finds every acknowledged write and no torn file', async () => {
    const all = new Map<string, string>();
    for (const [round, killAfter] of [3, 17, 40].entries()) {
      server = await start();
      for (const [id, name] of await writeUntilKilled(server, round, killAfter)) all.set(id, name);
      expect(all.size).toBeGreaterThanOrEqual(killAfter);
    }

    server = await start();
    const bearer = `Bearer ${await token(server.base)}`;
    for (const [id, name] of all) {
      const res = await fetch(`${server.base}/api/v2/clients/${id}`, { headers: { authorization: bearer } });
      expect(res.status, `client ${name} (${id})`).toBe(200);
      expect(((await res.json()) as { FirstName: string }).FirstName).toBe(name);
    }
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.tmp')), 'temp files are removed on start').toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.json'))) {
      const text = await readFile(path.join(dir, file), 'utf8');
      expect(() => JSON.parse(text), file).not.toThrow();
    }
    await stopCli(server);
  }, 30_000);
});
