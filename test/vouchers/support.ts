import type { World } from '../../src/world/index.js';
import { toCents } from '../../src/world/money.js';
import type { AccountingEntry } from '../../src/world/sales.js';
import type { Voucher } from '../../src/world/vouchers.js';
import { activeSite, EMPTY } from '../helpers.js';

/** Expected balance in cents: amount less every entry naming the voucher. */
export const expectedBalance = (world: World, v: Voucher) =>
  toCents(v.Amount) -
  world.accountingEntries.filter((e) => e.VoucherId === v.VoucherId).reduce((s, e) => s + toCents(e.Total), 0);

export const redeemed = (world: World) =>
  world.vouchers.find((v) => world.accountingEntries.some((e) => e.VoucherId === v.VoucherId))!;

export const newVoucher = (siteId: string, extra: Record<string, unknown> = {}) => ({
  VoucherId: EMPTY,
  SiteId: siteId,
  ExpiryDate: '2027-03-31 23:59',
  Recipient: 'Amelia Jones',
  Amount: 50,
  ...extra,
});

/** A redemption entry of the voucher, added straight to the world (as the entries endpoints would). */
export function redemption(
  world: World,
  voucher: Voucher,
  cents: number,
  id: string,
  at = '2026-03-10 11:00',
): AccountingEntry {
  const siteId = voucher.SiteId ?? activeSite(world);
  return {
    AccountingEntryId: id,
    SiteId: siteId,
    ClientId: null,
    SupplierId: null,
    EntryNumber: '',
    Reference: voucher.VoucherNumber,
    Description: 'Voucher redemption',
    EntryDate: at,
    AccountingEntryTypeId: 1,
    AccountingDocumentId: null,
    AmountDue: 0,
    Received: cents / 100,
    Gratuity: 0,
    Change: 0,
    Total: cents / 100,
    PaymentTypeId: world.paymentTypes[0]!.PaymentTypeId,
    VoucherId: voucher.VoucherId,
    UserId: EMPTY,
    CashDrawerId: world.cashDrawers[0]!.CashDrawerId,
    Gratuities: [],
  };
}
