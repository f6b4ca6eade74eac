// Every refusal the simulator decides on comes from a named rule: an id, what it says, and where the
// belief in it comes from, in the vocabulary answer fields use (field-sources.ts): `spec`, `client`,
// `vendor`, `convention` or `assumed`. A rule is declared once, in the area it guards (`rules.ts`
// beside the area's `endpoints.ts`); its refusal names it in the answer's `X-Business-Api-Sim-Rule`
// header, the request journal and conform's differences, and docs/rules.md lists them all. An account
// may switch off (relax) the rules that are only assumed or conventional; a rule that keeps the
// simulator itself sound (a bound, a record a change needs) says why it stays `fixed`.

export const RULE_SOURCES = ['spec', 'client', 'vendor', 'convention', 'assumed'] as const;
export type RuleSource = (typeof RULE_SOURCES)[number];

/** The sources an account may relax: beliefs of the simulator's own, never the spec's or a real client's. */
export const RELAXABLE_SOURCES: ReadonlySet<RuleSource> = new Set(['assumed', 'convention']);

export interface Rule {
  /** Stable: `<area>.<name>`, e.g. `clients.create.name-length`. */
  readonly id: string;
  /** What the rule says, in a sentence. */
  readonly text: string;
  readonly source: RuleSource;
  /** Why it is believed: the spec's words, the client or article, or the reason for the assumption. */
  readonly evidence: string;
  /** Why the rule cannot be relaxed although assumed (it bounds memory, or guards a record a change needs). */
  readonly fixed?: string;
}

export type RuleDeclaration = Omit<Rule, 'id'> & { readonly id: string };

/** The answer header naming the rules that refused a request. */
export const RULE_HEADER = 'x-business-api-sim-rule';

/**
 * An area's rules, declared once: `{ nameLength: { id: 'create.name-length', text, source, evidence } }`
 * becomes the rule `clients.create.name-length` under `nameLength`.
 */
export function defineRules<const T extends Record<string, RuleDeclaration>>(
  area: string,
  declarations: T,
): { readonly [K in keyof T]: Rule } {
  const rules: Record<string, Rule> = {};
  for (const [key, d] of Object.entries(declarations)) rules[key] = Object.freeze({ ...d, id: `${area}.${d.id}` });
  return rules as { readonly [K in keyof T]: Rule };
}

/** Whether an account may switch the rule off; the reason it may not, otherwise. */
export function relaxability(rule: Rule): { ok: true } | { ok: false; why: string } {
  if (!RELAXABLE_SOURCES.has(rule.source)) {
    return { ok: false, why: `its source is ${rule.source}: the real service refuses this too` };
  }
  if (rule.fixed !== undefined) return { ok: false, why: rule.fixed };
  return { ok: true };
}

/** `<id>; source=<source>` for each rule, once, in the order given. */
export function ruleHeaderValue(rules: readonly Rule[]): string {
  return [...new Set(rules)].map((r) => `${r.id}; source=${r.source}`).join(', ');
}

/** The rules an answer's header names, as `{ id, source }`; none for an answer without the header. */
export function rulesInHeader(value: string | null | undefined): Array<{ id: string; source: string }> {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => /^\s*([^;\s]+)\s*;\s*source=([a-z]+)\s*$/.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ id: m[1]!, source: m[2]! }));
}

// The rules the account of the request being answered has relaxed. The pipeline runs the synchronous
// steps of a request that check rules (its query, its body, the handler's own work up to its first
// await) inside `withRelaxedRules`, so a check deep in a model or a body schema asks `isRelaxed`
// without every function between passing the set along. It is a plain variable, set and put back
// around synchronous work, not an AsyncLocalStorage: on Node 20 the first use of one slows every
// promise of the process (every account's requests) by about a quarter. A check made after an await
// sees no rule relaxed, so it refuses as the declared rule says: relaxing is never a way around it.
const NONE: ReadonlySet<string> = new Set();
let relaxedNow: ReadonlySet<string> = NONE;

/** Runs the synchronous `work` with the rules of `ids` switched off, and puts back what was off before. */
export function withRelaxedRules<T>(ids: ReadonlySet<string>, work: () => T): T {
  const before = relaxedNow;
  relaxedNow = ids;
  try {
    return work();
  } finally {
    relaxedNow = before;
  }
}

/**
 * Steps a handler makes now and runs in slices of the event loop's time (a model's loop over
 * thousands of items), each run with the rules relaxed when they were made, as the handler's own
 * synchronous work is.
 */
export function keepingRelaxedRules<T>(steps: Generator<void, T, void>): Generator<void, T, void> {
  const ids = relaxedNow;
  return (function* () {
    for (;;) {
      const next = withRelaxedRules(ids, () => steps.next());
      if (next.done) return next.value;
      yield;
    }
  })();
}

/** The rule is switched off for the request being answered. */
export function isRelaxed(rule: Rule): boolean {
  return relaxedNow.has(rule.id);
}
