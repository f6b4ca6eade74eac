import { DAY, HOUR, MINUTE, utcMs, utcText } from '../datetime.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Employee } from './employees.js';
import { fromCents, toCents } from './money.js';
import type { AccountingDocument, AccountingEntry, Desk, EntryTypeId, PaymentTypeName } from './sales.js';
import { DocumentType, EntryType } from './sales.js';
import { DIRECT_DEBIT, ENTRY_PREFIX } from './sales-codes.js';
import {
  DIRECT_DEBIT_FAILURE_SHARE,
  recurringEntry,
  STANDING_ORDER,
  siteManager,
  TILL_UNSETTLED_SHARE,
} from './sales-rules.js';
import type { Rng } from './seeded-faker.js';
import { type Steps, sortInSteps } from './steps.js';

// Till sales (client invoices rung up at the desk) are paid in full the same day, bar a set share
// left unpaid or part-paid at each site; membership invoices are paid by direct debit, bar a set
// share of failed debits; rent by standing order; other supplier invoices some days later, or not
// yet. Allocations never exceed what the document still owes.

/** Receipts and payments, a step per document (see steps.ts). */
export function* entrySteps(
  ctx: GenContext,
  documents: AccountingDocument[],
  redemptions: AccountingEntry[],
  desk: Desk,
  employees: readonly Employee[],
): Steps<AccountingEntry[]> {
  const rng = rngFor(ctx, 'sales-entries');
  const entries: AccountingEntry[] = [...redemptions];
  const settled = new Map<Guid, number>();
  for (const r of redemptions) {
    if (r.AccountingDocumentId)
      settled.set(r.AccountingDocumentId, (settled.get(r.AccountingDocumentId) ?? 0) + toCents(r.Total));
  }
  const owedOn = (doc: AccountingDocument) => toCents(doc.Total) - (settled.get(doc.AccountingDocumentId) ?? 0);
  yield;
  const byId = new Map(documents.map((d) => [d.AccountingDocumentId, d]));
  yield;
  const kind = (doc: AccountingDocument) => {
    const type = doc.AccountingDocumentTypeId;
    const followed = doc.LinkedAccountingDocumentId ? byId.get(doc.LinkedAccountingDocumentId) : undefined;
    const from = followed?.AccountingDocumentTypeId;
    if (type === DocumentType.RecurringClientInvoice || from === DocumentType.RecurringClientInvoice) return 'debit';
    if (type === DocumentType.RecurringSupplierInvoice || from === DocumentType.RecurringSupplierInvoice)
      return 'standing';
    return type === DocumentType.ClientInvoice ? 'till' : type === DocumentType.SupplierInvoice ? 'supplier' : 'none';
  };
  const kinds = documents.map(kind);
  yield;
  const unsettled = tillSalesLeftOpen(
    rng,
    documents.filter((_, i) => kinds[i] === 'till'),
    owedOn,
  );
  yield;
  const debits = documents.filter((_, i) => kinds[i] === 'debit');
  const failed = new Set(rng.sample(debits, Math.round(debits.length * DIRECT_DEBIT_FAILURE_SHARE)));
  const managers = new Map<Guid, Guid>();
  const recurringBooking = (doc: AccountingDocument, method: PaymentTypeName) => {
    let userId = managers.get(doc.SiteId);
    if (userId === undefined) managers.set(doc.SiteId, (userId = siteManager(employees, doc.SiteId)));
    return { paymentTypeId: desk.paymentType(method), cashDrawerId: desk.drawer(doc.SiteId), userId };
  };

  const settle = (doc: AccountingDocument, i: number): void => {
    const owed = owedOn(doc);
    if (owed <= 0) return;
    const date = kinds[i] === 'till' || kinds[i] === 'supplier' ? utcMs(doc.DocumentDate) : 0;
    switch (kinds[i]) {
      case 'till': {
        // Rung up at the desk as the sale ends, never after the day the world is made for.
        const at = (offset: number) => Math.min(date + offset, ctx.today);
        const status = unsettled.get(doc);
        if (status === 'unpaid') break;
        if (status === 'part') {
          const deposit = Math.max(100, Math.floor((owed * (0.3 + rng.float() * 0.4)) / 100) * 100);
          if (deposit < owed) entries.push(receipt(rng, desk, doc, at(0), deposit, 'Card'));
          break;
        }
        if (owed > 2000 && rng.chance(0.08)) {
          const cash = Math.floor(owed / 200) * 100;
          entries.push(
            receipt(rng, desk, doc, at(0), cash, 'Cash'),
            receipt(rng, desk, doc, at(0), owed - cash, 'Card'),
          );
        } else {
          const method = rng.weighted<PaymentTypeName>(['Card', 'Cash', 'Bank Transfer'], [70, 25, 5]);
          entries.push(receipt(rng, desk, doc, at(rng.int(0, 2) * 5 * MINUTE), owed, method));
        }
        break;
      }
      case 'supplier': {
        const status = rng.weighted(
          ['paid', 'unpaid', 'part'] as const,
          date >= ctx.today - 10 * DAY ? [30, 60, 10] : [75, 15, 10],
        );
        if (status === 'unpaid') break;
        const amount = status === 'part' ? Math.floor(owed / 200) * 100 : owed;
        const paidAt = Math.min(date + rng.int(3, 25) * DAY, ctx.today - HOUR);
        if (amount > 0) entries.push(payment(rng, desk, doc, Math.max(date, paidAt), amount, EntryType.Payment));
        break;
      }
      case 'debit':
        if (!failed.has(doc)) entries.push(recurringEntry(doc, rng.uuid(), recurringBooking(doc, DIRECT_DEBIT)));
        break;
      case 'standing':
        entries.push(recurringEntry(doc, rng.uuid(), recurringBooking(doc, STANDING_ORDER)));
        break;
    }
  };
  for (let i = 0; i < documents.length; i++) {
    yield;
    settle(documents[i] as AccountingDocument, i);
  }

  yield* sortInSteps(entries, (a, b) =>
    a.EntryDate < b.EntryDate ? -1 : a.EntryDate > b.EntryDate ? 1 : a.AccountingEntryId < b.AccountingEntryId ? -1 : 1,
  );
  const counters = new Map<EntryTypeId, number>();
  const paidSoFar = new Map<Guid, number>();
  yield;
  for (const e of entries) {
    const n = (counters.get(e.AccountingEntryTypeId) ?? 0) + 1;
    counters.set(e.AccountingEntryTypeId, n);
    e.EntryNumber = `${ENTRY_PREFIX[e.AccountingEntryTypeId]}-${String(n).padStart(6, '0')}`;
    if (e.AccountingDocumentId) {
      const before = paidSoFar.get(e.AccountingDocumentId) ?? 0;
      e.AmountDue = fromCents(toCents(byId.get(e.AccountingDocumentId)?.Total ?? 0) - before);
      paidSoFar.set(e.AccountingDocumentId, before + toCents(e.Total));
    }
  }
  return entries;
}

