import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// Checks an answer of the simulator against a committed OpenAPI document (openapi.json for the API,
// admin.json for the control plane), status by status: the status must be documented for the
// operation, the content type one it lists, and the body valid against its schema. Answers to paths
// with no operation must be the API's 404/405, or the control plane's guard refusals and 404.
// Beyond the schema, no field the document types as a Guid (format uuid) may be null, even where
// a schema allowed it: a .NET client binds Guids to a non-nullable value type.

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

type Problems = (method: string, url: string, status: number, contentType: string | null, body: string) => string[];

interface DocumentRules {
  /** The path as the document names it. */
  pathOf(url: string): string;
  /** Whether paths and methods match case-insensitively, as the API routes them. */
  anyCase: boolean;
  /** Statuses a path with no operation may answer, with the schema (a component) of their body. */
  unrouted: { statuses: number[]; schema: string };
}

/** A checker of answers against one committed document, status by status. */
function documentChecker(file: string, rules: DocumentRules): Problems {
  const doc: Json = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../openapi', file), 'utf8'));
  const compiled = new Map<string, ValidateFunction>();
  // Literal segments win over route ids, as in routing: /appointments/setstate is not /appointments/{id}.
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(
        `^${template.replace(/\{[^}]+\}/g, '[^/]+')}${rules.anyCase ? '/?' : ''}$`,
        rules.anyCase ? 'i' : '',
      ),
    }))
    .sort((a, b) => a.params - b.params);

  const deref = (value: Json): Json => {
    if (typeof value?.$ref !== 'string') return value;
    const target = value.$ref
      .replace('#/', '')
      .split('/')
      .reduce((node: Json, key: string) => node?.[key], doc);
    return deref(target);
  };

  const validatorFor = (key: string, schema: Json): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: doc.components });
      compiled.set(key, validate);
    }
    return validate;
  };

  const check = (key: string, where: string, response: Json, contentType: string | null, body: string): string[] => {
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
    const schema = deref(media.schema ?? {});
    const nulls = nullGuidFields(schema, value, deref).map((at) => `${where}: ${at} is a Guid answered as null`);
    const validate = validatorFor(`${key}:${mediaType}`, schema);
    if (validate(value)) return nulls;
    return (validate.errors ?? [])
      .map((e) => `${where}: ${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`)
      .concat(nulls);
  };

  return (method, url, status, contentType, body) => {
    const p = rules.pathOf(url);
    const match = templates.find((t) => t.pattern.test(p));
    const operation: Json | undefined = match ? doc.paths[match.template][method.toLowerCase()] : undefined;
    const where = `${method} ${p} → ${status}`;
    if (!operation) {
      const { statuses, schema } = rules.unrouted;
      if (!statuses.includes(status)) {
        return [`${where}: no operation in ${file}, so only ${statuses.join('/')} are expected`];
      }
      const error = {
        description: '',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      };
      return check(`none:${status}`, where, error, contentType, body);
    }
    const response = operation.responses[String(status)];
    if (!response) return [`${where}: status not documented for ${operation.operationId}`];
    return check(`${operation.operationId}:${status}`, where, deref(response), contentType, body);
  };
}

/** The API path as the document names it: no `/accounts/<name>` prefix, no query. */
export function apiPath(url: string): string {
  const { pathname } = new URL(url);
  return pathname.replace(/^\/accounts\/[^/]+/, '');
}

function isApiPath(url: string): boolean {
  return apiPath(url).toLowerCase().startsWith('/api/');
}

/** The control plane's JSON routes; the console (HTML pages for a browser) is no part of its document. */
const isAdminPath = (url: string): boolean => {
  const { pathname } = new URL(url);
  return /^\/__admin(\/|$)/.test(pathname) && !/^\/__admin\/console(\/|$)/.test(pathname);
};

/** Problems with an API answer, or an empty list when it matches openapi/openapi.json. */
export const responseProblems: Problems = documentChecker('openapi.json', {
  pathOf: apiPath,
  anyCase: true,
  unrouted: { statuses: [404, 405], schema: 'Message' },
});

/**
 * Problems with a control-plane answer, or an empty list when it matches openapi/admin.json. A path
 * with no operation meets the guards (401, 403, 415) before the router's 404.
 */
export const adminResponseProblems: Problems = documentChecker('admin.json', {
  pathOf: (url) => new URL(url).pathname,
  anyCase: false,
  unrouted: { statuses: [401, 403, 404, 415], schema: 'AdminError' },
});

type Deref = (value: Json) => Json;
const options = (s: Json, deref: Deref): Json[] => [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(deref);
const isGuid = (s: Json, deref: Deref): boolean =>
  s.format === 'uuid' || options(s, deref).some((o) => isGuid(o, deref));

/** Paths of the fields of `value` that `schema` types as Guids and that hold null (a bare null answer is no field). */
function nullGuidFields(schema: Json, value: unknown, deref: Deref, at = '', found = new Set<string>()): string[] {
  if (value !== null && typeof value === 'object') {
    for (const option of options(schema, deref)) nullGuidFields(option, value, deref, at, found);
    if (Array.isArray(value)) {
      if (schema.type === 'array') {
        for (const [i, v] of value.entries()) nullGuidFields(deref(schema.items), v, deref, `${at}/${i}`, found);
      }
    } else {
      for (const [key, property] of Object.entries<Json>(schema.properties ?? {})) {
        const field = (value as Json)[key];
        if (field === null && isGuid(deref(property), deref)) found.add(`${at}/${key}`);
        else nullGuidFields(deref(property), field, deref, `${at}/${key}`, found);
      }
    }
  }
  return [...found];
}

/**
 * Throws when an answer of the API or of the control plane does not match its document; other paths
 * (the documents themselves, the docs page, the front page) pass through unchecked.
 */
export async function assertDocumented(
  request: Request | { method: string; url: string },
  response: Response,
): Promise<void> {
  const [problemsOf, file] = isApiPath(request.url)
    ? [responseProblems, 'openapi.json']
    : isAdminPath(request.url)
      ? [adminResponseProblems, 'admin.json']
      : [];
  if (!problemsOf) return;
  // A live stream never ends: its status and media type are checked, its body is not read.
  const streaming = response.headers.get('content-type')?.startsWith('text/event-stream') === true;
  const body = streaming ? '' : await response.clone().text();
  const problems = problemsOf(request.method, request.url, response.status, response.headers.get('content-type'), body);
  if (problems.length > 0) throw new Error(`answer does not match openapi/${file}:\n${problems.join('\n')}`);
}
