import type { z } from 'zod';
import { runInSlices } from '../accounts/slices.js';
import { COLLECTIONS, type Collection, RECORD_KEYS } from '../accounts/worlds.js';
import { endpoints } from '../endpoints.js';
import { endpointNamed } from '../http/invoke.js';
import type { World } from '../world/index.js';
import { closest } from './closest.js';
import type { RECORD_RESOURCES } from './schemas.js';

// The fields a scenario's record entry may have, by resource: the fields of the resource's create
// endpoint body (a created record) and the fields its stored records have (a changed record, by the
// generator's shapes, as accounts/record-schema.ts checks stored records), plus `$query` and
// `$password`. Fields of objects nested in a record (a document's line items, an appointment's
// services and their employees) are known alike, from the same two sources. Names match
// case-insensitively, as the API's body names do; a name no field has, at any depth, is refused
// when the scenario is loaded, with the closest field named.

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
let shapes: Map<Collection, Map<string, Field>> | undefined;
let loading: Promise<void> | undefined;

/**
 * A field of a record, or of an object nested in one: the create body's schema of it (when the
 * create endpoint takes it), the JSON kinds stored records hold there, and, for a field holding an
 * object or an array of objects, the fields those objects may have (by the same two sources).
 */
export interface Field {
  readonly body?: z.ZodType;
  readonly kinds: Set<Kind>;
  /** Whether the objects are the items of an array (else the field holds one object). */
  list?: boolean;
  fields?: Map<string, Field>;
}

/** Makes the stored records' fields known; every function below but `createFields` needs it first. */
export function loadRecordFields(): Promise<void> {
  loading ??= (async () => {
    const { generateWorldInSlices } = await import('../world/index.js');
    shapes = shapesOf(await generateWorldInSlices({ seed: 0, size: 'small', today: '2026-01-01' }, runInSlices));
  })();
  return loading;
}

/** The fields stored records of the resource have, nested ones below them; the id field alone for webhooks. */
export function storedFields(resource: Resource): ReadonlyMap<string, Field> {
  if (resource === 'webhooks') return new Map([[ID_FIELDS.webhooks, { kinds: new Set<Kind>(['string']) }]]);
  if (!shapes) throw new Error('the record fields are not loaded yet (loadRecordFields)');
  return shapes.get(resource) ?? new Map();
}

function shapesOf(world: World): Map<Collection, Map<string, Field>> {
  const out = new Map<Collection, Map<string, Field>>();
  for (const key of COLLECTIONS) {
    const shape = new Map<string, Field>();
    for (const row of world[key] as readonly object[]) addStored(shape, row);
    out.set(key, shape);
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addStored(shape: Map<string, Field>, row: object): void {
  for (const [name, value] of Object.entries(row)) {
    let field = shape.get(name);
    if (!field) shape.set(name, (field = { kinds: new Set() }));
    if (value === null || value === undefined) continue;
    field.kinds.add(Array.isArray(value) ? 'array' : (typeof value as Kind));
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isObject(item)) continue;
      field.list = Array.isArray(value);
      addStored((field.fields ??= new Map()), item);
    }
  }
}

/** The object (or array of objects) a body field's schema takes, through optional, nullable, default and pipes. */
function nestedShape(type: z.ZodType): { list: boolean; shape: Record<string, z.ZodType> } | undefined {
  let list = false;
  let at: z.core.$ZodType = type;
  for (;;) {
    const def = at._zod.def;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        at = (def as z.core.$ZodOptionalDef).innerType;
        break;
      case 'pipe':
        at = (def as z.core.$ZodPipeDef).in;
        break;
      case 'array':
        if (list) return undefined;
        list = true;
        at = (def as z.core.$ZodArrayDef).element;
        break;
      case 'object':
        return { list, shape: (def as z.core.$ZodObjectDef).shape as Record<string, z.ZodType> };
      default:
        return undefined;
    }
  }
}

function bodyFields(shape: Readonly<Record<string, z.ZodType>>): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const [name, body] of Object.entries(shape)) {
    const nested = nestedShape(body);
    out.set(name, { body, kinds: new Set(), ...(nested && { list: nested.list, fields: bodyFields(nested.shape) }) });
  }
  return out;
}

/** The fields of `first` then those only `then` has, nested fields merged alike (a copy: neither is changed). */
function merged(first: ReadonlyMap<string, Field>, then: ReadonlyMap<string, Field>): Map<string, Field> {
  const out = new Map<string, Field>();
  for (const [name, field] of [...first, ...then]) {
    const known = out.get(name);
    const fields = known?.fields && field.fields ? merged(known.fields, field.fields) : (known?.fields ?? field.fields);
    out.set(name, {
      body: known?.body ?? field.body,
      kinds: new Set([...(known?.kinds ?? []), ...field.kinds]),
      list: known?.fields ? known.list : field.list,
      fields: fields && new Map(fields),
    });
  }
  return out;
}

