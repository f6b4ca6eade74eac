import { z } from 'zod';
import { relaxability } from '../errors/rules.js';
import { RULES, ruleWithId } from '../rules.js';
import { closest } from './closest.js';

// The rules an account switches off (relaxes), as the control plane, account creation and scenario files
// take them: ids of declared rules (src/rules.ts) that are only assumed or conventional and not fixed
// (errors/rules.ts `relaxability`). Here, so that both the control plane and scenarios check them alike.

/** The most ids one list may hold before duplicates are dropped; a settings file holds at most as many. */
const MAX_IDS = 1000;
/** An id is shown in a message only when it looks like one: a value of a scenario file is never echoed otherwise. */
const ID_SHAPE = /^[a-z0-9][a-z0-9.-]{0,99}$/i;

const ALL_IDS = RULES.map((r) => r.id);

/** What is wrong with relaxing the rule of `id`, or undefined when an account may relax it. */
function relaxProblem(id: string): string | undefined {
  const rule = ruleWithId(id);
  if (!rule) {
    if (!ID_SHAPE.test(id)) return 'not a rule id (docs/rules.md lists every rule)';
    const near = closest(id, ALL_IDS);
    return `no rule ${id}${near ? `; did you mean ${near}?` : ''} (docs/rules.md lists every rule)`;
  }
  const can = relaxability(rule);
  return can.ok ? undefined : `${id} cannot be relaxed: ${can.why}`;
}

/** The ids in the order first given, each once. */
const onceEach = (ids: readonly string[]): string[] => [...new Set(ids)];

/** A list of rule ids to relax, each checked, duplicates kept once. */
export const RelaxedRuleIds = z
  .array(
    z.string().superRefine((id, ctx) => {
      const problem = relaxProblem(id);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  )
  .max(MAX_IDS)
  .transform(onceEach)
  .describe(
    'Ids of rules the account switches off (relaxes): rules whose source is `assumed` or `convention` and that are ' +
      'not fixed, e.g. `body.text-length`. docs/rules.md lists every rule; duplicates are kept once.',
  );

/** The first id of a list an account may not relax, as `<where>[i]: <problem>`; undefined when all may be. */
export function relaxedRulesProblem(ids: readonly string[] | undefined, where: string): string | undefined {
  for (const [i, id] of (ids ?? []).entries()) {
    const problem = relaxProblem(id);
    if (problem) return `${where}[${i}]: ${problem}`;
  }
  return undefined;
}
