import { z } from 'zod';
import { requiredMessage } from '../http/model-state.js';
import { bodyDateTime, optionalBodyGuid, text } from '../records.js';

// Wire shapes of the sales area: the request bodies of documents and entries, and the answers. The
// spec names AccountingDocumentList, AccountingEntryList and the entry detail "with its allocations"
// but shows no fields (decision lines in the report).

// Request bodies. Amounts are decimals with at most two places, held in cents, so a sequence of part
// payments never drifts; a line's Total is always recomputed (Quantity × Price − Discount).

/** A decimal amount with at most two places, so sums in cents never drift. */
const amount = z
  .number({ error: 'The value is not a valid Decimal.' })
  .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    error: 'At most two decimal places.',
  })
  .refine((n) => Math.abs(n) < 1e12, { error: 'The value is out of range.' });

const ENTRY_TYPES = 'Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = 11';

const notNegative = amount.refine((n) => n >= 0, { error: 'The value must not be negative.' });

const LineItemInput = z
  .object({
    AccountingDocumentLineItemId: optionalBodyGuid,
    Description: text(500).refine((s) => s.trim() !== '', { error: 'The field is required.' }),
    Quantity: amount,
    Price: amount,
    Discount: amount.optional(),
    Total: z.number().optional().describe('Ignored: recomputed as Quantity × Price − Discount.'),
    ServiceId: optionalBodyGuid,
    ProductId: optionalBodyGuid,
    PackageId: optionalBodyGuid,
    EmployeeId: optionalBodyGuid,
  })
  .meta({ id: 'AccountingDocumentLineItemInput' });

/** Body of POST and PUT /accountingdocuments. */
export const DocumentInput = z
  .object({
    AccountingDocumentId: optionalBodyGuid.describe('Empty or left out; not used (the route id selects on PUT).'),
    AccountingDocumentTypeId: z
      .number({ error: requiredMessage('AccountingDocumentTypeId') })
      .int()
      .optional(),
    SiteId: optionalBodyGuid,
    ClientId: optionalBodyGuid,
    SupplierId: optionalBodyGuid,
    DocumentDate: bodyDateTime.optional(),
    DueDate: bodyDateTime.optional(),
    Reference: text(200).optional(),
    LinkedAccountingDocumentId: optionalBodyGuid,
    AccountingDocumentLineItems: z.array(LineItemInput).optional(),
  })
  .meta({ id: 'AccountingDocumentInput' });

export type DocumentIn = z.infer<typeof DocumentInput>;
export type LineItemIn = z.infer<typeof LineItemInput>;

const GratuityInput = z
  .object({ AccountingEntryId: optionalBodyGuid, EmployeeId: z.guid().transform((id) => id.toLowerCase()) })
  .meta({ id: 'AccountingEntryGratuityInput' });

/** Body of POST and PUT /accountingentries ("Accounting Entry" in the spec). */
export const EntryInput = z
  .object({
    AccountingEntryId: optionalBodyGuid.describe('Empty or left out; not used (the route id selects on PUT).'),
    AccountingEntryTypeId: z.number().int().optional().describe(`${ENTRY_TYPES}; required on create.`),
    SiteId: optionalBodyGuid,
    ClientId: optionalBodyGuid,
    SupplierId: optionalBodyGuid,
    EntryNumber: text(50).nullable().optional().describe('Empty for the next number of the type.'),
    Reference: text(200).optional(),
    Description: text(500).optional(),
    EntryDate: bodyDateTime.optional(),
    AccountingDocumentId: optionalBodyGuid,
    AmountDue: amount.optional().describe('Ignored where a document is allocated: it is what the document still owed.'),
    Received: notNegative.optional(),
    Gratuity: notNegative.optional(),
    Change: notNegative.optional(),
    Total: notNegative.optional().describe('Required on create: the amount allocated.'),
    PaymentTypeId: optionalBodyGuid,
    VoucherId: optionalBodyGuid,
    UserId: optionalBodyGuid,
    CashDrawerId: optionalBodyGuid,
    Gratuities: z.array(GratuityInput).optional(),
  })
  .meta({ id: 'AccountingEntryInput' });

export type EntryIn = z.infer<typeof EntryInput>;

// Answers.

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');
const money = z.number().describe('Decimal, two places.');
/** A type number, its values described. */
const typeNumber = (values: string) => z.number().int().describe(values);

