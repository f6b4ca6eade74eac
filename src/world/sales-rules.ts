import { utcMs, utcText } from '../datetime.js';
import { EMPTY_GUID, type Guid } from './common.js';
import type { Employee } from './employees.js';
import type { AccountingDocument, AccountingEntry } from './sales.js';
import { DocumentType, EntryType } from './sales-codes.js';

// How the seeded business is paid, stated once for the world generator, the recurring runs made as
// the clock moves (sales/recurring.ts) and the world's invariants (invariants/sales.ts). Kept apart
// from the generator so the API code can use it without loading faker.

/** Share of each site's till sales left unpaid or part-paid; every other one is paid in full that day. */
export const TILL_UNSETTLED_SHARE = 0.05;

/** Share of direct debits that fail; a failed one leaves its membership invoice unpaid. */
export const DIRECT_DEBIT_FAILURE_SHARE = 0.03;

/** The payment type of the standing orders that pay recurring supplier invoices (rent). */
export const STANDING_ORDER = 'Bank Transfer';

/** What a recurring run of each recurring type makes: a client invoice (1) or a supplier invoice (10). */
export const RUN_TYPE: Partial<
  Record<number, typeof DocumentType.ClientInvoice | typeof DocumentType.SupplierInvoice>
> = {
  [DocumentType.RecurringClientInvoice]: DocumentType.ClientInvoice,
  [DocumentType.RecurringSupplierInvoice]: DocumentType.SupplierInvoice,
};

/**
 * The invoice a recurring document makes when it runs at `at`: a copy with new ids, dated the run
 * date, the due gap kept, following (LinkedAccountingDocumentId) the recurring document. The caller
 * numbers it.
 */
export function recurringRun(recurring: AccountingDocument, at: number, guid: () => Guid): AccountingDocument {
  const dueGap = utcMs(recurring.DueDate) - utcMs(recurring.DocumentDate);
  return {
    ...recurring,
    AccountingDocumentId: guid(),
    AccountingDocumentTypeId: RUN_TYPE[recurring.AccountingDocumentTypeId] ?? DocumentType.ClientInvoice,
    DocumentNumber: '',
    DocumentDate: utcText(at),
    DueDate: utcText(at + Math.max(0, dueGap)),
    LinkedAccountingDocumentId: recurring.AccountingDocumentId,
    TransferSiteId: null,
    RecurrenceIntervalMonths: null,
    NextRunDate: null,
    AccountingDocumentLineItems: recurring.AccountingDocumentLineItems.map((l) => ({
      ...l,
      AccountingDocumentLineItemId: guid(),
    })),
  };
}

/** Where a recurring entry is booked: the payment type, the site's first cash drawer and its manager. */
export interface Booking {
  paymentTypeId: Guid;
  cashDrawerId: Guid;
  userId: Guid;
}

/**
 * Who recurring entries are booked under at a site: its salon manager, else its receptionist,
 * else anyone working there (the first in the list); the empty Guid when it has no staff.
 */
export function siteManager(employees: readonly Employee[], siteId: Guid): Guid {
  const staff = employees.filter((e) => e.SiteId === siteId);
  const titled = (title: string) => staff.find((e) => e.JobTitle === title);
  return (titled('Salon Manager') ?? titled('Receptionist') ?? staff[0])?.EmployeeId ?? EMPTY_GUID;
}

/**
 * The entry that pays a membership invoice by direct debit (a RecurringReceipt) or a recurring
 * supplier invoice by standing order (a RecurringPayment): the whole total, dated the invoice's
 * date, booked under the site's manager. The caller numbers it.
 */
export function recurringEntry(document: AccountingDocument, id: Guid, booking: Booking): AccountingEntry {
  const client = document.ClientId !== null;
  return {
    AccountingEntryId: id,
    SiteId: document.SiteId,
    ClientId: document.ClientId,
    SupplierId: client ? null : document.SupplierId,
    EntryNumber: '',
    Reference: document.DocumentNumber,
    Description: client ? 'Direct debit' : 'Standing order',
    EntryDate: document.DocumentDate,
    AccountingEntryTypeId: client ? EntryType.RecurringReceipt : EntryType.RecurringPayment,
    AccountingDocumentId: document.AccountingDocumentId,
    AmountDue: document.Total,
    Received: document.Total,
    Gratuity: 0,
    Change: 0,
    Total: document.Total,
    PaymentTypeId: booking.paymentTypeId,
    VoucherId: null,
    UserId: booking.userId,
    CashDrawerId: booking.cashDrawerId,
    Gratuities: [],
  };
}
