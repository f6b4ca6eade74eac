import { hasState, inSite, startsWithAny } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Voucher } from '../world/vouchers.js';
import { redeemedByVoucher } from './balance.js';
import { voucherRow } from './views.js';

/**
 * GET /vouchers: the site's vouchers plus shared ones (SiteId null); `find` is a case-insensitive
 * starts-with over voucher number, recipient and barcode (a scanned barcode goes here). Ordered
 * by VoucherNumber, then VoucherId, so the till sees a stable list.
 */
export function listVouchers(world: World, q: { siteId: Guid; itemState: number; find: string }) {
  const redeemed = redeemedByVoucher(world);
  return world.vouchers
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((v) => startsWithAny(q.find, [v.VoucherNumber, v.Recipient, v.BarCode]))
    .sort(
      orderBy<Voucher>(
        (x) => x.VoucherNumber,
        (x) => x.VoucherId,
      ),
    )
    .map((v) => voucherRow(v, redeemed.get(v.VoucherId) ?? 0));
}
