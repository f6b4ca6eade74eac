import type { Account } from '../accounts/account.js';
import { errors } from '../errors/errors.js';
import { adminGroup, named, onAccount, refused } from './admin-route.js';
import { RelaxedRules } from './admin-schemas.js';
import { RelaxedRulesBody } from './schemas.js';

// The rules an account has switched off (relaxed): every refusal names its rule in the answer's
// `X-Business-Api-Sim-Rule` header, and an account may switch off those that are only assumed or
// conventional (errors/rules.ts `relaxability`), to get past an assumption of the simulator at once.
// Kept in the account's settings, so saved with a data directory, carried by snapshots, kept by a reset.

const rules = adminGroup('Accounts');

export const relaxedRuleDeclarations = [
  rules.get('/accounts/{name}/relaxed-rules', {
    operationId: 'getRelaxedRules',
    summary: 'The rules the account has switched off',
    route: named,
    answers: {
      200: { description: 'Their ids, in the order set; `[]` when none.', schema: RelaxedRules },
      ...onAccount,
    },
    handler: ({ c, account }) => c.json(relaxedOf(account)),
  }),
  rules.put('/accounts/{name}/relaxed-rules', {
    operationId: 'setRelaxedRules',
    summary: 'Switch rules off for the account (replacing the list)',
    description:
      'The whole list: `[]` switches every rule on again. Each id must be a declared rule (docs/rules.md) whose ' +
      'source is `assumed` or `convention` and that is not fixed; a refusal of a relaxed rule is then let ' +
      'through, as the rule describes (a text kept whole, a malformed query value read as empty). Spec, client ' +
      'and vendor rules, and fixed ones (bounds of the simulator itself), cannot be relaxed.',
    route: named,
    body: {
      schema: RelaxedRulesBody,
      required: true,
      description: 'Rule ids, e.g. `["body.text-length"]`; duplicates are kept once.',
      example: ['body.text-length'],
      parse: (json) => {
        const result = RelaxedRulesBody.safeParse(json);
        if (result.success) return result.data;
        const issue = result.error.issues[0]!;
        const at = issue.path.length === 0 ? 'body' : `body[${String(issue.path[0])}]`;
        const problem =
          issue.code === 'invalid_type' && issue.path.length === 0 ? 'expected an array of rule ids' : issue.message;
        throw errors.admin(400, `${at}: ${problem}`);
      },
    },
    answers: {
      200: { description: 'The list now, as `GET` answers it.', schema: RelaxedRules },
      ...onAccount,
      400: refused(
        'The account name is not a DNS label, or an id is not a declared rule (the closest is named) or names a ' +
          'rule that cannot be relaxed (why is said).',
      ),
    },
    handler: async ({ c, account, body }) => {
      await account.write(() => {
        // Replaced, never changed in place: the write sees the settings moved and saves them.
        if (body.length > 0) account.settings.relaxedRules = body;
        else delete account.settings.relaxedRules;
      });
      return c.json(relaxedOf(account));
    },
  }),
];

function relaxedOf(account: Account): string[] {
  return [...(account.settings.relaxedRules ?? [])];
}
