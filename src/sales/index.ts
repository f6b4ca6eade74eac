// The sales area's domain API for the other areas (vouchers, the sales report): balances and voucher
// redemptions derived from entries, so every area agrees on what was paid.

export { documentBalance } from './document.js';
export { accountingDocumentEndpoints } from './document-endpoints.js';
export { redeemedAmount, redeemedByVoucher, voucherRedemptions } from './entry.js';
export { accountingEntryEndpoints } from './entry-endpoints.js';
