import { z } from 'zod';
import type { World } from '../world/index.js';
import { problemOf } from './data-schema.js';
import { TOKENS } from './tables.js';
import { COLLECTIONS, type Collection, templateCollection } from './worlds.js';

// Every record a data file holds is checked as it is loaded. The world's records are the
// generator's shapes: each field must have a JSON type the generated records give it (or null),
// numbers must be finite and in range, and enumerated fields must hold one of their values.
// Credentials, keys, tokens and webhook rows have their own schemas.

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { message: 'expected a SHA-256 hash (64 hex digits)' });
const epochMs = z.number().int().min(0).max(8.64e15);

const OWN_SCHEMAS: Record<string, z.ZodType> = {
  credentials: z.object({
    id: z.string(),
    clientId: z.string(),
    secretHash: sha256,
    active: z.boolean(),
    endpoints: z.array(z.string()),
    ips: z.string(),
  }),
  // ips is absent in keys stored before keys had an IP allow-list.
  apiKeys: z.object({
    id: z.string(),
    keyHash: sha256,
    active: z.boolean(),
    ips: z.string().optional(),
    createdAt: epochMs,
  }),
  [TOKENS]: z.object({ credentialId: z.string(), issuedAt: epochMs, expiresAt: epochMs }),
  webhooks: z.object({
    webhook_id: z.string(),
    event: z.string(),
    url: z.string(),
    created_utc: z.string(),
    secret_sealed: z.string(),
  }),
  deliveries: z.object({
    id: z.string(),
    webhookId: z.string(),
    event: z.string(),
    url: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int().min(0).max(100),
    payload: z.string(),
  }),
};

/** Values an enumerated field may hold, wherever it appears. */
const ENUMERATIONS: Record<string, readonly number[]> = {
  State: [1, 2],
  ClassBookingState: [1, 2, 3, 4, 5],
  VoucherType: [1, 2],
  AccountingEntryTypeId: [1, 2, 10, 11],
};

/** Larger than any amount, count or epoch time the simulator writes. */
const MAX_MAGNITUDE = 1e15;

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';
const shapes = new WeakMap<readonly object[], Map<string, Set<Kind>>>();

const kindOf = (value: unknown): Kind | 'null' =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind);

function shapeOf(rows: readonly object[]): Map<string, Set<Kind>> {
  let shape = shapes.get(rows);
  if (shape) return shape;
  shape = new Map();
  for (const row of rows) {
    for (const [field, value] of Object.entries(row)) {
      const kind = kindOf(value);
      if (kind === 'null') continue;
      let kinds = shape.get(field);
      if (!kinds) shape.set(field, (kinds = new Set()));
      kinds.add(kind);
    }
  }
  shapes.set(rows, shape);
  return shape;
}

/** The first problem of a stored record as `Field: problem`, or undefined when it is well formed. */
export function recordProblem(table: string, row: object, world: World): string | undefined {
  const own = OWN_SCHEMAS[table];
  if (own) return problemOf(own, row);
  if (!(COLLECTIONS as readonly string[]).includes(table)) return `unknown table '${table}'`;
  const shape = shapeOf(templateCollection(world, table as Collection));
  for (const [field, value] of Object.entries(row)) {
    const kind = kindOf(value);
    if (kind === 'null') continue;
    const kinds = shape.get(field);
    if (kinds && !kinds.has(kind)) return `${field}: expected ${[...kinds].join(' or ')}, got ${kind}`;
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > MAX_MAGNITUDE) return `${field}: ${value} is out of range`;
      const allowed = ENUMERATIONS[field];
      if (allowed && !allowed.includes(value)) return `${field}: ${value} is not one of ${allowed.join(', ')}`;
    }
  }
  return undefined;
}
