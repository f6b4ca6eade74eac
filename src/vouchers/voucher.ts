import { formatDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { ModelStateErrors } from '../errors/model-state.js';
import { hasState, inSite, startsWithAny } from '../match.js';
import { nextInSeriesOf } from '../numbering.js';
import { orderBy } from '../order.js';
import type { Random } from '../random.js';
import { checkSite, editRecord, idOrNull, insertRecord, requireField } from '../records.js';
import { rowsReady, rowWhere } from '../row-lookup.js';
import { redeemedByVoucher, voucherRedemptions } from '../sales/index.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { fromCents, toCents } from '../world/money.js';
import { EntryType, VOUCHER_PREFIX, type VoucherType } from '../world/sales-codes.js';
import type { Steps } from '../world/steps.js';
import type { Voucher, VoucherTemplate } from '../world/vouchers.js';
import { VOUCHER_RULES } from './rules.js';
import { TEXT_FIELDS, type TextField, type VoucherIn } from './schemas.js';

// Vouchers and gift cards. A voucher's balance and redemptions are never stored: they are read from
// the accounting entries that name the voucher (VoucherId), so creating or deleting such an entry,
// by whatever route, moves the balance at once and the two can never disagree.

// Fields and rules

/** The empty Guid (or null) means "none": a shared voucher, no client, no source. */

/** Body text fields: null and, on create, left out store the empty string. */
const texts = (body: VoucherIn) =>
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, body[field] ?? ''])) as Record<TextField, string>;

/**
 * Amount is authoritative; the numeric Value the creation body is also shown with is read only
 * when Amount is left out or null. Kept to the cent. null when neither is sent.
 */
function faceValue(body: VoucherIn): number | null {
  const value = body.Amount ?? body.Value;
  return value == null ? null : fromCents(toCents(value));
}

/** A site id (null = shared) must name a site of the account. */
function checkVoucherSite(world: World, siteId: Guid | null, field: string, problems: ModelStateErrors): void {
  if (siteId !== null) checkSite(world, siteId, field, problems);
}

const sameNumber = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A voucher number is unique per site: another voucher of the same site (shared vouchers count as
 * one site) with this number, compared case-insensitively, makes it a 400 on VoucherNumber.
 */
function checkVoucherNumberFreeAtSite(
  world: World,
  siteId: Guid | null,
  number: string,
  problems: ModelStateErrors,
): void {
  if (world.vouchers.some((v) => v.SiteId === siteId && sameNumber(v.VoucherNumber, number)))
    problems.add('VoucherNumber', `Voucher number '${number}' is already in use.`, VOUCHER_RULES.numberUnique);
}

/** Gift cards and vouchers each have their own series; a new number follows the highest of its series. */
const nextVoucherNumber = (world: World, type: VoucherType): string =>
  nextInSeriesOf(VOUCHER_PREFIX[type], world.vouchers, 'VoucherNumber');

// Writes

/** Every failure is reported in one model-state 400 and nothing is written. */
export function createVoucher(world: World, siteId: Guid, body: VoucherIn, now: number, random: Random): Voucher {
  const problems = new ModelStateErrors();
  const site = idOrNull(siteId);
  checkVoucherSite(world, site, 'siteId', problems);
  if (body.SiteId === undefined) requireField(problems, 'SiteId', VOUCHER_RULES.siteMatchesQuery);
  else if (idOrNull(body.SiteId) !== site) {
    problems.add('SiteId', 'SiteId must equal the query siteId.', VOUCHER_RULES.siteMatchesQuery);
  }
  if (body.ExpiryDate == null) requireField(problems, 'ExpiryDate', VOUCHER_RULES.required);
  const amount = faceValue(body);
  if (amount === null) requireField(problems, 'Amount', VOUCHER_RULES.required);
  const given = (body.VoucherNumber ?? '').trim();
  if (given !== '') checkVoucherNumberFreeAtSite(world, site, given, problems);
  problems.throwIfAny();

  const type: VoucherType = body.VoucherType ?? 1;
  const voucher: Voucher = {
    VoucherId: random.guid(),
    SiteId: site,
    State: body.State ?? 1,
    VoucherType: type,
    VoucherNumber: given !== '' ? given : nextVoucherNumber(world, type),
    ExpiryDate: body.ExpiryDate as string,
    DeliveryDate: body.DeliveryDate ?? null,
    // A voucher sold over the API is usable from the moment it is issued unless told otherwise.
    ActivationDate: body.ActivationDate ?? formatDateTime(now),
    AccountingEntryTypeId: body.AccountingEntryTypeId ?? EntryType.Receipt,
    ClientId: idOrNull(body.ClientId),
    SourceId: idOrNull(body.SourceId),
    CreatedSiteId: body.CreatedSiteId === undefined ? site : idOrNull(body.CreatedSiteId),
    ...texts(body),
    Template: (body.Template ?? 0) as VoucherTemplate,
    Amount: amount as number,
  };
  insertRecord(world, 'vouchers', voucher);
  return voucher;
}

