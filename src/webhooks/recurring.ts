import type { Account } from '../accounts/account.js';
import { addMonths, utcMs, utcText } from '../world/clock.js';
import type { AccountingDocument } from '../world/sales.js';
import { DocumentType, type DocumentTypeId } from '../world/sales-codes.js';
import type { EventKind } from './subscriptions.js';
import { peekCollection } from '../accounts/worlds.js';

// Recurring client (20) and supplier (21) invoices generate a client invoice (1) or supplier
// invoice (10) each time the account clock passes their NextRunDate. The clock is virtual, so this
// runs lazily ("catch-up") whenever the account is used: everything due up to now, in date order.

export interface Generated {
  event: EventKind;
  /** The run date: the generated invoice's DocumentDate, and the event's occurred_utc. */
  at: number;
  document: AccountingDocument;
  recurring: AccountingDocument;
}

const OUTPUT: Partial<Record<DocumentTypeId, { type: DocumentTypeId; prefix: string; event: EventKind }>> = {
  [DocumentType.RecurringClientInvoice]: { type: DocumentType.ClientInvoice, prefix: 'INV', event: 'NewRecurringClientInvoice' },
  [DocumentType.RecurringSupplierInvoice]: { type: DocumentType.SupplierInvoice, prefix: 'SIN', event: 'NewRecurringSupplierInvoice' },
};

/** A cap per catch-up, so a clock jumped decades ahead cannot stall a request. */
const MAX_RUNS = 5000;

/** Generates every invoice due up to `now`, oldest run first; the documents are added to the world. */
export function generateDue(account: Account, now: number): Generated[] {
  // Most requests find nothing due: skip the scan while the data is unchanged and the earliest run
  // is ahead. An account still reading the shared template is not made to clone it just to look.
  const { value: seen, shared } = peekCollection(account.world, 'accountingDocuments');
  const version = shared ? SHARED : account.version;
  const memo = earliest.get(seen);
  if (memo && memo.version === version && now < memo.at) return [];
  if (shared) {
    const at = earliestRun(seen);
    earliest.set(seen, { version, at });
    if (now < at) return [];
  }
  const documents = account.world.accountingDocuments;
  const due = (d: AccountingDocument) =>
    OUTPUT[d.AccountingDocumentTypeId] !== undefined && d.NextRunDate !== null && (d.RecurrenceIntervalMonths ?? 0) > 0 && utcMs(d.NextRunDate) <= now;
  const out: Generated[] = [];
  for (;;) {
    // The earliest due run across all recurring documents, ties by id, so the order is the date order.
    let next: AccountingDocument | undefined;
    for (const d of documents) {
      if (!due(d)) continue;
      if (!next || (d.NextRunDate as string) < (next.NextRunDate as string) || (d.NextRunDate === next.NextRunDate && d.AccountingDocumentId < next.AccountingDocumentId)) next = d;
    }
    if (!next || out.length >= MAX_RUNS) {
      if (out.length === 0) earliest.set(documents, { version: account.version, at: earliestRun(documents) });
      return out;
    }
    out.push(runOnce(account, next));
  }
}

const earliest = new WeakMap<AccountingDocument[], { version: number; at: number }>();
/** The memo's version for a template array: it never changes, whichever account reads it. */
const SHARED = -1;

function earliestRun(documents: AccountingDocument[]): number {
  let at = Infinity;
  for (const d of documents) if (OUTPUT[d.AccountingDocumentTypeId] && d.NextRunDate !== null) at = Math.min(at, utcMs(d.NextRunDate));
  return at;
}

function runOnce(account: Account, recurring: AccountingDocument): Generated {
  const spec = OUTPUT[recurring.AccountingDocumentTypeId]!;
  const at = utcMs(recurring.NextRunDate as string);
  const documents = account.world.accountingDocuments;
  const dueGap = utcMs(recurring.DueDate) - utcMs(recurring.DocumentDate);
  const document: AccountingDocument = {
    ...recurring,
    AccountingDocumentId: newId(account, documents),
    AccountingDocumentTypeId: spec.type,
    DocumentNumber: nextNumber(documents, spec.type, spec.prefix),
    DocumentDate: utcText(at),
    DueDate: utcText(at + Math.max(0, dueGap)),
    LinkedAccountingDocumentId: null,
    TransferSiteId: null,
    RecurrenceIntervalMonths: null,
    NextRunDate: null,
    AccountingDocumentLineItems: recurring.AccountingDocumentLineItems.map((l) => ({ ...l, AccountingDocumentLineItemId: account.random.guid() })),
  };
  documents.push(document);
  recurring.NextRunDate = utcText(addMonths(at, recurring.RecurrenceIntervalMonths as number));
  return { event: spec.event, at, document, recurring };
}

function newId(account: Account, documents: AccountingDocument[]): string {
  let id = account.random.guid();
  while (documents.some((d) => d.AccountingDocumentId === id)) id = account.random.guid();
  return id;
}

/** The highest number of that type + 1, in the world's `PREFIX-000123` form. */
function nextNumber(documents: AccountingDocument[], type: DocumentTypeId, prefix: string): string {
  let max = 0;
  for (const d of documents) {
    if (d.AccountingDocumentTypeId !== type) continue;
    const n = Number(d.DocumentNumber.slice(d.DocumentNumber.lastIndexOf('-') + 1));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${prefix}-${String(max + 1).padStart(6, '0')}`;
}
