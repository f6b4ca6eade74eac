import { describe, expect, it } from 'vitest';
import { call, demoApi } from '../helpers.js';

// The control plane's answer to applying a scenario says what changed: the clock, the world size,
// the seed when it changed, and the records per table.

const SITE = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';

describe('what applying a scenario changed', () => {
  it('POST /__admin/accounts/{name}/scenario answers the clock and size before and after and the records per table', async () => {
    const { sim, world } = await demoApi({ seed: 42 });
    const client = world.clients[0]!.ClientId;
    const suppliers = world.suppliers.length;
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'A later hour of the same day, one voucher added, one client changed, no suppliers.',
          account: { now: '2026-03-16T15:00:00Z' },
          clear: ['suppliers'],
          records: {
            vouchers: [
              {
                SiteId: SITE,
                VoucherNumber: 'GV-CHANGES-0001',
                VoucherType: 1,
                Amount: 25,
                ExpiryDate: '2026-12-31 00:00',
              },
            ],
            clients: [{ ClientId: client, FirstName: 'Changed' }],
          },
        },
      },
    });
    expect(applied.status).toBe(200);
    // The answer keeps the account's summary and adds what changed; the seed did not, so it is absent.
    expect(applied.body).toEqual({
      name: 'demo',
      seed: 42,
      size: 'small',
      rateLimit: false,
      fiscalised: false,
      scenario: '(inline)',
      now: '2026-03-16T15:00:00.000Z',
      changes: {
        clock: { before: '2026-03-16T09:00:00.000Z', after: '2026-03-16T15:00:00.000Z' },
        size: { before: 'small', after: 'small' },
        records: {
          vouchers: { added: 1, replaced: 0, removed: 0 },
          clients: { added: 0, replaced: 1, removed: 0 },
          suppliers: { added: 0, replaced: 0, removed: suppliers },
        },
      },
    });
  });

  it('a scenario that changes the seed says so, with the seed before and after', async () => {
    const { sim } = await demoApi({ seed: 42 });
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: { description: 'Another seed, nothing else.', account: { seed: 7 } } },
    });
    expect(applied.body.changes).toEqual({
      clock: { before: '2026-03-16T09:00:00.000Z', after: '2026-03-16T09:00:00.000Z' },
      size: { before: 'small', after: 'small' },
      seed: { before: 42, after: 7 },
      records: {},
    });
  });

  it('a shipped scenario answers the records it added', async () => {
    const { sim } = await demoApi();
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'unpaid-and-paid-invoices' },
    });
    expect(applied.body.changes.records).toEqual({
      accountingDocuments: { added: 2, replaced: 0, removed: 0 },
      accountingEntries: { added: 1, replaced: 0, removed: 0 },
    });
  });
});
