// Sales document and entry type numbers and the heads of their friendly numbers, on their own so the
// API code can use them without loading the world generator.

/**
 * AccountingDocumentTypeId. 20 and 21 are this simulator's numbers for recurring client and
 * supplier invoices: the API names those types but does not give their numbers.
 */
export const DocumentType = {
  ClientInvoice: 1,
  Quotation: 2,
  CreditNote: 3,
  PurchaseOrder: 9,
  SupplierInvoice: 10,
  DebitNote: 11,
  GoodsReceivedNote: 12,
  StockTransfer: 13,
  RecurringClientInvoice: 20,
  RecurringSupplierInvoice: 21,
} as const;
export type DocumentTypeId = (typeof DocumentType)[keyof typeof DocumentType];

/** Head of each type's document numbers (`INV-000123`), in the seeded world and for new documents alike. */
export const DOCUMENT_PREFIX: Record<DocumentTypeId, string> = {
  1: 'INV',
  2: 'QUO',
  3: 'CRN',
  9: 'PO',
  10: 'SIN',
  11: 'DBN',
  12: 'GRN',
  13: 'TRF',
  20: 'RCI',
  21: 'RSI',
};

/** AccountingEntryTypeId: Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = 11. */
export const EntryType = { Receipt: 1, Payment: 2, RecurringReceipt: 10, RecurringPayment: 11 } as const;
export type EntryTypeId = (typeof EntryType)[keyof typeof EntryType];

/** Head of each type's entry numbers (`RCT-000123`). */
export const ENTRY_PREFIX: Record<EntryTypeId, string> = { 1: 'RCT', 2: 'PAY', 10: 'RRC', 11: 'RPY' };

/** VoucherType: Voucher = 1, Gift Card = 2. */
export type VoucherType = 1 | 2;
/** Each type has its own number series: GV000001 vouchers, GC000001 gift cards. */
export const VOUCHER_PREFIX: Record<VoucherType, string> = { 1: 'GV', 2: 'GC' };
/**
 * The categories of each type: a gift card is always a Gift Card; a voucher is a gift, a
 * promotion or a corporate reward. A voucher's Description starts with its Category.
 */
export const VOUCHER_CATEGORIES: Record<VoucherType, readonly string[]> = {
  1: ['Gift Voucher', 'Promotional', 'Corporate'],
  2: ['Gift Card'],
};
/** The payment type of membership direct debits (a name of the world's payment types). */
export const DIRECT_DEBIT = 'Direct Debit';
