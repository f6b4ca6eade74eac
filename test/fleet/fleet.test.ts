import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_HEADER } from '../../src/app.js';
import { connectSimulator, type RemoteSimulator, type TestAccount } from '../../src/index.js';
import { freePorts } from '../admin/fleet-support.js';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { HAPROXY, HAPROXY_CFG } from '../deploy/haproxy.js';

// A fleet as deploy/ runs it: three simulators (the built CLI, each with its own data directory and
// node name, one admin token) behind HAProxy with deploy/haproxy.cfg, driven through the proxy with
// the test kit. Every account lives on one node; what one simulator does per account, the fleet does
// per account, and a node that goes down takes only its own accounts with it.

const TOKEN = 'fleet-test-admin-token';
const NOW = '2026-03-16T09:00:00Z';
const EMPTY = '00000000-0000-0000-0000-000000000000';
const ACCOUNTS = 30;
const BATCH = 10;

interface FleetNode {
  name: string;
  port: number;
  dataDir: string;
  cli: CliProcess;
}

/** What the flows made in an account, and the requests whose answers show it. */
interface Made {
  appointment: string;
  classBooking: string;
  document: string;
  reads: string[];
}

/** An answer as compared before and after: status and body text. */
type Seen = { status: number; text: string };

let work: string;
let nodes: FleetNode[] = [];
let haproxy: ChildProcess | undefined;
let proxyUrl: string;
let fleet: RemoteSimulator;
const accounts: TestAccount[] = [];
/** The node each account lives on, by account name. */
const home = new Map<string, string>();
const made = new Map<string, Made>();
/** The answers to each account's `reads` once its flows were done. */
const recorded = new Map<string, Seen[]>();

/** Every simulator process started here, stopped by afterAll even when a start in beforeAll failed. */
const started: CliProcess[] = [];

/** Every node's address, each node's peers (as deploy/ gives each node the whole list). */
let peers = '';

async function startNode(name: string, dataDir: string, port: number): Promise<CliProcess> {
  const cli = await startCli(['--port', String(port), '--data-dir', dataDir, '--node-name', name, '--size', 'small'], {
    BUSINESS_API_SIM_ADMIN_TOKEN: TOKEN,
    BUSINESS_API_SIM_PEERS: peers,
  });
  started.push(cli);
  return cli;
}

