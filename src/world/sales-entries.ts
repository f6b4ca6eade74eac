import { DAY, HOUR, MINUTE, utcMs, utcText } from '../datetime.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import { fromCents, toCents } from './money.js';
import type { AccountingDocument, AccountingEntry, Desk, EntryTypeId, PaymentTypeName } from './sales.js';
import { DocumentType, EntryType } from './sales.js';
import { ENTRY_PREFIX } from './sales-codes.js';
import type { Rng } from './seeded-faker.js';

// Most client invoices are paid in full, some are unpaid, some part-paid; supplier invoices
// likewise with payments. Allocations never exceed what the document still owes.

export function generateEntries(
  ctx: GenContext,
  documents: AccountingDocument[],
  redemptions: AccountingEntry[],
  desk: Desk,
): AccountingEntry[] {
  const rng = rngFor(ctx, 'sales-entries');
  const entries: AccountingEntry[] = [...redemptions];
  const settled = new Map<Guid, number>();
  for (const r of redemptions) {
    if (r.AccountingDocumentId)
      settled.set(r.AccountingDocumentId, (settled.get(r.AccountingDocumentId) ?? 0) + toCents(r.Total));
  }

  for (const doc of documents) {
    const date = utcMs(doc.DocumentDate);
    const owed = toCents(doc.Total) - (settled.get(doc.AccountingDocumentId) ?? 0);
    if (owed <= 0) continue;
    switch (doc.AccountingDocumentTypeId) {
      case DocumentType.ClientInvoice: {
        const recent = date >= ctx.today - 3 * DAY;
        const status = rng.weighted(['paid', 'unpaid', 'part'] as const, recent ? [70, 20, 10] : [86, 6, 8]);
        if (status === 'unpaid') break;
        if (status === 'part') {
          const deposit = Math.max(100, Math.floor((owed * (0.3 + rng.float() * 0.4)) / 100) * 100);
          if (deposit < owed) entries.push(receipt(rng, desk, doc, date, deposit, 'Card'));
          break;
        }
        if (owed > 2000 && rng.chance(0.08)) {
          const cash = Math.floor(owed / 200) * 100;
          entries.push(receipt(rng, desk, doc, date, cash, 'Cash'), receipt(rng, desk, doc, date, owed - cash, 'Card'));
        } else {
          entries.push(
            receipt(
              rng,
              desk,
              doc,
              date,
              owed,
              rng.weighted<PaymentTypeName>(['Card', 'Cash', 'Bank Transfer'], [70, 25, 5]),
            ),
          );
        }
        break;
      }
      case DocumentType.SupplierInvoice: {
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
      case DocumentType.RecurringClientInvoice:
        entries.push({
          ...receipt(rng, desk, doc, date, owed, 'Bank Transfer'),
          AccountingEntryTypeId: EntryType.RecurringReceipt,
          Description: 'Direct debit',
        });
        break;
      case DocumentType.RecurringSupplierInvoice:
        entries.push(payment(rng, desk, doc, date, owed, EntryType.RecurringPayment));
        break;
    }
  }

  entries.sort((a, b) =>
    a.EntryDate < b.EntryDate ? -1 : a.EntryDate > b.EntryDate ? 1 : a.AccountingEntryId < b.AccountingEntryId ? -1 : 1,
  );
  const counters = new Map<EntryTypeId, number>();
  const paidSoFar = new Map<Guid, number>();
  const totals = new Map(documents.map((d) => [d.AccountingDocumentId, toCents(d.Total)]));
  for (const e of entries) {
    const n = (counters.get(e.AccountingEntryTypeId) ?? 0) + 1;
    counters.set(e.AccountingEntryTypeId, n);
    e.EntryNumber = `${ENTRY_PREFIX[e.AccountingEntryTypeId]}-${String(n).padStart(6, '0')}`;
    if (e.AccountingDocumentId) {
      const before = paidSoFar.get(e.AccountingDocumentId) ?? 0;
      e.AmountDue = fromCents((totals.get(e.AccountingDocumentId) ?? 0) - before);
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
    EntryDate: utcText(date + rng.int(0, 2) * 5 * MINUTE),
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
