import { afterEach, expect, it } from 'vitest';
import { settled } from '../../src/webhooks/deliveries.js';
import { tokenFor } from '../helpers.js';
import { type Receiver, receiver } from '../webhooks/support.js';
import { withScenario } from './support.js';

let r: Receiver | undefined;
afterEach(async () => {
  await r?.close();
});

const RECURRING = 'ee00844d-b30d-4083-be03-9aa994f7b361';

it('recurring-invoice-due: after a clock advance past the run date, the next request delivers NewRecurringClientInvoice', async () => {
  const s = await withScenario('recurring-invoice-due');
  const token = await tokenFor(s.sim);
  r = await receiver();
  const registered = await s.post(
    '/api/v2/webhooks',
    { event: 'NewRecurringClientInvoice', url: r.url, secret: 'scenario-hook-secret' },
    token,
  );
  expect(registered.status).toBe(200);
  const before = await s.get(`/api/v2/accountingdocuments/${RECURRING}`, token);
  expect(before.body.NextRunDate).toBe('2026-03-16 10:00');
  expect(r.received).toHaveLength(0);

  await s.admin('/accounts/demo/clock', 'POST', { advanceSeconds: 3600 });
  expect((await s.get('/api/v2/sites', token)).status).toBe(200);
  await settled(s.sim.registry.get('demo')!);

  const events = r.received.map((x) => JSON.parse(x.body));
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({
    event: 'NewRecurringClientInvoice',
    webhook_id: registered.body.webhook_id,
    occurred_utc: '2026-03-16 10:00',
    data: { recurring_accounting_document_id: RECURRING, accounting_document_type_id: 1 },
  });
  const made = await s.get(`/api/v2/accountingdocuments/${events[0].data.accounting_document_id}`, token);
  expect(made.body).toMatchObject({ AccountingDocumentTypeId: 1, DocumentDate: '2026-03-16 10:00' });
});
