// The sales area's domain API for the other areas (vouchers, the sales report): balances and voucher
// redemptions derived from entries, so every area agrees on what was paid.
export { accountingDocumentEndpoints } from './document-endpoints.js';
export { documentBalance } from './documents.js';
export { redeemedAmount, redeemedByVoucher, voucherRedemptions } from './entries.js';
export { accountingEntryEndpoints } from './entry-endpoints.js';
