import { z } from 'zod';
import { BODY_RULES } from '../errors/body-rules.js';
import { requiredMessage } from '../errors/model-state.js';
import { answerObject, assumed, type Sources, sameAsRecord } from '../field-sources.js';
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
    params: { rule: BODY_RULES.numberRange },
  })
  .refine((n) => Math.abs(n) < 1e12, { error: 'The value is out of range.', params: { rule: BODY_RULES.numberRange } });

const ENTRY_TYPES = 'Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = 11';

const notNegative = amount.refine((n) => n >= 0, {
  error: 'The value must not be negative.',
  params: { rule: BODY_RULES.numberRange },
});

const LineItemInput = z
  .object({
    AccountingDocumentLineItemId: optionalBodyGuid,
    Description: text(500).refine((s) => s.trim() !== '', {
      error: 'The field is required.',
      params: { rule: BODY_RULES.fieldRequired },
    }),
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

const LineItemSchema = answerObject(
  'AccountingDocumentLineItem',
  {
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
  },
  {
    AccountingDocumentLineItemId: assumed('Names the line, so an update can keep it.'),
    Description: assumed('What the line sells, as printed on the document.'),
    Quantity: assumed('How many were sold, as printed on the document.'),
    Price: assumed('The unit price, as printed on the document.'),
    Discount: assumed('The discount given on the line, as printed on the document.'),
    Total: assumed('What the line comes to, as printed on the document.'),
    ServiceId: assumed('Ties a line to the service sold, for stock and sales reports.'),
    ProductId: assumed('Ties a line to the product sold, for stock and sales reports.'),
    PackageId: assumed('Ties a line to the package sold, for sales reports.'),
    EmployeeId: assumed('The sales report is broken down by employee; this credits the line to one.'),
  },
);

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

// The fields of documentFields that the spec's known fields of Accounting Document leave out.
const DOCUMENT_NUMBER = assumed(
  "The spec's document search matches a document number, so a document shows the number it is found by.",
);
const SUPPLIER_ID = assumed("Supplier documents need their supplier; the spec's search matches a supplier name.");
const DUE_DATE = assumed('An invoice tells when payment is due.');
const DOCUMENT_TOTAL = assumed("A document's amount, without adding up its lines.");

/** Sources of documentFields in the AccountingDocument record. */
const recordDocumentSources: Sources<typeof documentFields> = {
  AccountingDocumentId: 'spec',
  AccountingDocumentTypeId: 'spec',
  DocumentNumber: DOCUMENT_NUMBER,
  SiteId: 'spec',
  ClientId: 'spec',
  SupplierId: SUPPLIER_ID,
  DocumentDate: 'spec',
  DueDate: DUE_DATE,
  Reference: 'spec',
  LinkedAccountingDocumentId: 'spec',
  Total: DOCUMENT_TOTAL,
};

const inDocumentList = sameAsRecord('AccountingDocumentList', 'AccountingDocument');

/** Sources of documentFields in the AccountingDocumentList row, whose fields the spec does not show. */
const rowDocumentSources: Sources<typeof documentFields> = {
  AccountingDocumentId: inDocumentList,
  AccountingDocumentTypeId: inDocumentList,
  DocumentNumber: DOCUMENT_NUMBER,
  SiteId: inDocumentList,
  ClientId: inDocumentList,
  SupplierId: SUPPLIER_ID,
  DocumentDate: inDocumentList,
  DueDate: DUE_DATE,
  Reference: inDocumentList,
  LinkedAccountingDocumentId: inDocumentList,
  Total: DOCUMENT_TOTAL,
};

export const AccountingDocumentListSchema = answerObject(
  'AccountingDocumentList',
  {
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
  },
  {
    ...rowDocumentSources,
    ClientName: assumed("A document list shows the client's name without a call per row."),
    SupplierName: assumed("A document list shows the supplier's name without a call per row."),
    Paid: assumed('A debtors list shows how much of each invoice is paid without adding up its entries.'),
    Outstanding: assumed('A debtors list shows what each invoice still owes without adding up its entries.'),
    PaidState: assumed('A debtors list picks out unpaid and part-paid invoices without working it out.'),
    FiscalStatus: 'spec',
  },
);

export const AccountingDocumentSchema = answerObject(
  'AccountingDocument',
  {
    ...documentFields,
    TransferSiteId: guid.describe('Receiving site of a stock transfer; the empty Guid on other documents.'),
    RecurrenceIntervalMonths: z.number().int().nullable(),
    NextRunDate: dateTime.nullable(),
    AccountingDocumentLineItems: z.array(LineItemSchema),
  },
  {
    ...recordDocumentSources,
    TransferSiteId: assumed('A stock transfer names the site that receives the stock.'),
    RecurrenceIntervalMonths: assumed('A recurring invoice, read by id, says how often it runs.'),
    NextRunDate: assumed('A recurring invoice, read by id, says when it next makes an invoice and its event.'),
    AccountingDocumentLineItems: assumed("The spec names a document's line items without the field's name."),
  },
);

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

/** Sources of entryFields in the AccountingEntry record: every one is in the spec's table. */
const recordEntrySources: Sources<typeof entryFields> = {
  AccountingEntryId: 'spec',
  AccountingEntryTypeId: 'spec',
  EntryNumber: 'spec',
  SiteId: 'spec',
  ClientId: 'spec',
  SupplierId: 'spec',
  EntryDate: 'spec',
  Reference: 'spec',
  Description: 'spec',
  AccountingDocumentId: 'spec',
  AmountDue: 'spec',
  Received: 'spec',
  Gratuity: 'spec',
  Change: 'spec',
  Total: 'spec',
  PaymentTypeId: 'spec',
  VoucherId: 'spec',
  CashDrawerId: 'spec',
};

const inEntryList = sameAsRecord('AccountingEntryList', 'AccountingEntry');

/** Sources of entryFields in the AccountingEntryList row, whose fields the spec does not show. */
const rowEntrySources: Sources<typeof entryFields> = {
  AccountingEntryId: inEntryList,
  AccountingEntryTypeId: inEntryList,
  EntryNumber: inEntryList,
  SiteId: inEntryList,
  ClientId: inEntryList,
  SupplierId: inEntryList,
  EntryDate: inEntryList,
  Reference: inEntryList,
  Description: inEntryList,
  AccountingDocumentId: inEntryList,
  AmountDue: inEntryList,
  Received: inEntryList,
  Gratuity: inEntryList,
  Change: inEntryList,
  Total: inEntryList,
  PaymentTypeId: inEntryList,
  VoucherId: inEntryList,
  CashDrawerId: inEntryList,
};

export const AccountingEntryListSchema = answerObject(
  'AccountingEntryList',
  {
    ...entryFields,
    ClientName: z.string().nullable(),
    SupplierName: z.string().nullable(),
    DocumentNumber: z.string().nullable().describe('Number of the allocated document; null when none.'),
    PaymentTypeName: z.string().nullable(),
  },
  {
    ...rowEntrySources,
    ClientName: assumed("A receipts list shows the client's name without a call per row."),
    SupplierName: assumed("A payments list shows the supplier's name without a call per row."),
    DocumentNumber: assumed('A receipts list shows which invoice each entry paid without a call per row.'),
    PaymentTypeName: assumed('A cash-up groups entries by payment type without looking up the type ids.'),
  },
);

export const AllocationSchema = answerObject(
  'AccountingEntryAllocation',
  { AccountingDocumentId: guid, DocumentNumber: z.string().nullable(), Amount: money },
  {
    AccountingDocumentId: assumed('Names the document the entry pays, to fetch it.'),
    DocumentNumber: assumed("Shows the paid document's number without a call for it."),
    Amount: assumed('How much of the entry went to the document.'),
  },
);

export const AccountingEntrySchema = answerObject(
  'AccountingEntry',
  {
    ...entryFields,
    UserId: guid.describe('Creating user: the UserId sent, else the API user of the credential that created it.'),
    Gratuities: z.array(
      answerObject(
        'AccountingEntryGratuity',
        { AccountingEntryId: guid, EmployeeId: guid },
        {
          AccountingEntryId: 'spec',
          EmployeeId: 'spec',
        },
      ),
    ),
    Allocations: z
      .array(AllocationSchema)
      .describe('The document this entry pays (at most one); DocumentNumber null once that document is deleted.'),
  },
  { ...recordEntrySources, UserId: 'spec', Gratuities: 'spec', Allocations: 'spec' },
);