function receipt(
  rng: Rng,
  desk: Desk,
  doc: AccountingDocument,
  date: number,
  cents: number,
  method: PaymentTypeName,
): AccountingEntry {
  const AccountingEntryId = rng.uuid();
  const staff = [
    ...new Set(doc.AccountingDocumentLineItems.map((l) => l.EmployeeId).filter((id): id is Guid => id !== null)),
  ];
  const tip =
    method === 'Card' && staff.length > 0 && rng.chance(0.15) ? Math.max(100, Math.round(cents / 1000) * 100) : 0;
  // Cash is tendered in round notes and the difference handed back.
  const tendered = method === 'Cash' ? roundUp(cents, rng.pick([500, 1000, 2000])) : cents + tip;
  return {
    AccountingEntryId,
    SiteId: doc.SiteId,
    ClientId: doc.ClientId,
    SupplierId: null,
    EntryNumber: '',
    Reference: doc.DocumentNumber,
    Description: 'Payment received',
    EntryDate: utcText(date),
    AccountingEntryTypeId: EntryType.Receipt,
    AccountingDocumentId: doc.AccountingDocumentId,
    AmountDue: 0,
    Received: fromCents(tendered),
    Gratuity: fromCents(tip),
    Change: fromCents(method === 'Cash' ? tendered - cents : 0),
    Total: fromCents(cents),
    PaymentTypeId: desk.paymentType(method),
    VoucherId: null,
    UserId: desk.user(rng, doc.SiteId),
    CashDrawerId: desk.drawer(doc.SiteId),
    Gratuities: tip > 0 ? staff.map((EmployeeId) => ({ AccountingEntryId, EmployeeId })) : [],
  };
}

const roundUp = (cents: number, step: number) => Math.ceil(cents / step) * step;

function payment(
  rng: Rng,
  desk: Desk,
  doc: AccountingDocument,
  date: number,
  cents: number,
  type: EntryTypeId,
): AccountingEntry {
  return {
    AccountingEntryId: rng.uuid(),
    SiteId: doc.SiteId,
    ClientId: null,
    SupplierId: doc.SupplierId,
    EntryNumber: '',
    Reference: doc.DocumentNumber,
    Description: type === EntryType.RecurringPayment ? 'Standing order' : 'Supplier payment',
    EntryDate: utcText(date),
    AccountingEntryTypeId: type,
    AccountingDocumentId: doc.AccountingDocumentId,
    AmountDue: 0,
    Received: fromCents(cents),
    Gratuity: 0,
    Change: 0,
    Total: fromCents(cents),
    PaymentTypeId: desk.paymentType('Bank Transfer'),
    VoucherId: null,
    UserId: desk.user(rng, doc.SiteId),
    CashDrawerId: desk.drawer(doc.SiteId),
    Gratuities: [],
  };
}

/**
 * Which of a site's till sales are left unpaid or part-paid: exactly TILL_UNSETTLED_SHARE of them
 * (rounded), drawn from those still owing, half unpaid and half part-paid.
 */
function tillSalesLeftOpen(
  rng: Rng,
  sales: AccountingDocument[],
  owedOn: (doc: AccountingDocument) => number,
): Map<AccountingDocument, 'unpaid' | 'part'> {
  const bySite = new Map<Guid, AccountingDocument[]>();
  for (const d of sales) {
    const list = bySite.get(d.SiteId) ?? [];
    list.push(d);
    bySite.set(d.SiteId, list);
  }
  const open = new Map<AccountingDocument, 'unpaid' | 'part'>();
  for (const list of bySite.values()) {
    const owing = list.filter((d) => owedOn(d) > 0);
    rng.sample(owing, Math.round(list.length * TILL_UNSETTLED_SHARE)).forEach((d, k) => {
      open.set(d, k % 2 === 0 ? 'unpaid' : 'part');
    });
  }
  return open;
}