/**
 * A missing SiteId fails (500) before the voucher is looked up, as the real service does. A blank
 * VoucherNumber or a null ExpiryDate keeps the old one.
 */
export function updateVoucher(world: World, voucherId: Guid, body: VoucherIn): Voucher {
  if (body.SiteId == null) throw errors.voucherSiteIdMissing(VOUCHER_RULES.updateSite);
  const voucher = editRecord(world, 'vouchers', findVoucher(world, voucherId));
  if (!voucher) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  const problems = new ModelStateErrors();
  const site = idOrNull(body.SiteId);
  checkVoucherSite(world, site, 'SiteId', problems);
  problems.throwIfAny();

  voucher.SiteId = site;
  if (body.State !== undefined) voucher.State = body.State;
  if (body.VoucherType !== undefined) voucher.VoucherType = body.VoucherType;
  if (body.VoucherNumber != null && body.VoucherNumber.trim() !== '') voucher.VoucherNumber = body.VoucherNumber.trim();
  if (body.ExpiryDate != null) voucher.ExpiryDate = body.ExpiryDate;
  if (body.DeliveryDate !== undefined) voucher.DeliveryDate = body.DeliveryDate;
  if (body.ActivationDate !== undefined) voucher.ActivationDate = body.ActivationDate;
  if (body.AccountingEntryTypeId !== undefined) voucher.AccountingEntryTypeId = body.AccountingEntryTypeId;
  if (body.ClientId !== undefined) voucher.ClientId = idOrNull(body.ClientId);
  if (body.SourceId !== undefined) voucher.SourceId = idOrNull(body.SourceId);
  if (body.CreatedSiteId !== undefined) voucher.CreatedSiteId = idOrNull(body.CreatedSiteId);
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined) voucher[field] = value ?? '';
  }
  if (body.Template !== undefined) voucher.Template = body.Template as VoucherTemplate;
  const amount = faceValue(body);
  if (amount !== null) voucher.Amount = amount;
  return voucher;
}

// Reads

/** Makes the lookups of the vouchers' reads in steps (`RegistryOptions.ready`). */
export const voucherLookupsReady = (world: World): Steps<void> => rowsReady(world.vouchers, 'VoucherId');

const findVoucher = (world: World, id: Guid): Voucher | undefined => rowWhere(world.vouchers, 'VoucherId', id);

/** VoucherId breaks VoucherNumber ties, so the till sees a stable list. */
export function listVouchers(world: World, q: { siteId: Guid; itemState: number; find: string }) {
  const redeemed = redeemedByVoucher(world);
  return world.vouchers
    .filter(inSite(q.siteId))
    .filter(hasState(q.itemState))
    .filter((v) => startsWithAny(q.find, [v.VoucherNumber, v.Recipient, v.BarCode]))
    .sort(
      orderBy<Voucher>(
        (x) => x.VoucherNumber,
        (x) => x.VoucherId,
      ),
    )
    .map((v) => ({ ...v, Balance: fromCents(toCents(v.Amount) - redeemed(v.VoucherId)) }));
}

/**
 * The detail answer, or null when the account has no such voucher: Balance is Amount minus the
 * Totals of its redemptions, not clamped, so an over-redemption shows.
 */
export function voucherDetail(world: World, voucherId: Guid) {
  const voucher = findVoucher(world, voucherId);
  if (voucher === undefined) return null;
  const entries = voucherRedemptions(world, voucher.VoucherId);
  return {
    ...voucher,
    Balance: fromCents(toCents(voucher.Amount) - entries.reduce((sum, e) => sum + toCents(e.Total), 0)),
    Redemptions: entries.map((e) => ({
      AccountingEntryId: e.AccountingEntryId,
      EntryNumber: e.EntryNumber,
      EntryDate: e.EntryDate,
      SiteId: e.SiteId,
      ClientId: e.ClientId,
      AccountingDocumentId: e.AccountingDocumentId,
      Amount: e.Total,
    })),
  };
}