/** A request to the proxy over a plain socket, so that the Host header is the one given. */
function raw(
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; node: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${proxyUrl}${pathAndQuery}`, { headers }, (res: IncomingMessage) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode!, node: res.headers[NODE_HEADER.toLowerCase()] as string | undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The node the proxy sends an account's name to, whether the account exists or not. */
async function nodeOf(name: string): Promise<string> {
  const answer = await fleet.fetch(`/__admin/accounts/${name}/clock`);
  await answer.body?.cancel();
  const node = answer.headers.get(NODE_HEADER);
  if (!node) throw new Error(`no node answered for ${name}: ${answer.status}`);
  return node;
}

/** A name, made from `prefix`, that the proxy sends to a node `wanted` accepts. */
async function nameOn(prefix: string, wanted: (node: string) => boolean): Promise<string> {
  for (let i = 0; i < 64; i++) {
    const name = `${prefix}-${i}`;
    if (wanted(await nodeOf(name))) return name;
  }
  throw new Error(`no name from ${prefix} lands where wanted`);
}

async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += BATCH)
    results.push(...(await Promise.all(items.slice(i, i + BATCH).map(work))));
  return results;
}

async function ok<T = any>(account: TestAccount, pathAndQuery: string, body?: unknown): Promise<T> {
  const answer = await account.call<T>(pathAndQuery, body === undefined ? {} : { method: 'POST', body });
  if (answer.status !== 200) throw new Error(`${account.name} ${pathAndQuery}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** A booking, a class booking and a sale, as a client app makes them; answers what it made. */
async function flows(account: TestAccount): Promise<Made> {
  const sites = await ok<Array<{ SiteId: string; State: number }>>(account, '/api/v2/sites');
  const site = sites.find((s) => s.State === 1)!.SiteId;
  const client = (await ok(account, `/api/v2/clients?siteId=${site}`))[0].ClientId as string;

  // Booking: a service offered online, a day with room, a time on it, checked, then booked.
  const service = (await ok(account, `/api/v2/services?siteId=${site}`)).find((s: any) => s.BookOnline).ServiceId;
  const day = (
    await ok(account, `/api/v2/appointments/availabledates?siteId=${site}&services=${service}&packages=`)
  )[0];
  const times = new URLSearchParams({
    siteId: site,
    day: day.slice(0, 10),
    services: service,
    packageId: '',
    employeeIds: '',
    clientId: client,
    serviceSequence: '0',
  });
  const time = (await ok(account, `/api/v2/appointments/availabletimes?${times}`))[0];
  const cart = [
    {
      ServiceId: service,
      Start: time.Start,
      End: time.End,
      Employees: [time.Employees[0]],
      Resources: [time.Resources[0]],
    },
  ];
  expect(await ok(account, `/api/v2/appointments/validate?siteId=${site}`, cart)).toBeUndefined();
  const appointment = (
    await ok(account, `/api/v2/appointments?siteId=${site}`, {
      AppointmentId: EMPTY,
      ClientId: client,
      AppointmentServices: cart,
    })
  ).Value;

  // Class: a session with a free place, booked for the client.
  const week = `siteId=${site}&classType=Class&start=2026-03-16&end=2026-03-23`;
  const session = (await ok(account, `/api/v2/classes/classschedules?${week}`)).find((s: any) => s.Available > 0);
  const classBooking = (
    await ok(account, `/api/v2/classes/classbookings?siteId=${site}`, {
      ClassBookingId: `cb000000-0000-4000-8000-${String(accounts.indexOf(account)).padStart(12, '0')}`,
      ClassScheduleId: session.ClassScheduleId,
      ClientId: client,
      OnlineBooking: false,
      ClassBookingState: 1,
      ObjectState: 1,
    })
  ).Value;

  // Sale: a client invoice.
  const document = (
    await ok(account, `/api/v2/accountingdocuments?siteId=${site}`, {
      AccountingDocumentId: EMPTY,
      AccountingDocumentTypeId: 1,
      SiteId: site,
      ClientId: client,
      Reference: `Fleet sale ${account.name}`,
      DocumentDate: '2026-03-16 09:00',
      AccountingDocumentLineItems: [{ Description: 'Cut and finish', Quantity: 1, Price: 45.1 }],
    })
  ).Value;

  const at = encodeURIComponent(session.Start);
  return {
    appointment,
    classBooking,
    document,
    reads: [
      `/api/v2/appointments/${appointment}`,
      `/api/v2/classes/classbookings?siteId=${site}&classType=Class&start=${at}&end=${at}`,
      `/api/v2/classes/classschedules?${week}`,
      `/api/v2/accountingdocuments/${document}`,
      `/api/v2/clients?siteId=${site}`,
    ],
  };
}

const seen = async (account: TestAccount, reads: string[], token?: string): Promise<Seen[]> =>
  Promise.all(
    reads.map(async (read) => {
      const answer = await account.call(read, token === undefined ? {} : { token });
      return { status: answer.status, text: answer.text };
    }),
  );

/** Names of the accounts each node holds, asked of the node itself (not through the proxy). */
async function heldBy(node: FleetNode): Promise<string[]> {
  const answer = await fetch(`http://127.0.0.1:${node.port}/__admin/accounts`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await answer.json()) as Array<{ name: string }>).map((a) => a.name);
}

