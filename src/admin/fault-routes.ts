import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Account } from '../accounts/account.js';
import { MAX_FAULT_RULES } from '../faults/fault-rules.js';
import { type FaultRule, FaultRuleInput } from '../faults/schemas.js';
import { errors } from '../http/errors.js';
import { checked, jsonOf } from './json-body.js';

// Control plane for fault rules (camelCase). Rules live in memory with the account, like the journal.

export const FaultRuleList = z.strictObject({ rules: z.array(FaultRuleInput).min(1).max(100) });

export function faultAdminRoutes(admin: Hono, accountOf: (c: Context) => Promise<Account>): void {
  /** One rule, or `{ rules: [...] }`; answers the added rules (always a list) with their ids. */
  admin.post('/accounts/:name/faults', async (c) => {
    const account = await accountOf(c);
    const json = await jsonOf(c);
    const specs =
      typeof json === 'object' && json !== null && 'rules' in json
        ? checked(FaultRuleList, json).rules
        : [checked(FaultRuleInput, json)];
    if (account.faults.size + specs.length > MAX_FAULT_RULES) {
      throw errors.admin(400, `an account holds at most ${MAX_FAULT_RULES} fault rules; it has ${account.faults.size}`);
    }
    return c.json(account.faults.add(specs).map(view), 201);
  });

  admin.get('/accounts/:name/faults', async (c) => c.json((await accountOf(c)).faults.list().map(view)));

  admin.delete('/accounts/:name/faults', async (c) => {
    (await accountOf(c)).faults.clear();
    return c.body(null, 204);
  });

  admin.delete('/accounts/:name/faults/:id', async (c) => {
    const account = await accountOf(c);
    const id = c.req.param('id') ?? '';
    if (!account.faults.remove(id)) throw errors.admin(404, `no fault rule '${id}'`);
    return c.body(null, 204);
  });
}

/** Id first, then the rule as stated, then its counters. */
function view(rule: FaultRule) {
  const { id, hits, remaining, ...spec } = rule;
  return { id, ...spec, hits, ...(remaining === undefined ? {} : { remaining }) };
}
