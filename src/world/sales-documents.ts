import { addMonths, DAY, HOUR, MINUTE, utcMs, utcText } from '../datetime.js';
import { orderBy } from '../order.js';
import type { Calendar } from './calendar.js';
import type { Membership, Package, Product, Service } from './catalogue.js';
import type { Client } from './clients.js';
import type { Guid } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { Appointment, Lookups } from './diary.js';
import { fromCents, percentOf, toCents } from './money.js';
import type { AccountingDocument, AccountingDocumentLineItem, DocumentTypeId, SalesReference } from './sales.js';
import { DocumentType } from './sales.js';
import { DOCUMENT_PREFIX } from './sales-codes.js';
import { pastRetailSales, pastRuns, WALK_INS_PER_30_DAYS } from './sales-history.js';
import type { Rng } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';
import { tradingWindow } from './sites-gen.js';
import { type Steps, sortInSteps } from './steps.js';

export interface DocumentInput {
  sites: SiteInfo[];
  clients: Client[];
  services: Service[];
  products: Product[];
  packages: Package[];
  memberships: Membership[];
  appointments: Appointment[];
  lookups: Lookups;
  reference: SalesReference;
  calendar: Calendar;
}

interface Line {
  description: string;
  quantity: number;
  priceCents: number;
  discountCents?: number;
  serviceId?: Guid;
  productId?: Guid;
  packageId?: Guid;
  employeeId?: Guid | null;
}

/** Optional header fields; `due` defaults to the document date. */
type Extra = Partial<
  Pick<
    AccountingDocument,
    | 'ClientId'
    | 'SupplierId'
    | 'Reference'
    | 'LinkedAccountingDocumentId'
    | 'TransferSiteId'
    | 'RecurrenceIntervalMonths'
    | 'NextRunDate'
  >
> & { due?: number };
type Add = (type: DocumentTypeId, siteId: Guid, date: number, lines: Line[], extra?: Extra) => AccountingDocument;

/** Supplier documents reach this far back; client invoices follow the diary. */
const PURCHASING_DAYS = 60;

