import { formatDateTime } from '../datetime.js';
import { ModelStateErrors } from '../http/model-state.js';
import type { Random } from '../random.js';
import { insertRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import { EntryType } from '../world/sales-codes.js';
import type { Voucher, VoucherTemplate, VoucherType } from '../world/vouchers.js';
import type { VoucherIn } from './input.js';
import { nextVoucherNumber, numberTaken } from './number.js';
import { orNull, textOf } from './record.js';
import { checkVoucherSite, faceValue } from './rules.js';

/**
 * POST /vouchers?siteId=: the body's SiteId must equal the query siteId (the empty Guid on both
 * makes a shared voucher). ExpiryDate and Amount are required (Value stands in for a missing
 * Amount). A non-blank VoucherNumber must be free among the vouchers of that site; a blank one is
 * issued. Every failure is reported in one model-state 400 and nothing is written.
 */
export function createVoucher(world: World, siteId: Guid, body: VoucherIn, now: number, random: Random): Voucher {
  const problems = new ModelStateErrors();
  const site = orNull(siteId);
  checkVoucherSite(world, site, 'siteId', problems);
  if (body.SiteId === undefined) problems.add('SiteId', 'The SiteId field is required.');
  else if (orNull(body.SiteId) !== site) problems.add('SiteId', 'SiteId must equal the query siteId.');
  if (body.ExpiryDate == null) problems.add('ExpiryDate', 'The ExpiryDate field is required.');
  const amount = faceValue(body);
  if (amount === null) problems.add('Amount', 'The Amount field is required.');
  const given = (body.VoucherNumber ?? '').trim();
  if (given !== '' && numberTaken(world, site, given))
    problems.add('VoucherNumber', `Voucher number '${given}' is already in use.`);
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
    ClientId: orNull(body.ClientId),
    SourceId: orNull(body.SourceId),
    CreatedSiteId: body.CreatedSiteId === undefined ? site : orNull(body.CreatedSiteId),
    Description: textOf(body.Description),
    Recipient: textOf(body.Recipient),
    RecipientEmail: textOf(body.RecipientEmail),
    RecipientMessage: textOf(body.RecipientMessage),
    Notes: textOf(body.Notes),
    BarCode: textOf(body.BarCode),
    Category: textOf(body.Category),
    From: textOf(body.From),
    Template: (body.Template ?? 0) as VoucherTemplate,
    Amount: amount as number,
  };
  insertRecord(world, 'vouchers', voucher);
  return voucher;
}
