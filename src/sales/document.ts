import type { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import type { ModelStateErrors } from '../errors/model-state.js';
import { nextInSeriesOf } from '../numbering.js';
import type { Random } from '../random.js';
import type { WithNoneIds } from '../records.js';
import { insertRecord, requireField } from '../records.js';
import { rowsReady, rowWhere, sumsBy, sumsReady } from '../row-lookup.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingDocument, AccountingDocumentLineItem, AccountingEntry } from '../world/sales.js';
import { DOCUMENT_PREFIX, DocumentType, type DocumentTypeId } from '../world/sales-codes.js';
import { mapInSteps, type Steps } from '../world/steps.js';
import * as ledger from './ledger.js';
import { SALES_RULES } from './rules.js';
import type { AccountingDocumentListSchema, DocumentIn, LineItemIn } from './schemas.js';

// Accounting documents: invoices, quotations, credit notes, orders, deliveries, transfers and
// recurring invoices. A document is never edited when it is paid: its balance is derived, at read
// time, from the entries allocated to it, so every area agrees on what was paid.

// Types and fields

/** Types whose paid state is shown on list rows: invoices a receipt or payment settles. */
const INVOICE_TYPES: ReadonlySet<number> = new Set([
  DocumentType.ClientInvoice,
  DocumentType.SupplierInvoice,
  DocumentType.RecurringClientInvoice,
  DocumentType.RecurringSupplierInvoice,
]);

/** Listed with clientDocuments=true. */
const CLIENT_TYPES: ReadonlySet<number> = new Set([
  DocumentType.ClientInvoice,
  DocumentType.CreditNote,
  DocumentType.Quotation,
]);

/** Listed with clientDocuments=false. */
const SUPPLIER_TYPES: ReadonlySet<number> = new Set([
  DocumentType.DebitNote,
  DocumentType.GoodsReceivedNote,
  DocumentType.PurchaseOrder,
  DocumentType.SupplierInvoice,
  DocumentType.StockTransfer,
]);

/** Fiscal signing: only sales documents issued to clients (invoices, credit notes) are signed. */
const FISCAL_TYPES: ReadonlySet<number> = new Set([DocumentType.ClientInvoice, DocumentType.CreditNote]);

/** Any known type number is accepted, even one the caller did not mean: the spec's "wrong but valid" quirk. */
const checkType = (sent: number | undefined, problems: ModelStateErrors, kept?: DocumentTypeId) =>
  ledger.checkType('AccountingDocumentTypeId', DocumentType, sent, problems, kept);

/** ClientId, SupplierId and LinkedAccountingDocumentId must name records when sent non-empty. */
function checkHeaderIds(world: World, body: DocumentIn, problems: ModelStateErrors): void {
  ledger.checkParty(world, body, problems);
  ledger.checkOptional(
    problems,
    'LinkedAccountingDocumentId',
    body.LinkedAccountingDocumentId,
    (id) => rowWhere(world.accountingDocuments, 'AccountingDocumentId', id) !== undefined,
  );
}

// Line items are computed in cents: Total = round(Quantity × Price) − Discount, so sums never drift.

/** Checks each line's references and builds the stored lines; failures go to `problems`. */
/** Lines built in one step: a body near the 1 MiB limit holds thousands. */
const LINES_PER_STEP = 64;

function* buildLines(
  world: World,
  lines: LineItemIn[],
  random: Random,
  problems: ModelStateErrors,
): Steps<AccountingDocumentLineItem[]> {
  if (lines.length === 0) {
    problems.add('AccountingDocumentLineItems', 'At least one line item is required.', SALES_RULES.lineItems);
  }
  const built: AccountingDocumentLineItem[] = [];
  for (const [i, l] of lines.entries()) {
    if (i % LINES_PER_STEP === 0) yield;
    const ref = (field: string, id: Guid | null | undefined, exists: (id: Guid) => boolean) => {
      ledger.checkOptional(problems, `AccountingDocumentLineItems[${i}].${field}`, id, exists);
      return id ?? null;
    };
    const priceCents = toCents(l.Price);
    const discountCents = toCents(l.Discount ?? 0);
    built.push({
      AccountingDocumentLineItemId: random.guid(),
      Description: l.Description,
      Quantity: l.Quantity,
      Price: fromCents(priceCents),
      Discount: fromCents(discountCents),
      Total: fromCents(Math.round(l.Quantity * priceCents) - discountCents),
      ServiceId: ref('ServiceId', l.ServiceId, (id) => world.services.some((s) => s.ServiceId === id)),
      ProductId: ref('ProductId', l.ProductId, (id) => world.products.some((p) => p.ProductId === id)),
      PackageId: ref('PackageId', l.PackageId, (id) => world.packages.some((p) => p.PackageId === id)),
      EmployeeId: ref('EmployeeId', l.EmployeeId, (id) => world.employees.some((e) => e.EmployeeId === id)),
    });
  }
  return built;
}

const linesTotal = (lines: AccountingDocumentLineItem[]): number =>
  fromCents(lines.reduce((sum, l) => sum + toCents(l.Total), 0));

// Writes

/** Friendly numbers continue the seeded numbering: prefix, dash, six digits, highest + 1. */
const nextDocumentNumber = (world: World, type: DocumentTypeId): string =>
  nextInSeriesOf(`${DOCUMENT_PREFIX[type]}-`, world.accountingDocuments, 'DocumentNumber');

export function* createDocument(
  world: World,
  siteId: Guid,
  body: DocumentIn,
  now: number,
  random: Random,
): Steps<AccountingDocument> {
  const problems = ledger.openForCreate(world, siteId, body.SiteId);
  const type = checkType(body.AccountingDocumentTypeId, problems);
  checkHeaderIds(world, body, problems);
  if (body.AccountingDocumentLineItems === undefined) {
    requireField(problems, 'AccountingDocumentLineItems', SALES_RULES.lineItems);
  }
  const lines =
    body.AccountingDocumentLineItems === undefined
      ? []
      : yield* buildLines(world, body.AccountingDocumentLineItems, random, problems);
  problems.throwIfAny();
  if (type === undefined) throw new Error('unreachable: type checked');

  const date = body.DocumentDate ?? formatDateTime(now);
  const document: AccountingDocument = {
    AccountingDocumentId: random.guid(),
    AccountingDocumentTypeId: type,
    DocumentNumber: nextDocumentNumber(world, type),
    SiteId: siteId,
    ClientId: body.ClientId ?? null,
    SupplierId: body.SupplierId ?? null,
    DocumentDate: date,
    DueDate: body.DueDate ?? date,
    Reference: body.Reference ?? '',
    LinkedAccountingDocumentId: body.LinkedAccountingDocumentId ?? null,
    TransferSiteId: null,
    RecurrenceIntervalMonths: null,
    NextRunDate: null,
    AccountingDocumentLineItems: lines,
    Total: linesTotal(lines),
  };
  insertRecord(world, 'accountingDocuments', document);
  return document;
}

/** Entries name the document by its id, which never changes, so they stay allocated. */
export function* updateDocument(world: World, documentId: Guid, body: DocumentIn, random: Random): Steps<void> {
  const found = findDocument(world, documentId);
  const { record: document, problems } = ledger.openForUpdate(world, 'accountingDocuments', found, body.SiteId);
  const type = checkType(body.AccountingDocumentTypeId, problems, document.AccountingDocumentTypeId);
  checkHeaderIds(world, body, problems);
  const lines =
    body.AccountingDocumentLineItems === undefined
      ? undefined
      : yield* buildLines(world, body.AccountingDocumentLineItems, random, problems);
  problems.throwIfAny();

  if (body.SiteId != null) document.SiteId = body.SiteId;
  if (type !== undefined) document.AccountingDocumentTypeId = type;
  if (body.ClientId !== undefined) document.ClientId = body.ClientId;
  if (body.SupplierId !== undefined) document.SupplierId = body.SupplierId;
  if (body.DocumentDate !== undefined) document.DocumentDate = body.DocumentDate;
  if (body.DueDate !== undefined) document.DueDate = body.DueDate;
  if (body.Reference !== undefined) document.Reference = body.Reference;
  if (body.LinkedAccountingDocumentId !== undefined)
    document.LinkedAccountingDocumentId = body.LinkedAccountingDocumentId;
  if (lines !== undefined) {
    document.AccountingDocumentLineItems = lines;
    document.Total = linesTotal(lines);
  }
}

/** Entries allocated to the document are kept (they are money received). */
export const deleteDocument = (world: World, documentId: Guid): void =>
  ledger.remove(world, 'accountingDocuments', findDocument(world, documentId));

// Reads

export const findDocument = (world: World, documentId: Guid): AccountingDocument | undefined =>
  rowWhere(world.accountingDocuments, 'AccountingDocumentId', documentId);

type PaidState = 'Unpaid' | 'PartPaid' | 'Paid';

interface DocumentBalance {
  /** The document's Total. */
  total: number;
  /** Sum of the Totals of the entries allocated to it (every entry type, voucher redemptions too). */
  paid: number;
  /** Total − paid, never below 0. */
  outstanding: number;
  paidState: PaidState;
}

/** Cents paid on each document: the Totals of the entries allocated to it, summed once per entries array. */
const paidCents = (world: World) => sumsBy(world.accountingEntries, 'paid', paidDocument, paidAmount);
const paidDocument = (e: AccountingEntry) => e.AccountingDocumentId;
const paidAmount = (e: AccountingEntry) => toCents(e.Total);

/** Makes the lookups of the documents' reads in steps (`RegistryOptions.ready`). */
export function* documentLookupsReady(world: World): Steps<void> {
  yield* rowsReady(world.accountingDocuments, 'AccountingDocumentId');
  yield* rowsReady(world.accountingDocuments, 'SiteId');
  yield* sumsReady(world.accountingEntries, 'paid', paidDocument, paidAmount);
}

function balanceOf(document: AccountingDocument, paidOn: (id: Guid) => number): DocumentBalance {
  const total = toCents(document.Total);
  const paid = paidOn(document.AccountingDocumentId);
  const paidState: PaidState = paid <= 0 && total > 0 ? 'Unpaid' : paid >= total ? 'Paid' : 'PartPaid';
  return {
    total: fromCents(total),
    paid: fromCents(paid),
    outstanding: fromCents(Math.max(0, total - paid)),
    paidState,
  };
}

/** The balance of one document; undefined when the account has no such document. */
export function documentBalance(world: World, documentId: Guid): DocumentBalance | undefined {
  const document = findDocument(world, documentId);
  return document === undefined ? undefined : balanceOf(document, paidCents(world));
}

interface DocumentQuery extends ledger.Query {
  /** true: client documents; false: supplier documents; null (empty value): both. */
  clientDocuments: boolean | null;
}

/** Recurring invoices (20, 21) are in neither set, so they are never listed (only GET {id} reaches them). */
function listedType(type: number, clientDocuments: boolean | null): boolean {
  if (clientDocuments === true) return CLIENT_TYPES.has(type);
  if (clientDocuments === false) return SUPPLIER_TYPES.has(type);
  return CLIENT_TYPES.has(type) || SUPPLIER_TYPES.has(type);
}

type DocumentNoneIds = 'ClientId' | 'SupplierId' | 'LinkedAccountingDocumentId';
type AccountingDocumentListRow = WithNoneIds<z.infer<typeof AccountingDocumentListSchema>, DocumentNoneIds>;

/** `fiscalised`: the account's setting; rows then carry a FiscalStatus. */
export function* documentListSteps(
  world: World,
  q: DocumentQuery,
  fiscalised = false,
): Steps<AccountingDocumentListRow[]> {
  const documents = yield* ledger.listSteps(
    world,
    world.accountingDocuments,
    q,
    (d) => d.DocumentDate,
    (d) => d.DocumentNumber,
    (d) => listedType(d.AccountingDocumentTypeId, q.clientDocuments),
    'AccountingDocumentId',
  );
  yield* sumsReady(world.accountingEntries, 'paid', paidDocument, paidAmount);
  const paidOn = paidCents(world);
  return yield* mapInSteps(documents, (d) => listRow(world, d, fiscalised, paidOn));
}

function listRow(
  world: World,
  d: AccountingDocument,
  fiscalised: boolean,
  paidOn: (id: Guid) => number,
): AccountingDocumentListRow {
  const b = INVOICE_TYPES.has(d.AccountingDocumentTypeId) ? balanceOf(d, paidOn) : undefined;
  return {
    AccountingDocumentId: d.AccountingDocumentId,
    AccountingDocumentTypeId: d.AccountingDocumentTypeId,
    DocumentNumber: d.DocumentNumber,
    SiteId: d.SiteId,
    ClientId: d.ClientId,
    SupplierId: d.SupplierId,
    DocumentDate: d.DocumentDate,
    DueDate: d.DueDate,
    Reference: d.Reference,
    LinkedAccountingDocumentId: d.LinkedAccountingDocumentId,
    Total: d.Total,
    ...ledger.partyNames(world, d),
    Paid: b?.paid ?? null,
    Outstanding: b?.outstanding ?? null,
    PaidState: b?.paidState ?? null,
    FiscalStatus: fiscalised ? (FISCAL_TYPES.has(d.AccountingDocumentTypeId) ? 'Signed' : 'NotRequired') : null,
  };
}
