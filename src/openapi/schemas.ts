import { z } from 'zod';

// Zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses as is). Schemas that carry
// `.meta({ id })` become shared components: zod emits them under `$defs`, and they are hoisted
// into `components.schemas` with the references rewritten to point there.

export type JsonSchema = Record<string, unknown>;

export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** The JSON Schema of `schema` for a request (`input`) or a response (`output`). */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { $schema: _, $defs, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      // Request and response forms of one schema differ only in strictness; keep the response form.
      if (io === 'output' || !(id in this.components)) this.components[id] = retarget(def) as JsonSchema;
    }
    return retarget(root) as JsonSchema;
  }
}

// Zod bounds every integer by the safe-integer range; that says nothing to a client, so it is left out.
const SAFE_BOUND = Number.MAX_SAFE_INTEGER;

function retarget(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(retarget);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(v as number) === SAFE_BOUND) continue;
    out[key] = key === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : retarget(v);
  }
  return out;
}
