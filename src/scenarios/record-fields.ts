import type { z } from 'zod';
import { runInSlices } from '../accounts/slices.js';
import { COLLECTIONS, type Collection, RECORD_KEYS } from '../accounts/worlds.js';
import { endpoints } from '../endpoints.js';
import { endpointNamed } from '../http/invoke.js';
import type { World } from '../world/index.js';
import type { RECORD_RESOURCES } from './schemas.js';

// The fields a scenario's record entry may have, by resource: the fields of the resource's create
// endpoint body (a created record) and the fields its stored records have (a changed record, by the
// generator's shapes, as accounts/record-schema.ts checks stored records), plus `$query` and
// `$password`. Names match case-insensitively, as the API's body names do; a name no field has is
// refused when the scenario is loaded, with the closest field named.

export type Resource = (typeof RECORD_RESOURCES)[number];

/** The id field of every resource's records. */
export const ID_FIELDS: Record<Resource, string> = { ...RECORD_KEYS, webhooks: 'webhook_id' };

/** The API's create endpoint of each resource that has one. */
export const CREATE: Partial<Record<Resource, string>> = {
  clients: 'POST /api/v2/clients',
  appointments: 'POST /api/v2/appointments',
  classes: 'POST /api/v2/classes',
  classBookings: 'POST /api/v2/classes/classbookings',
  vouchers: 'POST /api/v2/vouchers',
  accountingDocuments: 'POST /api/v2/accountingdocuments',
  accountingEntries: 'POST /api/v2/accountingentries',
  webhooks: 'POST /api/v2/webhooks',
};

/** The scenario's own keys of an entry (not record fields). */
export const ENTRY_KEYS = ['$query', '$password'] as const;

/** A JSON kind a stored field holds (null aside). */
export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** The fields of the resource's create endpoint body, by name; undefined when it cannot be created. */
export function createFields(resource: Resource): Readonly<Record<string, z.ZodType>> | undefined {
  const route = CREATE[resource];
  const schema = route ? endpointNamed(endpoints, route)?.body?.schema : undefined;
  return schema && 'shape' in schema ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

// One small world, generated (in slices) when a scenario with records is first loaded: its records
// have every field the generator gives a record (seed, size and day change values, not fields).
let shapes: Map<Collection, Map<string, Set<Kind>>> | undefined;
let loading: Promise<void> | undefined;

/** Makes the stored records' fields known; every function below but `createFields` needs it first. */
export function loadRecordFields(): Promise<void> {
  loading ??= (async () => {
    const { generateWorldInSlices } = await import('../world/index.js');
    shapes = shapesOf(await generateWorldInSlices({ seed: 0, size: 'small', today: '2026-01-01' }, runInSlices));
  })();
  return loading;
}

/** The fields stored records of the resource have, with their JSON kinds; the id field alone for webhooks. */
export function storedFields(resource: Resource): ReadonlyMap<string, ReadonlySet<Kind>> {
  if (resource === 'webhooks') return new Map([[ID_FIELDS.webhooks, new Set<Kind>(['string'])]]);
  if (!shapes) throw new Error('the record fields are not loaded yet (loadRecordFields)');
  return shapes.get(resource) ?? new Map();
}

function shapesOf(world: World): Map<Collection, Map<string, Set<Kind>>> {
  const out = new Map<Collection, Map<string, Set<Kind>>>();
  for (const key of COLLECTIONS) {
    const shape = new Map<string, Set<Kind>>();
    for (const row of world[key] as readonly object[]) {
      for (const [field, value] of Object.entries(row)) {
        let kinds = shape.get(field);
        if (!kinds) shape.set(field, (kinds = new Set()));
        if (value !== null && value !== undefined) kinds.add(Array.isArray(value) ? 'array' : (typeof value as Kind));
      }
    }
    out.set(key, shape);
  }
  return out;
}

/** Every field an entry of the resource may have, as the API spells it: create body first, then stored only. */
export function recordFields(resource: Resource): string[] {
  const fields = new Set([ID_FIELDS[resource], ...Object.keys(createFields(resource) ?? {})]);
  for (const field of storedFields(resource).keys()) fields.add(field);
  return [...fields];
}

/**
 * The entry with its field names spelt as the API spells them, or the names no field has, each
 * with the closest known field (case-insensitive edit distance) when one is close.
 */
export function canonicalEntry(
  resource: Resource,
  entry: Record<string, unknown>,
): { entry: Record<string, unknown> } | { unknown: { field: string; closest?: string }[] } {
  const { known, byLower } = namesOf(resource);
  const out: Record<string, unknown> = {};
  const unknown: { field: string; closest?: string }[] = [];
  for (const [field, value] of Object.entries(entry)) {
    // The scenario's own keys are checked by the scenario schema under their exact names.
    const name = (ENTRY_KEYS as readonly string[]).includes(field) ? field : byLower.get(field.toLowerCase());
    if (name === undefined) unknown.push({ field, closest: closest(field, known) });
    // Names that differ only by case are one field, the last one written winning (as in an API body).
    else {
      delete out[name];
      out[name] = value;
    }
  }
  return unknown.length > 0 ? { unknown } : { entry: out };
}

const names = new Map<Resource, { known: string[]; byLower: Map<string, string> }>();

function namesOf(resource: Resource): { known: string[]; byLower: Map<string, string> } {
  let found = names.get(resource);
  if (!found) {
    const known = [...ENTRY_KEYS, ...recordFields(resource)];
    const byLower = new Map(recordFields(resource).map((f) => [f.toLowerCase(), f]));
    names.set(resource, (found = { known, byLower }));
  }
  return found;
}

/** The known name nearest to `name` (case-insensitive), if it is near enough to be a slip. */
export function closest(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
