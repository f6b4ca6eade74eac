import { z } from 'zod';
import { ACCOUNT_NAME } from '../accounts/host.js';
import { RelaxedRuleIds } from '../scenarios/rule-ids.js';
import { WORLD_SIZES } from '../world/sizes.js';

// Control-plane bodies. Strict: a misspelt field is an error here, not silently ignored.

const isoInstant = z
  .string()
  .refine((t) => !Number.isNaN(Date.parse(t)), { message: 'must be an ISO 8601 date-time' })
  .transform((t) => Date.parse(t));

export const accountName = z
  .string()
  .regex(ACCOUNT_NAME, { message: 'must be a DNS label: a-z, 0-9 and inner hyphens, at most 63 characters' });

/** A shipped scenario's name, a scenario file's path, or the scenario itself; an account snapshot too. */
const scenarioRef = z
  .union([z.string().min(1), z.record(z.string(), z.unknown())])
  .describe(
    'A shipped scenario name, a file path in the scenario directory, or the scenario object; an account snapshot ' +
      "(file or object, by its `format`) makes the account the snapshot's state, as a restore does.",
  );

export const CreateAccountBody = z.strictObject({
  name: accountName.optional().describe('A DNS label; generated when absent.'),
  seed: z.number().int().nonnegative().optional().describe("World seed (default: the simulator's, 42)."),
  size: z.enum(WORLD_SIZES).optional().describe("World size (default: the simulator's)."),
  rateLimit: z.boolean().optional().describe("Throttle as the real service does (default: the simulator's)."),
  now: isoInstant.optional().describe('Start time of the clock, ISO 8601, within 10 years of real time.'),
  relaxedRules: RelaxedRuleIds.optional().describe(
    'Rules the account switches off from the start (assumed or convention ones, not fixed), e.g. ' +
      '`["body.text-length"]`; as `PUT /accounts/{name}/relaxed-rules` sets them. A scenario that sets ' +
      '`account.relaxedRules` replaces them.',
  ),
  scenario: scenarioRef.optional(),
});

/** The body of `PUT /accounts/{name}/relaxed-rules`: the whole list. */
export const RelaxedRulesBody = RelaxedRuleIds;

export const ApplyScenarioBody = z.strictObject({ scenario: scenarioRef });

export const PatchAccountBody = z.strictObject({
  rateLimit: z.boolean().optional().describe('Throttle as the real service does.'),
});

export const CreateCredentialBody = z.strictObject({
  endpoints: z.array(z.string()).optional().describe('Endpoint allow-list lines (e.g. `api/v2/sites`); none: all.'),
  ips: z
    .string()
    .optional()
    .describe("IP allow-list: the caller's address must appear in it (a substring test); none: any."),
  active: z.boolean().optional().describe('Default true.'),
});

export const CreateApiKeyBody = z.strictObject({
  ips: z
    .string()
    .optional()
    .describe(
      "The address range the key is limited to, an IP allow-list as a credential's: the caller's address must " +
        'appear in it (a substring test); none: any.',
    ),
  active: z.boolean().optional().describe('Default true.'),
});

// Seconds as a finite number no larger than the safest integer either way; fractions are kept.
// Whether the move keeps the clock within its window of real time is the Clock's own check.
const seconds = z.number().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/**
 * `{advanceSeconds}` or `{now}`, and/or `{frozen}`: one object rather than a union, so a bad value is reported on
 * its own field.
 */
export const ClockBody = z
  .strictObject({
    advanceSeconds: seconds.optional().describe('Seconds to move the clock by (negative: back).'),
    now: isoInstant.optional().describe('The time to set, ISO 8601.'),
    frozen: z
      .boolean()
      .optional()
      .describe(
        'true: the clock stands still, moved only by advanceSeconds and now; false: it runs on in real time from ' +
          'where it stands. Applied before the move given with it.',
      ),
  })
  .refine((b) => b.advanceSeconds === undefined || b.now === undefined, {
    message: 'expected exactly one of advanceSeconds and now',
  })
  .refine((b) => b.advanceSeconds !== undefined || b.now !== undefined || b.frozen !== undefined, {
    message: 'expected one of advanceSeconds and now, or frozen',
  });
