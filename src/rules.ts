import { APPOINTMENT_RULES } from './appointments/rules.js';
import { CLASS_RULES } from './classes/rules.js';
import { CLIENT_RULES } from './clients/rules.js';
import { EMPLOYEE_RULES } from './employees/rules.js';
import { BODY_RULES, RECORD_RULES } from './errors/body-rules.js';
import type { Rule } from './errors/rules.js';
import { AUTH_RULES, QUERY_RULES, ROUTING_RULES, THROTTLE_RULES } from './http/rules.js';
import { REPORT_RULES } from './reports/rules.js';
import { SALES_RULES } from './sales/rules.js';
import { TIME_RECORD_RULES } from './timerecords/rules.js';
import { VOUCHER_RULES } from './vouchers/rules.js';
import { WEBHOOK_RULES } from './webhooks/rules.js';

// Every rule the API refuses by, gathered from the areas that declare them (errors/rules.ts says what
// a rule is): docs/rules.md is written from this list, the control plane checks relaxed ids against
// it, and a test triggers each one.

const groups: ReadonlyArray<Readonly<Record<string, Rule>>> = [
  ROUTING_RULES,
  AUTH_RULES,
  THROTTLE_RULES,
  QUERY_RULES,
  BODY_RULES,
  RECORD_RULES,
  APPOINTMENT_RULES,
  CLIENT_RULES,
  EMPLOYEE_RULES,
  TIME_RECORD_RULES,
  CLASS_RULES,
  SALES_RULES,
  VOUCHER_RULES,
  REPORT_RULES,
  WEBHOOK_RULES,
];

/** Every declared rule, in the order docs/rules.md lists them. */
export const RULES: readonly Rule[] = groups.flatMap((g) => Object.values(g));

/** The declared rule of an id, if any. */
export const ruleWithId = (id: string): Rule | undefined => RULES_BY_ID.get(id);

const RULES_BY_ID = new Map(RULES.map((r) => [r.id, r]));
if (RULES_BY_ID.size !== RULES.length) throw new Error('two rules share an id');
