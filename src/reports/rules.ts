import { defineRules } from '../errors/rules.js';

// The rules the sales report refuses by (errors/rules.ts says what a rule is).

export const REPORT_RULES = defineRules('reports', {
  range: {
    id: 'sales.range-365-days',
    text: 'GET reports/sales covers at most 365 days: 400 `Maximum date range is 365 days` beyond.',
    source: 'spec',
    evidence: 'GET /api/v2/reports/sales: "Range at most 365 days, else 400 with `Maximum date range is 365 days`".',
  },
});
