import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandIo, restoreCommand, snapshotCommand } from '../../src/cli-snapshot.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { FIXED_NOW } from '../helpers.js';

// `business-api-sim snapshot` and `restore` against simulators listening on loopback sockets.

let from: RunningServer;
let to: RunningServer;
let dir: string;
beforeEach(async () => {
  const options = { port: 0, size: 'small' as const, rateLimit: false, realNow: () => FIXED_NOW };
  from = await startServer(options);
  to = await startServer({ ...options, adminToken: 'node-b-token' });
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-cli-'));
});
afterEach(async () => {
  await from.close();
  await to.close();
  await rm(dir, { recursive: true, force: true });
});

function io(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const commandIo: CommandIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env };
  return { commandIo, out: () => out.join(''), err: () => err.join('') };
}

/** A client created through the API: the answer holds its id, the next one the account draws. */
async function createClient(base: string, name: string): Promise<string> {
  const issued = await fetch(`${base}/accounts/${name}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
  });
  const bearer = { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
  const sites = (await (await fetch(`${base}/accounts/${name}/api/v2/sites`, { headers: bearer })).json()) as {
    SiteId: string;
  }[];
  const res = await fetch(`${base}/accounts/${name}/api/v2/clients?siteId=${sites[0]!.SiteId}`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': 'application/json' },
    body: JSON.stringify({ FirstName: 'Ola', LastName: 'Nordmann', Gender: 2 }),
  });
  return `${res.status} ${await res.text()}`;
}

describe('snapshot and restore commands', () => {
  it('snapshot --out writes the account to a file; restore makes it on another simulator, where the next id is the same', async () => {
    const put = await fetch(`${from.url}/__admin/accounts/acme`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seed: 3 }),
    });
    expect(put.status).toBe(201);
    await fetch(`${from.url}/__admin/accounts/acme/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ frozen: true }),
    });
    const file = path.join(dir, 'acme.json');
    const saved = io();
    expect(await snapshotCommand(['acme', '--url', from.url!, '--out', file], saved.commandIo)).toBe(0);
    expect(saved.err()).toMatch(/^snapshot of 'acme' written to .*acme\.json \(\d+ changes\)\n$/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      format: 'business-api-simulator/account-snapshot',
    });

    // The other simulator has an admin token: taken from the environment.
    const restored = io({ BUSINESS_API_SIM_ADMIN_TOKEN: 'node-b-token' });
    expect(await restoreCommand([file, '--url', `${to.url}/`], restored.commandIo)).toBe(0);
    expect(restored.out()).toBe(`account 'acme' restored at ${to.url}\n`);
    expect(await createClient(to.url!, 'acme')).toBe(await createClient(from.url!, 'acme'));

    // Again: the account exists, a refusal naming --replace's query; with --replace, and under another name.
    const again = io({ BUSINESS_API_SIM_ADMIN_TOKEN: 'node-b-token' });
    expect(await restoreCommand([file, '--url', to.url!], again.commandIo)).toBe(1);
    expect(again.err()).toBe(
      "business-api-sim restore: 409 account 'acme' exists: send ?replace=true to replace it with the snapshot\n",
    );
    const replaced = io();
    const args = [file, '--url', to.url!, '--replace', '--admin-token', 'node-b-token'];
    expect(await restoreCommand(args, replaced.commandIo)).toBe(0);
    expect(replaced.out()).toBe(`account 'acme' replaced at ${to.url}\n`);
    const renamed = io();
    expect(
      await restoreCommand(
        [file, '--url', to.url!, '--name', 'acme-2', '--admin-token', 'node-b-token'],
        renamed.commandIo,
      ),
    ).toBe(0);
    expect(renamed.out()).toBe(`account 'acme-2' restored at ${to.url}\n`);
  });

  it('snapshot without --out writes the snapshot to standard output; a missing account is exit 1 with the answer', async () => {
    const shown = io();
    expect(await snapshotCommand(['demo', '--url', from.url!, '--journal'], shown.commandIo)).toBe(0);
    expect(JSON.parse(shown.out())).toMatchObject({ name: 'demo', journal: [] });
    const missing = io();
    expect(await snapshotCommand(['nobody', '--url', from.url!], missing.commandIo)).toBe(1);
    expect(missing.err()).toBe("business-api-sim snapshot: 404 no account 'nobody'\n");
  });

  it('docs/command-line.md shows exactly what snapshot --help and restore --help print', async () => {
    const page = await readFile(path.join(import.meta.dirname, '../../docs/command-line.md'), 'utf8');
    for (const [command, run] of [
      ['snapshot', snapshotCommand],
      ['restore', restoreCommand],
    ] as const) {
      const shown = new RegExp(`<!-- cli-help-${command} -->\n\`\`\`text\n([\\s\\S]*?)\n\`\`\``).exec(page)?.[1];
      const help = io();
      expect(await run(['--help'], help.commandIo)).toBe(0);
      expect(`${shown}\n`).toBe(help.out());
    }
  });

  it('a usage error is exit 2 with the help; --help is exit 0', async () => {
    const noUrl = io();
    expect(await snapshotCommand(['acme'], noUrl.commandIo)).toBe(2);
    expect(noUrl.err()).toMatch(/^business-api-sim snapshot: --url: missing .*\n\nUsage: business-api-sim snapshot/);
    const help = io();
    expect(await restoreCommand(['--help'], help.commandIo)).toBe(0);
    expect(help.out()).toMatch(/^Usage: business-api-sim restore <file> --url <base>/);
  });
});