const trees = new Map<Resource, ReadonlyMap<string, Field>>();

/**
 * Every field an entry of the resource may have, as the API spells it (id field, create body, then
 * stored only), with the fields of the objects nested in them.
 */
export function fieldTree(resource: Resource): ReadonlyMap<string, Field> {
  let tree = trees.get(resource);
  if (!tree) {
    const id = new Map<string, Field>([[ID_FIELDS[resource], { kinds: new Set() }]]);
    tree = merged(merged(id, bodyFields(createFields(resource) ?? {})), storedFields(resource));
    trees.set(resource, tree);
  }
  return tree;
}

/** Every field an entry of the resource may have, as the API spells it: create body first, then stored only. */
export function recordFields(resource: Resource): string[] {
  return [...fieldTree(resource).keys()];
}

/** A name no field has, at its path in the entry, with the known names there and the closest one. */
export interface UnknownField {
  /** From the entry, as written: `AccountingDocumentLineItems`, 0, `Quantiy`. */
  path: (string | number)[];
  field: string;
  /** The known names where it is (record fields, or the fields of the nested object). */
  known: string[];
  closest?: string;
}

/**
 * The entry with its field names spelt as the API spells them, nested ones too, or the names no
 * field has, each with the closest known field (case-insensitive edit distance) when one is close.
 */
export function canonicalEntry(
  resource: Resource,
  entry: Record<string, unknown>,
): { entry: Record<string, unknown> } | { unknown: UnknownField[] } {
  const unknown: UnknownField[] = [];
  const out = canonicalObject(fieldTree(resource), entry, [], ENTRY_KEYS, unknown);
  return unknown.length > 0 ? { unknown } : { entry: out };
}

function canonicalObject(
  fields: ReadonlyMap<string, Field>,
  value: Record<string, unknown>,
  at: (string | number)[],
  own: readonly string[],
  unknown: UnknownField[],
): Record<string, unknown> {
  const byLower = lowerNames(fields);
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    // The scenario's own keys are checked by the scenario schema under their exact names.
    const name = own.includes(field) ? field : byLower.get(field.toLowerCase());
    if (name === undefined) {
      const known = [...fields.keys()];
      unknown.push({ path: [...at, field], field, known, closest: closest(field, [...own, ...known]) });
      continue;
    }
    // Names that differ only by case are one field, the last one written winning (as in an API body).
    delete out[name];
    const nested = fields.get(name)?.fields;
    out[name] = nested ? canonicalNested(nested, item, [...at, field], unknown) : item;
  }
  return out;
}

/** A nested object, or each object of an array, checked alike; any other value is left to the API. */
function canonicalNested(
  fields: ReadonlyMap<string, Field>,
  value: unknown,
  at: (string | number)[],
  unknown: UnknownField[],
): unknown {
  if (isObject(value)) return canonicalObject(fields, value, at, [], unknown);
  if (!Array.isArray(value)) return value;
  return value.map((item, i) => (isObject(item) ? canonicalObject(fields, item, [...at, i], [], unknown) : item));
}

const lowered = new WeakMap<ReadonlyMap<string, Field>, Map<string, string>>();

function lowerNames(fields: ReadonlyMap<string, Field>): Map<string, string> {
  let byLower = lowered.get(fields);
  if (!byLower) lowered.set(fields, (byLower = new Map([...fields.keys()].map((f) => [f.toLowerCase(), f]))));
  return byLower;
}

/**
 * The paths of the entry's fields (nested ones too) that the resource's create body does not take:
 * stored fields, which only a changed record can have. Names are the API's (a canonical entry).
 */
export function fieldsNotCreated(resource: Resource, entry: Record<string, unknown>): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (fields: ReadonlyMap<string, Field>, value: Record<string, unknown>, at: (string | number)[]) => {
    for (const [name, item] of Object.entries(value)) {
      const field = fields.get(name);
      if (!field?.body) out.push([...at, name]);
      else if (field.fields && isObject(item)) walk(field.fields, item, [...at, name]);
      else if (field.fields && Array.isArray(item))
        for (const [i, one] of item.entries()) if (isObject(one)) walk(field.fields!, one, [...at, name, i]);
    }
  };
  const { $query: _query, $password: _password, [ID_FIELDS[resource]]: _id, ...fields } = entry;
  walk(fieldTree(resource), fields, []);
  return out;
}
