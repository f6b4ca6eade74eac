import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settled } from '../../src/webhooks/deliveries.js';
import type { AccountingDocument } from '../../src/world/sales.js';
import { call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { type Receiver, receiver } from './support.js';

let h: DemoApi;
let r: Receiver;
beforeEach(async () => {
  h = await demoApi();
});
afterEach(async () => {
  await settled(h.account);
  await r?.close();
});

const documents = () => h.sim.registry.get('demo')!.world.accountingDocuments;
/** The seeded monthly rent bills (recurring supplier invoices), earliest run first. */
const rents = () =>
  documents()
    .filter((d) => d.AccountingDocumentTypeId === 21)
    .sort((a, b) => (a.NextRunDate! < b.NextRunDate! ? -1 : 1));
const iso = (dateTime: string) => `${dateTime.replace(' ', 'T')}:00Z`;
const subscribe = (url: string, secret = 'k3y') =>
  call(h, '/api/v2/webhooks', { method: 'POST', body: { event: 'NewRecurringSupplierInvoice', url, secret } });
const moveClock = (dateTime: string) =>
  call(h.sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { now: iso(dateTime) } });
const payloads = () => r.received.map((x) => JSON.parse(x.body));

describe('recurring invoices and their events', () => {
  it('passing NextRunDate generates a supplier invoice and delivers a signed NewRecurringSupplierInvoice', async () => {
    r = await receiver();
    const reg = await subscribe(r.url);
    const rent = rents()[0]!;
    const runDate = rent.NextRunDate!;
    const due = rents().filter((d) => d.NextRunDate! <= runDate).length;
    await moveClock(runDate);
    await settled(h.account);

    expect(r.received).toHaveLength(due);
    for (const got of r.received) {
      const timestamp = got.headers['x-signature-timestamp'] as string;
      // Computed here, not with the simulator's own helper, so a wrong signature fails.
      const hmac = createHmac('sha256', 'k3y').update(`${timestamp}.${got.body}`).digest('hex');
      expect(got.headers['x-signature']).toBe(`sha256=${hmac}`);
      expect(Number(timestamp)).toBeGreaterThan(1_700_000_000);
      expect(got.headers['content-type']).toBe('application/json');
    }
    const mine = payloads().find((p) => p.data.recurring_accounting_document_id === rent.AccountingDocumentId);
    expect(mine).toMatchObject({
      event: 'NewRecurringSupplierInvoice',
      webhook_id: reg.body.webhook_id,
      occurred_utc: runDate,
    });
    // A supplier invoice has no client: the empty Guid, never null.
    expect(mine.data).toMatchObject({ supplier_id: rent.SupplierId, client_id: EMPTY });

    const made = documents().find(
      (d) => d.AccountingDocumentId === mine.data.accounting_document_id,
    ) as AccountingDocument;
    expect(made).toMatchObject({
      AccountingDocumentTypeId: 10,
      DocumentDate: runDate,
      SupplierId: rent.SupplierId,
      Total: rent.Total,
      NextRunDate: null,
    });
    expect(made.DocumentNumber).toBe(mine.data.document_number);
    expect(made.AccountingDocumentLineItems.map((l) => l.Description)).toEqual(
      rent.AccountingDocumentLineItems.map((l) => l.Description),
    );
    const next = documents().find((d) => d.AccountingDocumentId === rent.AccountingDocumentId)!.NextRunDate;
    expect(next).not.toBe(runDate);
    expect(next!.slice(5, 7)).toBe(String((Number(runDate.slice(5, 7)) % 12) + 1).padStart(2, '0'));

    const got = await call(h, `/api/v2/accountingdocuments/${made.AccountingDocumentId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      AccountingDocumentTypeId: 10,
      DocumentNumber: made.DocumentNumber,
      DocumentDate: runDate,
    });
  });

  it('a run is generated once: later requests and clock moves do not repeat it', async () => {
    r = await receiver();
    await subscribe(r.url);
    const runDate = rents()[0]!.NextRunDate!;
    await moveClock(runDate);
    const count = documents().length;
    await call(h, '/api/v2/webhooks');
    await moveClock(runDate);
    await settled(h.account);
    expect(documents()).toHaveLength(count);
    expect(new Set(payloads().map((p) => p.data.accounting_document_id)).size).toBe(r.received.length);
  });

  it('runs are made in date order when the clock jumps several intervals', async () => {
    r = await receiver();
    await subscribe(r.url);
    const rent = rents()[0]!;
    const first = rent.NextRunDate!;
    await moveClock(`${String(Number(first.slice(0, 4)) + 1)}${first.slice(4)}`);
    await settled(h.account);
    const mine = payloads().filter((p) => p.data.recurring_accounting_document_id === rent.AccountingDocumentId);
    expect(mine).toHaveLength(13);
    const dates = payloads().map((p) => p.occurred_utc as string);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('event kinds and triggers', () => {
  it('a recurring client invoice makes a client invoice and NewRecurringClientInvoice, only to that event’s subscribers', async () => {
    r = await receiver();
    const supplierSide = await receiver();
    await call(h, '/api/v2/webhooks', {
      method: 'POST',
      body: { event: 'NewRecurringClientInvoice', url: r.url, secret: 'c' },
    });
    await subscribe(supplierSide.url);
    const recurring = documents()
      .filter((d) => d.AccountingDocumentTypeId === 20)
      .sort((a, b) => (a.NextRunDate! < b.NextRunDate! ? -1 : 1))[0]!;
    const runDate = recurring.NextRunDate!;
    await moveClock(runDate);
    await settled(h.account);
    await supplierSide.close();
    expect(payloads().map((p) => p.event)).toEqual(['NewRecurringClientInvoice']);
    expect(supplierSide.received.every((x) => JSON.parse(x.body).event === 'NewRecurringSupplierInvoice')).toBe(true);
    const made = documents().find((d) => d.AccountingDocumentId === payloads()[0].data.accounting_document_id)!;
    expect(made).toMatchObject({ AccountingDocumentTypeId: 1, ClientId: recurring.ClientId, DocumentDate: runDate });
    expect(payloads()[0].data).toMatchObject({ client_id: recurring.ClientId, supplier_id: EMPTY });
    expect(made.DocumentNumber).toMatch(/^INV-\d{6}$/);
  });

  it('an API request after the clock has passed NextRunDate (without a control-plane move) catches up', async () => {
    r = await receiver();
    await subscribe(r.url);
    const account = h.sim.registry.get('demo')!;
    const count = documents().length;
    account.clock.set(Date.parse(iso(rents()[0]!.NextRunDate!)));
    expect(documents()).toHaveLength(count);
    await call(h, '/api/v2/webhooks');
    await settled(h.account);
    expect(documents().length).toBeGreaterThan(count);
    expect(r.received.length).toBe(documents().length - count);
  });
});

describe('delivery', () => {
  it('a failed delivery is retried with backoff: 500, 500, then 200 is three attempts, delivered', async () => {
    r = await receiver([500, 500]);
    await subscribe(r.url);
    await moveClock(rents()[0]!.NextRunDate!);
    await settled(h.account);
    const log = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200, lastError: null, url: r.url });
    expect(log[0].deliveredAt).toEqual(expect.any(String));
    expect(r.received.slice(0, 3).map((x) => JSON.parse(x.body).delivery_id)).toEqual([
      log[0].id,
      log[0].id,
      log[0].id,
    ]);
    expect(JSON.stringify(log)).not.toContain('k3y');
  });

  it('gives up after 5 attempts and marks the delivery failed', async () => {
    r = await receiver([500, 502, 503, 500, 500, 500]);
    await subscribe(r.url);
    const rent = rents()[0]!;
    await moveClock(rent.NextRunDate!);
    await settled(h.account);
    const log = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
    expect(log[0]).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastStatus: 500,
      lastError: 'HTTP 500',
      deliveredAt: null,
    });
  });

  it('a network error is retried and recorded in lastError', async () => {
    r = await receiver();
    const url = r.url;
    await r.close();
    await subscribe(url);
    await moveClock(rents()[0]!.NextRunDate!);
    await settled(h.account);
    const log = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
    expect(log[0]).toMatchObject({ status: 'failed', attempts: 5, lastStatus: null });
    expect(log[0].lastError).toMatch(/ECONNREFUSED|fetch failed/);
    r = await receiver();
  });

  it('deliveries to one subscription arrive in order: a later one waits for the earlier one’s retries', async () => {
    r = await receiver([500, 500]);
    await subscribe(r.url);
    const first = rents()[0]!.NextRunDate!;
    await moveClock(`${first.slice(0, 5)}${String(Number(first.slice(5, 7)) + 2).padStart(2, '0')}${first.slice(7)}`);
    await settled(h.account);
    const log = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body as { id: string }[];
    const ids = r.received.map((x) => JSON.parse(x.body).delivery_id as string);
    const order = ids.filter((id, i) => ids[i - 1] !== id);
    expect(ids.slice(0, 3)).toEqual([log[0]!.id, log[0]!.id, log[0]!.id]);
    expect(order).toEqual(log.map((d) => d.id));
    expect(log.length).toBeGreaterThan(1);
  });

  it('replay sends a delivery again as a new log entry with the same body', async () => {
    r = await receiver();
    await subscribe(r.url);
    await moveClock(rents()[0]!.NextRunDate!);
    await settled(h.account);
    const before = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
    const res = await call(h.sim, `/__admin/accounts/demo/webhooks/deliveries/${before[0].id}/replay`, {
      method: 'POST',
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', webhookId: before[0].webhookId });
    expect(res.body.id).not.toBe(before[0].id);
    await settled(h.account);
    expect(r.received.at(-1)!.body).toBe(r.received[0]!.body);
    expect(r.received.at(-1)!.headers['x-delivery-id']).toBe(res.body.id);
    const after = (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
    expect(after.at(-1)).toMatchObject({ id: res.body.id, status: 'delivered', attempts: 1 });
    expect(
      (await call(h.sim, '/__admin/accounts/demo/webhooks/deliveries/nope/replay', { method: 'POST' })).status,
    ).toBe(404);
  });
});
