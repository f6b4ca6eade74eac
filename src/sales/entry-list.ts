import type { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { widenedEnd } from '../http/range.js';
import { startsWithAny } from '../match.js';
import { orderBy } from '../order.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { AccountingEntry } from '../world/sales.js';
import { clientName, partyTexts, supplierName } from './names.js';
import type { AccountingEntryListSchema, AccountingEntrySchema } from './schemas.js';

type Row = z.infer<typeof AccountingEntryListSchema>;
type Detail = z.infer<typeof AccountingEntrySchema>;

export interface EntryQuery {
  siteId: Guid;
  /** Exactly one type; 0 (an empty value) matches nothing. */
  entryType: number;
  start: number;
  end: number;
  find: string;
}

export function listEntries(world: World, q: EntryQuery): Row[] {
  const from = formatDateTime(q.start);
  const to = formatDateTime(widenedEnd(q.end));
  return world.accountingEntries
    .filter((e) => e.SiteId === q.siteId && e.AccountingEntryTypeId === q.entryType)
    .filter((e) => from <= e.EntryDate && e.EntryDate <= to)
    .filter((e) => startsWithAny(q.find, [e.EntryNumber, ...partyTexts(world, e.ClientId, e.SupplierId)]))
    .sort(
      orderBy<AccountingEntry>(
        (x) => x.EntryDate,
        (x) => x.EntryNumber,
      ),
    )
    .map((e) => listRow(world, e));
}

const common = (e: AccountingEntry) => ({
  AccountingEntryId: e.AccountingEntryId,
  AccountingEntryTypeId: e.AccountingEntryTypeId,
  EntryNumber: e.EntryNumber,
  SiteId: e.SiteId,
  ClientId: e.ClientId,
  SupplierId: e.SupplierId,
  EntryDate: e.EntryDate,
  Reference: e.Reference,
  Description: e.Description,
  AccountingDocumentId: e.AccountingDocumentId,
  AmountDue: e.AmountDue,
  Received: e.Received,
  Gratuity: e.Gratuity,
  Change: e.Change,
  Total: e.Total,
  PaymentTypeId: e.PaymentTypeId,
  VoucherId: e.VoucherId,
  CashDrawerId: e.CashDrawerId,
});

const documentNumber = (world: World, id: Guid | null) =>
  id === null ? null : (world.accountingDocuments.find((d) => d.AccountingDocumentId === id)?.DocumentNumber ?? null);

function listRow(world: World, e: AccountingEntry): Row {
  return {
    ...common(e),
    ClientName: clientName(world, e.ClientId),
    SupplierName: supplierName(world, e.SupplierId),
    DocumentNumber: documentNumber(world, e.AccountingDocumentId),
    PaymentTypeName: world.paymentTypes.find((p) => p.PaymentTypeId === e.PaymentTypeId)?.Name ?? null,
  };
}

/** The entry detail: the stored entry plus its allocations (the document it pays, if any). */
export function entryDetail(world: World, entryId: Guid): Detail | null {
  const e = world.accountingEntries.find((x) => x.AccountingEntryId === entryId);
  if (e === undefined) return null;
  return {
    ...common(e),
    UserId: e.UserId,
    Gratuities: e.Gratuities.map((g) => ({ AccountingEntryId: g.AccountingEntryId, EmployeeId: g.EmployeeId })),
    Allocations:
      e.AccountingDocumentId === null
        ? []
        : [
            {
              AccountingDocumentId: e.AccountingDocumentId,
              DocumentNumber: documentNumber(world, e.AccountingDocumentId),
              Amount: e.Total,
            },
          ],
  };
}
