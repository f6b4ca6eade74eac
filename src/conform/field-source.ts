import { readFileSync } from 'node:fs';
import type { SourceKind } from '../field-sources.js';
import { OPENAPI_JSON } from '../openapi/files.js';

// Where the simulator's answer field at a shape path comes from, read from its committed OpenAPI
// document (`x-source` and `x-source-reason` on each property): a difference on an assumed field says
// so, since there the target's answer is the better guide.

export interface FieldSource {
  kind: SourceKind;
  reason?: string;
}

type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Operation = {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** The source of a field of an operation's answer; `path` is a shape path (`Services[].Start`, '' for the body). */
export type SourceLookup = (operation: string, status: number, path: string) => FieldSource | undefined;

/** The lookup over a document; the simulator's own committed document when none is given. */
export function fieldSourceLookup(doc: Document = JSON.parse(readFileSync(OPENAPI_JSON, 'utf8'))): SourceLookup {
  const answers = new Map<string, Schema>();
  for (const operations of Object.values(doc.paths)) {
    for (const op of Object.values(operations)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        if (op.operationId && schema) answers.set(`${op.operationId} ${status}`, schema);
      }
    }
  }
  const schemas = doc.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema[] => {
    const ref = schema.$ref;
    const target = typeof ref === 'string' ? schemas[ref.replace('#/components/schemas/', '')] : undefined;
    const options = [...((schema.anyOf ?? []) as Schema[]), ...((schema.oneOf ?? []) as Schema[])];
    return [schema, ...(target ? resolve(target) : []), ...options.flatMap(resolve)];
  };

  return (operation, status, path) => {
    const root = answers.get(`${operation} ${status}`);
    if (!root || path === '') return undefined;
    let current = resolve(root);
    let field: Schema | undefined;
    for (const step of path.match(/\[\]|[^.[\]]+/g) ?? []) {
      if (step === '[]') {
        current = current.flatMap((s) => (s.items ? resolve(s.items as Schema) : []));
        continue;
      }
      field = undefined;
      for (const s of current) {
        const properties = (s.properties ?? {}) as Record<string, Schema>;
        const name = Object.keys(properties).find((k) => k.toLowerCase() === step.toLowerCase());
        if (name) {
          field = properties[name];
          break;
        }
      }
      if (!field) return undefined;
      current = resolve(field);
    }
    const kind = field?.['x-source'] as SourceKind | undefined;
    if (!kind) return undefined;
    const reason = field?.['x-source-reason'] as string | undefined;
    return reason ? { kind, reason } : { kind };
  };
}

const LABELS: Record<SourceKind, (reason: string | undefined) => string> = {
  spec: () => 'the spec names this field',
  client: (reason) => `known from a real client: ${reason}`,
  vendor: (reason) => `known from the vendor's documentation: ${reason}`,
  convention: (reason) => `an ASP.NET convention: ${reason}`,
  assumed: () => "the simulator assumed this field; your account's answer is the better guide",
};

/** The words a difference on a field of this source ends with. */
export const sourceLabel = (source: FieldSource): string => LABELS[source.kind](source.reason);
