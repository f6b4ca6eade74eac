import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { DAY, formatDate, MINUTE, utcMs, utcText } from '../datetime.js';
import { salesReportSteps } from '../reports/sales-report.js';
import { rowsReady, rowsWhere } from '../row-lookup.js';
import { documentBalance } from '../sales/document.js';
import { voucherDetail } from '../vouchers/voucher.js';
import { DocumentType } from '../world/sales-codes.js';
import { filterInSteps, type Steps, sortInSteps } from '../world/steps.js';
import { money } from './clients-page.js';
import type { Html } from './layout.js';
import { barChart } from './sales-chart.js';
import { dayOf, siteOf } from './site-picker.js';

// Sales of a site over a range of days (the 30 days up to the clock's by default): documents with
// their paid state, receipts, vouchers with their balances, and the sales report as a chart. The
// site's documents and entries are looked up by site; they and the report (the steps of GET
// /api/v2/reports/sales) are read in steps, run in slices of the event loop's time (console/router.ts).

/** Rows each table shows at most, newest first. */
const MAX_ROWS = 100;

const TYPE_NAMES = new Map<number, string>(Object.entries(DocumentType).map(([name, id]) => [id, name]));

export function* salesPage(
  account: Account,
  q: { site?: string | undefined; from?: string; to?: string },
): Steps<Html> {
  const { world } = account;
  const now = account.clock.now();
  const site = siteOf(world.sites, q.site);
  const last = dayOf(q.to, now);
  const first = Math.min(dayOf(q.from, last - 30 * DAY), last);
  const end = last + DAY - MINUTE;
  const within = (text: string) => utcMs(text) >= first && utcMs(text) <= end;
  yield* rowsReady(world.accountingDocuments, 'SiteId');
  yield* rowsReady(world.accountingEntries, 'SiteId');
  const siteDocuments =
    site === undefined ? [] : rowsWhere(world.accountingDocuments, 'SiteId', site.SiteId, 'AccountingDocumentId');
  const documents = yield* filterInSteps(siteDocuments, (d) => within(d.DocumentDate));
  yield* sortInSteps(documents, (a, b) => b.DocumentDate.localeCompare(a.DocumentDate));
  const siteEntries =
    site === undefined ? [] : rowsWhere(world.accountingEntries, 'SiteId', site.SiteId, 'AccountingEntryId');
  const receipts = yield* filterInSteps(siteEntries, (e) => within(e.EntryDate));
  yield* sortInSteps(receipts, (a, b) => b.EntryDate.localeCompare(a.EntryDate));
  const vouchers = yield* filterInSteps(world.vouchers, (v) => (v.CreatedSiteId ?? v.SiteId) === site?.SiteId);
  const report = yield* salesReportSteps(world, { siteId: site?.SiteId ?? null, start: first, end }, utcText);
  const bars = report.Employees.map((e) => ({
    label: e.EmployeeId === null ? 'Not attributed' : `${e.FirstName} ${e.LastName}`,
    value: netSales(e),
  }));
  // The tables are drawn a step each.
  yield;
  const documentTable = table(
    ['Number', 'Type', 'Date', 'Total', 'Paid', 'State'],
    documents.slice(0, MAX_ROWS).map((d) => {
      const balance = documentBalance(world, d.AccountingDocumentId);
      return html`<tr><td>${d.DocumentNumber}</td><td>${TYPE_NAMES.get(d.AccountingDocumentTypeId) ?? ''}</td>
<td>${d.DocumentDate}</td><td class="num">${money(d.Total)}</td><td class="num">${money(balance?.paid ?? 0)}</td>
<td><span class="badge paid-${balance?.paidState ?? ''}">${balance?.paidState ?? ''}</span></td></tr>`;
    }),
  );
  yield;
  const receiptTable = table(
    ['Number', 'Date', 'Description', 'Total'],
    receipts.slice(0, MAX_ROWS).map(
      (e) => html`<tr><td>${e.EntryNumber}</td><td>${e.EntryDate}</td><td>${e.Description}</td>
<td class="num">${money(e.Total)}</td></tr>`,
    ),
  );
  yield;
  const voucherTable = table(
    ['Number', 'Recipient', 'Expires', 'Amount', 'Balance'],
    vouchers.slice(0, MAX_ROWS).map(
      (v) => html`<tr><td>${v.VoucherNumber}</td><td>${v.Recipient}</td><td>${v.ExpiryDate}</td>
<td class="num">${money(v.Amount)}</td>
<td class="num">${money(voucherDetail(world, v.VoucherId)?.Balance ?? v.Amount)}</td></tr>`,
    ),
  );
  return html`<section class="card">
<form class="inline" method="get" aria-label="Site and days">
<label>Site <select name="site">
${world.sites.map((s) => html`<option value="${s.SiteId}"${s === site ? html` selected` : ''}>${s.Name}</option>`)}
</select></label>
<label>From <input type="date" name="from" value="${formatDate(first)}"></label>
<label>To <input type="date" name="to" value="${formatDate(last)}"></label>
<button>Show</button>
</form>
</section>
<h2>Net sales by employee</h2>
<section class="card">${
    bars.length === 0
      ? html`<p class="muted">No sales in these days.</p>`
      : barChart(`Net sales by employee, ${formatDate(first)} to ${formatDate(last)}`, bars, money)
  }
<p class="muted">Total net sales ${money(netSales(report.Totals))} (GET /api/v2/reports/sales).</p>
</section>
<h2>Documents (${documents.length})</h2>
${documentTable}
<h2>Receipts and payments (${receipts.length})</h2>
${receiptTable}
<h2>Vouchers (${vouchers.length})</h2>
${voucherTable}`;
}

/** The report's figures are typed as a record of names; NetSales is always among them. */
const netSales = (figures: object) => (figures as Record<string, { Amount: number } | undefined>).NetSales?.Amount ?? 0;

function table(headings: string[], rows: Html[]): Html {
  const numeric = new Set(['Total', 'Paid', 'Amount', 'Balance']);
  return html`<div class="scroll"><table>
<thead><tr>${headings.map((h) => html`<th${numeric.has(h) ? html` class="num"` : ''}>${h}</th>`)}</tr></thead>
<tbody>${rows}</tbody>
</table>${rows.length === MAX_ROWS ? html`<p class="muted">The newest ${MAX_ROWS} shown.</p>` : ''}</div>`;
}
