import { z } from 'zod';

// Answer shapes of the sales area. The spec names AccountingDocumentList, AccountingEntryList and
// the entry detail "with its allocations" but shows no fields (decision lines in the report).

const guid = z.guid();
const dateTime = z.string().describe('UTC `yyyy-MM-dd HH:mm`.');
const money = z.number().describe('Decimal, two places.');

export const LineItemSchema = z
  .object({
    AccountingDocumentLineItemId: guid,
    Description: z.string(),
    Quantity: z.number(),
    Price: money,
    Discount: money.describe('An amount, not a percentage.'),
    Total: money.describe('Quantity × Price − Discount.'),
    ServiceId: guid.nullable(),
    ProductId: guid.nullable(),
    PackageId: guid.nullable(),
    EmployeeId: guid.nullable(),
  })
  .meta({ id: 'AccountingDocumentLineItem' });

const documentFields = {
  AccountingDocumentId: guid,
  AccountingDocumentTypeId: z
    .number()
    .int()
    .describe(
      '1 client invoice, 2 quotation, 3 credit note, 9 purchase order, 10 supplier invoice, 11 debit note, 12 ' +
        'goods received note, 13 stock transfer, 20 recurring client invoice, 21 recurring supplier invoice.',
    ),
  DocumentNumber: z.string(),
  SiteId: guid,
  ClientId: guid.nullable(),
  SupplierId: guid.nullable(),
  DocumentDate: dateTime,
  DueDate: dateTime,
  Reference: z.string(),
  LinkedAccountingDocumentId: guid.nullable(),
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
    TransferSiteId: guid.nullable().describe('Receiving site of a stock transfer.'),
    RecurrenceIntervalMonths: z.number().int().nullable(),
    NextRunDate: dateTime.nullable(),
    AccountingDocumentLineItems: z.array(LineItemSchema),
  })
  .meta({ id: 'AccountingDocument' });

const entryFields = {
  AccountingEntryId: guid,
  AccountingEntryTypeId: z
    .number()
    .int()
    .describe('Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = 11.'),
  EntryNumber: z.string(),
  SiteId: guid,
  ClientId: guid.nullable(),
  SupplierId: guid.nullable(),
  EntryDate: dateTime,
  Reference: z.string(),
  Description: z.string(),
  AccountingDocumentId: guid.nullable(),
  AmountDue: money.describe('What the allocated document still owed before this entry.'),
  Received: money,
  Gratuity: money,
  Change: money,
  Total: money.describe('The amount allocated.'),
  PaymentTypeId: guid,
  VoucherId: guid.nullable(),
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
    UserId: guid,
    Gratuities: z.array(
      z.object({ AccountingEntryId: guid, EmployeeId: guid }).meta({ id: 'AccountingEntryGratuity' }),
    ),
    Allocations: z
      .array(AllocationSchema)
      .describe('The document this entry pays (at most one); DocumentNumber null once that document is deleted.'),
  })
  .meta({ id: 'AccountingEntry' });
