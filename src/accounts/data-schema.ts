import { z } from 'zod';
import { formatPath } from '../field-path.js';
import { WORLD_SIZES } from '../world/sizes.js';
import { FORMAT } from './account-files.js';
import { MAX_CLOCK_SKEW_MS } from './clock.js';
import { ACCOUNT_NAME } from './host.js';

/** The longest rule id, and the most rules one account relaxes: bounds of a settings file, above every declared one. */
const MAX_RULE_ID = 200;
const MAX_RELAXED_RULES = 1000;

// What a data file must hold to be loaded: the base's and each log line's shape. Records are
// checked one by one in record-schema.ts. Unknown fields pass: a file written by a newer
// simulator still loads its known parts.

export const Settings = z.object({
  name: z.string().regex(ACCOUNT_NAME, { message: 'expected an account name (a DNS label)' }),
  seed: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 32 - 1),
  size: z.enum(WORLD_SIZES),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a day as yyyy-MM-dd' }),
  rateLimit: z.boolean(),
  clockOffsetMs: z
    .number()
    .finite()
    .min(-MAX_CLOCK_SKEW_MS, { message: 'the account clock must stay within 10 years of real time' })
    .max(MAX_CLOCK_SKEW_MS, { message: 'the account clock must stay within 10 years of real time' }),
  /** The time a frozen clock stands at (epoch ms); absent while it runs. */
  clockFrozenAtMs: z.number().finite().optional(),
  fiscalised: z.boolean().optional(),
  /** The scenario the account was built from: a shipped name, a file path, or `(inline)`. */
  scenario: z.string().optional(),
  /** Ids of the rules the account has switched off; checked against the declared rules when set. */
  relaxedRules: z.array(z.string().max(MAX_RULE_ID)).max(MAX_RELAXED_RULES).optional(),
  /** How many restores the account's events have been through; absent: none. */
  eventLife: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 31)
    .optional(),
});

const word = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 32 - 1);
const RandomState = z.tuple([word, word, word, word]);

const Change = z.tuple([z.string(), z.string(), z.record(z.string(), z.unknown()).nullable()]);

const Base = z.object({
  format: z.literal(FORMAT, { message: `expected format ${FORMAT} (written by another version of the simulator)` }),
  seq: z.number().int().nonnegative(),
  settings: Settings,
  random: RandomState.nullable(),
  changes: z.array(Change),
});

const Line = z.object({
  seq: z.number().int().positive(),
  random: RandomState,
  settings: Settings.optional(),
  changes: z.array(Change),
});

export const baseProblem = (value: unknown) => problemOf(Base, value);
export const lineProblem = (value: unknown) => problemOf(Line, value);

/**
 * The first problem as `path: message`, e.g. `settings.seed: expected a number`; `at` is where the
 * value lies in the document (`changes[3]`).
 */
export function problemOf(schema: z.ZodType, value: unknown, at: readonly PropertyKey[] = []): string | undefined {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${formatPath([...at, ...issue.path]) || 'document'}: ${describe(issue)}`;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined
      ? `missing (expected ${article(issue.expected)})`
      : `expected ${article(issue.expected)}, got ${kind(issue.input)}`;
  }
  return issue.message;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}