/** The sales documents, a step per appointment and per day of history (see steps.ts). */
export function* documentSteps(
  ctx: GenContext,
  input: DocumentInput,
): Steps<{ documents: AccountingDocument[]; invoiceOf: Map<Guid, Guid> }> {
  const rng = rngFor(ctx, 'sales-documents');
  // The history before the diary's month draws from a stream of its own, so the records drawn
  // from the stream above stay what they were.
  const past = rngFor(ctx, 'sales-history');
  const documents: AccountingDocument[] = [];
  const invoiceOf = new Map<Guid, Guid>();
  const serviceById = new Map(input.services.map((s) => [s.ServiceId, s]));
  const packageById = new Map(input.packages.map((p) => [p.PackageId, p]));
  yield;
  const clientById = new Map(input.clients.map((c) => [c.ClientId, c]));
  yield;
  const membershipById = new Map(input.memberships.map((m) => [m.MembershipId, m]));
  const activeSites = input.sites.filter((s) => s.site.State === 1);
  const flagship = (input.sites[0] as SiteInfo).site.SiteId;
  const shelves = new Map<Guid, Product[]>();
  const retail = (siteId: Guid): Product[] => {
    let shelf = shelves.get(siteId);
    if (!shelf) {
      shelf = input.products.filter((p) => p.AllowSale && p.State === 1 && p.Stock.some((s) => s.SiteId === siteId));
      shelves.set(siteId, shelf);
    }
    return shelf;
  };

  const add = adder(rng, documents);

  // Client invoices: every completed appointment in the past, sometimes with retail added.
  const completed = input.lookups.appointmentStates.find((s) => s.Name === 'Completed')?.AppointmentStateId;
  const invoices: AccountingDocument[] = [];
  for (const appt of input.appointments) {
    yield;
    if (appt.AppointmentStateId !== completed) continue;
    const client = clientById.get(appt.ClientId);
    const end = utcMs(appt.AppointmentServices[appt.AppointmentServices.length - 1]?.End ?? appt.Start);
    if (!client || end > ctx.today) continue;
    const memberDiscount = discountAt(client, membershipById, end);
    const lines: Line[] = [];
    const packaged = new Set<Guid>();
    for (const item of appt.AppointmentServices) {
      const employeeId = item.Employees[0]?.EmployeeId ?? null;
      if (item.PackageId && item.PackageGroupId) {
        const pkg = packageById.get(item.PackageId);
        if (pkg && !packaged.has(item.PackageGroupId)) {
          packaged.add(item.PackageGroupId);
          lines.push({
            description: pkg.Name,
            quantity: 1,
            priceCents: toCents(pkg.Price),
            packageId: pkg.PackageId,
            employeeId,
          });
        }
        continue;
      }
      const service = serviceById.get(item.ServiceId);
      if (!service) continue;
      const price = toCents(service.Price);
      const percent = memberDiscount || (rng.chance(0.05) ? 10 : 0);
      lines.push({
        description: service.Name,
        quantity: 1,
        priceCents: price,
        discountCents: percentOf(price, percent),
        serviceId: service.ServiceId,
        employeeId,
      });
    }
    const shelf = retail(appt.SiteId);
    if (shelf.length > 0 && rng.chance(0.2)) {
      for (const product of rng.sample(shelf, rng.int(1, 2))) {
        lines.push({
          description: product.Name,
          quantity: rng.chance(0.15) ? 2 : 1,
          priceCents: toCents(product.Price),
          productId: product.ProductId,
          employeeId: appt.AppointmentServices[0]?.Employees[0]?.EmployeeId ?? null,
        });
      }
    }
    const doc = add(DocumentType.ClientInvoice, appt.SiteId, end, lines, {
      ClientId: client.ClientId,
      Reference: `Appointment ${appt.AppointmentNumber}`,
    });
    invoiceOf.set(appt.AppointmentId, doc.AccountingDocumentId);
    invoices.push(doc);
  }

  for (const info of activeSites) {
    yield;
    const siteId = info.site.SiteId;
    const shelf = retail(siteId);
    const locals = input.clients.filter((c) => c.State === 1 && (c.SiteId === null || c.SiteId === siteId));
    // Retail-only sales at the desk.
    const walkIns = WALK_INS_PER_30_DAYS[ctx.size];
    for (let i = 0; i < walkIns && shelf.length > 0 && locals.length > 0; i++) {
      yield;
      const day = ctx.today - rng.int(1, 30) * DAY;
      const window = tradingWindow(info.site, day);
      if (!window) continue;
      const at = window.open + rng.int(0, Math.floor((window.close - window.open) / (15 * MINUTE)) - 1) * 15 * MINUTE;
      // A site west of UTC trades yesterday evening into today's UTC hours, which the account's clock
      // may not have reached: the world holds nothing of today but what starts at its midnight.
      if (at >= ctx.today) continue;
      const seller = input.calendar.shiftsAt(siteId, day).find((s) => s.start <= at && at < s.end)?.employeeId ?? null;
      const lines = rng.sample(shelf, rng.int(1, 3)).map(
        (p): Line => ({
          description: p.Name,
          quantity: 1,
          priceCents: toCents(p.Price),
          productId: p.ProductId,
          employeeId: seller,
        }),
      );
      invoices.push(
        add(DocumentType.ClientInvoice, siteId, at, lines, {
          ClientId: rng.pick(locals).ClientId,
          Reference: 'Retail sale',
        }),
      );
    }
    // Quotations for upcoming bridal and spa days.
    const quotable = input.packages.filter((p) => p.State === 1 && (p.SiteId === null || p.SiteId === siteId));
    for (let i = 0; i < (ctx.size === 'small' ? 1 : 3) && quotable.length > 0 && locals.length > 0; i++) {
      const pkg = rng.pick(quotable);
      const date = ctx.today - rng.int(1, 20) * DAY + rng.int(36, 68) * 15 * MINUTE;
      const guests = rng.int(1, 4);
      add(
        DocumentType.Quotation,
        siteId,
        date,
        [{ description: pkg.Name, quantity: guests, priceCents: toCents(pkg.Price), packageId: pkg.PackageId }],
        { ClientId: rng.pick(locals).ClientId, Reference: `${pkg.Name} for ${guests}`, due: date + 30 * DAY },
      );
    }
  }

  // Credit notes for a few invoices: a refunded line, a few days later.
  yield;
  const refundable = invoices.filter((d) => d.Total > 0 && utcMs(d.DocumentDate) < ctx.today - 6 * DAY);
  for (const invoice of rng.sample(refundable, Math.max(1, Math.round(refundable.length * 0.02)))) {
    const line = rng.pick(invoice.AccountingDocumentLineItems.filter((l) => l.Total > 0));
    const date = utcMs(invoice.DocumentDate) + rng.int(1, 5) * DAY;
    add(
      DocumentType.CreditNote,
      invoice.SiteId,
      date,
      [
        {
          description: line.Description,
          quantity: 1,
          priceCents: toCents(line.Total),
          serviceId: line.ServiceId ?? undefined,
          productId: line.ProductId ?? undefined,
          packageId: line.PackageId ?? undefined,
          employeeId: line.EmployeeId,
        },
      ],
      {
        ClientId: invoice.ClientId,
        Reference: line.ProductId ? 'Product returned' : rng.pick(['Goodwill refund', 'Treatment complaint']),
        LinkedAccountingDocumentId: invoice.AccountingDocumentId,
      },
    );
  }

  yield;
  purchasing(ctx, rng, input, activeSites, add);
  yield;
  yield* recurring(ctx, rng, input, flagship, membershipById, add);
  yield;
  const addPast = adder(past, documents);
  yield* pastRetailSales(
    ctx,
    past,
    { sites: input.sites, clients: input.clients, retail },
    (siteId, at, products, client) => {
      addPast(
        DocumentType.ClientInvoice,
        siteId,
        at,
        products.map((p) => ({
          description: p.Name,
          quantity: 1,
          priceCents: toCents(p.Price),
          productId: p.ProductId,
        })),
        { ClientId: client.ClientId, Reference: 'Retail sale' },
      );
    },
  );
  yield;
  documents.push(...(yield* pastRuns(ctx, past, documents)));
  yield;

  // Numbers run in date order within each type.
  yield* sortInSteps(
    documents,
    orderBy<AccountingDocument>(
      (x) => x.DocumentDate,
      (x) => x.AccountingDocumentId,
    ),
  );
  yield;
  const counters = new Map<DocumentTypeId, number>();
  for (const d of documents) {
    const n = (counters.get(d.AccountingDocumentTypeId) ?? 0) + 1;
    counters.set(d.AccountingDocumentTypeId, n);
    d.DocumentNumber = `${DOCUMENT_PREFIX[d.AccountingDocumentTypeId]}-${String(n).padStart(6, '0')}`;
  }
  yield;
  const byId = new Map(documents.map((d) => [d.AccountingDocumentId, d]));
  yield;
  for (const d of documents) {
    const linked = d.LinkedAccountingDocumentId ? byId.get(d.LinkedAccountingDocumentId) : undefined;
    if (linked && d.AccountingDocumentTypeId === DocumentType.GoodsReceivedNote)
      d.Reference = `Delivery against ${linked.DocumentNumber}`;
  }
  return { documents, invoiceOf };
}

