import { describe, expect, it } from 'vitest';
import { addMonths, DAY, formatDateTime, utcMs, utcText } from '../../src/datetime.js';
import {
  historySpansAYear,
  recurringInvoicesPaidByDirectDebit,
  tillSalesPaidSameDay,
} from '../../src/invariants/sales.js';
import type { World } from '../../src/world/index.js';
import { generateWorld } from '../../src/world/index.js';
import type { AccountingDocument } from '../../src/world/sales.js';
import { DocumentType, EntryType } from '../../src/world/sales-codes.js';

// Each sales invariant holds for a generated world and reports a world broken on purpose.

const TODAY = '2026-03-16';
const NOW = Date.parse('2026-03-16T09:00:00Z');
const w = generateWorld({ seed: 11, size: 'standard', today: TODAY });
const byId = new Map(w.accountingDocuments.map((d) => [d.AccountingDocumentId, d]));
const isMembership = (d: AccountingDocument) =>
  d.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice ||
  byId.get(d.LinkedAccountingDocumentId ?? '')?.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice;
const tillSales = w.accountingDocuments.filter(
  (d) => d.AccountingDocumentTypeId === DocumentType.ClientInvoice && !isMembership(d),
);

describe('sales invariants', () => {
  it('hold for a generated world', () => {
    expect(historySpansAYear(w, NOW)).toEqual([]);
    expect(tillSalesPaidSameDay(w)).toEqual([]);
    expect(recurringInvoicesPaidByDirectDebit(w)).toEqual([]);
  });

  it('historySpansAYear: a month with no sales or entries, and a history of two months only', () => {
    const from = formatDateTime(addMonths(NOW, -5));
    const to = formatDateTime(addMonths(NOW, -4));
    const inMonth = (date: string) => from <= date && date < to;
    const gap: World = {
      ...w,
      accountingDocuments: w.accountingDocuments.filter((d) => !inMonth(d.DocumentDate)),
      accountingEntries: w.accountingEntries.filter((e) => !inMonth(e.EntryDate)),
    };
    expect(historySpansAYear(gap, NOW)).toEqual([
      `the month from ${from} to ${to} has no client invoice`,
      `the month from ${from} to ${to} has no receipt or payment`,
    ]);
    const since = formatDateTime(NOW - 60 * DAY);
    const short: World = {
      ...w,
      accountingDocuments: w.accountingDocuments.filter((d) => d.DocumentDate >= since),
      accountingEntries: w.accountingEntries.filter((e) => e.EntryDate >= since),
    };
    const found = historySpansAYear(short, NOW);
    expect(found[0]).toMatch(/^the earliest client invoice \(.*\) is after /);
    expect(found[1]).toMatch(/^the earliest entry \(.*\) is after /);
    expect(found.filter((p) => p.endsWith('has no client invoice'))).toHaveLength(9);
  });

  it('tillSalesPaidSameDay: a fifth of the till sales never paid, and receipts taken a day late', () => {
    const unpaid = new Set(tillSales.filter((_, i) => i % 5 === 0).map((d) => d.AccountingDocumentId));
    const dropped: World = {
      ...w,
      accountingEntries: w.accountingEntries.filter((e) => !unpaid.has(e.AccountingDocumentId ?? '')),
    };
    const found = tillSalesPaidSameDay(dropped);
    expect(found.some((p) => /% of \d+ till sales paid in full the same day$/.test(p))).toBe(true);
    expect(found.some((p) => /% of \d+ till sales unpaid or part-paid$/.test(p))).toBe(true);

    const late: World = {
      ...w,
      accountingEntries: w.accountingEntries.map((e) =>
        e.AccountingEntryTypeId === EntryType.Receipt ? { ...e, EntryDate: utcText(utcMs(e.EntryDate) + DAY) } : e,
      ),
    };
    const lateFound = tillSalesPaidSameDay(late);
    expect(lateFound.length).toBeGreaterThan(0);
    expect(lateFound.every((p) => p.endsWith('till sales paid in full the same day'))).toBe(true);
  });

  it('recurringInvoicesPaidByDirectDebit: a membership invoice paid by card, and every direct debit failed', () => {
    const card = w.paymentTypes.find((p) => p.Name === 'Card')!.PaymentTypeId;
    const debit = w.accountingEntries.find((e) => e.AccountingEntryTypeId === EntryType.RecurringReceipt)!;
    const byCard: World = {
      ...w,
      accountingEntries: w.accountingEntries.map((e) => (e === debit ? { ...e, PaymentTypeId: card } : e)),
    };
    const number = byId.get(debit.AccountingDocumentId!)!.DocumentNumber;
    expect(recurringInvoicesPaidByDirectDebit(byCard)).toEqual([
      `membership invoice ${number} is not paid in full by a direct debit`,
    ]);

    const failed: World = {
      ...w,
      accountingEntries: w.accountingEntries.filter((e) => e.AccountingEntryTypeId !== EntryType.RecurringReceipt),
    };
    const memberships = w.accountingDocuments.filter(isMembership).length;
    expect(recurringInvoicesPaidByDirectDebit(failed)).toEqual([
      `${memberships} of ${memberships} membership invoices left unpaid by failed direct debits`,
    ]);
  });
});
