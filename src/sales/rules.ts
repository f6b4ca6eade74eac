import { defineRules } from '../errors/rules.js';

// The rules the accounting document and entry endpoints refuse by (errors/rules.ts says what a rule is).

export const SALES_RULES = defineRules('sales', {
  typeRequired: {
    id: 'write.type-required',
    text:
      'A document is created with its AccountingDocumentTypeId, an entry with its AccountingEntryTypeId: no ' +
      'default.',
    source: 'spec',
    evidence:
      'Accounting Document: "AccountingDocumentTypeId (required, no default)"; POST accountingentries: ' +
      '"AccountingEntryTypeId (no default)".',
  },
  typeKnown: {
    id: 'write.type-known',
    text: 'A type number must be one the account knows; any known one is taken, even one the caller did not mean.',
    source: 'assumed',
    evidence:
      'The spec lists the type numbers and says "a wrong value yields a valid document of the wrong type"; a number ' +
      'that is no type at all is refused as ASP.NET refuses an undefined enum value.',
    fixed: "a record's type decides which lists, totals and reports it is in",
  },
  siteMatchesQuery: {
    id: 'create.site-matches-query',
    text: "On create, the body's SiteId must equal the query siteId.",
    source: 'spec',
    evidence:
      'POST accountingdocuments: "SiteId (must equal the query siteId)"; POST accountingentries: "SiteId (equal ' +
      'to the query siteId)".',
  },
  updateSite: {
    id: 'update.site-required',
    text: "On update, the body's SiteId is required: it is the site the record is saved against.",
    source: 'spec',
    evidence:
      'PUT accountingdocuments: "the site saved against is the body\'s SiteId (required in practice)"; PUT ' +
      'accountingentries: "body SiteId required".',
  },
  lineItems: {
    id: 'documents.line-items',
    text: 'A document is created with at least one line item.',
    source: 'spec',
    evidence: 'Accounting Document: "line items (required on create)".',
  },
  entryFields: {
    id: 'entries.required-fields',
    text:
      'An entry has a Total, a PaymentTypeId and a CashDrawerId, a ClientId when it is a receipt and a SupplierId ' +
      'when it is a payment.',
    source: 'spec',
    evidence:
      'Accounting Entry: "ClientId: required for receipts; SupplierId: required for payments; AmountDue, Received, ' +
      'Gratuity, Change, Total: required; PaymentTypeId: required; CashDrawerId: required".',
  },
});
