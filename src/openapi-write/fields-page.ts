import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { SOURCE_KINDS, type SourceKind } from '../field-sources.js';

// docs/fields.md: every answer type of the document, its fields and where each comes from, made from
// the `x-source` and `x-source-reason` of the document's properties (`npm run openapi` writes it).

type Schema = Record<string, unknown>;

/** An answer type: a shared component an answer refers to, or an answer object written in place. */
export interface AnswerType {
  name: string;
  schema: Schema;
}

const KIND_WORDS: Record<SourceKind, string> = {
  spec: "the spec's own words name the field",
  client: 'a real client of the service reads or sends it',
  vendor: "the vendor's own documentation names it",
  convention: 'a convention of the ASP.NET Web API service it is',
  assumed: 'none of the above: a plausible choice, kept consistent; an account of the real service is the better guide',
};

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/** Every object an answer of the document can hold, by name: components by their own, others by where they stand. */
export function answerTypes(doc: OpenAPIObject): AnswerType[] {
  const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const found = new Map<string, Schema>();
  const visit = (schema: unknown, place: string): void => {
    if (Array.isArray(schema)) {
      for (const s of schema) visit(s, place);
      return;
    }
    if (schema === null || typeof schema !== 'object') return;
    const s = schema as Schema;
    if (typeof s.$ref === 'string') {
      const name = refName(s.$ref);
      if (!found.has(name) && components[name]) {
        found.set(name, components[name]);
        visit(components[name], name);
      }
      return;
    }
    if (s.properties && !found.has(place)) found.set(place, s);
    for (const [key, value] of Object.entries(s)) {
      if (key === 'properties') {
        for (const [field, property] of Object.entries(value as Record<string, unknown>)) {
          visit(property, `${place}.${field}`);
        }
      } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf') visit(value, place);
    }
  };
  const responses = [
    ...Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string; responses?: Record<string, unknown> }>).flatMap(
        (op) => Object.entries(op.responses ?? {}).map(([status, r]) => [`${op.operationId} ${status}`, r] as const),
      ),
    ),
    ...Object.entries(doc.components?.responses ?? {}),
  ];
  for (const [place, response] of responses) {
    for (const media of Object.values((response as { content?: Record<string, { schema?: unknown }> }).content ?? {})) {
      visit(media.schema, place);
    }
  }
  return [...found].map(([name, schema]) => ({ name, schema })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A property's type in words: Guid, DateTime, array of X, a component's name. */
function typeOf(property: Schema): string {
  if (typeof property.$ref === 'string') return refName(property.$ref);
  const options = (property.anyOf ?? property.oneOf) as Schema[] | undefined;
  if (options) return options.map(typeOf).join(' or ');
  if (property.type === 'array') return `array of ${typeOf((property.items ?? {}) as Schema)}`;
  if (property.format === 'uuid') return 'Guid';
  if (property.type === 'string' && String(property.description ?? '').includes('yyyy-MM-dd HH:mm')) return 'DateTime';
  if (Array.isArray(property.type)) return property.type.join(' or ');
  return String(property.type ?? 'any');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function fieldsPage(doc: OpenAPIObject): string {
  const types = answerTypes(doc);
  const totals = new Map<SourceKind, number>(SOURCE_KINDS.map((k) => [k, 0]));
  const sections = types.map(({ name, schema }) => {
    const rows = Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([field, property]) => {
      const kind = property['x-source'] as SourceKind;
      totals.set(kind, (totals.get(kind) ?? 0) + 1);
      const reason = (property['x-source-reason'] as string | undefined) ?? '';
      return `| ${field} | ${cell(typeOf(property))} | ${kind} | ${cell(reason)} |`;
    });
    return [`### ${name}`, '', '| Field | Type | Source | Why |', '| --- | --- | --- | --- |', ...rows].join('\n');
  });
  const kinds = SOURCE_KINDS.map((k) => `- \`${k}\` (${totals.get(k)} fields): ${KIND_WORDS[k]}.`);
  return `${[
    '# Answer fields and where they come from',
    '',
    'Generated from openapi/openapi.json by `npm run openapi`; do not edit by hand. The spec names many answer',
    'types without their fields; every field the simulator answers has one of these sources, shown in the',
    'OpenAPI document as `x-source` (with `x-source-reason` where it is not `spec`) on each property:',
    '',
    ...kinds,
    '',
    'Build against `spec` fields with confidence. Where a field is `assumed`, check it against an account of the',
    'real service (`business-api-sim conform` labels differences on such fields). Answer types are listed by',
    'their component name, or by the operation and status whose answer holds them.',
    '',
    '## Answer types',
    '',
    sections.join('\n\n'),
  ].join('\n')}\n`;
}
