import { z } from 'zod';

// Answer shapes. VoucherList and Voucher detail are named by the spec without fields; these are
// the stored fields plus what is derived from the entries (Balance, Redemptions).

const voucherFields = {
  VoucherId: z.guid(),
  SiteId: z.guid().nullable().describe('null: a shared voucher, redeemable at every site.'),
  State: z.number().int().describe('Active = 1, Inactive = 2.'),
  VoucherType: z.number().int().describe('Voucher = 1, Gift Card = 2.'),
  VoucherNumber: z.string(),
  ExpiryDate: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
  DeliveryDate: z.string().nullable(),
  ActivationDate: z.string().nullable(),
  AccountingEntryTypeId: z.number().int(),
  ClientId: z.guid().nullable(),
  SourceId: z.guid().nullable(),
  CreatedSiteId: z.guid().nullable(),
  Description: z.string(),
  Recipient: z.string(),
  RecipientEmail: z.string(),
  RecipientMessage: z.string(),
  Notes: z.string(),
  BarCode: z.string(),
  Category: z.string(),
  From: z.string(),
  Template: z.number().int().describe('General = 0, Birthday = 1, WithLove = 2, ThankYou = 3, Congratulations = 4.'),
  Amount: z.number().describe('Face value.'),
  Balance: z
    .number()
    .describe('Amount minus the Totals of the entries that redeemed the voucher; derived, never stored.'),
};

export const VoucherListSchema = z.object(voucherFields).meta({ id: 'VoucherList' });

export const VoucherRedemptionSchema = z
  .object({
    AccountingEntryId: z.guid().describe('The entry (receipt) that redeemed the voucher.'),
    EntryNumber: z.string(),
    EntryDate: z.string(),
    SiteId: z.guid().describe('Site where it was redeemed.'),
    ClientId: z.guid().nullable(),
    AccountingDocumentId: z.guid().nullable().describe('Invoice the redemption paid, if any.'),
    Amount: z.number().describe('The entry Total taken from the voucher.'),
  })
  .meta({ id: 'VoucherRedemption' });

export const VoucherSchema = z
  .object({ ...voucherFields, Redemptions: z.array(VoucherRedemptionSchema).describe('Oldest first.') })
  .meta({ id: 'Voucher' });
