import { utcMs } from '../datetime.js';
import { orderBy } from '../order.js';
import { rowWhere } from '../row-lookup.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { toCents } from '../world/money.js';
import type { AccountingDocument, AccountingDocumentLineItem } from '../world/sales.js';
import { DocumentType } from '../world/sales-codes.js';
import type { Steps } from '../world/steps.js';

/** Records read in one step: the report reads the whole ledger, whatever the range. */
const STEP = 256;

// GET /reports/sales: sales by employee over [start, end], read straight from the documents,
// entries and vouchers of the world, so it always agrees with them.

// Figures of one report row, in integer cents while summing.

const FIGURES = [
  'Services',
  'Products',
  'Packages',
  'Other',
  'Refunds',
  'VoucherSales',
  'VoucherRedemptions',
  'Gratuities',
] as const;
type FigureName = (typeof FIGURES)[number];

type Tally = Record<FigureName, { count: number; cents: number }>;

function emptyTally(): Tally {
  return Object.fromEntries(FIGURES.map((f) => [f, { count: 0, cents: 0 }])) as Tally;
}

function addTo(tally: Tally, figure: FigureName, count: number, cents: number): void {
  tally[figure].count += count;
  tally[figure].cents += cents;
}

const SALES: readonly FigureName[] = ['Services', 'Products', 'Packages', 'Other'];

/** The answer's figures: decimals from cents, and NetSales = sales lines − refunds. */
function figuresOf(tally: Tally) {
  const out: Record<string, { Count: number; Amount: number }> = {};
  for (const f of FIGURES) out[f] = { Count: tally[f].count, Amount: tally[f].cents / 100 };
  const net = SALES.reduce((n, f) => ({ count: n.count + tally[f].count, cents: n.cents + tally[f].cents }), {
    count: 0,
    cents: 0,
  });
  out.NetSales = { Count: net.count - tally.Refunds.count, Amount: (net.cents - tally.Refunds.cents) / 100 };
  return out;
}

/** Every Active site when no siteId is sent; the site sent, active or not. */
function reportSites(world: World, siteId: Guid | null): Guid[] {
  return siteId === null ? world.sites.filter((s) => s.State === 1).map((s) => s.SiteId) : [siteId];
}

const lineFigure = (l: AccountingDocumentLineItem): FigureName =>
  l.ServiceId ? 'Services' : l.ProductId ? 'Products' : l.PackageId ? 'Packages' : 'Other';

/** The employee with the largest share of a document's lines (first line on a tie), else null. */
function mainEmployee(doc: AccountingDocument | undefined): Guid | null {
  const shares = new Map<Guid, number>();
  for (const l of doc?.AccountingDocumentLineItems ?? []) {
    if (l.EmployeeId) shares.set(l.EmployeeId, (shares.get(l.EmployeeId) ?? 0) + toCents(l.Total));
  }
  let best: Guid | null = null;
  for (const [id, cents] of shares) if (best === null || cents > (shares.get(best) ?? 0)) best = id;
  return best;
}

function* salesReport(
  world: World,
  q: { siteId: Guid | null; start: number; end: number },
): Steps<{ sites: Guid[]; rows: Map<Guid | null, Tally> }> {
  const sites = reportSites(world, q.siteId);
  const inScope = (siteId: Guid | null, date: string | null) => {
    if (siteId === null || date === null || !sites.includes(siteId)) return false;
    const at = utcMs(date);
    return at >= q.start && at <= q.end;
  };
  const rows = new Map<Guid | null, Tally>();
  const row = (id: Guid | null) => {
    let t = rows.get(id);
    if (!t) rows.set(id, (t = emptyTally()));
    return t;
  };

  let read = 0;
  for (const doc of world.accountingDocuments) {
    if (read++ % STEP === 0) yield;
    const sign =
      doc.AccountingDocumentTypeId === DocumentType.ClientInvoice
        ? 1
        : doc.AccountingDocumentTypeId === DocumentType.CreditNote
          ? -1
          : 0;
    if (sign === 0 || !inScope(doc.SiteId, doc.DocumentDate)) continue;
    for (const l of doc.AccountingDocumentLineItems) {
      addTo(row(l.EmployeeId), sign > 0 ? lineFigure(l) : 'Refunds', l.Quantity, toCents(l.Total));
    }
  }

  for (const e of world.accountingEntries) {
    if (read++ % STEP === 0) yield;
    if (!inScope(e.SiteId, e.EntryDate)) continue;
    if (e.VoucherId) {
      const doc = e.AccountingDocumentId
        ? rowWhere(world.accountingDocuments, 'AccountingDocumentId', e.AccountingDocumentId)
        : undefined;
      addTo(row(mainEmployee(doc)), 'VoucherRedemptions', 1, toCents(e.Total));
    }
    const tip = toCents(e.Gratuity);
    if (tip <= 0) continue;
    const staff = [...new Set(e.Gratuities.map((g) => g.EmployeeId))];
    if (staff.length === 0) {
      addTo(row(null), 'Gratuities', 1, tip);
      continue;
    }
    const share = Math.floor(tip / staff.length);
    for (const [i, id] of staff.entries())
      addTo(row(id), 'Gratuities', 1, share + (i === 0 ? tip - share * staff.length : 0));
  }

  for (const v of world.vouchers) {
    if (read++ % STEP === 0) yield;
    if (inScope(v.CreatedSiteId ?? v.SiteId, v.ActivationDate)) addTo(row(null), 'VoucherSales', 1, toCents(v.Amount));
  }

  return { sites, rows };
}

// Names are compared as a reader orders them (locale collation: `MacGyver` after `Macejkovic`), ids ordinally.
const byId = orderBy<{ id: Guid }>((x) => x.id);

/** The answer: employee rows by last name, first name, id; the unattributed row last; then the totals. */
export function* salesReportSteps(
  world: World,
  q: { siteId: Guid | null; start: number; end: number },
  format: (ms: number) => string,
) {
  const { sites, rows } = yield* salesReport(world, q);
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const named = [...rows.keys()]
    .filter((id): id is Guid => id !== null)
    .map((id) => ({ id, first: employees.get(id)?.FirstName ?? '', last: employees.get(id)?.LastName ?? '' }))
    .sort((a, b) => a.last.localeCompare(b.last) || a.first.localeCompare(b.first) || byId(a, b));
  const order = [
    ...named.map((n) => ({ ...n, id: n.id as Guid | null })),
    ...(rows.has(null) ? [{ id: null, first: '', last: '' }] : []),
  ];
  const total = emptyTally();
  for (const t of rows.values())
    for (const [f, v] of Object.entries(t) as [FigureName, { count: number; cents: number }][])
      addTo(total, f, v.count, v.cents);
  return {
    Start: format(q.start),
    End: format(q.end),
    SiteIds: sites,
    Employees: order.map((n) => ({
      EmployeeId: n.id,
      FirstName: n.first,
      LastName: n.last,
      ...figuresOf(rows.get(n.id) ?? emptyTally()),
    })),
    Totals: figuresOf(total),
  };
}
