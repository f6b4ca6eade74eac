import { EMPTY_GUID } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Voucher } from '../world/vouchers.js';

// Example calls for the OpenAPI document, picked from the seeded world.

/** A voucher that has been redeemed, so the example shows a balance below its amount. */
export function redeemedVoucher(world: World): Voucher {
  const redeemed = new Set(world.accountingEntries.map((e) => e.VoucherId));
  const voucher = world.vouchers.find((v) => redeemed.has(v.VoucherId)) ?? world.vouchers[0];
  if (!voucher) throw new Error('the world has no voucher');
  return voucher;
}

export const newVoucherBody = (siteId: string) => ({
  VoucherId: EMPTY_GUID,
  SiteId: siteId,
  VoucherType: 2,
  VoucherNumber: '',
  ExpiryDate: '2027-03-31 23:59',
  Recipient: 'Amelia Jones',
  RecipientEmail: 'amelia.jones@example.com',
  RecipientMessage: 'Happy birthday!',
  From: 'Tom',
  Template: 1,
  Category: 'Gift Voucher',
  Amount: 50,
});
