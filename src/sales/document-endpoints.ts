import { weekAround } from '../examples.js';
import { rangeParams } from '../http/common-params.js';
import { endpointGroup, listAnswer, recordOrNull } from '../http/endpoint.js';
import { booleanFilter, guid, routeGuid, string } from '../http/params.js';
import { inSlices, reply } from '../http/reply.js';
import { writeResult, writeResultAnswer } from '../http/write-result.js';
import { createDocument, deleteDocument, documentListSteps, findDocument, updateDocument } from './document.js';
import { invoiceBody, recentInvoice } from './examples.js';
import { AccountingDocumentListSchema, AccountingDocumentSchema, DocumentInput } from './schemas.js';

const documents = endpointGroup('Sales (accounting documents)');

const idRoute = { accountingDocumentId: routeGuid('Accounting document id.') };
const body = (description: string) => ({ schema: DocumentInput, required: true, description }) as const;

export const accountingDocumentEndpoints = [
  documents.get('/api/v2/accountingdocuments', {
    operationId: 'listAccountingDocuments',
    summary: "List a site's sales or purchasing documents dated in a range; each invoice row carries its paid state.",
    description:
      'All five parameters must be in the URL by name (405 otherwise, as POST is served on the same path). ' +
      'clientDocuments=true: client invoices, credit notes, quotations; false: debit notes, goods received ' +
      'notes, purchase orders, supplier invoices, stock transfers; empty: both. Recurring invoices are never ' +
      'listed (GET {id} reaches them). The end is widened by one day (inclusive); no range cap. find is a ' +
      'case-insensitive starts-with over the client\'s first name, last name or "first last", the supplier name, ' +
      'or the document number. Ordered by DocumentDate. Paid, Outstanding and PaidState are derived from the ' +
      'entries allocated to each invoice; FiscalStatus is null unless the account is fiscalised; then it is ' +
      '`Signed` for client invoices and credit notes and `NotRequired` for every other type.',
    cacheable: true,
    query: {
      siteId: guid({ description: 'Site whose documents to list; the empty Guid matches nothing.' }),
      clientDocuments: booleanFilter({
        required: true,
        description: 'true: client documents; false: supplier documents; empty: both.',
      }),
      ...rangeParams('Range start (UTC), on DocumentDate.', 'Range end (UTC), widened by one day.'),
      find: string({ description: 'Starts-with match on client or supplier name or document number; empty = none.' }),
    },
    response: listAnswer('Documents ordered by DocumentDate.', AccountingDocumentListSchema),
    errors: { 400: 'A value is malformed.' },
    example: (world, now) => ({
      query: { siteId: recentInvoice(world, now).SiteId, clientDocuments: 'true', ...weekAround(now), find: '' },
    }),
    handler: ({ account, query }) =>
      reply.fromSteps(documentListSteps(account.world, query, account.settings.fiscalised === true)),
  }),
  documents.get('/api/v2/accountingdocuments/{accountingDocumentId}', {
    operationId: 'getAccountingDocument',
    summary: 'One accounting document of any type, recurring included, with its line items; no siteId.',
    cacheable: true,
    route: idRoute,
    response: recordOrNull('document', AccountingDocumentSchema),
    example: (world, now) => ({ route: { accountingDocumentId: recentInvoice(world, now).AccountingDocumentId } }),
    handler: ({ account, route }) => reply.json(findDocument(account.world, route.accountingDocumentId) ?? null),
  }),
  documents.post('/api/v2/accountingdocuments', {
    operationId: 'createAccountingDocument',
    summary: 'Create an accounting document (invoice, quotation, order…) with its line items.',
    description:
      'AccountingDocumentTypeId is required with no default; any known type number is accepted, so a wrong but ' +
      'valid number yields a document of that type. SiteId must equal the query siteId (400 on SiteId otherwise). ' +
      'AccountingDocumentLineItems is required and not empty; each line needs Description, Quantity and Price; ' +
      'Discount (an amount) defaults to 0; a sent Total is ignored and recomputed as Quantity × Price − Discount. ' +
      'DocumentNumber is generated. No payment is recorded: pay an invoice with POST /api/v2/accountingentries.',
    query: { siteId: guid({ description: 'Site the document belongs to.' }) },
    body: body('The document with its AccountingDocumentLineItems; AccountingDocumentId empty.'),
    response: writeResultAnswer('AccountingDocumentId', 'the new id'),
    errors: { 400: 'No body, SiteId differs from siteId, or a field is missing, malformed or names no record.' },
    example: (world, now) => {
      const invoice = recentInvoice(world, now);
      return { query: { siteId: invoice.SiteId }, body: invoiceBody(world, invoice) };
    },
    handler: async ({ account, query, body, now }) => {
      const document = await inSlices(createDocument(account.world, query.siteId, body, now, account.random));
      return writeResult('AccountingDocumentId', document.AccountingDocumentId);
    },
  }),
  documents.put('/api/v2/accountingdocuments/{accountingDocumentId}', {
    operationId: 'updateAccountingDocument',
    summary: 'Update an accounting document; the route id selects it.',
    description:
      "The body's SiteId is the site saved against, so it is required (400 on SiteId when left out). Fields left " +
      'out keep their value; sent AccountingDocumentLineItems replace the lines. DocumentNumber never changes. ' +
      'An unknown id is a 400 `Record does not exist.`. The answer echoes the route id.',
    route: idRoute,
    body: body('The document; SiteId required.'),
    response: writeResultAnswer('AccountingDocumentId', 'the route id'),
    errors: {
      400:
        'No body, no SiteId, unknown document (`Record does not exist.`), or a field is malformed or names no ' +
        'record.',
    },
    example: (world, now) => {
      const invoice = recentInvoice(world, now);
      return {
        route: { accountingDocumentId: invoice.AccountingDocumentId },
        body: { SiteId: invoice.SiteId, Reference: 'Updated reference' },
      };
    },
    handler: async ({ account, route, body }) => {
      await inSlices(updateDocument(account.world, route.accountingDocumentId, body, account.random));
      return writeResult('AccountingDocumentId', route.accountingDocumentId);
    },
  }),
  documents.delete('/api/v2/accountingdocuments/{accountingDocumentId}', {
    operationId: 'deleteAccountingDocument',
    summary: 'Remove an accounting document.',
    description:
      'Answers 200 with an empty body. An unknown id is a 400 `{"Message":"Record does not exist."}`. Entries ' +
      'allocated to it are kept.',
    route: idRoute,
    response: { description: 'Removed; empty body.', contentType: 'empty' },
    errors: { 400: 'No document has that id (`Record does not exist.`).' },
    example: (world, now) => ({ route: { accountingDocumentId: recentInvoice(world, now).AccountingDocumentId } }),
    handler: ({ account, route }) => {
      deleteDocument(account.world, route.accountingDocumentId);
      return reply.empty();
    },
  }),
];
