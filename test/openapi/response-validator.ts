import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// Checks an answer of the simulator against the committed OpenAPI document, status by status:
// the status must be documented for the operation, the content type one it lists, and the body
// valid against its schema. Answers to paths with no operation must be the documented 404/405.
// Beyond the schema, no field the document types as a Guid (format uuid) may be null, even where
// a schema allowed it: a .NET client binds Guids to a non-nullable value type.

type Json = Record<string, any>;

const doc: Json = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.json'), 'utf8'));
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

// Literal segments win over route ids, as in routing: /appointments/setstate is not /appointments/{id}.
const templates = Object.keys(doc.paths)
  .map((template) => ({
    template,
    params: (template.match(/\{/g) ?? []).length,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`, 'i'),
  }))
  .sort((a, b) => a.params - b.params);

/** The API path as the document names it: no `/accounts/<name>` prefix, no query. */
export function apiPath(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/^\/accounts\/[^/]+/, '');
}

export function isApiPath(url: string): boolean {
  return apiPath(url).toLowerCase().startsWith('/api/');
}

function deref(value: Json): Json {
  if (typeof value?.$ref !== 'string') return value;
  const target = value.$ref
    .replace('#/', '')
    .split('/')
    .reduce((node: Json, key: string) => node?.[key], doc);
  return deref(target);
}

function validatorFor(key: string, schema: Json): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: doc.components });
    compiled.set(key, validate);
  }
  return validate;
}

/** Problems with the answer, or an empty list when it matches the document. */
export function responseProblems(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: string,
): string[] {
  const p = apiPath(url);
  const match = templates.find((t) => t.pattern.test(p));
  const operation: Json | undefined = match ? doc.paths[match.template][method.toLowerCase()] : undefined;
  const where = `${method} ${p} → ${status}`;
  if (!operation) {
    if (status !== 404 && status !== 405)
      return [`${where}: no operation in the document, so only 404/405 are expected`];
    const message = {
      description: '',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } },
    };
    return check(`none:${status}`, where, message, contentType, body);
  }
  const response = operation.responses[String(status)];
  if (!response) return [`${where}: status not documented for ${operation.operationId}`];
  return check(`${operation.operationId}:${status}`, where, deref(response), contentType, body);
}

function check(key: string, where: string, response: Json, contentType: string | null, body: string): string[] {
  const content: Json | undefined = response.content;
  if (!content) return body === '' ? [] : [`${where}: documented without a body, but one was sent`];
  if (body === '' && response['x-empty-body'] === true) return [];
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const media = content[mediaType];
  if (!media) return [`${where}: content type '${contentType}' not documented (${Object.keys(content).join(', ')})`];
  let value: unknown = body;
  if (mediaType === 'application/json') {
    try {
      value = JSON.parse(body);
    } catch {
      return [`${where}: body is not JSON: ${body.slice(0, 200)}`];
    }
  }
  const nulls = nullGuidFields(deref(media.schema ?? {}), value).map(
    (at) => `${where}: ${at} is a Guid answered as null`,
  );
  const validate = validatorFor(`${key}:${mediaType}`, deref(media.schema ?? {}));
  if (validate(value)) return nulls;
  return (validate.errors ?? [])
    .map((e) => `${where}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`)
    .concat(nulls);
}

const options = (s: Json): Json[] => [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(deref);
const isGuid = (s: Json): boolean => s.format === 'uuid' || options(s).some(isGuid);

/** Paths of the fields of `value` that `schema` types as Guids and that hold null (a bare null answer is no field). */
export function nullGuidFields(schema: Json, value: unknown, at = '', found = new Set<string>()): string[] {
  if (value !== null && typeof value === 'object') {
    for (const option of options(schema)) nullGuidFields(option, value, at, found);
    if (Array.isArray(value)) {
      if (schema.type === 'array') {
        for (const [i, v] of value.entries()) nullGuidFields(deref(schema.items), v, `${at}/${i}`, found);
      }
    } else {
      for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) {
        const field = (value as Json)[key];
        if (field === null && isGuid(deref(property))) found.add(`${at}/${key}`);
        else nullGuidFields(deref(property), field, `${at}/${key}`, found);
      }
    }
  }
  return [...found];
}

/** Throws when an API answer does not match the document; other paths pass through unchecked. */
export async function assertDocumented(
  request: Request | { method: string; url: string },
  response: Response,
): Promise<void> {
  if (!isApiPath(request.url)) return;
  const body = await response.clone().text();
  const problems = responseProblems(
    request.method,
    request.url,
    response.status,
    response.headers.get('content-type'),
    body,
  );
  if (problems.length > 0) throw new Error(`answer does not match openapi/openapi.json:\n${problems.join('\n')}`);
}
