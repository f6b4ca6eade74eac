import { z } from 'zod';
import { answerObject, assumed, type FieldSource, type Sources, sameAsRecord } from '../field-sources.js';
import { bodyDateTime, bodyGuid, byteEnum, text } from '../records.js';

// The request body of POST and PUT /vouchers. Every field is optional in the schema so that the
// model can report the spec's own rules (required ExpiryDate and Amount on create, the
// Amount/Value alias, the 500 for a PUT without SiteId) instead of a generic schema error.

/** The voucher's free-text fields and their longest accepted text. */
const TEXT_LIMITS = {
  Description: 200,
  Recipient: 200,
  RecipientEmail: 254,
  RecipientMessage: 1000,
  Notes: 4000,
  BarCode: 50,
  Category: 100,
  From: 200,
} as const;

export type TextField = keyof typeof TEXT_LIMITS;

export const TEXT_FIELDS = Object.keys(TEXT_LIMITS) as TextField[];

/** One schema per text field, in the table's order. */
const textFields = <S extends z.ZodType>(schema: (max: number) => S) =>
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, schema(TEXT_LIMITS[field])])) as Record<TextField, S>;

const money = z
  .number()
  .min(0, { error: 'The field must not be negative.' })
  .max(1_000_000, { error: 'The field must be at most 1000000.' });

export const VoucherInput = z
  .object({
    VoucherId: bodyGuid.optional(),
    SiteId: bodyGuid
      .nullable()
      .optional()
      .describe(
        'Empty Guid = a shared voucher. On POST it must equal the query siteId; on PUT leaving it out is a 500.',
      ),
    State: byteEnum('State', [1, 2]).optional(),
    VoucherType: byteEnum('VoucherType', [1, 2]).optional(),
    VoucherNumber: text(50)
      .nullable()
      .optional()
      .describe('Blank or left out: the next number is issued (GV… or GC… by type).'),
    ExpiryDate: bodyDateTime.nullable().optional().describe('Required on create.'),
    DeliveryDate: bodyDateTime.nullable().optional(),
    ActivationDate: bodyDateTime.nullable().optional(),
    AccountingEntryTypeId: byteEnum('AccountingEntryTypeId', [1, 2, 10, 11]).optional(),
    ClientId: bodyGuid.nullable().optional(),
    SourceId: bodyGuid.nullable().optional(),
    CreatedSiteId: bodyGuid.nullable().optional(),
    ...textFields((max) => text(max).nullable().optional()),
    Template: byteEnum('Template', [0, 1, 2, 3, 4]).optional(),
    Amount: money.nullable().optional().describe('Face value; authoritative. Required on create (or Value).'),
    Value: money.nullable().optional().describe('Alias of Amount, read only when Amount is left out or null.'),
  })
  .meta({ id: 'VoucherInput' });

export type VoucherIn = z.infer<typeof VoucherInput>;

// Answer shapes. VoucherList and Voucher detail are named by the spec without fields; these are
// the stored fields plus what is derived from the entries (Balance, Redemptions).

const voucherFields = {
  VoucherId: z.guid(),
  SiteId: z.guid().describe('The empty Guid: a shared voucher, redeemable at every site.'),
  State: z.number().int().describe('Active = 1, Inactive = 2.'),
  VoucherType: z.number().int().describe('Voucher = 1, Gift Card = 2.'),
  VoucherNumber: z.string(),
  ExpiryDate: z.string().describe('UTC `yyyy-MM-dd HH:mm`.'),
  DeliveryDate: z.string().nullable(),
  ActivationDate: z.string().nullable(),
  AccountingEntryTypeId: z.number().int(),
  ClientId: z.guid().describe('The client the voucher was sold to; the empty Guid when none.'),
  SourceId: z.guid().describe('The empty Guid when none.'),
  CreatedSiteId: z.guid().describe('The site that issued the voucher; the empty Guid when not recorded.'),
  ...textFields(() => z.string()),
  Template: z.number().int().describe('General = 0, Birthday = 1, WithLove = 2, ThankYou = 3, Congratulations = 4.'),
  Amount: z.number().describe('Face value.'),
  Balance: z
    .number()
    .describe('Amount minus the Totals of the entries that redeemed the voucher; derived, never stored.'),
};

/** One source for every text field, in the table's order. */
const textSources = (source: FieldSource) =>
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, source])) as Record<TextField, FieldSource>;

/** Sources of voucherFields in the Voucher detail: the spec's table, and its balance. */
const recordSources: Sources<typeof voucherFields> = {
  VoucherId: 'spec',
  SiteId: 'spec',
  State: 'spec',
  VoucherType: 'spec',
  VoucherNumber: 'spec',
  ExpiryDate: 'spec',
  DeliveryDate: 'spec',
  ActivationDate: 'spec',
  AccountingEntryTypeId: 'spec',
  ClientId: 'spec',
  SourceId: 'spec',
  CreatedSiteId: 'spec',
  ...textSources('spec'),
  Template: 'spec',
  Amount: 'spec',
  Balance: 'spec',
};

const inVoucherList = sameAsRecord('VoucherList', 'Voucher');

/** Sources of voucherFields in the VoucherList row, whose fields the spec does not show. */
const rowSources: Sources<typeof voucherFields> = {
  VoucherId: inVoucherList,
  SiteId: inVoucherList,
  State: inVoucherList,
  VoucherType: inVoucherList,
  VoucherNumber: inVoucherList,
  ExpiryDate: inVoucherList,
  DeliveryDate: inVoucherList,
  ActivationDate: inVoucherList,
  AccountingEntryTypeId: inVoucherList,
  ClientId: inVoucherList,
  SourceId: inVoucherList,
  CreatedSiteId: inVoucherList,
  ...textSources(inVoucherList),
  Template: inVoucherList,
  Amount: inVoucherList,
  Balance: inVoucherList,
};

export const VoucherListSchema = answerObject('VoucherList', voucherFields, rowSources);

export const VoucherRedemptionSchema = answerObject(
  'VoucherRedemption',
  {
    AccountingEntryId: z.guid().describe('The entry (receipt) that redeemed the voucher.'),
    EntryNumber: z.string(),
    EntryDate: z.string(),
    SiteId: z.guid().describe('Site where it was redeemed.'),
    ClientId: z.guid().describe('The client who redeemed; the empty Guid when none.'),
    AccountingDocumentId: z.guid().describe('Invoice the redemption paid; the empty Guid when none.'),
    Amount: z.number().describe('The entry Total taken from the voucher.'),
  },
  {
    AccountingEntryId: assumed('Names the receipt that redeemed the voucher, to fetch it.'),
    EntryNumber: assumed("Shows the receipt's number without a call for it."),
    EntryDate: assumed('Says when the voucher was used.'),
    SiteId: assumed('Says where the voucher was used.'),
    ClientId: assumed('Says who used the voucher.'),
    AccountingDocumentId: assumed('Names the invoice the voucher paid, to fetch it.'),
    Amount: assumed('How much of the voucher was used.'),
  },
);

export const VoucherSchema = answerObject(
  'Voucher',
  { ...voucherFields, Redemptions: z.array(VoucherRedemptionSchema).describe('Oldest first.') },
  { ...recordSources, Redemptions: 'spec' },
);
