import { beforeEach, describe, expect, it } from 'vitest';
import { toCents } from '../../src/world/money.js';
import { call, type DemoApi, demoApi } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

/** A receipt redeeming the voucher, as a till would POST it. */
function redeemBody(a: DemoApi, voucherId: string, siteId: string, total: number) {
  const client = a.world.clients.find((c) => c.State === 1)!;
  return {
    AccountingEntryTypeId: 1,
    SiteId: siteId,
    ClientId: client.ClientId,
    EntryDate: '2026-03-14 10:00',
    AmountDue: total,
    Received: total,
    Gratuity: 0,
    Change: 0,
    Total: total,
    PaymentTypeId: a.world.paymentTypes.find((p) => p.Name === 'Voucher')!.PaymentTypeId,
    VoucherId: voucherId,
    CashDrawerId: a.world.cashDrawers.find((d) => d.SiteId === siteId)!.CashDrawerId,
  };
}

describe('redemptions through POST /api/v2/accountingentries', () => {
  it('a receipt with a VoucherId lowers the voucher balance and shows in the sales report', async () => {
    const voucher = a.world.vouchers.find((v) => v.SiteId !== null && v.State === 1)!;
    const siteId = voucher.SiteId!;
    const before = (await call(a, `/api/v2/vouchers/${voucher.VoucherId}`)).body;
    const report = () => call(a, `/api/v2/reports/sales?siteId=${siteId}&start=2026-03-14 00:00&end=2026-03-14 23:59`);
    const reportBefore = (await report()).body.Totals.VoucherRedemptions;

    const res = await call(a, `/api/v2/accountingentries?siteId=${siteId}`, {
      method: 'POST',
      body: redeemBody(a, voucher.VoucherId, siteId, 7.5),
    });
    expect(res.status, res.text).toBe(200);

    const after = (await call(a, `/api/v2/vouchers/${voucher.VoucherId}`)).body;
    expect(toCents(after.Balance)).toBe(toCents(before.Balance) - 750);
    expect(after.Redemptions.map((r: any) => r.AccountingEntryId)).toContain(res.body.Value);
    const reportAfter = (await report()).body.Totals.VoucherRedemptions;
    expect(reportAfter.Count).toBe(reportBefore.Count + 1);
    expect(toCents(reportAfter.Amount)).toBe(toCents(reportBefore.Amount) + 750);
  });
});
