import { z } from 'zod';
import { formatPath } from '../field-path.js';
import { WORLD_SIZES } from '../world/sizes.js';
import { ACCOUNT_NAME } from './host.js';
import { COLLECTIONS } from './worlds.js';

// What a data file must hold to be loaded. Settings and auth are checked field by field; the world's
// collections only as arrays (their records are the simulator's own output and are many).
// Unknown fields pass: a file written by a newer simulator still loads its known parts.

const Settings = z.object({
  name: z.string().regex(ACCOUNT_NAME, { message: 'expected an account name (a DNS label)' }),
  seed: z.number().int().nonnegative(),
  size: z.enum(WORLD_SIZES),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a day as yyyy-MM-dd' }),
  rateLimit: z.boolean(),
  clockOffsetMs: z.number().finite(),
  fiscalised: z.boolean().optional(),
  /** The scenario the account was built from: a shipped name, a file path, or `(inline)`. */
  scenario: z.string().optional(),
});

const Credential = z.object({
  id: z.string(),
  clientId: z.string(),
  secretHash: z.string().regex(/^[0-9a-f]{64}$/, { message: 'expected a SHA-256 hash (64 hex digits)' }),
  active: z.boolean(),
  endpoints: z.array(z.string()),
  ips: z.string(),
});

const Auth = z.object({
  credentials: z.array(Credential),
  tokens: z.record(z.string(), z.object({ credentialId: z.string(), issuedAt: z.number(), expiresAt: z.number() })),
  // Absent in files written before version 1 keys existed; filled in on load.
  apiKeys: z
    .array(z.object({ id: z.string(), keyHash: z.string(), active: z.boolean(), createdAt: z.number() }))
    .optional(),
});

const World = z.object(Object.fromEntries(COLLECTIONS.map((key) => [key, z.array(z.unknown())])));

const Webhook = z
  .object({
    webhook_id: z.string(),
    event: z.string(),
    url: z.string(),
    created_utc: z.string(),
    // Sealed form; files written before sealing hold `secret` in plain text, sealed on load.
    secret_sealed: z.string().optional(),
    secret: z.string().optional(),
  })
  .refine((w) => w.secret_sealed !== undefined || w.secret !== undefined, { message: 'expected secret_sealed' });

export const AccountDataSchema = z.object({
  settings: Settings,
  auth: Auth,
  world: World,
  webhooks: z.array(Webhook).optional(),
});

/** The first problem of a parsed file as `path: message`, e.g. `settings.seed: expected a number`. */
export function dataProblem(data: unknown): string | undefined {
  const result = AccountDataSchema.safeParse(data, { reportInput: true });
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return `${formatPath(issue.path) || 'document'}: ${describe(issue)}`;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? `missing (expected ${article(issue.expected)})` : `expected ${article(issue.expected)}, got ${kind(issue.input)}`;
  }
  return issue.message;
}

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}
