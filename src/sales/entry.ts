import type { z } from 'zod';
import { formatDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import type { ModelStateErrors } from '../errors/model-state.js';
import { nextInSeriesOf } from '../numbering.js';
import { orderBy } from '../order.js';
import type { WithNoneIds } from '../records.js';
import { checkReference, insertRecord, requireField, type WriteContext } from '../records.js';
import { rowsReady, rowsWhere, rowWhere, sumsBy, sumsReady } from '../row-lookup.js';
import { EMPTY_GUID, type Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import type { AccountingEntry } from '../world/sales.js';
import { ENTRY_PREFIX, EntryType, type EntryTypeId } from '../world/sales-codes.js';
import { mapInSteps, type Steps } from '../world/steps.js';
import { documentBalance, findDocument } from './document.js';
import * as ledger from './ledger.js';
import { SALES_RULES } from './rules.js';
import type { AccountingEntryListSchema, AccountingEntrySchema, EntryIn } from './schemas.js';

// Accounting entries: receipts and payments. Allocating one to a document (AccountingDocumentId)
// is what marks that document paid, partly or fully: the document itself is not edited. A VoucherId
// makes the entry a redemption of that voucher; the voucher's balance is read from these entries.

// Checks shared by create and update. Every miss is a model-state error on its field.

const isReceipt = (t: number) => t === EntryType.Receipt || t === EntryType.RecurringReceipt;

const checkEntryType = (sent: number | undefined, problems: ModelStateErrors, kept?: EntryTypeId) =>
  ledger.checkType('AccountingEntryTypeId', EntryType, sent, problems, kept);

/** The merged entry (stored values overlaid by the body) must have what its type needs. */
interface EntryRefs {
  type: EntryTypeId | undefined;
  ClientId: Guid | null;
  SupplierId: Guid | null;
  PaymentTypeId: Guid | null;
  CashDrawerId: Guid | null;
  AccountingDocumentId: Guid | null;
  VoucherId: Guid | null;
}

function checkEntryRefs(world: World, r: EntryRefs, body: EntryIn, problems: ModelStateErrors): void {
  const required = (field: string) => requireField(problems, field, SALES_RULES.entryFields);
  if (r.type !== undefined && isReceipt(r.type) && r.ClientId === null) required('ClientId');
  if (r.type !== undefined && !isReceipt(r.type) && r.SupplierId === null) required('SupplierId');
  if (r.PaymentTypeId === null) required('PaymentTypeId');
  if (r.CashDrawerId === null) required('CashDrawerId');
  ledger.checkParty(world, r, problems);
  ledger.checkOptional(problems, 'PaymentTypeId', r.PaymentTypeId, (id) =>
    world.paymentTypes.some((p) => p.PaymentTypeId === id),
  );
  ledger.checkOptional(problems, 'CashDrawerId', r.CashDrawerId, (id) =>
    world.cashDrawers.some((d) => d.CashDrawerId === id),
  );
  ledger.checkOptional(
    problems,
    'AccountingDocumentId',
    r.AccountingDocumentId,
    (id) => rowWhere(world.accountingDocuments, 'AccountingDocumentId', id) !== undefined,
  );
  ledger.checkOptional(
    problems,
    'VoucherId',
    r.VoucherId,
    (id) => rowWhere(world.vouchers, 'VoucherId', id) !== undefined,
  );
  (body.Gratuities ?? []).forEach((g, i) => {
    checkReference(
      problems,
      `Gratuities[${i}].EmployeeId`,
      g.EmployeeId,
      world.employees.some((e) => e.EmployeeId === g.EmployeeId),
      RECORD_RULES.referenceExists,
    );
  });
}

/** The employees who share the entry's gratuity. */
const gratuities = (entryId: Guid, body: EntryIn) =>
  (body.Gratuities ?? []).map((g) => ({ AccountingEntryId: entryId, EmployeeId: g.EmployeeId }));

// Writes

/**
 * AmountDue is read from the allocated document's balance before this entry is added. UserId is the
 * one sent, else the API user making the call.
 */
export function createEntry(world: World, siteId: Guid, body: EntryIn, write: WriteContext): AccountingEntry {
  const { now, random, userId } = write;
  const problems = ledger.openForCreate(world, siteId, body.SiteId);
  const type = checkEntryType(body.AccountingEntryTypeId, problems);
  if (body.Total === undefined) requireField(problems, 'Total', SALES_RULES.entryFields);
  const refs: EntryRefs = {
    type,
    ClientId: body.ClientId ?? null,
    SupplierId: body.SupplierId ?? null,
    PaymentTypeId: body.PaymentTypeId ?? null,
    CashDrawerId: body.CashDrawerId ?? null,
    AccountingDocumentId: body.AccountingDocumentId ?? null,
    VoucherId: body.VoucherId ?? null,
  };
  checkEntryRefs(world, refs, body, problems);
  problems.throwIfAny();
  if (type === undefined || body.Total === undefined) throw new Error('unreachable: checked above');

  const AccountingEntryId = random.guid();
  const total = toCents(body.Total);
  const gratuity = toCents(body.Gratuity ?? 0);
  const change = toCents(body.Change ?? 0);
  const owed =
    refs.AccountingDocumentId === null ? undefined : documentBalance(world, refs.AccountingDocumentId)?.outstanding;
  const entry: AccountingEntry = {
    AccountingEntryId,
    SiteId: siteId,
    ClientId: refs.ClientId,
    SupplierId: refs.SupplierId,
    EntryNumber: body.EntryNumber?.trim()
      ? body.EntryNumber.trim()
      : nextInSeriesOf(`${ENTRY_PREFIX[type]}-`, world.accountingEntries, 'EntryNumber', {
          name: `type ${type}`,
          accepts: (e) => e.AccountingEntryTypeId === type,
        }),
    Reference: body.Reference ?? '',
    Description: body.Description ?? '',
    EntryDate: body.EntryDate ?? formatDateTime(now),
    AccountingEntryTypeId: type,
    AccountingDocumentId: refs.AccountingDocumentId,
    AmountDue: owed ?? body.AmountDue ?? fromCents(total),
    Received: body.Received ?? fromCents(total + gratuity + change),
    Gratuity: fromCents(gratuity),
    Change: fromCents(change),
    Total: fromCents(total),
    PaymentTypeId: refs.PaymentTypeId ?? EMPTY_GUID,
    VoucherId: refs.VoucherId,
    UserId: body.UserId ?? userId,
    CashDrawerId: refs.CashDrawerId ?? EMPTY_GUID,
    Gratuities: gratuities(AccountingEntryId, body),
  };
  insertRecord(world, 'accountingEntries', entry);
  return entry;
}

/** The checks run on the stored entry overlaid by the body; document balances follow by themselves. */
export function updateEntry(world: World, entryId: Guid, body: EntryIn): void {
  const found = findEntry(world, entryId);
  const { record: entry, problems } = ledger.openForUpdate(world, 'accountingEntries', found, body.SiteId);
  const type = checkEntryType(body.AccountingEntryTypeId, problems, entry.AccountingEntryTypeId);
  const pick = <T>(sent: T | undefined, kept: T): T => (sent === undefined ? kept : sent);
  const refs: EntryRefs = {
    type,
    ClientId: pick(body.ClientId, entry.ClientId),
    SupplierId: pick(body.SupplierId, entry.SupplierId),
    PaymentTypeId: pick(body.PaymentTypeId, entry.PaymentTypeId),
    CashDrawerId: pick(body.CashDrawerId, entry.CashDrawerId),
    AccountingDocumentId: pick(body.AccountingDocumentId, entry.AccountingDocumentId),
    VoucherId: pick(body.VoucherId, entry.VoucherId),
  };
  checkEntryRefs(world, refs, body, problems);
  problems.throwIfAny();
  if (type === undefined || refs.PaymentTypeId === null || refs.CashDrawerId === null)
    throw new Error('unreachable: checked above');

  if (body.SiteId != null) entry.SiteId = body.SiteId;
  entry.AccountingEntryTypeId = type;
  entry.ClientId = refs.ClientId;
  entry.SupplierId = refs.SupplierId;
  entry.PaymentTypeId = refs.PaymentTypeId;
  entry.CashDrawerId = refs.CashDrawerId;
  entry.AccountingDocumentId = refs.AccountingDocumentId;
  entry.VoucherId = refs.VoucherId;
  if (body.EntryNumber?.trim()) entry.EntryNumber = body.EntryNumber.trim();
  if (body.Reference !== undefined) entry.Reference = body.Reference;
  if (body.Description !== undefined) entry.Description = body.Description;
  if (body.EntryDate !== undefined) entry.EntryDate = body.EntryDate;
  if (body.AmountDue !== undefined) entry.AmountDue = fromCents(toCents(body.AmountDue));
  if (body.Received !== undefined) entry.Received = fromCents(toCents(body.Received));
  if (body.Gratuity !== undefined) entry.Gratuity = fromCents(toCents(body.Gratuity));
  if (body.Change !== undefined) entry.Change = fromCents(toCents(body.Change));
  if (body.Total !== undefined) entry.Total = fromCents(toCents(body.Total));
  if (body.UserId !== undefined) entry.UserId = body.UserId ?? entry.UserId;
  if (body.Gratuities !== undefined) entry.Gratuities = gratuities(entryId, body);
}

/** A document the entry paid is unpaid again by that amount (its balance is derived). */
export const deleteEntry = (world: World, entryId: Guid): void =>
  ledger.remove(world, 'accountingEntries', findEntry(world, entryId));

// Reads

const findEntry = (world: World, entryId: Guid): AccountingEntry | undefined =>
  rowWhere(world.accountingEntries, 'AccountingEntryId', entryId);

type EntryNoneIds = 'ClientId' | 'SupplierId' | 'AccountingDocumentId' | 'VoucherId';
type Row = WithNoneIds<z.infer<typeof AccountingEntryListSchema>, EntryNoneIds>;
type Detail = WithNoneIds<z.infer<typeof AccountingEntrySchema>, EntryNoneIds>;

interface EntryQuery extends ledger.Query {
  /** Exactly one type; 0 (an empty value) matches nothing. */
  entryType: number;
}

export function* entryListSteps(world: World, q: EntryQuery): Steps<Row[]> {
  const entries = yield* ledger.listSteps(
    world,
    world.accountingEntries,
    q,
    (e) => e.EntryDate,
    (e) => e.EntryNumber,
    (e) => e.AccountingEntryTypeId === q.entryType,
    'AccountingEntryId',
  );
  yield* rowsReady(world.accountingDocuments, 'AccountingDocumentId');
  yield* rowsReady(world.paymentTypes, 'PaymentTypeId');
  return yield* mapInSteps(entries, (e) => ({
    ...common(e),
    ...ledger.partyNames(world, e),
    DocumentNumber: documentNumber(world, e.AccountingDocumentId),
    PaymentTypeName: rowWhere(world.paymentTypes, 'PaymentTypeId', e.PaymentTypeId)?.Name ?? null,
  }));
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
  id === null ? null : (findDocument(world, id)?.DocumentNumber ?? null);

/** The entry detail: the stored entry plus its allocations (the document it pays, if any). */
export function entryDetail(world: World, entryId: Guid): Detail | null {
  const e = findEntry(world, entryId);
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

// Voucher redemptions: the entries carrying a VoucherId. A voucher's balance and redemptions are
// read from them (vouchers area), so creating or deleting such an entry moves the balance at once.

/** The entries that redeemed the voucher, oldest first (ties by id, so the order is stable). */
export function voucherRedemptions(world: World, voucherId: Guid): AccountingEntry[] {
  return rowsWhere(world.accountingEntries, 'VoucherId', voucherId, 'AccountingEntryId').sort(
    orderBy<AccountingEntry>(
      (x) => x.EntryDate,
      (x) => x.AccountingEntryId,
    ),
  );
}

/** Redeemed cents of each voucher id (0 for none), summed once per entries array (for lists). */
export const redeemedByVoucher = (world: World): ((voucherId: Guid) => number) =>
  sumsBy(world.accountingEntries, 'redeemed', redeemedVoucher, redeemedCents);
const redeemedVoucher = (e: AccountingEntry) => e.VoucherId || null;
const redeemedCents = (e: AccountingEntry) => toCents(e.Total);

/** Makes the lookups of the entries' reads in steps (`RegistryOptions.ready`). */
export function* entryLookupsReady(world: World): Steps<void> {
  yield* rowsReady(world.accountingEntries, 'AccountingEntryId');
  yield* rowsReady(world.accountingEntries, 'SiteId');
  yield* rowsReady(world.accountingEntries, 'VoucherId');
  yield* rowsReady(world.paymentTypes, 'PaymentTypeId');
  yield* sumsReady(world.accountingEntries, 'redeemed', redeemedVoucher, redeemedCents);
}

/** Sum of the redemptions' Totals, summed in cents. */
export const redeemedAmount = (world: World, voucherId: Guid): number =>
  fromCents(voucherRedemptions(world, voucherId).reduce((sum, e) => sum + toCents(e.Total), 0));
