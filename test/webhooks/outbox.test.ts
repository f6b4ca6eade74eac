import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AccountFiles } from '../../src/accounts/account-files.js';
import { settled } from '../../src/webhooks/deliveries.js';
import { DELIVERY_SOCKETS } from '../../src/webhooks/delivery-turns.js';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { call, DEMO_CREDENTIAL, demoApi } from '../helpers.js';
import { type Receiver, receiver } from './support.js';

// Webhook events go through an outbox: a delivery is stored in the same write as the invoice that
// produced it, sent only once that write is durable, and sent again after a crash (at least once,
// with the same x-event-id for de-duplication).

let dir: string | undefined;
let r: Receiver | undefined;
let cli: CliProcess | undefined;
beforeAll(() => ensureBuilt());
afterEach(async () => {
  vi.restoreAllMocks();
  await stopCli(cli, 'SIGKILL');
  cli = undefined;
  await r?.close();
  r = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const subscribe = (url: string) => ({ event: 'NewRecurringSupplierInvoice', url, secret: 'k3y' });

describe('webhook outbox', () => {
  it('an event is sent only after the invoice that produced it is durable', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-outbox-'));
    r = await receiver();
    const { sim, token } = await demoApi({ dataDir: dir });
    expect((await call(sim, '/api/v2/webhooks', { method: 'POST', token, body: subscribe(r.url) })).status).toBe(200);
    const account = sim.registry.get('demo')!;
    // Saves holding a delivery fail, as a full disk would make them.
    const append = AccountFiles.prototype.append;
    let failing = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(AccountFiles.prototype, 'append').mockImplementation(function (this: AccountFiles, set) {
      if (failing && set.changes.some(([table]) => table === 'deliveries'))
        return Promise.reject(new Error('ENOSPC: no space left on device'));
      return append.call(this, set);
    });
    const documents = () => account.world.accountingDocuments.length;
    const supplierInvoices = () =>
      account.world.accountingDocuments.filter((d) => d.AccountingDocumentTypeId === 10).length;
    const before = documents();
    const invoicesBefore = supplierInvoices();
    expect(
      (await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 40 * 86_400 } }))
        .status,
    ).toBe(200);
    await settled(account);
    expect(r.received).toEqual([]);
    expect(documents()).toBe(before);
    expect((await call(sim, '/__admin/accounts/demo/webhooks/deliveries')).body).toEqual([]);

    failing = false;
    expect((await call(sim, '/api/v2/ping', { token })).status).toBe(200);
    await settled(account);
    expect(documents()).toBeGreaterThan(before);
    expect(r.received.length).toBe(supplierInvoices() - invoicesBefore);
    expect(r.received.length).toBeGreaterThan(0);
    for (const got of r.received) {
      const id = JSON.parse(got.body).data.accounting_document_id as string;
      expect(got.headers['x-event-id']).toBe(id);
      expect((await call(sim, `/api/v2/accountingdocuments/${id}`, { token })).status).toBe(200);
    }
  });

  it('after a crash every waiting delivery is still sent, with the same x-event-id, naming an invoice that exists', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-outbox-'));
    // The receiver refuses until told otherwise, so the delivery is still waiting when the process dies.
    let accept = false;
    const seen: { eventId: string; body: string; accepted: boolean }[] = [];
    const server: Server = createServer((req, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          eventId: String(req.headers['x-event-id']),
          body: Buffer.concat(chunks).toString('utf8'),
          accepted: accept,
        });
        res.statusCode = accept ? 200 : 503;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const args = ['--port', '0', '--data-dir', dir, '--rate-limit', 'off', '--size', 'small'];
      cli = await startCli(args);
      const bearer = { authorization: `Bearer ${await cliToken(cli.base)}`, 'content-type': 'application/json' };
      expect(
        (
          await fetch(`${cli.base}/api/v2/webhooks`, {
            method: 'POST',
            headers: bearer,
            body: JSON.stringify(subscribe(url)),
          })
        ).status,
      ).toBe(200);
      await fetch(`${cli.base}/__admin/accounts/demo/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: 40 * 86_400 }),
      });
      await until(() => seen.length > 0);
      const eventIds = new Set(seen.map((s) => s.eventId));
      cli.child.kill('SIGKILL');
      await cli.exited;

      accept = true;
      cli = await startCli(args);
      await until(() => seen.some((s) => s.accepted));
      const delivered = seen.filter((s) => s.accepted);
      expect(eventIds.has(delivered[0]!.eventId)).toBe(true);
      const token = await cliToken(cli.base);
      const id = JSON.parse(delivered[0]!.body).data.accounting_document_id as string;
      expect(id).toBe(delivered[0]!.eventId);
      expect(
        (await fetch(`${cli.base}/api/v2/accountingdocuments/${id}`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);

  it('waiting deliveries per subscription are bounded: beyond the bound the oldest waiting one is dropped, marked failed with the reason', async () => {
    r = await receiver(Array.from({ length: 50 }, () => 503));
    const { sim, token } = await demoApi({ maxPendingDeliveries: 1 });
    await call(sim, '/api/v2/webhooks', { method: 'POST', token, body: subscribe(r.url) });
    // Three months at once: several runs of the monthly bills in one write.
    await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 95 * 86_400 } });
    const log = (await call(sim, '/__admin/accounts/demo/webhooks/deliveries')).body as {
      lastError: string | null;
      status: string;
    }[];
    expect(log.length).toBeGreaterThan(1);
    const dropped = log.filter((d) => d.lastError?.startsWith('dropped: more than 1 deliveries waiting'));
    expect(dropped.length).toBe(log.length - 1);
    expect(dropped.every((d) => d.status === 'failed')).toBe(true);
    await settled(sim.registry.get('demo')!);
  });

  it(`a burst of deliveries all arrive, over at most ${DELIVERY_SOCKETS} connections to receivers at once`, async () => {
    let open = 0;
    let most = 0;
    const held: ServerResponse[] = [];
    // Answers are held back a while, so the deliveries pile up waiting for their turns (each attempt
    // opens its own connection: a closed one and its successor may overlap on the receiver's side).
    const server = createServer((req, res) => {
      req.resume();
      held.push(res);
    });
    const release = setInterval(() => {
      for (const h of held.splice(0)) h.end();
    }, 100);
    server.on('connection', (socket) => {
      most = Math.max(most, ++open);
      socket.on('close', () => open--);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { sim, token } = await demoApi();
      for (let i = 0; i < DELIVERY_SOCKETS + 8; i++) {
        expect(
          (await call(sim, '/api/v2/webhooks', { method: 'POST', token, body: subscribe(`${url}/hook/${i}`) })).status,
        ).toBe(200);
      }
      await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 35 * 86_400 } });
      await settled(sim.registry.get('demo')!);
      const log = (await call(sim, '/__admin/accounts/demo/webhooks/deliveries')).body as { status: string }[];
      expect(log.length).toBeGreaterThanOrEqual(DELIVERY_SOCKETS + 8);
      expect(log.every((d) => d.status === 'delivered')).toBe(true);
      expect(most).toBeLessThanOrEqual(DELIVERY_SOCKETS);
      expect(most).toBeGreaterThan(1);
    } finally {
      clearInterval(release);
      for (const h of held) h.end();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

async function cliToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIAL),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function until(done: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