/** Adds documents to `documents`, their ids drawn from `rng`. */
function adder(rng: Rng, documents: AccountingDocument[]): Add {
  return (type, siteId, date, lines, extra = {}) => {
    const AccountingDocumentLineItems = lines.map((l): AccountingDocumentLineItem => {
      const discount = l.discountCents ?? 0;
      return {
        AccountingDocumentLineItemId: rng.uuid(),
        Description: l.description,
        Quantity: l.quantity,
        Price: fromCents(l.priceCents),
        Discount: fromCents(discount),
        Total: fromCents(l.quantity * l.priceCents - discount),
        ServiceId: l.serviceId ?? null,
        ProductId: l.productId ?? null,
        PackageId: l.packageId ?? null,
        EmployeeId: l.employeeId ?? null,
      };
    });
    const doc: AccountingDocument = {
      AccountingDocumentId: rng.uuid(),
      AccountingDocumentTypeId: type,
      DocumentNumber: '',
      SiteId: siteId,
      ClientId: extra.ClientId ?? null,
      SupplierId: extra.SupplierId ?? null,
      DocumentDate: utcText(date),
      DueDate: utcText(extra.due ?? date),
      Reference: extra.Reference ?? '',
      LinkedAccountingDocumentId: extra.LinkedAccountingDocumentId ?? null,
      TransferSiteId: extra.TransferSiteId ?? null,
      RecurrenceIntervalMonths: extra.RecurrenceIntervalMonths ?? null,
      NextRunDate: extra.NextRunDate ?? null,
      AccountingDocumentLineItems,
      Total: fromCents(lines.reduce((sum, l) => sum + l.quantity * l.priceCents - (l.discountCents ?? 0), 0)),
    };
    documents.push(doc);
    return doc;
  };
}

