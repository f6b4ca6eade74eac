import { z } from 'zod';
import { ACCOUNT_NAME } from '../accounts/host.js';
import { WORLD_SIZES } from '../world/sizes.js';

// Control-plane bodies. Strict: a misspelt field is an error here, not silently ignored.

const isoInstant = z
  .string()
  .refine((t) => !Number.isNaN(Date.parse(t)), { message: 'must be an ISO 8601 date-time' })
  .transform((t) => Date.parse(t));

export const accountName = z
  .string()
  .regex(ACCOUNT_NAME, { message: 'must be a DNS label: a-z, 0-9 and inner hyphens, at most 63 characters' });

/** A shipped scenario's name, a scenario file's path, or the scenario itself. */
const scenarioRef = z.union([z.string().min(1), z.record(z.string(), z.unknown())]);

export const CreateAccountBody = z.strictObject({
  name: accountName.optional(),
  seed: z.number().int().nonnegative().optional(),
  size: z.enum(WORLD_SIZES).optional(),
  rateLimit: z.boolean().optional(),
  now: isoInstant.optional(),
  scenario: scenarioRef.optional(),
});

export const ApplyScenarioBody = z.strictObject({ scenario: scenarioRef });

export const PatchAccountBody = z.strictObject({ rateLimit: z.boolean().optional() });

export const CreateCredentialBody = z.strictObject({
  endpoints: z.array(z.string()).optional(),
  ips: z.string().optional(),
  active: z.boolean().optional(),
});

export const CreateApiKeyBody = z.strictObject({ active: z.boolean().optional() });

export const ClockBody = z.union([
  z.strictObject({ advanceSeconds: z.number().finite() }),
  z.strictObject({ now: isoInstant }),
]);
