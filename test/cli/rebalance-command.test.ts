import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rebalanceCommand } from '../../src/cli-rebalance.js';
import type { CommandIo } from '../../src/cli-snapshot.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { FIXED_NOW } from '../helpers.js';

// `business-api-sim rebalance`: its help, its flags, and the nodes it refuses to work with. The moves
// themselves are proved on a fleet behind HAProxy (test/fleet/rebalance.test.ts).

function io(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const commandIo: CommandIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env };
  return { commandIo, out: () => out.join(''), err: () => err.join('') };
}

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function node(nodeName?: string): Promise<string> {
  const server = await startServer({ port: 0, size: 'small', realNow: () => FIXED_NOW, nodeName });
  servers.push(server);
  return server.url!;
}

describe('the rebalance command', () => {
  it('docs/command-line.md shows exactly what rebalance --help prints', async () => {
    const page = await readFile(path.join(import.meta.dirname, '../../docs/command-line.md'), 'utf8');
    const shown = /<!-- cli-help-rebalance -->\n```text\n([\s\S]*?)\n```/.exec(page)?.[1];
    const help = io();
    expect(await rebalanceCommand(['--help'], help.commandIo)).toBe(0);
    expect(`${shown}\n`).toBe(help.out());
  });

  it('a missing --proxy or --node, a bad URL or a bad --max-moves is a usage error (exit 2) with the help', async () => {
    for (const [argv, message] of [
      [['--node', 'http://127.0.0.1:1'], '--proxy: missing'],
      [['--proxy', 'http://127.0.0.1:1'], '--node: missing'],
      [['--proxy', 'ftp://x', '--node', 'http://127.0.0.1:1'], "--proxy: expected http or https, got 'ftp:'"],
      [['--proxy', 'http://127.0.0.1:1', '--node', 'http://127.0.0.1:1', '--max-moves', '0'], '--max-moves:'],
      [['--proxy', 'http://127.0.0.1:1', '--node', 'http://127.0.0.1:1', 'extra'], "unexpected argument 'extra'"],
    ] as const) {
      const run = io();
      expect(await rebalanceCommand([...argv], run.commandIo), argv.join(' ')).toBe(2);
      expect(run.err()).toContain(`business-api-sim rebalance: ${message}`);
      expect(run.err()).toContain('Usage: business-api-sim rebalance --proxy <url>');
    }
  });

  it('a node started without --node-name, or two nodes of the same name, stop the run (exit 1) before any move', async () => {
    const unnamed = await node();
    const run = io();
    expect(await rebalanceCommand(['--proxy', unnamed, '--node', unnamed], run.commandIo)).toBe(1);
    expect(run.err()).toBe(
      `business-api-sim rebalance: ${unnamed} answers without X-Business-Api-Sim-Node: ` +
        'start each node with --node-name\n',
    );
    const [a, b] = [await node('twin'), await node('twin')];
    const twins = io();
    expect(await rebalanceCommand(['--proxy', a, '--node', a, '--node', b], twins.commandIo)).toBe(1);
    expect(twins.err()).toBe(
      `business-api-sim rebalance: ${b} and ${a} are both named 'twin': each node needs its own name\n`,
    );
  });

  it('a proxy that cannot be reached stops the run (exit 1) before any move', async () => {
    const known = await node('node-a');
    const closed = await node('node-closed');
    await servers.pop()!.close();
    const run = io();
    expect(await rebalanceCommand(['--proxy', closed, '--node', known], run.commandIo)).toBe(1);
    expect(run.err()).toMatch(new RegExp(`^business-api-sim rebalance: ${closed}: health: fetch failed`));
    expect(run.out()).toBe('');
  });

  it('an account the proxy routes to a node not given with --node is a failed move (exit 1); the admin token is never printed', async () => {
    const known = await node('node-a');
    const stranger = await node('node-z');
    await fetch(`${known}/__admin/accounts/acme`, { method: 'PUT' });
    // The "proxy" here is the stranger node itself: every account's owner is node-z.
    const run = io({ BUSINESS_API_SIM_ADMIN_TOKEN: 'secret-admin-token' });
    expect(await rebalanceCommand(['--proxy', stranger, '--node', known, '--dry-run'], run.commandIo)).toBe(1);
    expect(run.out()).toContain("failed   acme: the proxy routes it to node 'node-z', which is not one of --node\n");
    expect(run.out()).toContain('plan: 0 to move, 0 already on their owner, 1 failed (dry run: nothing changed)\n');
    expect(run.out() + run.err()).not.toContain('secret-admin-token');
  });
});
