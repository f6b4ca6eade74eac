import {
  type OpenAPIObject,
  OpenApiBuilder,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type ResponsesObject,
} from 'openapi3-ts/oas31';
import type { Endpoint, ExampleRequest } from '../http/endpoint.js';
import { parameterObject } from './parameters.js';
import { errorResponses, errorSchemas } from './responses.js';
import { SchemaCollector } from './schemas.js';
import { INFO_DESCRIPTION, TAGS } from './text.js';

export interface Example {
  request: ExampleRequest;
  /** The answer the seeded world gives (arrays cut short), or the declaration's fixed example. */
  response?: unknown;
}

const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });

/** The OpenAPI 3.1 document of the endpoint table: every route, parameter, body and documented answer. */
export function buildDocument(
  table: readonly Endpoint[],
  examples: ReadonlyMap<string, Example> = new Map(),
): OpenAPIObject {
  const schemas = new SchemaCollector();
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    info: {
      title: 'Appointment, Catalogue and Sales Business API',
      version: '2',
      description: INFO_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    paths: {},
  });
  builder.addServer({
    url: 'https://{account}.{host}',
    description: 'The account is the first label of the host; there is no account-id parameter.',
    variables: {
      account: { default: 'demo', description: 'Account name (a DNS label).' },
      host: { default: 'example.com', description: 'Service host.' },
    },
  });
  builder.addSecurityScheme('bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Access token from POST /api/v2/token, valid six months. Store and reuse it.',
  });
  if (table.some((e) => e.auth === 'apiKey')) {
    builder.addSecurityScheme('ServiceApiKey', {
      type: 'apiKey',
      in: 'header',
      name: 'ServiceApiKey',
      description:
        'Version 1 only: an API key issued for the account. The same key is read from a `ChiDeskApiKey` header ' +
        "(the vendor's name for it) when ServiceApiKey is absent or blank. Not accepted on version 2, where a " +
        'bearer token is required.',
    });
  }
  const usedTags = [...new Set(table.map((e) => e.tag))];
  for (const name of usedTags) builder.addTag({ name, description: TAGS[name] ?? name });

  const methodsByPath = new Map<string, Set<string>>();
  for (const e of table) methodsByPath.set(e.path, (methodsByPath.get(e.path) ?? new Set()).add(e.method));

  for (const endpoint of table) {
    const otherMethods = (methodsByPath.get(endpoint.path)?.size ?? 1) > 1;
    const operation = operationOf(endpoint, examples.get(endpoint.operationId), otherMethods, schemas);
    builder.addPath(endpoint.path, { [endpoint.method.toLowerCase()]: operation });
  }

  const doc = builder.getSpec();
  doc.security = [{ bearer: [] }];
  doc.components = {
    ...doc.components,
    schemas: sortKeys({ ...errorSchemas, ...schemas.components }),
    responses: usedResponses(doc),
  };
  return doc;
}

function operationOf(
  endpoint: Endpoint,
  example: Example | undefined,
  otherMethods: boolean,
  schemas: SchemaCollector,
): OperationObject {
  const request = example?.request ?? {};
  const parameters: ParameterObject[] = [
    ...Object.entries(endpoint.route ?? {}).map(([name, p]) => parameterObject(name, p, 'path', request.route?.[name])),
    ...Object.entries(endpoint.query ?? {}).map(([name, p]) =>
      parameterObject(name, p, 'query', request.query?.[name]),
    ),
  ];
  const operation: OperationObject = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    parameters,
    responses: responsesOf(endpoint, example, otherMethods, schemas),
  };
  if (endpoint.description) operation.description = endpoint.description;
  if (endpoint.auth === 'none') operation.security = [];
  if (endpoint.auth === 'apiKey') operation.security = [{ ServiceApiKey: [] }];
  if (endpoint.deprecated) operation.deprecated = true;
  if (endpoint.allowListLine) operation['x-allow-list-line'] = endpoint.allowListLine;
  if (endpoint.body) {
    const content: Record<string, unknown> = { schema: schemas.convert(endpoint.body.schema, 'input') };
    if (request.body !== undefined) content.example = request.body;
    operation.requestBody = {
      description: endpoint.body.description,
      required: endpoint.body.required,
      content: { 'application/json': content },
    };
  }
  if (parameters.length === 0) delete operation.parameters;
  return operation;
}

function responsesOf(
  endpoint: Endpoint,
  example: Example | undefined,
  otherMethods: boolean,
  schemas: SchemaCollector,
): ResponsesObject {
  const spec = endpoint.response;
  const ok: ResponseObject = { description: spec.description };
  if (spec.contentType === 'text') ok.content = { 'text/plain': { schema: { type: 'string' } } };
  else if (spec.contentType !== 'empty' && spec.schema) {
    const media: Record<string, unknown> = { schema: schemas.convert(spec.schema, 'output') };
    if (example?.response !== undefined) media.example = example.response;
    ok.content = { 'application/json': media };
  }
  // OpenAPI cannot say "this content, or no body at all"; the extension says it, and the description in words.
  if (spec.mayBeEmpty) ok['x-empty-body'] = true;

  const responses: ResponsesObject = { '200': ok };
  const hasRequiredNames = Object.values(endpoint.query ?? {}).some((p) => p.required);
  const note = (status: keyof Endpoint['errors'], base: ReferenceObject): ResponseObject | ReferenceObject => {
    const text = endpoint.errors[status];
    if (!text) return base;
    const shared = errorResponses[base.$ref.split('/').pop()!]!;
    return { ...shared, description: `${text} ${shared.description}` };
  };

  if (endpoint.auth === 'none') {
    responses['400'] = responseRef('CredentialBadRequest');
    responses['401'] = responseRef('CredentialUnauthorized');
    responses['500'] = responseRef('CredentialServerError');
  } else {
    if (endpoint.query || endpoint.body || endpoint.errors[400])
      responses['400'] = note(400, responseRef('BadRequest'));
    responses['403'] = responseRef(endpoint.auth === 'apiKey' ? 'V1Forbidden' : 'Forbidden');
    if (endpoint.errors[500]) responses['500'] = note(500, responseRef('ServerError'));
    // Only the client password check answers 401 on a bearer endpoint: an empty body.
    if (endpoint.errors[401]) {
      responses['401'] = { description: endpoint.errors[401], headers: errorResponses.NotFound!.headers };
    }
  }
  responses['404'] = note(404, responseRef('NotFound'));
  if (hasRequiredNames && otherMethods) responses['405'] = responseRef('MethodNotAllowed');
  if (endpoint.errors[409])
    responses['409'] = {
      description: endpoint.errors[409],
      headers: errorResponses.NotFound!.headers,
      content: errorResponses.NotFound!.content,
    };
  if (endpoint.body) responses['413'] = responseRef('PayloadTooLarge');
  if (endpoint.body && !endpoint.body.invalid) responses['415'] = responseRef('UnsupportedMediaType');
  responses['429'] = responseRef(endpoint.auth === 'apiKey' ? 'V1Throttled' : 'Throttled');
  return responses;
}

/** The shared error answers that some operation refers to. */
function usedResponses(doc: OpenAPIObject): Record<string, ResponseObject> {
  const text = JSON.stringify(doc.paths);
  return Object.fromEntries(
    Object.entries(errorResponses).filter(([name]) => text.includes(`"#/components/responses/${name}"`)),
  );
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
