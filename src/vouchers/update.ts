import { errors } from '../http/errors.js';
import { ModelStateErrors } from '../http/model-state.js';
import { editRecord } from '../records.js';
import type { Guid } from '../world/common.js';
import type { World } from '../world/index.js';
import type { Voucher, VoucherTemplate } from '../world/vouchers.js';
import type { VoucherIn } from './input.js';
import { findVoucher, orNull } from './record.js';
import { checkVoucherSite, faceValue } from './rules.js';

/**
 * PUT /vouchers/{voucherId}: the ROUTE id selects the record (the body's VoucherId is not used).
 * The body's SiteId is mandatory: left out (or null) the real service fails with a 500, which is
 * reproduced. VoucherNumber uniqueness is NOT enforced here, as documented. Sent fields overwrite,
 * fields left out keep their value; a blank VoucherNumber or a null ExpiryDate keeps the old one.
 */
export function updateVoucher(world: World, voucherId: Guid, body: VoucherIn): Voucher {
  if (body.SiteId == null) throw errors.voucherSiteIdMissing();
  const voucher = editRecord(world, 'vouchers', findVoucher(world, voucherId));
  if (!voucher) throw errors.recordDoesNotExist();
  const problems = new ModelStateErrors();
  const site = orNull(body.SiteId);
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
  if (body.ClientId !== undefined) voucher.ClientId = orNull(body.ClientId);
  if (body.SourceId !== undefined) voucher.SourceId = orNull(body.SourceId);
  if (body.CreatedSiteId !== undefined) voucher.CreatedSiteId = orNull(body.CreatedSiteId);
  for (const field of [
    'Description',
    'Recipient',
    'RecipientEmail',
    'RecipientMessage',
    'Notes',
    'BarCode',
    'Category',
    'From',
  ] as const) {
    const value = body[field];
    if (value !== undefined) voucher[field] = value ?? '';
  }
  if (body.Template !== undefined) voucher.Template = body.Template as VoucherTemplate;
  const amount = faceValue(body);
  if (amount !== null) voucher.Amount = amount;
  return voucher;
}
