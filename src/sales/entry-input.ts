import { z } from 'zod';
import { bodyDateTime, text } from '../records.js';
import { amount, notNegative, optionalGuid } from './input-values.js';

// Body of POST and PUT /accountingentries ("Accounting Entry" in the spec). Amounts are decimals
// with at most two places, held in cents, so a sequence of part payments never drifts.

export const GratuityInput = z
  .object({ AccountingEntryId: optionalGuid, EmployeeId: z.guid().transform((id) => id.toLowerCase()) })
  .meta({ id: 'AccountingEntryGratuityInput' });

export const EntryInput = z
  .object({
    AccountingEntryId: optionalGuid.describe('Empty or left out; not used (the route id selects on PUT).'),
    AccountingEntryTypeId: z
      .number()
      .int()
      .optional()
      .describe('Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = 11; required on create.'),
    SiteId: optionalGuid,
    ClientId: optionalGuid,
    SupplierId: optionalGuid,
    EntryNumber: text(50).nullable().optional().describe('Empty for the next number of the type.'),
    Reference: text(200).optional(),
    Description: text(500).optional(),
    EntryDate: bodyDateTime.optional(),
    AccountingDocumentId: optionalGuid,
    AmountDue: amount.optional().describe('Ignored where a document is allocated: it is what the document still owed.'),
    Received: notNegative.optional(),
    Gratuity: notNegative.optional(),
    Change: notNegative.optional(),
    Total: notNegative.optional().describe('Required on create: the amount allocated.'),
    PaymentTypeId: optionalGuid,
    VoucherId: optionalGuid,
    UserId: optionalGuid,
    CashDrawerId: optionalGuid,
    Gratuities: z.array(GratuityInput).optional(),
  })
  .meta({ id: 'AccountingEntryInput' });

export type EntryIn = z.infer<typeof EntryInput>;
