import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { AccountSnapshot } from '../accounts/snapshot.js';
import { packagePath } from '../package-root.js';
import {
  ENTRY_KEYS,
  type Field,
  fieldTree,
  type Kind,
  loadRecordFields,
  type Resource,
  recordFields,
} from './record-fields.js';
import { RECORD_RESOURCES, RecordEntry, Scenario } from './schemas.js';

// The scenario format as a JSON Schema, committed as scenarios/scenario.schema.json so editors
// complete and check scenario files (`# yaml-language-server: $schema=./scenario.schema.json`).
// A record entry declares its resource's fields, generated from the create endpoint's body schema
// and the stored records' fields (record-fields.ts), and the fields of the objects nested in them
// (line items, appointment services); any other name is refused at any depth, as the loader
// refuses it, and names match in any case, as the loader matches them.

export const SCENARIO_SCHEMA_FILE = packagePath('scenarios', 'scenario.schema.json');

const KIND_SCHEMAS: Record<Kind, z.ZodType> = {
  string: z.string(),
  number: z.number(),
  boolean: z.boolean(),
  array: z.array(z.unknown()),
  object: z.record(z.string(), z.unknown()),
};

/** One field's schema for editors: the create body's, else one of the stored kinds; nested fields declared alike. */
function fieldForEditors(field: Field): z.ZodType {
  if (field.fields) {
    const objects = objectForEditors(field.fields, []);
    const nested = field.list ? z.array(objects) : objects;
    // A body field taking null keeps doing so; a stored-only one may hold null, as stored records do.
    return !field.body || field.body.safeParse(null).success ? nested.nullable() : nested;
  }
  const kinds = [...field.kinds];
  const fallback = kinds.length === 0 ? z.unknown() : z.union([...kinds.map((k) => KIND_SCHEMAS[k]), z.null()]);
  return field.body ?? fallback;
}

/** The names each object schema built here admits (in any case), set as its propertyNames when written out. */
const admitted = new WeakMap<z.core.$ZodType, string>();

/** An object of the given fields, none required (an entry that changes a record names a few). */
function objectForEditors(fields: ReadonlyMap<string, Field>, own: readonly string[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of fields) shape[name] = fieldForEditors(field).optional();
  const object = z.object(shape);
  admitted.set(object, namesPattern([...fields.keys()], own));
  return object;
}

/** The entry of one resource for editors: its fields, nested ones too, and the scenario's own keys. */
function entryForEditors(resource: Resource) {
  const entry = objectForEditors(fieldTree(resource), ENTRY_KEYS)
    .extend(RecordEntry.shape)
    .describe(RecordEntry.description ?? '');
  admitted.set(entry, namesPattern(recordFields(resource), ENTRY_KEYS));
  return entry;
}

/**
 * A pattern admitting the record fields in any case (JSON Schema patterns have no case-insensitive
 * flag) and the scenario's own keys as they are spelt.
 */
function namesPattern(fields: readonly string[], own: readonly string[]): string {
  const literal = (c: string) => (/\w/.test(c) ? c : `\\${c}`);
  const anyCase = (name: string) =>
    [...name]
      .map((c) => {
        const [lower, upper] = [c.toLowerCase(), c.toUpperCase()];
        return lower === upper ? literal(c) : `[${upper}${lower}]`;
      })
      .join('');
  const exact = (name: string) => [...name].map(literal).join('');
  return `^(?:${[...fields.map(anyCase), ...own.map(exact)].join('|')})$`;
}

export async function scenarioJsonSchema(): Promise<string> {
  await loadRecordFields();
  const forEditors = Scenario.extend({
    records: Scenario.shape.records
      .unwrap()
      .extend(Object.fromEntries(RECORD_RESOURCES.map((r) => [r, z.array(entryForEditors(r)).optional()])))
      .optional()
      .describe(Scenario.shape.records.description ?? ''),
  }).meta({ title: 'Business API simulator scenario' });
  const options = {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    // In place of additionalProperties false, which would refuse a name in another case the loader accepts.
    override: ({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }) => {
      const pattern = admitted.get(zodSchema);
      if (pattern !== undefined) jsonSchema.propertyNames = { pattern };
    },
  } as const;
  const { $schema, title, definitions, ...scenario } = z.toJSONSchema(forEditors, options) as unknown as {
    $schema: string;
    title: string;
    definitions?: Record<string, unknown>;
  };
  const {
    $schema: _,
    definitions: snapshotDefinitions,
    ...snapshot
  } = z.toJSONSchema(snapshotForEditors(), options) as unknown as {
    $schema: string;
    definitions?: Record<string, unknown>;
  };
  // A document naming a format is a snapshot, anything else a scenario: each is checked as what it is, so an
  // editor reports a scenario's mistakes against the scenario format alone.
  const schema = {
    $schema,
    title,
    if: { type: 'object', required: ['format'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, written out at once, never awaited.
    then: snapshot,
    else: scenario,
    definitions: { ...definitions, ...snapshotDefinitions },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/**
 * An account snapshot, as `GET /__admin/accounts/{name}/snapshot` answers it, taken where a scenario is: its
 * own fields, a description and the editor hint, nothing else (scenario fields beside a snapshot are refused).
 */
function snapshotForEditors() {
  return AccountSnapshot.extend({
    $schema: Scenario.shape.$schema,
    description: Scenario.shape.description.optional(),
  })
    .strict()
    .describe('An account snapshot: the account becomes its state, as a restore makes it.');
}

export async function writeScenarioSchema(): Promise<void> {
  await writeFile(SCENARIO_SCHEMA_FILE, await scenarioJsonSchema());
  console.log(`wrote ${SCENARIO_SCHEMA_FILE}`);
}
