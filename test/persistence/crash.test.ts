import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { EMPTY } from '../helpers.js';
import { newVoucher } from '../vouchers/support.js';

// A server killed with SIGKILL in the middle of a stream of writes of every kind (API creates,
// tokens, control-plane credentials and clock moves), restarted on the same data directory: every
// write that was answered 2xx is there, no id was handed out twice, and every data file parses.

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
const JSON_TYPE = { 'content-type': 'application/json' };

async function token(base: string, clientId = 'demo-client', secret = 'demo-secret'): Promise<string> {
  const res = await fetch(`${base}/api/v2/token`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ clientId, secret }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

type Kind = 'client' | 'document' | 'voucher' | 'token' | 'credential' | 'clock';
const KINDS: readonly Kind[] = ['client', 'document', 'voucher', 'token', 'credential', 'clock'];

/** What an acknowledged write left, to check after the restart. */
type Acknowledged =
  | { kind: 'client' | 'document' | 'voucher'; id: string; mark: string }
  | { kind: 'token'; token: string }
  | { kind: 'credential'; clientId: string; secret: string }
  | { kind: 'clock'; seconds: number };

interface Context {
  base: string;
  bearer: Record<string, string>;
  site: string;
  client: string;
}

async function context(base: string): Promise<Context> {
  const bearer = { authorization: `Bearer ${await token(base)}`, ...JSON_TYPE };
  const sites = (await (await fetch(`${base}/api/v2/sites`, { headers: bearer })).json()) as { SiteId: string }[];
  const site = sites[0]!.SiteId;
  const clients = (await (await fetch(`${base}/api/v2/clients?siteId=${site}`, { headers: bearer })).json()) as {
    ClientId: string;
  }[];
  return { base, bearer, site, client: clients[0]!.ClientId };
}

/** Sends one write of the kind; answers what to check later, or undefined when it was not acknowledged. */
async function writeOnce(c: Context, kind: Kind, mark: string): Promise<Acknowledged | undefined> {
  const post = (url: string, body: unknown, headers: Record<string, string> = c.bearer) =>
    fetch(`${c.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const value = async (res: Response) =>
    res.status === 200 ? ((await res.json()) as { Value: string }).Value : undefined;
  switch (kind) {
    case 'client': {
      const id = await value(
        await post(`/api/v2/clients?siteId=${c.site}`, {
          ClientId: EMPTY,
          FirstName: mark,
          LastName: 'Durable',
          Gender: 1,
        }),
      );
      return id ? { kind, id, mark } : undefined;
    }
    case 'document': {
      const body = {
        AccountingDocumentId: EMPTY,
        AccountingDocumentTypeId: 1,
        SiteId: c.site,
        ClientId: c.client,
        Reference: mark,
        AccountingDocumentLineItems: [{ Description: 'Cut', Quantity: 1, Price: 40 }],
      };
      const id = await value(await post(`/api/v2/accountingdocuments?siteId=${c.site}`, body));
      return id ? { kind, id, mark } : undefined;
    }
    case 'voucher': {
      const id = await value(await post(`/api/v2/vouchers?siteId=${c.site}`, newVoucher(c.site, { Notes: mark })));
      return id ? { kind, id, mark } : undefined;
    }
    case 'token': {
      const res = await post('/api/v2/token', { clientId: 'demo-client', secret: 'demo-secret' }, JSON_TYPE);
      return res.status === 200
        ? { kind, token: ((await res.json()) as { access_token: string }).access_token }
        : undefined;
    }
    case 'credential': {
      const res = await post('/__admin/accounts/demo/credentials', {}, JSON_TYPE);
      if (res.status !== 201) return undefined;
      const { clientId, secret } = (await res.json()) as { clientId: string; secret: string };
      return { kind, clientId, secret };
    }
    case 'clock': {
      const res = await post('/__admin/accounts/demo/clock', { advanceSeconds: 60 }, JSON_TYPE);
      return res.status === 200 ? { kind, seconds: 60 } : undefined;
    }
  }
}

/**
 * Several writers send writes of every kind until `killAfter` have been acknowledged, then the
 * process is killed at once, with the other writers' requests still in flight.
 */
async function writeUntilKilled(p: CliProcess, round: number, killAfter: number): Promise<Acknowledged[]> {
  const c = await context(p.base);
  const acknowledged: Acknowledged[] = [];
  let sent = 0;
  let killed = false;
  const writer = async (w: number) => {
    while (!killed) {
      const n = sent++;
      try {
        const done = await writeOnce(c, KINDS[(n + w) % KINDS.length]!, `Crash${round}n${n}`);
        if (!done || killed) continue;
        acknowledged.push(done);
        if (acknowledged.length >= killAfter && !killed) {
          killed = true;
          p.child.kill('SIGKILL');
        }
      } catch {
        // The connection died with the process: not acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
  expect(await p.exited).toBe('SIGKILL');
  return acknowledged;
}

describe('crash safety with --data-dir', () => {
  it('after SIGKILL in the middle of writes of every kind, a restart finds every acknowledged write, no id twice, and no torn file', async () => {
    const all: Acknowledged[] = [];
    for (const [round, killAfter] of [5, 23, 47].entries()) {
      server = await start();
      all.push(...(await writeUntilKilled(server, round, killAfter)));
      expect(all.length).toBeGreaterThanOrEqual(killAfter);
    }

    server = await start();
    const c = await context(server.base);
    const ids = all.flatMap((a) => ('id' in a ? [a.id] : []));
    expect(new Set(ids).size, 'no id handed out twice').toBe(ids.length);
    const read = async (url: string) => {
      const res = await fetch(`${server!.base}${url}`, { headers: c.bearer });
      expect(res.status, url).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    for (const a of all) {
      if (a.kind === 'client') expect((await read(`/api/v2/clients/${a.id}`)).FirstName).toBe(a.mark);
      if (a.kind === 'document') expect((await read(`/api/v2/accountingdocuments/${a.id}`)).Reference).toBe(a.mark);
      if (a.kind === 'voucher') expect((await read(`/api/v2/vouchers/${a.id}`)).Notes).toBe(a.mark);
      if (a.kind === 'token')
        expect(
          (await fetch(`${server.base}/api/v2/ping`, { headers: { authorization: `Bearer ${a.token}` } })).status,
        ).toBe(200);
      if (a.kind === 'credential') await token(server.base, a.clientId, a.secret);
    }
    // Every acknowledged clock move is kept (real time only adds to it).
    const moved = all.reduce((sum, a) => sum + (a.kind === 'clock' ? a.seconds : 0), 0);
    const now = Date.parse(
      ((await (await fetch(`${server.base}/__admin/accounts/demo/clock`)).json()) as { now: string }).now,
    );
    expect(now - Date.now()).toBeGreaterThanOrEqual(moved * 1000 - 5000);

    const files = await readdir(dir);
    expect(
      files.filter((f) => f.endsWith('.tmp')),
      'temp files are removed on start',
    ).toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.json')))
      JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    for (const file of files.filter((f) => f.endsWith('.log'))) {
      for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n').filter(Boolean)) JSON.parse(line);
    }
    await stopCli(server);
  }, 60_000);
});
