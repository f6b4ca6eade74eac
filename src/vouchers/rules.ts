import { defineRules } from '../errors/rules.js';

// The rules the voucher endpoints refuse by (errors/rules.ts says what a rule is).

export const VOUCHER_RULES = defineRules('vouchers', {
  siteMatchesQuery: {
    id: 'create.site-matches-query',
    text: "On create, the body's SiteId is sent and equals the query siteId (the empty Guid for a shared voucher).",
    source: 'spec',
    evidence: 'POST vouchers: "SiteId in the body equal to the query siteId"; Voucher: "always send it on writes".',
  },
  required: {
    id: 'create.required-fields',
    text: 'A voucher is created with an ExpiryDate and an Amount (or Value).',
    source: 'spec',
    evidence: 'Voucher: "ExpiryDate DateTime: required; Amount Decimal: required".',
  },
  numberUnique: {
    id: 'create.number-unique-per-site',
    text:
      'A VoucherNumber sent on create must not be in use at the same site (compared without case); blank skips ' +
      'the check.',
    source: 'spec',
    evidence:
      'POST vouchers: "VoucherNumber must be unique for the body\'s SiteId; a duplicate gives 400 with a model-state ' +
      'error on the field VoucherNumber. A blank or missing VoucherNumber skips the check."',
  },
  updateSite: {
    id: 'update.site-required',
    text: 'PUT vouchers without a body SiteId fails inside: 500 with the generic body.',
    source: 'spec',
    evidence: 'PUT vouchers: "body SiteId is mandatory, and without it the result is 500".',
  },
});
