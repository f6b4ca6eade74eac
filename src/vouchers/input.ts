import { z } from 'zod';
import { bodyDateTime, bodyGuid, byteEnum, text } from '../records.js';

// Request body of POST and PUT /vouchers. Every field is optional in the schema so that the
// handlers can report the spec's own rules (required ExpiryDate and Amount on create, the
// Amount/Value alias, the 500 for a PUT without SiteId) instead of a generic schema error.

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
    Description: text(200).nullable().optional(),
    Recipient: text(200).nullable().optional(),
    RecipientEmail: text(254).nullable().optional(),
    RecipientMessage: text(1000).nullable().optional(),
    Notes: text(4000).nullable().optional(),
    BarCode: text(50).nullable().optional(),
    Category: text(100).nullable().optional(),
    From: text(200).nullable().optional(),
    Template: byteEnum('Template', [0, 1, 2, 3, 4]).optional(),
    Amount: money.nullable().optional().describe('Face value; authoritative. Required on create (or Value).'),
    Value: money.nullable().optional().describe('Alias of Amount, read only when Amount is left out or null.'),
  })
  .meta({ id: 'VoucherInput' });

export type VoucherIn = z.infer<typeof VoucherInput>;
