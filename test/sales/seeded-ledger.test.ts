import { describe, expect, it } from 'vitest';
import { addMonths, formatDateTime, localDayOf, utcMs } from '../../src/datetime.js';
import { DocumentType } from '../../src/world/sales-codes.js';
import { call, type DemoApi, demoApi, EMPTY, FIXED_NOW, tokenFor } from '../helpers.js';

// The seeded ledger read through the API: a year of history, the till paid as sales are made,
// memberships collected by direct debit, also for the invoices made as the clock moves on.

const documentsUrl = (siteId: string, start: string, end: string) =>
  `/api/v2/accountingdocuments?siteId=${siteId}&clientDocuments=true&start=${start}&end=${end}&find=`;
const entriesUrl = (siteId: string, type: string, start: string, end: string) =>
  `/api/v2/accountingentries?siteId=${siteId}&entryType=${type}&start=${start}&end=${end}&find=`;

/** The site of the world's monthly recurring client invoice, and that invoice. */
function monthlyMembership(s: DemoApi) {
  const recurring = s.world.accountingDocuments.find(
    (d) => d.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice && d.RecurrenceIntervalMonths === 1,
  )!;
  return { recurring, siteId: recurring.SiteId };
}

describe('the seeded ledger', () => {
  it('a recurring client invoice made when the clock passes its run date is Paid with a direct-debit receipt', async () => {
    const s = await demoApi();
    const { recurring, siteId } = monthlyMembership(s);
    const run = recurring.NextRunDate!;
    const moved = await call(s.sim, '/__admin/accounts/demo/clock', {
      method: 'POST',
      body: { now: new Date(utcMs(run) + 60_000).toISOString() },
    });
    expect(moved.status).toBe(200);

    const day = run.slice(0, 10);
    const rows = (await call(s, documentsUrl(siteId, day, day))).body as any[];
    const made = rows.find(
      (r) => r.DocumentDate === run && r.LinkedAccountingDocumentId === recurring.AccountingDocumentId,
    );
    expect(made).toMatchObject({ AccountingDocumentTypeId: 1, Total: recurring.Total, PaidState: 'Paid' });
    const receipts = (await call(s, entriesUrl(siteId, 'RecurringReceipt', day, day))).body as any[];
    expect(receipts.filter((e) => e.DocumentNumber === made.DocumentNumber)).toEqual([
      expect.objectContaining({ EntryDate: run, Total: made.Total, PaymentTypeName: 'Direct Debit' }),
    ]);
  });

  it('a failed direct debit leaves its membership invoice Unpaid, with no receipt', async () => {
    const s = await demoApi({ size: 'standard' });
    const moved = await call(s.sim, '/__admin/accounts/demo/clock', {
      method: 'POST',
      body: { advanceSeconds: 3 * 365 * 86_400 },
    });
    expect(moved.status).toBe(200);
    // Tokens have expired by then: a new one.
    const api = { sim: s.sim, token: await tokenFor(s.sim) };
    const start = formatDateTime(FIXED_NOW).slice(0, 10);
    const end = formatDateTime(s.account.clock.now()).slice(0, 10);
    const states = new Map<string, number>();
    for (const site of s.world.sites) {
      const rows = (await call(api, documentsUrl(site.SiteId, start, end))).body as any[];
      const debits = (await call(api, entriesUrl(site.SiteId, 'RecurringReceipt', start, end))).body as any[];
      const paidBy = new Set(debits.filter((e) => e.PaymentTypeName === 'Direct Debit').map((e) => e.DocumentNumber));
      for (const row of rows.filter(
        (r) => r.LinkedAccountingDocumentId !== EMPTY && r.AccountingDocumentTypeId === 1,
      )) {
        const state = `${row.PaidState} ${paidBy.has(row.DocumentNumber) ? 'by debit' : 'no debit'}`;
        states.set(state, (states.get(state) ?? 0) + 1);
      }
    }
    expect([...states.keys()].sort()).toEqual(['Paid by debit', 'Unpaid no debit']);
    expect(states.get('Unpaid no debit')!).toBeLessThan(0.1 * states.get('Paid by debit')!);
  });

  it('till sales are paid the same day', async () => {
    const s = await demoApi();
    for (const site of s.world.sites) {
      const rows = (await call(s, documentsUrl(site.SiteId, '2020-01-01', '2030-01-01'))).body as any[];
      const till = rows.filter((r) => r.AccountingDocumentTypeId === 1 && r.LinkedAccountingDocumentId === EMPTY);
      const receipts = (await call(s, entriesUrl(site.SiteId, 'Receipt', '2020-01-01', '2030-01-01'))).body as any[];
      const localDay = (text: string) => localDayOf(site.TimeZone, utcMs(text));
      const sameDay = till.filter((r) => {
        const paid = receipts
          .filter((e) => e.DocumentNumber === r.DocumentNumber && localDay(e.EntryDate) === localDay(r.DocumentDate))
          .reduce((sum, e) => sum + Math.round(e.Total * 100), 0);
        return paid >= Math.round(r.Total * 100);
      });
      const open = till.filter((r) => r.PaidState !== 'Paid');
      if (till.length < 40) continue;
      expect(sameDay.length / till.length).toBeGreaterThanOrEqual(0.9);
      expect(open.length / till.length).toBeGreaterThan(0.025);
      expect(open.length / till.length).toBeLessThanOrEqual(0.1);
    }
  });

  it('documents reach back twelve months', async () => {
    const s = await demoApi();
    const siteId = s.world.sites[0]!.SiteId;
    for (let k = 1; k <= 12; k++) {
      const start = formatDateTime(addMonths(FIXED_NOW, -k));
      const end = formatDateTime(addMonths(FIXED_NOW, -k + 1) - 86_400_000);
      const invoices = ((await call(s, documentsUrl(siteId, start, end))).body as any[]).filter(
        (r) => r.AccountingDocumentTypeId === 1,
      );
      const receipts = (await call(s, entriesUrl(siteId, 'Receipt', start, end))).body as any[];
      expect(invoices.length, `client invoices from ${start}`).toBeGreaterThan(0);
      expect(receipts.length, `receipts from ${start}`).toBeGreaterThan(0);
    }
  });
});
