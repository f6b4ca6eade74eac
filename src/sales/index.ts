// The sales area's domain API for the other areas (vouchers, the sales report): balances derived
// from entries, and the one way entries are made, so every area agrees on what was paid.
export { balanceOf, documentBalance, INVOICE_TYPES, paidCents, type DocumentBalance, type PaidState } from './balance.js';
export { createEntry } from './entry-create.js';
export { redeemedAmount, redemptionsOf } from './redemptions.js';
export { deleteEntry, updateEntry } from './entry-update.js';
export type { EntryIn } from './entry-input.js';
export { accountingDocumentEndpoints } from './document-endpoints.js';
export { accountingEntryEndpoints } from './entry-endpoints.js';
