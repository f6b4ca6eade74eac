import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import { checkSite, editRecord, removeRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import { checkEntryRefs, checkEntryType } from './entry-fields.js';
import type { EntryIn } from './entry-input.js';

/**
 * Updates the entry the ROUTE id names; body SiteId is required (the site saved against). Fields
 * left out keep their value; a blank EntryNumber keeps the number. Re-allocating or changing the
 * Total moves the paid state of the documents involved, because balances are derived from entries.
 */
export function updateEntry(world: World, entryId: Guid, body: EntryIn): void {
  const entry = editRecord(
    world,
    'accountingEntries',
    world.accountingEntries.find((e) => e.AccountingEntryId === entryId),
  );
  if (entry === undefined) throw errors.recordDoesNotExist();
  const problems = new ModelStateErrors();
  if (body.SiteId == null) problems.add('SiteId', 'The SiteId field is required.');
  else checkSite(world, body.SiteId, 'SiteId', problems);
  const type =
    body.AccountingEntryTypeId === undefined
      ? entry.AccountingEntryTypeId
      : checkEntryType(body.AccountingEntryTypeId, problems);
  const pick = <T>(sent: T | undefined, kept: T): T => (sent === undefined ? kept : sent);
  const refs = {
    type,
    clientId: pick(body.ClientId, entry.ClientId),
    supplierId: pick(body.SupplierId, entry.SupplierId),
    paymentTypeId: pick(body.PaymentTypeId, entry.PaymentTypeId),
    cashDrawerId: pick(body.CashDrawerId, entry.CashDrawerId),
    documentId: pick(body.AccountingDocumentId, entry.AccountingDocumentId),
    voucherId: pick(body.VoucherId, entry.VoucherId),
  };
  checkEntryRefs(world, refs, body, problems);
  problems.throwIfAny();
  if (type === undefined || refs.paymentTypeId === null || refs.cashDrawerId === null)
    throw new Error('unreachable: checked above');

  if (body.SiteId != null) entry.SiteId = body.SiteId;
  entry.AccountingEntryTypeId = type;
  entry.ClientId = refs.clientId;
  entry.SupplierId = refs.supplierId;
  entry.PaymentTypeId = refs.paymentTypeId;
  entry.CashDrawerId = refs.cashDrawerId;
  entry.AccountingDocumentId = refs.documentId;
  entry.VoucherId = refs.voucherId;
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
  if (body.Gratuities !== undefined)
    entry.Gratuities = body.Gratuities.map((g) => ({ AccountingEntryId: entryId, EmployeeId: g.EmployeeId }));
}

/** Removes an entry; a document it paid is unpaid again by that amount (its balance is derived). */
export function deleteEntry(world: World, entryId: Guid): void {
  const index = world.accountingEntries.findIndex((e) => e.AccountingEntryId === entryId);
  if (index < 0) throw errors.recordDoesNotExist();
  removeRecord(world, 'accountingEntries', world.accountingEntries[index]!);
}
