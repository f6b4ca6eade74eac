// The sales area's domain API for the other areas (vouchers, the sales report): balances derived
// from entries, and the one way entries are made, so every area agrees on what was paid.
export { documentBalance } from './balance.js';
export { accountingDocumentEndpoints } from './document-endpoints.js';

export { accountingEntryEndpoints } from './entry-endpoints.js';

export { redeemedAmount } from './redemptions.js';
