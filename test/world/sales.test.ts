import { describe, expect, it } from 'vitest';
import { DocumentType, EntryType } from '../../src/world/sales.js';
import { ms } from '../helpers.js';
import { TODAY_MS, world } from './fixtures.js';

const cents = (n: number) => Math.round(n * 100);
const twoPlaces = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

describe.each(['small', 'standard'] as const)('sales (%s)', (size) => {
  const w = world(size);
  const docs = new Map(w.accountingDocuments.map((d) => [d.AccountingDocumentId, d]));
  const allocated = new Map<string, number>();
  for (const e of w.accountingEntries) {
    if (e.AccountingDocumentId)
      allocated.set(e.AccountingDocumentId, (allocated.get(e.AccountingDocumentId) ?? 0) + cents(e.Total));
  }

  it('line totals are quantity × price − discount and document totals are the sum of lines, to the cent', () => {
    for (const d of w.accountingDocuments) {
      let sum = 0;
      for (const l of d.AccountingDocumentLineItems) {
        expect(cents(l.Total)).toBe(l.Quantity * cents(l.Price) - cents(l.Discount));
        for (const v of [l.Price, l.Discount, l.Total]) expect(twoPlaces(v)).toBe(true);
        sum += cents(l.Total);
      }
      expect(cents(d.Total)).toBe(sum);
      expect(d.AccountingDocumentLineItems.length).toBeGreaterThan(0);
    }
  });

  it('receipts and payments never exceed the document total', () => {
    expect(allocated.size).toBeGreaterThan(0);
    for (const [id, paid] of allocated) expect(paid).toBeLessThanOrEqual(cents(docs.get(id)?.Total ?? 0));
  });

  it('client invoices are mostly paid, some unpaid, some part-paid', () => {
    const invoices = w.accountingDocuments.filter(
      (d) => d.AccountingDocumentTypeId === DocumentType.ClientInvoice && d.Total > 0,
    );
    const paid = invoices.filter((d) => allocated.get(d.AccountingDocumentId) === cents(d.Total)).length;
    const unpaid = invoices.filter((d) => !allocated.has(d.AccountingDocumentId)).length;
    const part = invoices.length - paid - unpaid;
    expect(paid / invoices.length).toBeGreaterThan(0.7);
    expect(unpaid).toBeGreaterThan(0);
    expect(part).toBeGreaterThan(0);
  });

  it('entries balance: Received = Total + Gratuity + Change, AmountDue is what was still owed', () => {
    const seen = new Map<string, number>();
    for (const e of w.accountingEntries) {
      expect(cents(e.Received)).toBe(cents(e.Total) + cents(e.Gratuity) + cents(e.Change));
      expect(e.Total).toBeGreaterThan(0);
      if (e.Gratuity > 0) expect(e.Gratuities.length).toBeGreaterThan(0);
    }
    // Entries are listed in date order, the order AmountDue is reckoned in.
    for (const e of w.accountingEntries.filter((x) => x.AccountingDocumentId)) {
      const id = e.AccountingDocumentId as string;
      const before = seen.get(id) ?? 0;
      expect(cents(e.AmountDue)).toBe(cents(docs.get(id)?.Total ?? 0) - before);
      seen.set(id, before + cents(e.Total));
    }
  });

  it('receipts go to client documents and payments to supplier documents', () => {
    const types = new Set<number>();
    for (const e of w.accountingEntries) {
      const doc = e.AccountingDocumentId ? docs.get(e.AccountingDocumentId) : undefined;
      if (!doc) continue;
      types.add(e.AccountingEntryTypeId);
      if (e.AccountingEntryTypeId === EntryType.Receipt)
        expect(doc.AccountingDocumentTypeId).toBe(DocumentType.ClientInvoice);
      if (e.AccountingEntryTypeId === EntryType.Payment)
        expect(doc.AccountingDocumentTypeId).toBe(DocumentType.SupplierInvoice);
      // A recurring document and the runs that follow it are paid by direct debit or standing order.
      const recurring = docs.get(doc.LinkedAccountingDocumentId ?? '') ?? doc;
      if (e.AccountingEntryTypeId === EntryType.RecurringReceipt)
        expect(recurring.AccountingDocumentTypeId).toBe(DocumentType.RecurringClientInvoice);
      if (e.AccountingEntryTypeId === EntryType.RecurringPayment)
        expect(recurring.AccountingDocumentTypeId).toBe(DocumentType.RecurringSupplierInvoice);
      expect(e.ClientId).toBe(doc.ClientId);
    }
    expect(types).toContain(EntryType.Receipt);
    expect(types).toContain(EntryType.Payment);
  });

  it('completed appointments are billed on an invoice for the same client and site', () => {
    const completed = w.appointmentStates.find((s) => s.Name === 'Completed')?.AppointmentStateId;
    const billed = w.appointments.filter((a) => a.AppointmentStateId === completed);
    for (const a of billed) expect(ms(a.Start)).toBeLessThan(TODAY_MS);
    expect(billed.length).toBeGreaterThan(0);
    for (const a of billed) {
      const invoice = a.InvoiceId ? docs.get(a.InvoiceId) : undefined;
      expect(invoice?.ClientId).toBe(a.ClientId);
      expect(invoice?.SiteId).toBe(a.SiteId);
    }
    for (const a of w.appointments.filter((x) => x.AppointmentStateId !== completed)) expect(a.InvoiceId).toBeNull();
  });

  it('document types cover sales, purchasing and recurring invoices with their links', () => {
    const types = new Set(w.accountingDocuments.map((d) => d.AccountingDocumentTypeId));
    for (const t of [1, 2, 3, 9, 10, 12, 20, 21]) expect(types.has(t as never), `type ${t}`).toBe(true);
    for (const d of w.accountingDocuments) {
      const recurring = d.AccountingDocumentTypeId === 20 || d.AccountingDocumentTypeId === 21;
      expect(d.RecurrenceIntervalMonths !== null).toBe(recurring);
      expect(d.NextRunDate !== null).toBe(recurring);
      if (recurring) expect(ms(d.NextRunDate as string)).toBeGreaterThan(TODAY_MS);
      if (d.AccountingDocumentTypeId === 3)
        expect(docs.get(d.LinkedAccountingDocumentId ?? '')?.AccountingDocumentTypeId).toBe(1);
      if ([1, 2, 3, 20].includes(d.AccountingDocumentTypeId)) expect(d.ClientId).not.toBeNull();
      if ([9, 10, 11, 12, 21].includes(d.AccountingDocumentTypeId)) expect(d.SupplierId).not.toBeNull();
    }
    expect(new Set(w.accountingDocuments.map((d) => d.DocumentNumber)).size).toBe(w.accountingDocuments.length);
  });

  it('voucher redemptions never exceed the voucher amount; some vouchers are partly and some fully used', () => {
    const used = new Map<string, number>();
    for (const e of w.accountingEntries)
      if (e.VoucherId) used.set(e.VoucherId, (used.get(e.VoucherId) ?? 0) + cents(e.Total));
    let partly = 0,
      fully = 0;
    for (const v of w.vouchers) {
      const spent = used.get(v.VoucherId) ?? 0;
      expect(spent).toBeLessThanOrEqual(cents(v.Amount));
      if (spent > 0 && spent < cents(v.Amount)) partly++;
      if (spent === cents(v.Amount)) fully++;
    }
    expect(partly + fully).toBeGreaterThan(0);
    if (size === 'standard') expect(partly > 0 && fully > 0).toBe(true);
  });

  it('voucher numbers are unique and shared vouchers exist', () => {
    expect(new Set(w.vouchers.map((v) => v.VoucherNumber)).size).toBe(w.vouchers.length);
    if (size === 'standard') expect(w.vouchers.some((v) => v.SiteId === null)).toBe(true);
  });
});