describe.skipIf(!HAPROXY)(
  HAPROXY ? 'a fleet of three simulators behind HAProxy' : 'fleet test skipped: haproxy is not installed',
  () => {
    let receiver: Server | undefined;
    const hooks: Array<{ path: string; body: any }> = [];

    beforeAll(async () => {
      ensureBuilt();
      work = mkdtempSync(path.join(tmpdir(), 'sim-fleet-'));
      const [proxyPort, ...ports] = await freePorts(4);
      peers = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
      nodes = await Promise.all(
        ports.map(async (port, i) => {
          const name = `sim-${i + 1}`;
          const dataDir = path.join(work, name);
          mkdirSync(dataDir);
          return { name, dataDir, cli: await startNode(name, dataDir, port), port };
        }),
      );
      const port = proxyPort!;
      proxyUrl = `http://127.0.0.1:${port}`;
      haproxy = spawn(HAPROXY!, ['-db', '-f', HAPROXY_CFG], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: {
          ...process.env,
          FLEET_BIND: `127.0.0.1:${port}`,
          DNS_SERVER: '127.0.0.1',
          SIM_NODE_1: `127.0.0.1:${nodes[0]!.port}`,
          SIM_NODE_2: `127.0.0.1:${nodes[1]!.port}`,
          SIM_NODE_3: `127.0.0.1:${nodes[2]!.port}`,
        },
      });
      let stderr = '';
      haproxy.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      for (let tries = 0; ; tries++) {
        const up = await fetch(`${proxyUrl}/__admin/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        if (tries > 100 || haproxy.exitCode !== null) throw new Error(`haproxy did not start: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      fleet = await connectSimulator({ url: proxyUrl, adminToken: TOKEN });

      receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          hooks.push({ path: req.url!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          res.end();
        });
      });
      await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    });

    afterAll(async () => {
      if (haproxy && haproxy.exitCode === null && haproxy.signalCode === null) {
        const exited = new Promise((resolve) => haproxy!.once('exit', resolve));
        haproxy.kill('SIGTERM');
        await exited;
      }
      for (const cli of started) await stopCli(cli);
      await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
      if (work) rmSync(work, { recursive: true, force: true });
    });

    it('thirty accounts created through the proxy spread over all three nodes, each held by one node only', async () => {
      const names = Array.from({ length: ACCOUNTS }, (_, i) => `fleet-${i}`);
      accounts.push(
        ...(await inBatches(names, (name) =>
          fleet.createAccount({ name, size: 'small', rateLimit: false, now: NOW, frozen: true }),
        )),
      );
      for (const account of accounts) home.set(account.name, await nodeOf(account.name));
      expect(new Set(home.values())).toEqual(new Set(['sim-1', 'sim-2', 'sim-3']));
      for (const node of nodes) {
        const held = (await heldBy(node)).filter((name) => home.has(name)).sort();
        expect(held, node.name).toEqual(names.filter((name) => home.get(name) === node.name).sort());
      }
    });

    it('every request that names an account is answered by its node: API by path and by Host, control plane, console', async () => {
      const auth = { authorization: `Bearer ${TOKEN}` };
      await Promise.all(
        accounts.map(async ({ name }) => {
          const answers = {
            path: await raw(`/accounts/${name}/api/v2/ping`),
            host: await raw('/api/v2/ping', { host: `${name}.fleet.test` }),
            'host and port': await raw('/api/v2/ping', { host: `${name}.localhost:4010` }),
            'control plane': await raw(`/__admin/accounts/${name}/requests`, auth),
            console: await raw(`/__admin/console/accounts/${name}/requests`, auth),
          };
          for (const [how, answer] of Object.entries(answers))
            expect(answer.node, `${name} by ${how}`).toBe(home.get(name));
        }),
      );
    });

    it('every account of the fleet is listed through the proxy, whichever node answers, with the node that holds it', async () => {
      const answering = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const answer = await fleet.fetch('/__admin/fleet/accounts');
        expect(answer.status).toBe(200);
        answering.add(answer.headers.get(NODE_HEADER)!);
        const listing = (await answer.json()) as {
          nodes: Array<{ node?: string; answered: boolean }>;
          accounts: Array<{ name: string; node: string }>;
        };
        expect(listing.nodes.map((n) => [n.node, n.answered]).sort()).toEqual([
          ['sim-1', true],
          ['sim-2', true],
          ['sim-3', true],
        ]);
        const held = listing.accounts.filter((a) => home.has(a.name)).map((a) => [a.name, a.node]);
        expect(new Map(held as [string, string][])).toEqual(home);
      }
      // A request that names no account goes to any node, in turn.
      expect(answering.size).toBeGreaterThan(1);
    });

    it('one console login through the proxy opens every account’s pages, each served by the node that holds it', async () => {
      const login = await fetch(`${proxyUrl}/__admin/console/session`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(login.status).toBe(204);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      for (const node of ['sim-1', 'sim-2', 'sim-3']) {
        const name = [...home].find(([, held]) => held === node)![0];
        const page = await fetch(`${proxyUrl}/__admin/console/accounts/${name}/diary`, { headers: { cookie } });
        expect(page.status, name).toBe(200);
        expect(page.headers.get(NODE_HEADER), name).toBe(node);
        expect(await page.text(), name).toContain(name);
        const live = await fetch(`${proxyUrl}/__admin/console/accounts/${name}/live`, { headers: { cookie } });
        expect(live.status, name).toBe(200);
        expect(live.headers.get(NODE_HEADER), name).toBe(node);
        await live.body?.cancel();
      }
      expect((await fetch(`${proxyUrl}/__admin/console`, { headers: { cookie } })).status).toBe(200);
      // Without the cookie, a page sends the browser to the login form.
      const refused = await fetch(`${proxyUrl}/__admin/console`, { redirect: 'manual' });
      expect(refused.status).toBe(303);
    });

    it('a booking, a class booking and a sale on each account, through the proxy', async () => {
      const results = await inBatches(accounts, async (account) => {
        const m = await flows(account);
        made.set(account.name, m);
        recorded.set(account.name, await seen(account, m.reads));
        return m;
      });
      expect(results).toHaveLength(ACCOUNTS);
      for (const account of accounts) {
        const [appointment, bookings, , document] = recorded.get(account.name)!;
        const m = made.get(account.name)!;
        expect(appointment!.status).toBe(200);
        expect(JSON.parse(appointment!.text).AppointmentId).toBe(m.appointment);
        expect(JSON.parse(bookings!.text).map((b: any) => b.ClassBookingId)).toContain(m.classBooking);
        expect(JSON.parse(document!.text)).toMatchObject({
          AccountingDocumentId: m.document,
          Reference: `Fleet sale ${account.name}`,
        });
        // The writes went to the account's own node: its journal there holds them.
        await account.journal.verify({ method: 'POST', path: '/api/v2/appointments', status: 200 }, 1);
      }
    });

    it('journal and clock are per account: two accounts on one node see only their own requests and time', async () => {
      const [a, b] = accounts.filter((x) => home.get(x.name) === home.get(accounts[0]!.name));
      await Promise.all([a!.journal.clear(), b!.journal.clear()]);
      for (let i = 0; i < 3; i++) await a!.call('/api/v2/sites');
      await b!.call('/api/v2/sites');
      expect(await a!.journal.count({ path: '/api/v2/sites' })).toBe(3);
      expect(await b!.journal.count({ path: '/api/v2/sites' })).toBe(1);
      expect((await a!.clock.advance({ days: 1 })).toISOString()).toBe('2026-03-17T09:00:00.000Z');
      expect((await b!.clock.now()).toISOString()).toBe('2026-03-16T09:00:00.000Z');
      await a!.clock.set(NOW);
    });

    it('the live journal streams through the proxy from the account’s node: a call appears as it is made', async () => {
      const account = accounts[2]!;
      const controller = new AbortController();
      const stream = await fetch(`${proxyUrl}/__admin/accounts/${account.name}/requests/stream`, {
        headers: { authorization: `Bearer ${TOKEN}` },
        signal: controller.signal,
      });
      try {
        expect(stream.status).toBe(200);
        expect(stream.headers.get(NODE_HEADER)).toBe(home.get(account.name));
        const reader = stream.body!.getReader();
        let text = '';
        const until = async (wanted: string) => {
          while (!text.includes(wanted)) {
            const { value, done } = await reader.read();
            if (done) throw new Error(`the stream ended before ${wanted}: ${text}`);
            text += Buffer.from(value).toString('utf8');
          }
        };
        await until('event: reset');
        await account.call('/api/v2/sites?streamed=yes');
        await until('"streamed":["yes"]');
        expect(text).toMatch(
          /event: entry\ndata: \{"seq":\d+,"method":"GET","path":"\/api\/v2\/sites","query":\{"streamed"/,
        );
      } finally {
        controller.abort();
      }
    });

    it('rate limiting on one account makes only that account answer 429, not another on the same node', async () => {
      const limited = await fleet.createAccount({
        name: 'fleet-limited',
        size: 'small',
        rateLimit: true,
        now: NOW,
        frozen: true,
      });
      const node = await nodeOf(limited.name);
      const neighbourName = await nameOn('fleet-neighbour', (n) => n === node);
      const neighbour = await fleet.createAccount({
        name: neighbourName,
        size: 'small',
        rateLimit: true,
        now: NOW,
        frozen: true,
      });
      await Promise.all([limited.accessToken(), neighbour.accessToken()]);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.call('/api/v2/sites')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const other = await neighbour.call('/api/v2/sites');
      expect(other.status).toBe(200);
      expect(other.headers.get(NODE_HEADER)).toBe(node);
    });

    it('a webhook registered on one account delivers that account’s events only, to a receiver on this machine', async () => {
      const hooked = await fleet.createAccount({
        name: 'fleet-hooked',
        size: 'small',
        rateLimit: false,
        now: NOW,
        frozen: true,
      });
      const node = await nodeOf(hooked.name);
      const quiet = await fleet.createAccount({
        name: await nameOn('fleet-quiet', (n) => n === node),
        size: 'small',
        rateLimit: false,
        now: NOW,
        frozen: true,
      });
      const { port } = receiver!.address() as AddressInfo;
      const registered = await hooked.call<{ webhook_id: string }>('/api/v2/webhooks', {
        method: 'POST',
        body: {
          event: 'NewRecurringSupplierInvoice',
          url: `http://127.0.0.1:${port}/hook/${hooked.name}`,
          secret: 'k3y',
        },
      });
      expect(registered.status).toBe(200);
      // A month on, the monthly bills of both accounts run: only the hooked account's are delivered.
      await Promise.all([hooked.clock.advance({ days: 40 }), quiet.clock.advance({ days: 40 })]);
      const deliveries = async () => (await fleet.fetch(`/__admin/accounts/${hooked.name}/webhooks/deliveries`)).json();
      let log: Array<{ status: string }> = [];
      for (let tries = 0; tries < 100; tries++) {
        log = (await deliveries()) as Array<{ status: string }>;
        if (log.length > 0 && log.every((d) => d.status === 'delivered') && hooks.length >= log.length) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(log.length).toBeGreaterThan(0);
      expect(hooks).toHaveLength(log.length);
      for (const hook of hooks) {
        expect(hook.path).toBe(`/hook/${hooked.name}`);
        expect(hook.body).toMatchObject({
          event: 'NewRecurringSupplierInvoice',
          webhook_id: registered.body.webhook_id,
        });
      }
      expect(await (await fleet.fetch(`/__admin/accounts/${quiet.name}/webhooks/deliveries`)).json()).toEqual([]);
    });

    it('a node killed outright: its accounts answer 503 through the proxy, the others answer on; restarted, it has every acknowledged write', async () => {
      const victim = nodes.find((n) => n.name === home.get(accounts[0]!.name))!;
      victim.cli.child.kill('SIGKILL');
      await victim.cli.exited;
      // HAProxy closes the client connections that were tied to the node's; a GET written on one of
      // them as it closes fails at the socket, and is sent again, as a client would.
      const during = await Promise.all(
        accounts.map((a) => a.call('/api/v2/sites').catch(() => a.call('/api/v2/sites'))),
      );
      // What names no account is answered by the nodes that are up, each in turn (the proxy passes over
      // the dead one); the fleet's listing says which node did not answer.
      for (let i = 0; i < 3; i++) {
        const answer = await fleet.fetch('/__admin/fleet/accounts');
        expect(answer.status).toBe(200);
        expect(answer.headers.get(NODE_HEADER)).not.toBe(victim.name);
        const listing = (await answer.json()) as {
          nodes: Array<{ node?: string; url: string; answered: boolean; error?: string }>;
        };
        const silent = listing.nodes.filter((n) => !n.answered).map((n) => [n.url, n.error]);
        expect(silent).toEqual([[`http://127.0.0.1:${victim.port}`, 'connection refused']]);
      }
      for (const [i, account] of accounts.entries()) {
        const answer = during[i]!;
        if (home.get(account.name) === victim.name) {
          expect(answer.status, account.name).toBe(503);
          expect(answer.headers.has(NODE_HEADER), account.name).toBe(false);
        } else {
          expect(answer.status, account.name).toBe(200);
          expect(answer.headers.get(NODE_HEADER), account.name).toBe(home.get(account.name));
        }
      }

      victim.cli = await startNode(victim.name, victim.dataDir, victim.port);
      const after = await inBatches(accounts, (account) => seen(account, made.get(account.name)!.reads));
      for (const [i, account] of accounts.entries()) expect(after[i], account.name).toEqual(recorded.get(account.name));
      expect(accounts.filter((a) => home.get(a.name) === victim.name).length).toBeGreaterThan(0);
    });

    it('an account snapshot restored under a name the proxy sends to another node answers the same, ids included', async () => {
      const original = accounts[1]!;
      const from = home.get(original.name)!;
      const copyName = await nameOn(`${original.name}-copy`, (n) => n !== from);
      const taken = await fleet.fetch(`/__admin/accounts/${original.name}/snapshot`);
      expect(taken.headers.get(NODE_HEADER)).toBe(from);
      const snapshot = await taken.json();
      const restored = await fleet.fetch(`/__admin/accounts/${copyName}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(snapshot),
      });
      expect(restored.status).toBe(201);
      const to = restored.headers.get(NODE_HEADER)!;
      expect(to).not.toBe(from);
      expect(await heldBy(nodes.find((n) => n.name === to)!)).toContain(copyName);

      // The copy answers with the original's token (tokens travel as hashes), so neither issues one.
      const token = await original.accessToken();
      const copy = await fleet.account(copyName);
      const reads = made.get(original.name)!.reads;
      expect(await seen(copy, reads, token)).toEqual(await seen(original, reads, token));
      // A new record gets the same id in both: the id source goes on from the same position.
      const site = (await ok(original, '/api/v2/sites')).find((s: { State: number }) => s.State === 1).SiteId;
      const client = { ClientId: EMPTY, FirstName: 'Ada', LastName: 'Fleet', Email: 'ada@fleet.test', Gender: 1 };
      const [a, b] = await Promise.all(
        [original, copy].map((x) => x.call(`/api/v2/clients?siteId=${site}`, { method: 'POST', body: client, token })),
      );
      expect(a!.status, a!.text).toBe(200);
      expect(b!.text).toBe(a!.text);
      expect(b!.headers.get(NODE_HEADER)).toBe(to);
    });
  },
);
