import type { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { widenedEnd } from '../http/range.js';
import { startsWithAny } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { AccountingDocument } from '../world/sales.js';
import { DocumentType } from '../world/sales-codes.js';
import { balanceOf, INVOICE_TYPES } from './balance.js';
import { clientName, partyTexts, supplierName } from './names.js';
import type { AccountingDocumentListSchema } from './schemas.js';

export type AccountingDocumentListRow = z.infer<typeof AccountingDocumentListSchema>;

const CLIENT_TYPES: ReadonlySet<number> = new Set([
  DocumentType.ClientInvoice,
  DocumentType.CreditNote,
  DocumentType.Quotation,
]);
const SUPPLIER_TYPES: ReadonlySet<number> = new Set([
  DocumentType.DebitNote,
  DocumentType.GoodsReceivedNote,
  DocumentType.PurchaseOrder,
  DocumentType.SupplierInvoice,
  DocumentType.StockTransfer,
]);

export interface DocumentQuery {
  siteId: Guid;
  /** true: client documents; false: supplier documents; null (empty value): both. */
  clientDocuments: boolean | null;
  start: number;
  end: number;
  find: string;
}

/** Recurring invoices (20, 21) are in neither set, so they are never listed (only GET {id} reaches them). */
function listedType(type: number, clientDocuments: boolean | null): boolean {
  if (clientDocuments === true) return CLIENT_TYPES.has(type);
  if (clientDocuments === false) return SUPPLIER_TYPES.has(type);
  return CLIENT_TYPES.has(type) || SUPPLIER_TYPES.has(type);
}

/** `fiscalised`: the account's setting; rows then carry a FiscalStatus. */
export function listDocuments(world: World, q: DocumentQuery, fiscalised = false): AccountingDocumentListRow[] {
  const from = formatDateTime(q.start);
  const to = formatDateTime(widenedEnd(q.end));
  return world.accountingDocuments
    .filter((d) => d.SiteId === q.siteId && listedType(d.AccountingDocumentTypeId, q.clientDocuments))
    .filter((d) => from <= d.DocumentDate && d.DocumentDate <= to)
    .filter((d) => startsWithAny(q.find, [d.DocumentNumber, ...partyTexts(world, d.ClientId, d.SupplierId)]))
    .sort(
      orderBy<AccountingDocument>(
        (x) => x.DocumentDate,
        (x) => x.DocumentNumber,
      ),
    )
    .map((d) => listRow(world, d, fiscalised));
}

export function listRow(world: World, d: AccountingDocument, fiscalised = false): AccountingDocumentListRow {
  const invoice = INVOICE_TYPES.has(d.AccountingDocumentTypeId);
  const b = invoice ? balanceOf(world, d) : undefined;
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
    ClientName: clientName(world, d.ClientId),
    SupplierName: supplierName(world, d.SupplierId),
    Paid: b?.paid ?? null,
    Outstanding: b?.outstanding ?? null,
    PaidState: b?.paidState ?? null,
    FiscalStatus: fiscalised ? fiscalStatus(d) : null,
  };
}

/** Fiscal signing: only sales documents issued to clients (invoices, credit notes) are signed. */
const FISCAL_TYPES: ReadonlySet<number> = new Set([DocumentType.ClientInvoice, DocumentType.CreditNote]);

export function fiscalStatus(d: AccountingDocument): 'Signed' | 'NotRequired' {
  return FISCAL_TYPES.has(d.AccountingDocumentTypeId) ? 'Signed' : 'NotRequired';
}
