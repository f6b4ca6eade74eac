import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingDocument } from '../world/sales.js';
import { DocumentType } from '../world/sales-codes.js';

// A document is never edited when it is paid: its balance is derived, at read time, from the
// entries allocated to it (spec: "the document is not edited"). Vouchers and the sales report
// read the same function, so every area agrees on what was paid.

export type PaidState = 'Unpaid' | 'PartPaid' | 'Paid';

export interface DocumentBalance {
  /** The document's Total. */
  total: number;
  /** Sum of the Totals of the entries allocated to it (every entry type, voucher redemptions too). */
  paid: number;
  /** Total − paid, never below 0. */
  outstanding: number;
  paidState: PaidState;
}

/** Types whose paid state is shown on list rows: invoices a receipt or payment settles. */
export const INVOICE_TYPES: ReadonlySet<number> = new Set([
  DocumentType.ClientInvoice,
  DocumentType.SupplierInvoice,
  DocumentType.RecurringClientInvoice,
  DocumentType.RecurringSupplierInvoice,
]);

/** Cents allocated to a document by the account's entries. */
export function paidCents(world: World, documentId: Guid): number {
  let cents = 0;
  for (const e of world.accountingEntries) if (e.AccountingDocumentId === documentId) cents += toCents(e.Total);
  return cents;
}

export function balanceOf(world: World, document: AccountingDocument): DocumentBalance {
  const total = toCents(document.Total);
  const paid = paidCents(world, document.AccountingDocumentId);
  const paidState: PaidState = paid <= 0 && total > 0 ? 'Unpaid' : paid >= total ? 'Paid' : 'PartPaid';
  return {
    total: fromCents(total),
    paid: fromCents(paid),
    outstanding: fromCents(Math.max(0, total - paid)),
    paidState,
  };
}

/** The balance of one document; undefined when the account has no such document. */
export function documentBalance(world: World, documentId: Guid): DocumentBalance | undefined {
  const document = world.accountingDocuments.find((d) => d.AccountingDocumentId === documentId);
  return document === undefined ? undefined : balanceOf(world, document);
}
