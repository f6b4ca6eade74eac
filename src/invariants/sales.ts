import { addMonths, formatDateTime, localDayOf, utcMs } from '../datetime.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { toCents } from '../world/money.js';
import type { AccountingDocument, AccountingEntry } from '../world/sales.js';
import { DIRECT_DEBIT, DocumentType, EntryType } from '../world/sales-codes.js';
import { TILL_UNSETTLED_SHARE } from '../world/sales-rules.js';
import { problems } from './invariant.js';

// The sales ledger of a business that has been trading: a year of history, the till paid as sales
// are made, memberships collected by direct debit.

/** The months before the clock that must each show activity. */
export const HISTORY_MONTHS_REQUIRED = 12;

/**
 * Documents and entries alike reach back at least HISTORY_MONTHS_REQUIRED (12) months before the
 * clock, with activity in each of those months: for k = 1…12, the month from addMonths(now, −k)
 * (inclusive) to addMonths(now, −k + 1) (exclusive) holds at least one client invoice (type 1: a
 * till sale or a membership invoice) and at least one accounting entry (receipt or payment, any
 * type), both by their own date; and the earliest client invoice and the earliest entry are dated
 * at or before addMonths(now, −12). Per account, all sites together.
 */
export function historySpansAYear(world: World, now: number): string[] {
  // bounds[k] is the start of the k-th month back; bounds[0] is the clock.
  const bounds = Array.from({ length: HISTORY_MONTHS_REQUIRED + 1 }, (_, k) => formatDateTime(addMonths(now, -k)));
  const oldest = bounds[HISTORY_MONTHS_REQUIRED] as string;
  const monthOf = (date: string) => bounds.findIndex((b, k) => k > 0 && date >= b);
  const invoiced = new Set<number>();
  const entered = new Set<number>();
  let firstInvoice = '9999';
  let firstEntry = '9999';
  for (const d of world.accountingDocuments) {
    if (d.AccountingDocumentTypeId !== DocumentType.ClientInvoice || d.DocumentDate >= bounds[0]!) continue;
    invoiced.add(monthOf(d.DocumentDate));
    if (d.DocumentDate < firstInvoice) firstInvoice = d.DocumentDate;
  }
  for (const e of world.accountingEntries) {
    if (e.EntryDate >= bounds[0]!) continue;
    entered.add(monthOf(e.EntryDate));
    if (e.EntryDate < firstEntry) firstEntry = e.EntryDate;
  }
  const out: string[] = [];
  if (firstInvoice > oldest) out.push(`the earliest client invoice (${firstInvoice}) is after ${oldest}`);
  if (firstEntry > oldest) out.push(`the earliest entry (${firstEntry}) is after ${oldest}`);
  for (let k = 1; k <= HISTORY_MONTHS_REQUIRED; k++) {
    const month = `the month from ${bounds[k]} to ${bounds[k - 1]}`;
    if (!invoiced.has(k)) out.push(`${month} has no client invoice`);
    if (!entered.has(k)) out.push(`${month} has no receipt or payment`);
  }
  return out;
}

/** A site's till sales are judged once it has this many. */
export const TILL_SALES_JUDGED = 40;
/** At least this share of a site's till sales is paid in full on the sale's own site-local day. */
export const TILL_PAID_SAME_DAY_MIN = 0.9;

/**
 * Till sales are paid the same day. A till sale is a client invoice (type 1) that was not made by
 * a recurring client invoice (its LinkedAccountingDocumentId names no type 20 document): an
 * appointment's bill or a retail sale rung up at the desk. At each site with at least
 * TILL_SALES_JUDGED (40) of them, at least TILL_PAID_SAME_DAY_MIN (90 %) are paid in full by
 * entries dated on the sale's own site-local day, and the share left unpaid or part-paid (by every
 * entry on record) stays within TILL_UNSETTLED_SHARE (5 %) halved and doubled: 2.5 %–10 %.
 */
