import type { World } from '../world/index.js';
import type { AccountingDocument, AccountingEntry } from '../world/sales.js';
import { DocumentType, EntryType } from '../world/sales-codes.js';

// Example requests for the OpenAPI document, picked from the seeded world so each is a real call.

/** The latest client invoice on or before today: an invoice a till would show. */
export function recentInvoice(world: World, now: number): AccountingDocument {
  const today = new Date(now).toISOString().slice(0, 10);
  const invoices = world.accountingDocuments.filter(
    (d) => d.AccountingDocumentTypeId === DocumentType.ClientInvoice && d.DocumentDate.slice(0, 10) <= today,
  );
  const last = invoices.reduce<AccountingDocument | undefined>(
    (best, d) => (best === undefined || d.DocumentDate > best.DocumentDate ? d : best),
    undefined,
  );
  const any = last ?? world.accountingDocuments[0];
  if (any === undefined) throw new Error('the world has no accounting documents');
  return any;
}

/** A receipt allocated to an invoice. */
export function recentReceipt(world: World): AccountingEntry {
  const r =
    world.accountingEntries.find(
      (e) => e.AccountingEntryTypeId === EntryType.Receipt && e.AccountingDocumentId !== null,
    ) ?? world.accountingEntries[0];
  if (r === undefined) throw new Error('the world has no accounting entries');
  return r;
}

/** A one-line invoice body for the invoice's site and client. */
export function invoiceBody(world: World, invoice: AccountingDocument) {
  const service = world.services.find((s) => s.State === 1);
  return {
    AccountingDocumentId: '00000000-0000-0000-0000-000000000000',
    AccountingDocumentTypeId: DocumentType.ClientInvoice,
    SiteId: invoice.SiteId,
    ClientId: invoice.ClientId,
    Reference: 'Walk-in',
    AccountingDocumentLineItems: [
      {
        Description: service?.Name ?? 'Treatment',
        Quantity: 1,
        Price: service?.Price ?? 50,
        ServiceId: service?.ServiceId ?? null,
      },
    ],
  };
}

/** A card receipt paying `amount` of the invoice. */
export function receiptBody(world: World, invoice: AccountingDocument, amount: number) {
  return {
    AccountingEntryId: '00000000-0000-0000-0000-000000000000',
    AccountingEntryTypeId: EntryType.Receipt,
    SiteId: invoice.SiteId,
    ClientId: invoice.ClientId,
    AccountingDocumentId: invoice.AccountingDocumentId,
    EntryNumber: '',
    Total: amount,
    Received: amount,
    PaymentTypeId:
      world.paymentTypes.find((p) => p.Name === 'Card')?.PaymentTypeId ?? world.paymentTypes[0]?.PaymentTypeId,
    CashDrawerId:
      world.cashDrawers.find((d) => d.SiteId === invoice.SiteId)?.CashDrawerId ?? world.cashDrawers[0]?.CashDrawerId,
  };
}
