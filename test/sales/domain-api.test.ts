import { describe, expect, it } from 'vitest';
import { documentBalance, redeemedAmount } from '../../src/sales/index.js';
import { call, demoApi, UNKNOWN } from '../helpers.js';
import { createDocument, createReceipt, listUrl, newReceipt } from './support.js';

// The functions other areas call (vouchers, the sales report) agree with what the API answers.

describe('sales domain API', () => {
  it('documentBalance equals the paid state and outstanding amount of the list row', async () => {
    const s = await demoApi();
    const doc = await createDocument(s);
    await createReceipt(s, newReceipt(s.world, doc, 30.3));
    const row = (await call(s, listUrl(s.world))).body.find((r: any) => r.AccountingDocumentId === doc);
    expect(documentBalance(s.world, doc)).toEqual({
      total: row.Total,
      paid: row.Paid,
      outstanding: row.Outstanding,
      paidState: row.PaidState,
    });
    expect(documentBalance(s.world, UNKNOWN)).toBeUndefined();
  });

  it('redeemedAmount sums the entries carrying the VoucherId', async () => {
    const s = await demoApi();
    const voucher = s.world.vouchers[0]!;
    const before = redeemedAmount(s.world, voucher.VoucherId);
    await createReceipt(s, newReceipt(s.world, null, 0.1, { VoucherId: voucher.VoucherId }));
    await createReceipt(s, newReceipt(s.world, null, 0.2, { VoucherId: voucher.VoucherId }));
    expect(redeemedAmount(s.world, voucher.VoucherId)).toBe(Math.round((before + 0.3) * 100) / 100);
  });
});