export function tillSalesPaidSameDay(world: World): string[] {
  const byId = new Map(world.accountingDocuments.map((d) => [d.AccountingDocumentId, d]));
  const paying = entriesByDocument(world.accountingEntries);
  const sites = new Map(world.sites.map((s) => [s.SiteId, s]));
  const tally = new Map<Guid, { sales: number; sameDay: number; open: number }>();
  for (const d of world.accountingDocuments) {
    if (d.AccountingDocumentTypeId !== DocumentType.ClientInvoice || membershipOf(d, byId)) continue;
    const zone = sites.get(d.SiteId)?.TimeZone ?? 'UTC';
    const day = localDayOf(zone, utcMs(d.DocumentDate));
    const entries = paying.get(d.AccountingDocumentId) ?? [];
    const total = toCents(d.Total);
    const paid = sum(entries);
    const paidThatDay = sum(entries.filter((e) => localDayOf(zone, utcMs(e.EntryDate)) === day));
    const t = tally.get(d.SiteId) ?? { sales: 0, sameDay: 0, open: 0 };
    t.sales++;
    if (paidThatDay >= total) t.sameDay++;
    if (paid < total) t.open++;
    tally.set(d.SiteId, t);
  }
  const out: string[] = [];
  const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  for (const [siteId, t] of tally) {
    if (t.sales < TILL_SALES_JUDGED) continue;
    const name = sites.get(siteId)?.Name ?? siteId;
    if (t.sameDay < TILL_PAID_SAME_DAY_MIN * t.sales)
      out.push(`${name}: ${percent(t.sameDay, t.sales)} of ${t.sales} till sales paid in full the same day`);
    const open = t.open / t.sales;
    if (open < TILL_UNSETTLED_SHARE / 2 || open > TILL_UNSETTLED_SHARE * 2)
      out.push(`${name}: ${percent(t.open, t.sales)} of ${t.sales} till sales unpaid or part-paid`);
  }
  return out;
}

/** Failed direct debits are judged once there are this many membership invoices. */
export const DEBITS_JUDGED = 50;
/** At most this share of membership invoices is left unpaid by a failed direct debit. */
export const DIRECT_DEBIT_FAILURE_MAX = 0.1;

/**
 * Recurring invoices are paid by direct debit. A membership invoice is a recurring client invoice
 * (type 20, billing the first term) or a client invoice one of its runs made (type 1 following it
 * by LinkedAccountingDocumentId). Each is either paid in full by direct debit (every entry
 * allocated to it a RecurringReceipt of the payment type DIRECT_DEBIT, dated the invoice's own
 * date) or, when the debit failed, has no entry at all. Failures are DIRECT_DEBIT_FAILURE_SHARE
 * (3 %) by design; from DEBITS_JUDGED (50) invoices on, they stay at most DIRECT_DEBIT_FAILURE_MAX (10 %).
 */
export function recurringInvoicesPaidByDirectDebit(world: World): string[] {
  const byId = new Map(world.accountingDocuments.map((d) => [d.AccountingDocumentId, d]));
  const paying = entriesByDocument(world.accountingEntries);
  const debit = world.paymentTypes.find((p) => p.Name === DIRECT_DEBIT)?.PaymentTypeId;
  const memberships = world.accountingDocuments.filter(
    (d) => d.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice || membershipOf(d, byId),
  );
  const failed = memberships.filter((d) => !paying.has(d.AccountingDocumentId));
  const wrong = memberships.filter((d) => {
    const entries = paying.get(d.AccountingDocumentId);
    if (!entries) return false;
    const byDebit = (e: AccountingEntry) =>
      e.AccountingEntryTypeId === EntryType.RecurringReceipt &&
      e.PaymentTypeId === debit &&
      e.EntryDate === d.DocumentDate;
    return !entries.every(byDebit) || sum(entries) < toCents(d.Total);
  });
  const out = problems(wrong, (d) => `membership invoice ${d.DocumentNumber} is not paid in full by a direct debit`);
  if (memberships.length >= DEBITS_JUDGED && failed.length > DIRECT_DEBIT_FAILURE_MAX * memberships.length)
    out.push(`${failed.length} of ${memberships.length} membership invoices left unpaid by failed direct debits`);
  return out;
}

/** True when the document is a client invoice made by a recurring client invoice. */
function membershipOf(d: AccountingDocument, byId: Map<Guid, AccountingDocument>): boolean {
  if (d.AccountingDocumentTypeId !== DocumentType.ClientInvoice || d.LinkedAccountingDocumentId === null) return false;
  return byId.get(d.LinkedAccountingDocumentId)?.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice;
}

function entriesByDocument(entries: readonly AccountingEntry[]): Map<Guid, AccountingEntry[]> {
  const out = new Map<Guid, AccountingEntry[]>();
  for (const e of entries) {
    if (e.AccountingDocumentId === null) continue;
    const list = out.get(e.AccountingDocumentId);
    if (list) list.push(e);
    else out.set(e.AccountingDocumentId, [e]);
  }
  return out;
}

/** The entries' total, in cents. */
const sum = (entries: readonly AccountingEntry[]) => entries.reduce((cents, e) => cents + toCents(e.Total), 0);
