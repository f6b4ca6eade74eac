import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyProgram, type RunningHaproxy, startHaproxy } from '../../bench/lib/haproxy.js';
import { NODE_HEADER } from '../../src/app.js';
import { NODE_HEADER as REBALANCE_NODE_HEADER } from '../../src/cli-rebalance.js';
import { CLI, type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';

// `business-api-sim rebalance` on a fleet of simulator processes behind HAProxy with the shipped
// routing rules (deploy/haproxy.cfg): after a third node joins, the accounts the proxy now routes to it
// move there, answer as before, and leave the node they were on; a second run moves nothing.

const TOKEN = 'fleet-admin-token';
const ACCOUNTS = Array.from({ length: 20 }, (_, i) => `shop-${i + 1}`);
const admin = { authorization: `Bearer ${TOKEN}` };

let dir: string;
const nodes: CliProcess[] = [];
let proxy: RunningHaproxy | undefined;

/** host:port of a node. */
const address = (node: CliProcess) => new URL(node.base).host;

/** `business-api-sim rebalance …` against the fleet; its exit code and output. */
function rebalance(...extra: string[]): Promise<{ code: number | null; out: string }> {
  return rebalanceWith({}, ...extra);
}

function rebalanceWith(env: NodeJS.ProcessEnv, ...extra: string[]): Promise<{ code: number | null; out: string }> {
  const args = [CLI, 'rebalance', '--proxy', proxy!.url, ...nodes.flatMap((n) => ['--node', n.base]), ...extra];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BUSINESS_API_SIM_ADMIN_TOKEN: TOKEN, ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function held(node: CliProcess): Promise<string[]> {
  const answer = await fetch(`${node.base}/__admin/accounts`, { headers: admin });
  return ((await answer.json()) as { name: string }[]).map((a) => a.name).filter((n) => n !== 'demo');
}

/** What an account answers through the proxy: its clients (with a token issued before any move) and its id position. */
async function state(account: string, bearer: string, site: string) {
  const clients = await fetch(`${proxy!.url}/accounts/${account}/api/v2/clients?siteId=${site}`, {
    headers: { authorization: `Bearer ${bearer}` },
  });
  const snapshot = await fetch(`${proxy!.url}/__admin/accounts/${account}/snapshot`, { headers: admin });
  return {
    status: clients.status,
    clients: await clients.text(),
    ids: ((await snapshot.json()) as { ids: number[] }).ids,
    node: clients.headers.get(NODE_HEADER),
  };
}

const before = new Map<string, { bearer: string; site: string; state: Awaited<ReturnType<typeof state>> }>();

const installed = haproxyProgram() !== undefined;

describe.skipIf(!installed)(
  `rebalance${installed ? '' : ' test skipped: haproxy is not installed'}: a fleet behind HAProxy gains a node`,
  () => {
    beforeAll(async () => {
      ensureBuilt();
      dir = await mkdtemp(path.join(tmpdir(), 'fleet-rebalance-'));
      nodes.push(
        ...(await Promise.all(
          [1, 2, 3].map((i) =>
            startCli(
              [
                '--port',
                '0',
                '--size',
                'small',
                '--rate-limit',
                'off',
                '--no-auto-accounts',
                '--node-name',
                `node-${i}`,
                '--data-dir',
                path.join(dir, `node-${i}`),
              ],
              { BUSINESS_API_SIM_ADMIN_TOKEN: TOKEN },
            ),
          ),
        )),
      );
      // Two nodes first; the third joins later.
      proxy = await startHaproxy(nodes.slice(0, 2).map(address));
      for (const account of ACCOUNTS) {
        const put = await fetch(`${proxy!.url}/__admin/accounts/${account}`, {
          method: 'PUT',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ size: 'small', rateLimit: false }),
        });
        expect(put.status).toBe(201);
        const base = `${proxy!.url}/accounts/${account}/api/v2`;
        const issued = await fetch(`${base}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
        });
        const bearer = ((await issued.json()) as { access_token: string }).access_token;
        const auth = { authorization: `Bearer ${bearer}` };
        const sites = (await (await fetch(`${base}/sites`, { headers: auth })).json()) as { SiteId: string }[];
        const site = sites[0]!.SiteId;
        const created = await fetch(`${base}/clients?siteId=${site}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ FirstName: 'Ola', LastName: account, Gender: 2 }),
        });
        expect(created.status).toBe(200);
        before.set(account, { bearer, site, state: await state(account, bearer, site) });
      }
      // The third node joins: the proxy's configuration gets a third server, the same rules.
      await proxy!.stop();
      proxy = await startHaproxy(nodes.map(address));
    });

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(nodes.map((n) => stopCli(n)));
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('the command reads nodes by the header every node answers with', () => {
      expect(REBALANCE_NODE_HEADER).toBe(NODE_HEADER);
    });

    it('a dry run lists the moves, each to the new node, and changes nothing', async () => {
      const held1 = await held(nodes[0]!);
      const held2 = await held(nodes[1]!);
      expect((await held(nodes[2]!)).length).toBe(0);
      const dry = await rebalance('--dry-run');
      expect(dry.code, dry.out).toBe(0);
      const moves = [...dry.out.matchAll(/^move +(\S+): (node-\d) -> (node-\d)$/gm)];
      expect(moves.length, dry.out).toBeGreaterThan(0);
      for (const [, account, from, to] of moves) {
        expect(to).toBe('node-3');
        expect((from === 'node-1' ? held1 : held2).includes(account!)).toBe(true);
      }
      expect(dry.out).toContain(
        `plan: ${moves.length} to move, ${ACCOUNTS.length - moves.length} already on their owner`,
      );
      expect(await held(nodes[0]!)).toEqual(held1);
      expect(await held(nodes[1]!)).toEqual(held2);
      expect(await held(nodes[2]!)).toEqual([]);
    });

    it('about a third of the accounts move to the new node; each answers through the proxy as before; the nodes they left no longer hold them', async () => {
      const run = await rebalance();
      expect(run.code, run.out).toBe(0);
      const moved = [...run.out.matchAll(/^moved +(\S+): node-\d -> node-3$/gm)].map((m) => m[1]!);
      expect(moved.length, run.out).toBeGreaterThanOrEqual(2);
      expect(moved.length, run.out).toBeLessThanOrEqual(14);
      expect(run.out).toContain(`done: ${moved.length} moved, 0 refused, 0 failed`);
      expect((await held(nodes[2]!)).sort()).toEqual([...moved].sort());
      const left = [...(await held(nodes[0]!)), ...(await held(nodes[1]!))];
      expect(left.filter((a) => moved.includes(a))).toEqual([]);
      expect(left.length + moved.length).toBe(ACCOUNTS.length);
      for (const account of ACCOUNTS) {
        const { bearer, site, state: was } = before.get(account)!;
        const now = await state(account, bearer, site);
        expect({ ...now, node: undefined }, account).toEqual({ ...was, node: undefined });
        expect(now.status).toBe(200);
        expect(now.node).toBe(moved.includes(account) ? 'node-3' : was.node);
      }
    });

    it('a second run moves nothing', async () => {
      const again = await rebalance();
      expect(again.code, again.out).toBe(0);
      expect(again.out).toContain(`done: 0 moved, 0 refused, 0 failed, ${ACCOUNTS.length} already on their owner`);
    });

    it('a move that stopped after the restore, before the delete, is finished by the next run', async () => {
      // `halfway` is made on a node the proxy does not route it to, and restored on its owner from a snapshot.
      const route = await fetch(`${proxy!.url}/__admin/accounts/halfway`, { headers: admin });
      const owner = route.headers.get(NODE_HEADER);
      const holder = nodes.find((_, i) => `node-${i + 1}` !== owner)!;
      const made = await fetch(`${holder.base}/__admin/accounts/halfway`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ size: 'small' }),
      });
      expect(made.status).toBe(201);
      const snapshot = await fetch(`${holder.base}/__admin/accounts/halfway/snapshot`, { headers: admin });
      const restored = await fetch(`${proxy!.url}/__admin/accounts/halfway`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: await snapshot.text(),
      });
      expect(restored.status).toBe(201);

      const run = await rebalance();
      expect(run.code, run.out).toBe(0);
      expect(run.out).toMatch(new RegExp(`^finished halfway: node-\\d -> ${owner}$`, 'm'));
      expect(await held(holder)).not.toContain('halfway');
    });

    it('an account with a webhook moves only with a snapshot key; its subscriptions answer as before', async () => {
      // `hooked` is made on a node the proxy does not route it to, with a webhook subscription.
      const route = await fetch(`${proxy!.url}/__admin/accounts/hooked`, { headers: admin });
      const holder = nodes.find((_, i) => `node-${i + 1}` !== route.headers.get(NODE_HEADER))!;
      const made = await fetch(`${holder.base}/__admin/accounts/hooked`, {
        method: 'PUT',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ size: 'small' }),
      });
      expect(made.status).toBe(201);
      const issued = await fetch(`${holder.base}/accounts/hooked/api/v2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
      });
      const bearer = { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
      const hook = await fetch(`${holder.base}/accounts/hooked/api/v2/webhooks`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1:9/hook' }),
      });
      expect(hook.status).toBe(200);
      const hooks = await (await fetch(`${holder.base}/accounts/hooked/api/v2/webhooks`, { headers: bearer })).text();

      const keyless = await rebalance();
      expect(keyless.code, keyless.out).toBe(1);
      expect(keyless.out).toMatch(/^failed +hooked: node-\d -> node-\d: snapshot: 400 .*X-Snapshot-Key/m);
      expect(await held(holder)).toContain('hooked');

      const keyed = await rebalanceWith({ BUSINESS_API_SIM_SNAPSHOT_KEY: 'fleet passphrase' });
      expect(keyed.code, keyed.out).toBe(0);
      expect(keyed.out).toMatch(/^moved +hooked: /m);
      expect(await held(holder)).not.toContain('hooked');
      const moved = await fetch(`${proxy!.url}/accounts/hooked/api/v2/webhooks`, { headers: bearer });
      expect(await moved.text()).toBe(hooks);
    });

    it('an owner already holding a different account of the same name is refused without --replace; --replace moves it', async () => {
      // `clash` is made through the proxy (on its owner) and, apart, on another node with rate limiting on.
      const put = (base: string, rateLimit: boolean) =>
        fetch(`${base}/__admin/accounts/clash`, {
          method: 'PUT',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ size: 'small', rateLimit }),
        });
      const owned = await put(proxy!.url, false);
      expect(owned.status).toBe(201);
      const owner = owned.headers.get(NODE_HEADER);
      const stray = nodes.find((_, i) => `node-${i + 1}` !== owner)!;
      expect((await put(stray.base, true)).status).toBe(201);

      const refused = await rebalance();
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toMatch(
        new RegExp(`^refused +clash: ${owner} already holds an account 'clash' that differs`, 'm'),
      );
      expect(refused.out).toContain('done: 0 moved, 1 refused, 0 failed');
      expect(await held(stray)).toContain('clash');
      const kept = await fetch(`${proxy!.url}/__admin/accounts/clash/snapshot`, { headers: admin });
      expect(((await kept.json()) as { settings: { rateLimit: boolean } }).settings.rateLimit).toBe(false);

      const replaced = await rebalance('--replace');
      expect(replaced.code, replaced.out).toBe(0);
      expect(replaced.out).toMatch(/^moved +clash: node-\d -> node-\d$/m);
      expect(await held(stray)).not.toContain('clash');
      const moved = await fetch(`${proxy!.url}/__admin/accounts/clash/snapshot`, { headers: admin });
      expect(((await moved.json()) as { settings: { rateLimit: boolean } }).settings.rateLimit).toBe(true);
    });
  },
);
