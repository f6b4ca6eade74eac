import { nextInSeries } from '../numbering.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { VoucherType } from '../world/vouchers.js';

// Voucher numbers: gift cards and vouchers each have their own series (GC000001, GV000001), as
// the seeded world numbers them; a new one follows the highest number of its series.

const PREFIX: Record<VoucherType, string> = { 1: 'GV', 2: 'GC' };

export function nextVoucherNumber(world: World, type: VoucherType): string {
  return nextInSeries(
    PREFIX[type],
    world.vouchers.map((v) => v.VoucherNumber),
  );
}

const norm = (n: string) => n.trim().toLowerCase();

/**
 * Another voucher of the same site (shared counts as one site) already has this number, compared case-insensitively.
 */
export function numberTaken(world: World, siteId: Guid | null, number: string): boolean {
  return world.vouchers.some((v) => v.SiteId === siteId && norm(v.VoucherNumber) === norm(number));
}
