import { utcMs } from '../datetime.js';
import type { World } from '../world/index.js';
import { toCents } from '../world/money.js';
import type { AccountingEntry } from '../world/sales.js';
import { VOUCHER_CATEGORIES, VOUCHER_PREFIX } from '../world/sales-codes.js';
import { problems } from './invariant.js';

// Vouchers and gift cards: what a voucher says it is, and what it paid while it was valid.

/**
 * A voucher's type, number, category and description agree: a Voucher (1) is numbered in the GV
 * series and is a Gift Voucher, Promotional or Corporate; a Gift Card (2) is numbered GC and is a
 * Gift Card; the Description starts with the Category ("Gift Card 50.00").
 */
export function voucherKindsAgree(world: World): string[] {
  return problems(
    world.vouchers.filter(
      (v) =>
        !v.VoucherNumber.startsWith(VOUCHER_PREFIX[v.VoucherType]) ||
        !VOUCHER_CATEGORIES[v.VoucherType].includes(v.Category) ||
        !v.Description.startsWith(v.Category),
    ),
    (v) => `voucher ${v.VoucherNumber} of type ${v.VoucherType} is a "${v.Category}" described "${v.Description}"`,
  );
}

/**
 * Expired vouchers are consistent with their balance and state. A voucher pays only while valid:
 * it is activated before it expires, and every redemption falls between its ActivationDate and
 * its ExpiryDate, so an expired voucher's balance is what it held when it expired and a voucher not
 * yet activated holds its whole Amount. No voucher is redeemed below a zero balance, and an Inactive
 * (withdrawn) voucher carries no redemption.
 */
export function expiredVouchersConsistent(world: World): string[] {
  const redemptions = new Map<string, AccountingEntry[]>();
  for (const e of world.accountingEntries) {
    if (e.VoucherId) redemptions.set(e.VoucherId, [...(redemptions.get(e.VoucherId) ?? []), e]);
  }
  const broken: string[] = [];
  for (const v of world.vouchers) {
    const from = v.ActivationDate === null ? Infinity : utcMs(v.ActivationDate);
    const until = utcMs(v.ExpiryDate);
    const entries = redemptions.get(v.VoucherId) ?? [];
    const balance = toCents(v.Amount) - entries.reduce((sum, e) => sum + toCents(e.Total), 0);
    if (from > until) broken.push(`voucher ${v.VoucherNumber} activates ${v.ActivationDate} after its expiry`);
    const outside = entries.filter((e) => utcMs(e.EntryDate) < from || utcMs(e.EntryDate) > until);
    if (outside.length > 0) {
      const [e] = outside;
      broken.push(`voucher ${v.VoucherNumber} valid ${v.ActivationDate}–${v.ExpiryDate} redeemed ${e?.EntryDate}`);
    }
    if (balance < 0) broken.push(`voucher ${v.VoucherNumber} redeemed ${-balance / 100} beyond its balance`);
    if (v.State !== 1 && entries.length > 0) broken.push(`voucher ${v.VoucherNumber} is Inactive but was redeemed`);
  }
  return problems(broken, (p) => p);
}