/** Member discount percentage on the given instant, 0 when not a member then. */
function discountAt(client: Client, memberships: Map<Guid, Membership>, at: number): number {
  if (!client.MembershipId || !client.MembershipStart || !client.MembershipEnd) return 0;
  const from = utcMs(client.MembershipStart),
    to = utcMs(client.MembershipEnd);
  return from <= at && at < to ? (memberships.get(client.MembershipId)?.DiscountPercent ?? 0) : 0;
}

/** Orders, deliveries, supplier invoices, returns, transfers, and service bills such as linen. */
function purchasing(ctx: GenContext, rng: Rng, input: DocumentInput, activeSites: SiteInfo[], add: Add) {
  const { suppliers, supplies } = input.reference;
  const morning = (day: number) => day + rng.int(32, 44) * 15 * MINUTE;
  const stockSuppliers = suppliers.filter((s) => (supplies.get(s.SupplierId) ?? []).length > 0 && s.State === 1);
  for (const info of activeSites) {
    const siteId = info.site.SiteId;
    for (let ago = PURCHASING_DAYS; ago > 2; ago -= rng.int(7, 12)) {
      const supplier = rng.pick(stockSuppliers);
      const categories = supplies.get(supplier.SupplierId) ?? [];
      const range = input.products.filter(
        (p) => p.State === 1 && categories.includes(p.Category) && p.Stock.some((s) => s.SiteId === siteId),
      );
      if (range.length === 0) continue;
      const lines = stockLines(
        rng.sample(range, rng.int(2, 5)),
        siteId,
        () => rng.int(6, 24),
        (p) => p.Price,
      );
      const ordered = morning(ctx.today - ago * DAY);
      const order = add(DocumentType.PurchaseOrder, siteId, ordered, lines, {
        SupplierId: supplier.SupplierId,
        Reference: `Stock order ${info.site.Name}`,
        due: ordered + 7 * DAY,
      });
      const receivedAt = ordered + rng.int(3, 7) * DAY;
      if (receivedAt >= ctx.today - HOUR || !rng.chance(0.9)) continue;
      const delivered = lines.map((l) => ({
        ...l,
        quantity: rng.chance(0.2) ? Math.max(1, l.quantity - rng.int(1, 4)) : l.quantity,
      }));
      const grn = add(DocumentType.GoodsReceivedNote, siteId, receivedAt, delivered, {
        SupplierId: supplier.SupplierId,
        LinkedAccountingDocumentId: order.AccountingDocumentId,
      });
      const billed = receivedAt + rng.int(0, 2) * DAY;
      if (billed >= ctx.today || !rng.chance(0.9)) continue;
      const bill = add(DocumentType.SupplierInvoice, siteId, billed, delivered, {
        SupplierId: supplier.SupplierId,
        Reference: `Supplier ref ${rng.digits(6)}`,
        LinkedAccountingDocumentId: grn.AccountingDocumentId,
        due: billed + 30 * DAY,
      });
      if (rng.chance(0.1)) {
        const back = rng.pick(delivered);
        add(DocumentType.DebitNote, siteId, Math.min(billed + 2 * DAY, ctx.today - HOUR), [{ ...back, quantity: 1 }], {
          SupplierId: supplier.SupplierId,
          Reference: 'Damaged in transit',
          LinkedAccountingDocumentId: bill.AccountingDocumentId,
        });
      }
    }
    const linen = suppliers.find((s) => s.Name === 'Pure Linen Services');
    if (linen) {
      for (const ago of [45, 15]) {
        const date = morning(ctx.today - ago * DAY);
        add(
          DocumentType.SupplierInvoice,
          siteId,
          date,
          [{ description: 'Towel and robe laundering', quantity: 1, priceCents: rng.int(180, 320) * 100 }],
          { SupplierId: linen.SupplierId, Reference: 'Monthly linen service', due: date + 14 * DAY },
        );
      }
    }
  }
  if (activeSites.length > 1 && ctx.size !== 'small') {
    const from = activeSites[0] as SiteInfo;
    for (let i = 0; i < 3; i++) {
      const to = rng.pick(activeSites.slice(1));
      const range = input.products.filter(
        (p) =>
          p.State === 1 &&
          p.Stock.some((s) => s.SiteId === from.site.SiteId) &&
          p.Stock.some((s) => s.SiteId === to.site.SiteId),
      );
      if (range.length === 0) continue;
      const lines = stockLines(
        rng.sample(range, rng.int(1, 3)),
        from.site.SiteId,
        () => rng.int(2, 6),
        () => 0,
      );
      add(DocumentType.StockTransfer, from.site.SiteId, morning(ctx.today - rng.int(3, 50) * DAY), lines, {
        Reference: `Transfer to ${to.site.Name}`,
        TransferSiteId: to.site.SiteId,
      });
    }
  }
}

