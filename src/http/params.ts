import { z } from 'zod';
import { parseDateTime } from '../datetime.js';
import { notValidMessage } from '../errors/model-state.js';
import { EMPTY_GUID } from '../world/common.js';
import { type Enumeration, enumValue } from './enums.js';
import { parseGuid } from './guid.js';

// A query or route parameter declaration. `required` means required-by-name (R): the name must
// be in the URL or no action matches. Optional (O) parameters carry a default instead.
// `schema` describes the parsed value for the OpenAPI document.

/** A parsed value, or why not: `blank` when a value is needed and none was sent (the name was, empty). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; blank?: true };

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
const invalid = (value: string, type: string): Parsed<never> => ({ ok: false, message: notValidMessage(value, type) });
const requiredValue: Parsed<never> = { ok: false, message: 'A value is required.', blank: true };

interface Options<T> {
  description: string;
  /** Optional (O) with this default; omit for required-by-name (R). */
  default?: T;
}

function first(raw: readonly string[] | undefined): string | undefined {
  return raw === undefined ? undefined : (raw[0] ?? '');
}

/**
 * A single-valued parameter. A name left out takes the default (optional parameters only: a
 * required one never reaches parsing); an empty or blank value binds as `blank`; any other text
 * goes through `read`.
 */
function scalar<T>(
  kind: Param<T>['kind'],
  o: {
    description: string;
    required: boolean;
    schema: z.ZodType;
    defaultValue?: T;
    enumeration?: Enumeration;
    blank: Parsed<T>;
    read: (text: string) => Parsed<T>;
  },
): Param<T> {
  const { blank, read, ...declared } = o;
  return {
    kind,
    ...declared,
    parse(raw) {
      const text = first(raw);
      if (text === undefined && !o.required) return ok(o.defaultValue as T);
      return text === undefined || text.trim() === '' ? blank : read(text);
    },
  };
}

function readGuid(text: string): Parsed<string> {
  const id = parseGuid(text);
  return id === undefined ? invalid(text, 'Guid') : ok(id);
}

function readDateTime(text: string): Parsed<number> {
  const ms = parseDateTime(text);
  return ms === undefined ? invalid(text, 'DateTime') : ok(ms);
}

function readBoolean(text: string): Parsed<boolean> {
  const t = text.trim().toLowerCase();
  if (t === 'true') return ok(true);
  if (t === 'false') return ok(false);
  return invalid(text, 'Boolean');
}

/** A filter's "no filter": null for an empty value, and the default when the name may be left out. */
const noFilter = (required: boolean) => ({ defaultValue: required ? undefined : null, blank: ok(null) });

/** A required-by-name Guid. An empty value binds as the empty Guid, as ASP.NET binds it. */
export const guid = (o: { description: string }): Param<string> =>
  scalar('guid', { ...o, required: true, schema: z.guid(), blank: ok(EMPTY_GUID), read: readGuid });

/**
 * A Guid filter: an empty value (or, when optional, no name at all) means "no filter" (null), and
 * so does the empty Guid: ASP.NET binds an empty value and the empty Guid of a non-nullable Guid to
 * the same Guid.Empty, and the optional filters read it as "none" too (docs/decisions.md).
 */
export const guidFilter = (o: { description: string; required: boolean }): Param<string | null> =>
  scalar<string | null>('guid', { ...o, schema: z.guid(), ...noFilter(o.required), read: readGuidFilter });

function readGuidFilter(text: string): Parsed<string | null> {
  const id = readGuid(text);
  return id.ok && id.value === EMPTY_GUID ? ok(null) : id;
}

/**
 * An optional Guid that is a value, not a filter (version 1's record id in the query): left out it
 * is null; an empty value binds as the empty Guid, as a non-nullable Guid does.
 */
export const optionalGuid = (o: { description: string }): Param<string | null> =>
  scalar<string | null>('guid', {
    ...o,
    required: false,
    schema: z.guid(),
    defaultValue: null,
    blank: ok(EMPTY_GUID),
    read: readGuid,
  });

/** A required-by-name DateTime (UTC); its value must be present too. */
export const dateTime = (o: { description: string }): Param<number> =>
  scalar('dateTime', { ...o, required: true, schema: z.string(), blank: requiredValue, read: readDateTime });

/** An optional DateTime filter: no name or an empty value means no filter (null). */
export const optionalDateTime = (o: { description: string }): Param<number | null> =>
  scalar<number | null>('dateTime', {
    ...o,
    required: false,
    schema: z.string(),
    defaultValue: null,
    blank: ok(null),
    read: readDateTime,
  });

/** An optional Boolean with a default; an empty value also takes the default. */
export const boolean = (o: { description: string; default: boolean }): Param<boolean> =>
  scalar('boolean', {
    description: o.description,
    required: false,
    schema: z.boolean(),
    defaultValue: o.default,
    blank: ok(o.default),
    read: readBoolean,
  });

/** A three-way Boolean: true, false, or (empty value, or no name when optional) null for "either". */
export const booleanFilter = (o: { description: string; required: boolean }): Param<boolean | null> =>
  scalar<boolean | null>('boolean', {
    ...o,
    schema: z.boolean(),
    defaultValue: null,
    blank: ok(null),
    read: readBoolean,
  });

/**
 * An enumeration, by name or number. An empty value binds as 0 (ASP.NET's default for an enum),
 * which for ItemStates and ClassTypes is All and matches nothing.
 */
export function enumeration<E extends Enumeration>(e: E, o: Options<E[keyof E]> & { typeName: string }): Param<number> {
  return scalar<number>('enum', {
    description: o.description,
    required: !('default' in o),
    defaultValue: o.default,
    enumeration: e,
    schema: z.union([z.enum(Object.keys(e) as [string, ...string[]]), z.number().int()]),
    blank: ok(0),
    read: (text) => {
      const v = enumValue(e, text);
      return v === undefined ? invalid(text, o.typeName) : ok(v);
    },
  });
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
  return scalar('byte', {
    description: o.description,
    required: !('default' in o),
    defaultValue: o.default,
    schema: z.number().int().min(0).max(255),
    blank: ok(0),
    read: (text) =>
      /^\d+$/.test(text.trim()) && Number(text.trim()) <= 255 ? ok(Number(text.trim())) : invalid(text, 'Byte'),
  });
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
        const id = readGuid(text);
        if (!id.ok) return id;
        ids.push(id.value);
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
    parse: (raw) => readGuid(first(raw) ?? ''),
  };
}
