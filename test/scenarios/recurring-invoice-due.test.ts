import { afterEach, expect, it } from 'vitest';
import { settled } from '../../src/webhooks/deliveries.js';
import { call, demoApi } from '../helpers.js';
import { type Receiver, receiver } from '../webhooks/support.js';

let r: Receiver | undefined;
afterEach(async () => {
  await r?.close();
});

const RECURRING = '9e7cfbff-cb6f-4f04-ae4c-1b16ada49c7d';

it('recurring-invoice-due: after a clock advance past the run date, the next request delivers NewRecurringClientInvoice', async () => {
  const { sim, token } = await demoApi({ scenario: 'recurring-invoice-due' });
  r = await receiver();
  const registered = await call(sim, '/api/v2/webhooks', {
    method: 'POST',
    body: { event: 'NewRecurringClientInvoice', url: r.url, secret: 'scenario-hook-secret' },
    token,
  });
  expect(registered.status).toBe(200);
  const before = await call(sim, `/api/v2/accountingdocuments/${RECURRING}`, { token });
  expect(before.body.NextRunDate).toBe('2026-03-16 10:00');
  expect(r.received).toHaveLength(0);

  await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 3600 } });
  expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
  await settled(sim.registry.get('demo')!);

  const events = r.received.map((x) => JSON.parse(x.body));
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    event: 'NewRecurringClientInvoice',
    webhook_id: registered.body.webhook_id,
    occurred_utc: '2026-03-16 10:00',
    data: { recurring_accounting_document_id: RECURRING, accounting_document_type_id: 1 },
  });
  const made = await call(sim, `/api/v2/accountingdocuments/${events[0].data.accounting_document_id}`, { token });
  expect(made.body).toMatchObject({ AccountingDocumentTypeId: 1, DocumentDate: '2026-03-16 10:00' });
});

it('recurring-invoice-due: with no webhook registered, the advance generates the invoice and delivers nothing', async () => {
  const { sim, token } = await demoApi({ scenario: 'recurring-invoice-due' });
  expect((await call(sim, '/api/v2/webhooks', { token })).body).toEqual([]);
  await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 3600 } });
  const after = await call(sim, `/api/v2/accountingdocuments/${RECURRING}`, { token });
  expect(after.body.NextRunDate).not.toBe('2026-03-16 10:00');
  await settled(sim.registry.get('demo')!);
  expect((await call(sim, '/__admin/accounts/demo/webhooks/deliveries')).body).toEqual([]);
});
