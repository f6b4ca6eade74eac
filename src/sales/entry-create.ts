import { formatDateTime } from '../datetime.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { checkSite, insertRecord } from '../records.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingEntry } from '../world/sales.js';
import { documentBalance } from './balance.js';
import { checkEntryRefs, checkEntryType } from './entry-fields.js';
import type { EntryIn } from './entry-input.js';
import { ENTRY_PREFIX, nextNumber } from './numbers.js';

/**
 * Records a receipt or payment at the query's site. Allocating it to a document
 * (AccountingDocumentId) is what marks that document paid, partly or fully: the document itself is
 * not edited. A VoucherId makes the entry a redemption of that voucher. The vouchers area and the
 * sales report call this same function so every entry is made one way.
 */
export function createEntry(world: World, siteId: Guid, body: EntryIn, now: number, random: Random): AccountingEntry {
  const problems = new ModelStateErrors();
  checkSite(world, siteId, 'siteId', problems);
  if (body.SiteId !== siteId) problems.add('SiteId', 'The SiteId must equal the query siteId.');
  const type = checkEntryType(body.AccountingEntryTypeId, problems);
  if (body.Total === undefined) problems.add('Total', 'The Total field is required.');
  const refs = {
    type,
    clientId: body.ClientId ?? null,
    supplierId: body.SupplierId ?? null,
    paymentTypeId: body.PaymentTypeId ?? null,
    cashDrawerId: body.CashDrawerId ?? null,
    documentId: body.AccountingDocumentId ?? null,
    voucherId: body.VoucherId ?? null,
  };
  checkEntryRefs(world, refs, body, problems);
  problems.throwIfAny();
  if (type === undefined || body.Total === undefined) throw new Error('unreachable: checked above');

  const AccountingEntryId = random.guid();
  const total = toCents(body.Total);
  const gratuity = toCents(body.Gratuity ?? 0);
  const change = toCents(body.Change ?? 0);
  const owed = refs.documentId === null ? undefined : documentBalance(world, refs.documentId)?.outstanding;
  const entry: AccountingEntry = {
    AccountingEntryId,
    SiteId: siteId,
    ClientId: refs.clientId,
    SupplierId: refs.supplierId,
    EntryNumber: body.EntryNumber?.trim()
      ? body.EntryNumber.trim()
      : nextNumber(
          ENTRY_PREFIX[type],
          world.accountingEntries.filter((e) => e.AccountingEntryTypeId === type).map((e) => e.EntryNumber),
        ),
    Reference: body.Reference ?? '',
    Description: body.Description ?? '',
    EntryDate: body.EntryDate ?? formatDateTime(now),
    AccountingEntryTypeId: type,
    AccountingDocumentId: refs.documentId,
    AmountDue: owed ?? body.AmountDue ?? fromCents(total),
    Received: body.Received ?? fromCents(total + gratuity + change),
    Gratuity: fromCents(gratuity),
    Change: fromCents(change),
    Total: fromCents(total),
    PaymentTypeId: refs.paymentTypeId ?? EMPTY_GUID,
    VoucherId: refs.voucherId,
    UserId: body.UserId ?? EMPTY_GUID,
    CashDrawerId: refs.cashDrawerId ?? EMPTY_GUID,
    Gratuities: (body.Gratuities ?? []).map((g) => ({ AccountingEntryId, EmployeeId: g.EmployeeId })),
  };
  insertRecord(world, 'accountingEntries', entry);
  return entry;
}
