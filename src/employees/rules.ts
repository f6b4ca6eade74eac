import { defineRules } from '../errors/rules.js';

// The rules the staff endpoints refuses by (errors/rules.ts says what a rule is).

export const EMPLOYEE_RULES = defineRules('employees', {
  range: {
    id: 'schedules.range-90-days',
    text: 'GET employees/schedules covers at most 90 days: 400 `Maximum date range is 90 days` beyond.',
    source: 'spec',
    evidence: 'GET /api/v2/employees/schedules: "Range at most 90 days, else 400 `Maximum date range is 90 days`".',
  },
});
