import type { z } from 'zod';
import type { Steps } from '../world/steps.js';
import { holdsLongList } from './body-steps.js';

// ASP.NET's JSON binding matches property names case-insensitively (`clientid` binds ClientId), and
// takes `null` as "no value". Before validation, keys are renamed to the schema's own spelling
// wherever they differ only in case, and a null sent for a field that has no null of its own is
// dropped: an optional field is then left out, a required one missing (the same model-state error).
// Names that differ only by case are one field: its reader sets it once per name in the order sent,
// so the last one wins (`{"FirstName":"A","firstName":"B"}` binds B), at every depth.

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function canonicalKeys(value: unknown, schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return canonicalKeys(value, def.innerType!);
    case 'pipe':
      return canonicalKeys(value, def.in!);
    case 'array':
      return Array.isArray(value) ? value.map((v) => canonicalKeys(v, def.element!)) : value;
    case 'object':
      return isPlainObject(value) ? renameKeys(value, def.shape!) : value;
    default:
      return value;
  }
}

/** Items of a long list renamed in one step by `canonicalKeysInSteps`. */
const ITEMS_PER_STEP = 64;

/**
 * `canonicalKeys`, in steps where the value holds a list of hundreds of items (http/body-steps.ts):
 * such a list is renamed a few dozen items at a time.
 */
export function* canonicalKeysInSteps(value: unknown, schema: z.ZodType): Steps<unknown> {
  if (!holdsLongList(value)) return canonicalKeys(value, schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return yield* canonicalKeysInSteps(value, def.innerType!);
    case 'pipe':
      return yield* canonicalKeysInSteps(value, def.in!);
    case 'array': {
      if (!Array.isArray(value)) return value;
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) {
        if (i % ITEMS_PER_STEP === 0) yield;
        out[i] = yield* canonicalKeysInSteps(value[i], def.element!);
      }
      return out;
    }
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape!;
      const byLower = lowerNames(shape);
      const out: Record<string, unknown> = {};
      for (const [key, v] of Object.entries(value)) {
        const canonical = fieldFor(byLower, shape, key, v, out);
        if (canonical !== undefined) out[canonical] = yield* canonicalKeysInSteps(v, shape[canonical]!);
      }
      return out;
    }
    default:
      return value;
  }
}

const lowerNames = (shape: Record<string, z.ZodType>) => new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));

function renameKeys(value: Record<string, unknown>, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const byLower = lowerNames(shape);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const canonical = fieldFor(byLower, shape, key, v, out);
    if (canonical !== undefined) out[canonical] = canonicalKeys(v, shape[canonical]!);
  }
  return out;
}

/**
 * The schema's spelling of a field to set on `out`; undefined for an unknown field (ignored) and for a
 * null sent for a field with no null of its own, which is taken out of `out` (as not sent). A later
 * case variant replaces an earlier one, whichever spelling either has.
 */
function fieldFor(
  byLower: ReadonlyMap<string, string>,
  shape: Record<string, z.ZodType>,
  key: string,
  value: unknown,
  out: Record<string, unknown>,
): string | undefined {
  const canonical = byLower.get(key.toLowerCase());
  if (canonical === undefined) return undefined;
  if (value === null && !takesNull(shape[canonical]!)) {
    delete out[canonical];
    return undefined;
  }
  return canonical;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a field's schema gives null a meaning of its own (e.g. "clear the value" on an update). */
function takesNull(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'null':
    case 'nullable':
    case 'any':
    case 'unknown':
      return true;
    case 'optional':
    case 'default':
    case 'readonly':
      return takesNull(def.innerType!);
    case 'pipe':
      return takesNull(def.in!);
    case 'union':
      return def.options!.some(takesNull);
    case 'literal':
      return def.values!.includes(null);
    default:
      return false;
  }
}
