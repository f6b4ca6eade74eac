import { weekAround } from '../examples.js';
import { rangeParams } from '../http/common-params.js';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { AccountingEntryTypes } from '../http/enums.js';
import { enumeration, guid, routeGuid, string } from '../http/params.js';
import { reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import { fromCents, toCents } from '../world/money.js';
import { documentBalance } from './document.js';
import { createEntry, deleteEntry, entryDetail, entryListSteps, updateEntry } from './entry.js';
import { receiptBody, recentInvoice, recentReceipt } from './examples.js';
import { AccountingEntryListSchema, AccountingEntrySchema, EntryInput } from './schemas.js';

const receipts = endpointGroup('Receipts (accounting entries)');

const idRoute = { accountingEntryId: routeGuid('Accounting entry id.') };
const body = (description: string) => ({ schema: EntryInput, required: true, description }) as const;

export const accountingEntryEndpoints = [
  receipts.get('/api/v2/accountingentries', {
    operationId: 'listAccountingEntries',
    summary: "List a site's receipts or payments of one entry type dated in a range.",
    description:
      'All five parameters must be in the URL by name (405 otherwise, as POST is served on the same path). ' +
      'entryType takes exactly one value (Receipt = 1, Payment = 2, RecurringReceipt = 10, RecurringPayment = ' +
      '11, by name or number); there is no All: an empty value binds 0 and matches nothing, `All` or 0 sent is a ' +
      '400. The end is widened by one day (inclusive); no range cap. find is a case-insensitive starts-with over ' +
      'the client\'s first name, last name or "first last", the supplier name, or the entry number. Ordered by ' +
      'EntryDate.',
    cacheable: true,
    query: {
      siteId: guid({ description: 'Site whose entries to list; the empty Guid matches nothing.' }),
      entryType: enumeration(AccountingEntryTypes, {
        typeName: 'AccountingEntryTypes',
        description: 'Exactly one entry type, by name or number; empty matches nothing.',
      }),
      ...rangeParams('Range start (UTC), on EntryDate.', 'Range end (UTC), widened by one day.'),
      find: string({ description: 'Starts-with match on client or supplier name or entry number; empty = none.' }),
    },
    response: listAnswer('Entries ordered by EntryDate.', AccountingEntryListSchema),
    errors: { 400: 'A value is malformed or entryType is not one of the four types.' },
    example: (world, now) => ({
      query: { siteId: recentInvoice(world, now).SiteId, entryType: 'Receipt', ...weekAround(now), find: '' },
    }),
    handler: ({ account, query }) => reply.fromSteps(entryListSteps(account.world, query)),
  }),
  receipts.get('/api/v2/accountingentries/{accountingEntryId}', {
    operationId: 'getAccountingEntry',
    summary: 'One receipt or payment with its allocations; no siteId, no entryType.',
    cacheable: true,
    route: idRoute,
    response: recordOrNull('entry', AccountingEntrySchema),
    example: (world) => ({ route: { accountingEntryId: recentReceipt(world).AccountingEntryId } }),
    handler: ({ account, route }) => reply.json(entryDetail(account.world, route.accountingEntryId)),
  }),
  receipts.post('/api/v2/accountingentries', {
    operationId: 'createAccountingEntry',
    summary: 'Record a receipt or payment; allocated to a document, it marks that document paid.',
    description:
      'AccountingEntryTypeId is required with no default. SiteId must equal the query siteId. Receipts (1, 10) ' +
      'need ClientId, payments (2, 11) SupplierId; PaymentTypeId, CashDrawerId and Total are required. Amounts ' +
      'are decimals with at most two places. An AccountingDocumentId allocates Total to that document: it ' +
      'becomes PartPaid or Paid (the document itself is not edited; its balance is derived from its entries) and ' +
      'AmountDue is set to what it owed before. VoucherId records a voucher redemption. Received defaults to ' +
      'Total + Gratuity + Change. An empty EntryNumber gets the next number of the type.',
    query: { siteId: guid({ description: 'Site the entry belongs to.' }) },
    body: body('The entry; AccountingEntryId empty.'),
    response: writeResultAnswer('AccountingEntryId', 'the new id'),
    errors: { 400: 'No body, SiteId differs from siteId, or a field is missing, malformed or names no record.' },
    example: (world, now) => {
      const invoice = recentInvoice(world, now);
      const owed = documentBalance(world, invoice.AccountingDocumentId)?.outstanding ?? 0;
      return {
        query: { siteId: invoice.SiteId },
        body: receiptBody(world, invoice, owed > 0 ? owed : fromCents(toCents(invoice.Total))),
      };
    },
    handler: ({ account, query, body, now, userId }) =>
      writeResult(
        'AccountingEntryId',
        createEntry(account.world, query.siteId, body, { now, random: account.random, userId }).AccountingEntryId,
      ),
  }),
  receipts.put('/api/v2/accountingentries/{accountingEntryId}', {
    operationId: 'updateAccountingEntry',
    summary: 'Update a receipt or payment; the route id selects it.',
    description:
      'Body SiteId is required (400 on SiteId when left out). Fields left out keep their value; a blank ' +
      'EntryNumber keeps the number. Changing Total or AccountingDocumentId moves the paid state of the ' +
      'documents involved. An unknown id is a 400 `Record does not exist.`. The answer echoes the route id.',
    route: idRoute,
    body: body('The entry; SiteId required.'),
    response: writeResultAnswer('AccountingEntryId', 'the route id'),
    errors: {
      400: 'No body, no SiteId, unknown entry (`Record does not exist.`), or a field is malformed or names no record.',
    },
    example: (world) => {
      const r = recentReceipt(world);
      return {
        route: { accountingEntryId: r.AccountingEntryId },
        body: { SiteId: r.SiteId, Reference: 'Corrected reference' },
      };
    },
    handler: ({ account, route, body }) => {
      updateEntry(account.world, route.accountingEntryId, body);
      return writeResult('AccountingEntryId', route.accountingEntryId);
    },
  }),
  receipts.delete('/api/v2/accountingentries/{accountingEntryId}', {
    operationId: 'deleteAccountingEntry',
    summary: 'Remove a receipt or payment; a document it paid is unpaid again by its amount.',
    description: 'Answers 200 with an empty body. An unknown id is a 400 `{"Message":"Record does not exist."}`.',
    route: idRoute,
    response: { description: 'Removed; empty body.', contentType: 'empty' },
    errors: { 400: 'No entry has that id (`Record does not exist.`).' },
    example: (world) => ({ route: { accountingEntryId: recentReceipt(world).AccountingEntryId } }),
    handler: ({ account, route }) => {
      deleteEntry(account.world, route.accountingEntryId);
      return reply.empty();
    },
  }),
];
