import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { toCents } from '../world/money.js';
import type { AccountingEntry } from '../world/sales.js';
import type { Voucher } from '../world/vouchers.js';

// A voucher's balance and redemptions are never stored: they are read from the accounting
// entries that name the voucher (VoucherId), so creating or deleting such an entry, by whatever
// route, moves the balance at once and the two can never disagree.

/** The entries that redeemed the voucher, oldest first (ties by id, so the order is stable). */
export function voucherRedemptions(world: World, voucherId: Guid): AccountingEntry[] {
  return world.accountingEntries
    .filter((e) => e.VoucherId === voucherId)
    .sort(
      orderBy<AccountingEntry>(
        (x) => x.EntryDate,
        (x) => x.AccountingEntryId,
      ),
    );
}

/** Amount minus the Totals of its redemptions, in cents. Not clamped: an over-redemption shows. */
export function voucherBalance(voucher: Voucher, redemptions: readonly AccountingEntry[]): number {
  return toCents(voucher.Amount) - redemptions.reduce((sum, e) => sum + toCents(e.Total), 0);
}

/** Redeemed cents per voucher id, in one pass over the entries (for lists). */
export function redeemedByVoucher(world: World): Map<Guid, number> {
  const redeemed = new Map<Guid, number>();
  for (const e of world.accountingEntries) {
    if (e.VoucherId) redeemed.set(e.VoucherId, (redeemed.get(e.VoucherId) ?? 0) + toCents(e.Total));
  }
  return redeemed;
}
