import { z } from 'zod';
import { type FieldSource, SOURCES_KEY } from '../field-sources.js';

// Zod's own JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses as is). Schemas that carry
// `.meta({ id })` become shared components: zod emits them under `$defs`, and they are hoisted
// into `components.schemas` with the references rewritten to point there. An answer object's
// field sources (`answerObject`) are spread over its properties as `x-source` and `x-source-reason`.

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
    if (key === SOURCES_KEY) continue;
    out[key] = key === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : retarget(v);
  }
  const sources = (value as Record<string, unknown>)[SOURCES_KEY] as Record<string, FieldSource> | undefined;
  if (sources) spreadSources(out, sources);
  return out;
}

/** `x-source` (and `x-source-reason`) on each property; a property without a source, or a stray source, is an error. */
function spreadSources(schema: JsonSchema, sources: Record<string, FieldSource>): void {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(sources)) {
    if (!(name in properties)) throw new Error(`a source is given for ${name}, which the answer does not have`);
  }
  for (const [name, property] of Object.entries(properties)) {
    const source = sources[name];
    if (source === undefined) throw new Error(`the answer field ${name} has no source`);
    if (source === 'spec') property['x-source'] = 'spec';
    else [property['x-source'], property['x-source-reason']] = source;
  }
}