/** Product lines priced at the site's stock cost (`unstocked` when the site holds none). */
function stockLines(
  products: Product[],
  siteId: Guid,
  quantity: () => number,
  unstocked: (p: Product) => number,
): Line[] {
  return products.map((p) => ({
    description: p.Name,
    quantity: quantity(),
    productId: p.ProductId,
    priceCents: toCents(p.Stock.find((s) => s.SiteId === siteId)?.Cost ?? unstocked(p)),
  }));
}

/** Membership direct debits and standing supplier bills. */
function* recurring(
  ctx: GenContext,
  rng: Rng,
  input: DocumentInput,
  flagship: Guid,
  memberships: Map<Guid, Membership>,
  add: Add,
): Steps<void> {
  const activeIds = new Set(input.sites.filter((s) => s.site.State === 1).map((s) => s.site.SiteId));
  for (const client of input.clients) {
    yield;
    const membership = client.MembershipId ? memberships.get(client.MembershipId) : undefined;
    const start = client.MembershipStart ? utcMs(client.MembershipStart) : undefined;
    const end = client.MembershipEnd ? utcMs(client.MembershipEnd) : undefined;
    if (!membership || start === undefined || end === undefined || end <= ctx.today || client.State !== 1) continue;
    const siteId = client.SiteId && activeIds.has(client.SiteId) ? client.SiteId : flagship;
    add(
      DocumentType.RecurringClientInvoice,
      siteId,
      start,
      [{ description: `${membership.Name} membership`, quantity: 1, priceCents: toCents(membership.Price) }],
      {
        ClientId: client.ClientId,
        Reference: client.MembershipNumber,
        RecurrenceIntervalMonths: membership.TermMonths,
        NextRunDate: utcText(end),
      },
    );
  }
  const landlord = input.reference.suppliers.find((s) => s.Name === 'Cityscape Property Management');
  if (!landlord) return;
  for (const info of input.sites.filter((s) => s.site.State === 1)) {
    const first = new Date(ctx.today);
    const since = Date.UTC(first.getUTCFullYear() - 1, first.getUTCMonth(), 1);
    let next = since;
    while (next <= ctx.today) next = addMonths(next, 1);
    add(
      DocumentType.RecurringSupplierInvoice,
      info.site.SiteId,
      since,
      [{ description: 'Monthly rent', quantity: 1, priceCents: rng.int(40, 90) * 10000 }],
      {
        SupplierId: landlord.SupplierId,
        Reference: `Lease ${info.site.Name}`,
        RecurrenceIntervalMonths: 1,
        NextRunDate: utcText(next),
        due: since + 7 * DAY,
      },
    );
  }
}
