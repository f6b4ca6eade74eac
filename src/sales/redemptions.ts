import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingEntry } from '../world/sales.js';

// A voucher is redeemed by entries carrying its VoucherId (spec: "optional link to a redeemed
// voucher"). The vouchers area reads these so a balance and the entries can never disagree.

export function redemptionsOf(world: World, voucherId: Guid): AccountingEntry[] {
  return world.accountingEntries.filter((e) => e.VoucherId === voucherId);
}

/** Sum of the redemptions' Totals, summed in cents. */
export function redeemedAmount(world: World, voucherId: Guid): number {
  return fromCents(redemptionsOf(world, voucherId).reduce((sum, e) => sum + toCents(e.Total), 0));
}
