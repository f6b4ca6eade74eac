import type { z } from 'zod';
import { EMPTY_GUID } from '../world/common.js';

// The service types its ids `Guid`, a value type: a .NET client binds them to non-nullable Guids,
// and "no value" is the empty Guid. Records here keep `null` for "none" (the domain reads better
// that way), so every answer passes through the fixer its schema compiles to: a null wherever the
// schema says a non-nullable Guid is answered as the empty Guid. Nullable Guids (the bare `null`
// of emailexists) are left alone.

/** Copies `value` with the empty Guid for null where the schema types a Guid; the same value when nothing changes. */
export type GuidFixer = (value: unknown) => unknown;

interface Def {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fixer of an answer schema; undefined when the schema has no Guid that could be null. */
export function emptyGuidFixer(schema: z.ZodType): GuidFixer | undefined {
  return compile(schema, new Set());
}

function compile(schema: z.ZodType, seen: Set<z.ZodType>): GuidFixer | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return def.format === 'guid' || def.format === 'uuid' ? guid : undefined;
    case 'nullable': {
      // null stays null; a value inside is fixed as the inner schema says (an object's own Guids).
      const inner = defOf(def.innerType!).type === 'string' ? undefined : compile(def.innerType!, seen);
      return inner && ((v) => (v === null ? v : inner(v)));
    }
    case 'optional':
    case 'default':
    case 'readonly':
      return compile(def.innerType!, seen);
    case 'pipe':
      // A transform's output is not described; its input is.
      return compile(defOf(def.out!).type === 'transform' ? def.in! : def.out!, seen);
    case 'lazy':
      if (seen.has(schema)) return undefined;
      seen.add(schema);
      return compile(def.getter!(), seen);
    case 'array': {
      const item = compile(def.element!, seen);
      return item && ((v) => (Array.isArray(v) ? mapChanged(v, item) : v));
    }
    case 'object':
      return objectFixer(def.shape!, seen);
    case 'union': {
      // The answers' unions tell their options apart by kind: a list or one record.
      const options = def.options!.map((o) => ({ array: isArray(o), fix: compile(o, seen) }));
      if (options.every((o) => !o.fix)) return undefined;
      return (v) => options.find((o) => o.array === Array.isArray(v))?.fix?.(v) ?? v;
    }
    default:
      return undefined;
  }
}

const guid: GuidFixer = (v) => (v === null ? EMPTY_GUID : v);

function isArray(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'array') return true;
  return (def.type === 'nullable' || def.type === 'optional') && isArray(def.innerType!);
}

function objectFixer(shape: Record<string, z.ZodType>, seen: Set<z.ZodType>): GuidFixer | undefined {
  const fields = Object.entries(shape).flatMap(([key, s]) => {
    const fix = compile(s, seen);
    return fix ? [{ key, fix }] : [];
  });
  if (fields.length === 0) return undefined;
  return (v) => {
    if (v === null || typeof v !== 'object') return v;
    const record = v as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const { key, fix } of fields) {
      // A field the answer leaves out stays out; only a present null is a Guid with no value.
      if (!(key in record)) continue;
      const fixed = fix(record[key]);
      if (fixed !== record[key]) (copy ??= { ...record })[key] = fixed;
    }
    return copy ?? v;
  };
}

function mapChanged(items: unknown[], fix: GuidFixer): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const fixed = fix(items[i]);
    if (fixed !== items[i]) (copy ??= items.slice())[i] = fixed;
  }
  return copy ?? items;
}
