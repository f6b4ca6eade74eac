import { z } from 'zod';
import { parseDateTime } from '../datetime.js';
import { EMPTY_GUID } from '../world/common.js';
import { type Enumeration, enumValue } from './enums.js';
import { parseGuid } from './guid.js';

// A query or route parameter declaration. `required` means required-by-name (R): the name must
// be in the URL or no action matches. Optional (O) parameters carry a default instead.
// `schema` describes the parsed value for the OpenAPI document.

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export interface Param<T> {
  readonly kind: 'guid' | 'dateTime' | 'boolean' | 'enum' | 'string' | 'guidArray' | 'byte';
  readonly required: boolean;
  readonly description: string;
  readonly defaultValue?: unknown;
  readonly enumeration?: Enumeration;
  readonly schema: z.ZodType;
  /** `raw` holds every value sent under the name (case-insensitive), undefined when absent. */
  parse(raw: readonly string[] | undefined): Parsed<T>;
}

export type Params = Record<string, Param<unknown>>;
export type ParamValues<P extends Params | undefined> = P extends Params
  ? { [K in keyof P]: P[K] extends Param<infer T> ? T : never }
  : Record<string, never>;

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const invalid = (value: string, type: string): Parsed<never> => ({
  ok: false,
  message: `The value '${value}' is not valid for ${type}.`,
});
const requiredValue: Parsed<never> = { ok: false, message: 'A value is required.' };

interface Options<T> {
  description: string;
  /** Optional (O) with this default; omit for required-by-name (R). */
  default?: T;
}

function first(raw: readonly string[] | undefined): string | undefined {
  return raw === undefined ? undefined : (raw[0] ?? '');
}

/** A required-by-name Guid. An empty value binds as the empty Guid, as ASP.NET binds it. */
export function guid(o: { description: string }): Param<string> {
  return {
    kind: 'guid',
    required: true,
    description: o.description,
    schema: z.guid(),
    parse(raw) {
      const text = first(raw) ?? '';
      if (text.trim() === '') return ok(EMPTY_GUID);
      const id = parseGuid(text);
      return id === undefined ? invalid(text, 'Guid') : ok(id);
    },
  };
}

/** A Guid filter: an empty value (or, when optional, no name at all) means "no filter" (null). */
export function guidFilter(o: { description: string; required: boolean }): Param<string | null> {
  return {
    kind: 'guid',
    required: o.required,
    description: o.description,
    defaultValue: o.required ? undefined : null,
    schema: z.guid(),
    parse(raw) {
      const text = first(raw) ?? '';
      if (text.trim() === '') return ok(null);
      const id = parseGuid(text);
      return id === undefined ? invalid(text, 'Guid') : ok(id);
    },
  };
}

function parseDate(text: string): Parsed<number> {
  const ms = parseDateTime(text);
  return ms === undefined ? invalid(text, 'DateTime') : ok(ms);
}

/** A required-by-name DateTime (UTC); its value must be present too. */
export function dateTime(o: { description: string }): Param<number> {
  return {
    kind: 'dateTime',
    required: true,
    description: o.description,
    schema: z.string(),
    parse(raw) {
      const text = first(raw) ?? '';
      return text.trim() === '' ? requiredValue : parseDate(text);
    },
  };
}

/** An optional DateTime filter: no name or an empty value means no filter (null). */
export function optionalDateTime(o: { description: string }): Param<number | null> {
  return {
    kind: 'dateTime',
    required: false,
    description: o.description,
    defaultValue: null,
    schema: z.string(),
    parse(raw) {
      const text = first(raw) ?? '';
      return text.trim() === '' ? ok(null) : parseDate(text);
    },
  };
}

function parseBoolean(text: string): Parsed<boolean> {
  const t = text.trim().toLowerCase();
  if (t === 'true') return ok(true);
  if (t === 'false') return ok(false);
  return invalid(text, 'Boolean');
}

/** An optional Boolean with a default; an empty value also takes the default. */
export function boolean(o: { description: string; default: boolean }): Param<boolean> {
  return {
    kind: 'boolean',
    required: false,
    description: o.description,
    defaultValue: o.default,
    schema: z.boolean(),
    parse(raw) {
      const text = first(raw);
      return text === undefined || text.trim() === '' ? ok(o.default) : parseBoolean(text);
    },
  };
}

/** A three-way Boolean: true, false, or (empty value, or no name when optional) null for "either". */
export function booleanFilter(o: { description: string; required: boolean }): Param<boolean | null> {
  return {
    kind: 'boolean',
    required: o.required,
    description: o.description,
    defaultValue: o.required ? undefined : null,
    schema: z.boolean(),
    parse(raw) {
      const text = first(raw) ?? '';
      return text.trim() === '' ? ok(null) : parseBoolean(text);
    },
  };
}

/**
 * An enumeration, by name or number. An empty value binds as 0 (ASP.NET's default for an enum),
 * which for ItemStates and ClassTypes is All and matches nothing.
 */
export function enumeration<E extends Enumeration>(e: E, o: Options<E[keyof E]> & { typeName: string }): Param<number> {
  const required = !('default' in o);
  return {
    kind: 'enum',
    required,
    description: o.description,
    defaultValue: o.default,
    enumeration: e,
    schema: z.union([z.enum(Object.keys(e) as [string, ...string[]]), z.number().int()]),
    parse(raw) {
      const text = first(raw);
      if (text === undefined) return ok(o.default ?? 0);
      if (text.trim() === '') return ok(0);
      const v = enumValue(e, text);
      return v === undefined ? invalid(text, o.typeName) : ok(v);
    },
  };
}

/** Free text; an empty value is the empty string (no filter where the parameter is a search). */
export function string(o: Options<string>): Param<string> {
  const required = !('default' in o);
  return {
    kind: 'string',
    required,
    description: o.description,
    defaultValue: o.default,
    schema: z.string(),
    parse(raw) {
      const text = first(raw);
      return ok(text ?? o.default ?? '');
    },
  };
}

/** A Byte (0–255). */
export function byte(o: Options<number>): Param<number> {
  const required = !('default' in o);
  return {
    kind: 'byte',
    required,
    description: o.description,
    defaultValue: o.default,
    schema: z.number().int().min(0).max(255),
    parse(raw) {
      const text = first(raw);
      if (text === undefined) return ok(o.default ?? 0);
      if (text.trim() === '') return ok(0);
      const n = Number(text.trim());
      return /^\d+$/.test(text.trim()) && n <= 255 ? ok(n) : invalid(text, 'Byte');
    },
  };
}

/**
 * A Guid array: the name repeats once per value (or `name[0]`, `name[1]`…). Arrays take no part
 * in the required-by-name rule: none sent, or one empty value, is an empty array.
 */
export function guidArray(o: { description: string }): Param<string[]> {
  return {
    kind: 'guidArray',
    required: false,
    description: o.description,
    defaultValue: [],
    schema: z.array(z.guid()),
    parse(raw) {
      const ids: string[] = [];
      for (const text of raw ?? []) {
        if (text.trim() === '') continue;
        const id = parseGuid(text);
        if (id === undefined) return invalid(text, 'Guid');
        ids.push(id);
      }
      return ok(ids);
    },
  };
}

/** A Guid in the route. Malformed ids never reach parsing: the route does not match (404). */
export function routeGuid(description: string): Param<string> {
  return {
    kind: 'guid',
    required: true,
    description,
    schema: z.guid(),
    parse(raw) {
      const id = parseGuid(first(raw) ?? '');
      return id === undefined ? invalid(first(raw) ?? '', 'Guid') : ok(id);
    },
  };
}
