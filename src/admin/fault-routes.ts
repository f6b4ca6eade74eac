import { z } from 'zod';
import { errors } from '../errors/errors.js';
import { MAX_FAULT_RULES } from '../faults/fault-rules.js';
import { type FaultRule, FaultRuleInput } from '../faults/schemas.js';
import { adminGroup, empty, named, onAccount, refused, withId } from './admin-route.js';
import { ListedFaultRule } from './admin-schemas.js';
import { checked } from './json-body.js';

// Control plane for fault rules (camelCase). Rules live in memory with the account, like the journal.

const FaultRuleList = z.strictObject({ rules: z.array(FaultRuleInput).min(1).max(100) });

const faults = adminGroup('Faults');

export const faultDeclarations = [
  faults.post('/accounts/{name}/faults', {
    operationId: 'addFaults',
    summary: 'Add fault rules',
    route: named,
    body: {
      schema: z.union([FaultRuleInput, FaultRuleList]),
      required: true,
      description: 'A rule, or `{rules}`.',
      example: { method: 'GET', path: '/api/v2/clients', status: 503, times: 2 },
      // `{rules}` or one rule, each checked on its own, so a refusal names the fields of the one meant.
      parse: (json) =>
        typeof json === 'object' && json !== null && 'rules' in json
          ? checked(FaultRuleList, json)
          : checked(FaultRuleInput, json),
    },
    answers: {
      201: { description: 'The rules added (always a list), with their ids.', schema: z.array(ListedFaultRule) },
      ...onAccount,
      400: refused('A bad name or rule, or more rules than an account holds.'),
    },
    /** One rule, or `{ rules: [...] }`; answers the added rules (always a list) with their ids. */
    handler: ({ c, account, body }) => {
      const specs = 'rules' in body ? body.rules : [body];
      if (account.faults.size + specs.length > MAX_FAULT_RULES) {
        throw errors.admin(
          400,
          `an account holds at most ${MAX_FAULT_RULES} fault rules; it has ${account.faults.size}`,
        );
      }
      return c.json(account.faults.add(specs).map(view), 201);
    },
  }),
  faults.get('/accounts/{name}/faults', {
    operationId: 'listFaults',
    summary: 'The fault rules, in order, with their counters',
    route: named,
    answers: { 200: { description: 'The rules.', schema: z.array(ListedFaultRule) }, ...onAccount },
    handler: ({ c, account }) => c.json(account.faults.list().map(view)),
  }),
  faults.delete('/accounts/{name}/faults', {
    operationId: 'clearFaults',
    summary: 'Drop every fault rule',
    route: named,
    answers: { 204: empty('Dropped.'), ...onAccount },
    handler: ({ c, account }) => {
      account.faults.clear();
      return c.body(null, 204);
    },
  }),
  faults.delete('/accounts/{name}/faults/{id}', {
    operationId: 'deleteFault',
    summary: 'Drop one fault rule',
    route: withId('fault rule'),
    answers: { 204: empty('Dropped.'), ...onAccount, 404: refused('No such account, or no such rule.') },
    handler: ({ c, account, route }) => {
      const id = route.id ?? '';
      if (!account.faults.remove(id)) throw errors.admin(404, `no fault rule '${id}'`);
      return c.body(null, 204);
    },
  }),
];

/** Id first, then the rule as stated, then its counters. */
function view(rule: FaultRule) {
  const { id, hits, remaining, ...spec } = rule;
  return { id, ...spec, hits, ...(remaining === undefined ? {} : { remaining }) };
}