const LineItemSchema = z
  .object({
    AccountingDocumentLineItemId: guid,
    Description: z.string(),
    Quantity: z.number(),
    Price: money,
    Discount: money.describe('An amount, not a percentage.'),
    Total: money.describe('Quantity × Price − Discount.'),
    ServiceId: guid.describe('The service sold; the empty Guid on other lines.'),
    ProductId: guid.describe('The product sold; the empty Guid on other lines.'),
    PackageId: guid.describe('The package sold; the empty Guid on other lines.'),
    EmployeeId: guid.describe('The employee credited with the line; the empty Guid when none is.'),
  })
  .meta({ id: 'AccountingDocumentLineItem' });

const documentFields = {
  AccountingDocumentId: guid,
  AccountingDocumentTypeId: typeNumber(
    '1 client invoice, 2 quotation, 3 credit note, 9 purchase order, 10 supplier invoice, 11 debit note, 12 ' +
      'goods received note, 13 stock transfer, 20 recurring client invoice, 21 recurring supplier invoice.',
  ),
  DocumentNumber: z.string(),
  SiteId: guid,
  ClientId: guid.describe('The client of a client document; the empty Guid otherwise.'),
  SupplierId: guid.describe('The supplier of a supplier document; the empty Guid otherwise.'),
  DocumentDate: dateTime,
  DueDate: dateTime,
  Reference: z.string(),
  LinkedAccountingDocumentId: guid.describe('The document this one credits or follows; the empty Guid when none.'),
  Total: money.describe('Sum of the line totals.'),
};

export const AccountingDocumentListSchema = z
  .object({
    ...documentFields,
    ClientName: z.string().nullable().describe('"First Last"; null when the document has no client.'),
    SupplierName: z.string().nullable(),
    Paid: money.nullable().describe('Sum allocated by entries; null for types other than invoices.'),
    Outstanding: money.nullable().describe('Total − Paid, never below 0; null for types other than invoices.'),
    PaidState: z.enum(['Unpaid', 'PartPaid', 'Paid']).nullable().describe('null for types other than invoices.'),
    FiscalStatus: z
      .enum(['Signed', 'NotRequired'])
      .nullable()
      .describe(
        'Fiscal signature state where the account is fiscalised: `Signed` for client invoices and credit notes, ' +
          '`NotRequired` for other types; null when the account is not fiscalised.',
      ),
  })
  .meta({ id: 'AccountingDocumentList' });

export const AccountingDocumentSchema = z
  .object({
    ...documentFields,
    TransferSiteId: guid.describe('Receiving site of a stock transfer; the empty Guid on other documents.'),
    RecurrenceIntervalMonths: z.number().int().nullable(),
    NextRunDate: dateTime.nullable(),
    AccountingDocumentLineItems: z.array(LineItemSchema),
  })
  .meta({ id: 'AccountingDocument' });

const entryFields = {
  AccountingEntryId: guid,
  AccountingEntryTypeId: typeNumber(`${ENTRY_TYPES}.`),
  EntryNumber: z.string(),
  SiteId: guid,
  ClientId: guid.describe('The client who paid; the empty Guid otherwise.'),
  SupplierId: guid.describe('The supplier paid; the empty Guid otherwise.'),
  EntryDate: dateTime,
  Reference: z.string(),
  Description: z.string(),
  AccountingDocumentId: guid.describe('The document the entry is allocated to; the empty Guid when none.'),
  AmountDue: money.describe('What the allocated document still owed before this entry.'),
  Received: money,
  Gratuity: money,
  Change: money,
  Total: money.describe('The amount allocated.'),
  PaymentTypeId: guid,
  VoucherId: guid.describe('The voucher redeemed by a voucher payment; the empty Guid otherwise.'),
  CashDrawerId: guid,
};

export const AccountingEntryListSchema = z
  .object({
    ...entryFields,
    ClientName: z.string().nullable(),
    SupplierName: z.string().nullable(),
    DocumentNumber: z.string().nullable().describe('Number of the allocated document; null when none.'),
    PaymentTypeName: z.string().nullable(),
  })
  .meta({ id: 'AccountingEntryList' });

export const AllocationSchema = z
  .object({ AccountingDocumentId: guid, DocumentNumber: z.string().nullable(), Amount: money })
  .meta({ id: 'AccountingEntryAllocation' });

export const AccountingEntrySchema = z
  .object({
    ...entryFields,
    UserId: guid.describe('Creating user: the UserId sent, else the API user of the credential that created it.'),
    Gratuities: z.array(
      z.object({ AccountingEntryId: guid, EmployeeId: guid }).meta({ id: 'AccountingEntryGratuity' }),
    ),
    Allocations: z
      .array(AllocationSchema)
      .describe('The document this entry pays (at most one); DocumentNumber null once that document is deleted.'),
  })
  .meta({ id: 'AccountingEntry' });
