import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';
import { z } from 'zod';
import { slicePauses } from '../accounts/slices.js';
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
    handler: ({ c, account }) => listAnswer(c, account.faults.list()),
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

/** Characters of the list encoded at once: a longer list is encoded a part at a time, as it is read. */
const LIST_PART_CHARS = 256 * 1024;
/** Rules answered in one go: a rule is at most 128 KiB of JSON (`MAX_FAULT_RULE_BYTES`), so 2 MiB at most. */
const AT_ONCE = 16;

/**
 * The rules as `c.json(rules.map(view))` answers them. A long list (1 000 rules of 64 KiB bodies are
 * 64 MiB of JSON) is neither written nor joined whole: each read of the answer writes its next part,
 * a rule at a time, handing the event loop back every 10 ms or so (written at once, it held the loop a
 * second).
 */
function listAnswer(c: Context, rules: FaultRule[]): Response {
  const headers = { 'Content-Type': 'application/json' };
  if (rules.length <= AT_ONCE) return c.json(rules.map(view));
  const encoder = new TextEncoder();
  // A reader in process takes each part as a promise settles, without a turn of the event loop
  // between parts: the writing hands the loop back every 10 ms or so itself, from a slice of its own.
  let pause: (() => Promise<void> | undefined) | undefined;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pause === undefined) {
        await nextTurn();
        pause = slicePauses();
      }
      let part = next === 0 ? '[' : '';
      while (next < rules.length && part.length < LIST_PART_CHARS) {
        const paused = pause();
        if (paused) await paused;
        part += `${next > 0 ? ',' : ''}${JSON.stringify(view(rules[next]!))}`;
        next++;
      }
      if (next < rules.length) return controller.enqueue(encoder.encode(part));
      controller.enqueue(encoder.encode(`${part}]`));
      controller.close();
    },
  });
  return c.body(body, 200, headers);
}

/** Id first, then the rule as stated, then its counters. */
function view(rule: FaultRule) {
  const { id, hits, remaining, ...spec } = rule;
  return { id, ...spec, hits, ...(remaining === undefined ? {} : { remaining }) };
}
