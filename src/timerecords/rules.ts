import { defineRules } from '../errors/rules.js';

// The rules the time record list refuses by (errors/rules.ts says what a rule is).

export const TIME_RECORD_RULES = defineRules('timerecords', {
  range: {
    id: 'list.range-90-days',
    text: 'GET timerecords covers at most 90 days: 400 `Maximum date range is 90 days` beyond.',
    source: 'spec',
    evidence: 'GET /api/v2/timerecords: "Range at most 90 days, else 400 `Maximum date range is 90 days`".',
  },
});
