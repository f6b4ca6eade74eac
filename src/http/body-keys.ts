import type { z } from 'zod';

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

function renameKeys(value: Record<string, unknown>, shape: Record<string, z.ZodType>): Record<string, unknown> {
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const canonical = byLower.get(key.toLowerCase());
    if (canonical === undefined) continue; // unknown fields are ignored
    // A later case variant replaces an earlier one, whichever spelling either has.
    if (v === null && !takesNull(shape[canonical]!)) {
      delete out[canonical];
      continue;
    }
    out[canonical] = canonicalKeys(v, shape[canonical]!);
  }
  return out;
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
