import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { Voucher } from '../world/vouchers.js';
import { voucherBalance, voucherRedemptions } from './balance.js';

/** A list row: the voucher and its balance (redeemed cents looked up once for the whole list). */
export function voucherRow(voucher: Voucher, redeemedCents: number) {
  return { ...voucher, Balance: fromCents(toCents(voucher.Amount) - redeemedCents) };
}

/** The detail answer: balance and redemptions, both read from the entries. */
export function voucherAnswer(world: World, voucher: Voucher) {
  const entries = voucherRedemptions(world, voucher.VoucherId);
  return {
    ...voucher,
    Balance: fromCents(voucherBalance(voucher, entries)),
    Redemptions: entries.map((e) => ({
      AccountingEntryId: e.AccountingEntryId,
      EntryNumber: e.EntryNumber,
      EntryDate: e.EntryDate,
      SiteId: e.SiteId,
      ClientId: e.ClientId,
      AccountingDocumentId: e.AccountingDocumentId,
      Amount: e.Total,
    })),
  };
}
