import {
  type OpenAPIObject,
  OpenApiBuilder,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
} from 'openapi3-ts/oas31';
import type { AdminAnswer, AdminParam, AdminRoute } from '../admin/admin-route.js';
import { AdminError } from '../admin/admin-schemas.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { MAX_JSON_DEPTH } from '../json-depth.js';
import { ADMIN_DESCRIPTION, ADMIN_TAGS } from './admin-text.js';
import { SchemaCollector } from './schemas.js';

// openapi/admin.json: the control plane's declarations as OpenAPI 3.1. Each operation gets its own
// answers, plus those of the guards in front of every /__admin route and of a body's parsing.

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const ref = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/AdminError' } } };

function tooLarge(limit: number): string {
  return `A body larger than ${limit} bytes; the connection is closed after the answer.`;
}

const sharedResponses: Record<string, ResponseObject> = {
  AdminUnauthorized: {
    description:
      'The simulator was given an admin token and the call does not carry it: send `Authorization: Bearer <admin ' +
      'token>`.',
    content: errorContent,
  },
  AdminForbidden: {
    description:
      'Without an admin token, a Host that is not local (127.0.0.0/8, [::1], localhost, *.localhost); for a write, ' +
      "an `Origin` other than the request's own, or `Sec-Fetch-Site: cross-site` or `same-site`.",
    content: errorContent,
  },
  AdminPayloadTooLarge: {
    description: tooLarge(MAX_BODY_BYTES),
    content: errorContent,
  },
  AdminUnsupportedMediaType: {
    description: 'A body sent without `Content-Type: application/json`.',
    content: errorContent,
  },
  AdminMisdirected: {
    description:
      'With `--peers`: the call would create the account, and a peer holds it (a proxy sent the call to the wrong ' +
      "node); nothing is created: `Account '<name>' is held by node '<node>'; this is node '<self>'.`",
    content: errorContent,
  },
};

const BAD_BODY =
  `The body is not JSON, is nested more than ${MAX_JSON_DEPTH} levels deep, or has a field of the wrong shape ` +
  '(named in the message).';

export function buildAdminDocument(table: readonly AdminRoute[]): OpenAPIObject {
  const schemas = new SchemaCollector();
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    info: {
      title: 'Business API Simulator control plane',
      version: '1',
      description: ADMIN_DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    paths: {},
  });
  builder.addServer({ url: 'http://127.0.0.1:4010', description: 'A simulator on its default address.' });
  builder.addSecurityScheme('adminToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The admin token the simulator was started with (`--admin-token` or BUSINESS_API_SIM_ADMIN_TOKEN), required ' +
      'when it binds beyond loopback. Without one, no credential is sent.',
  });
  for (const name of new Set(table.map((r) => r.tag))) {
    builder.addTag({ name, description: ADMIN_TAGS[name] ?? name });
  }
  for (const route of table) {
    builder.addPath(`/__admin${route.path}`, { [route.method.toLowerCase()]: operationOf(route, schemas) });
  }
  const doc = builder.getSpec();
  // The token is needed only when the simulator has one: either scheme, or none.
  doc.security = [{ adminToken: [] }, {}];
  schemas.convert(AdminError, 'output');
  const used = JSON.stringify(doc.paths);
  doc.components = {
    ...doc.components,
    schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
    responses: Object.fromEntries(Object.entries(sharedResponses).filter(([name]) => used.includes(`/${name}"`))),
  };
  return doc;
}

function operationOf(route: AdminRoute, schemas: SchemaCollector): OperationObject {
  const parameters: ParameterObject[] = [
    ...Object.entries(route.route ?? {}).map(([name, p]) => parameter(name, p, 'path', schemas)),
    ...Object.entries(route.query ?? {}).map(([name, p]) => parameter(name, p, 'query', schemas)),
    ...Object.entries(route.headers ?? {}).map(([name, p]) => parameter(name, p, 'header', schemas)),
  ];
  const operation: OperationObject = {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    responses: responsesOf(route, schemas),
  };
  if (route.description) operation.description = route.description;
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.open) operation.security = [];
  if (route.body) {
    const media: Record<string, unknown> = { schema: schemas.convert(route.body.schema, 'input') };
    if (route.body.example !== undefined) media.example = route.body.example;
    operation.requestBody = {
      description: route.body.description,
      required: route.body.required,
      content: { 'application/json': media },
    };
  }
  return operation;
}

function parameter(name: string, p: AdminParam, where: 'path' | 'query' | 'header', schemas: SchemaCollector) {
  return {
    name,
    in: where,
    required: where === 'path',
    description: p.description,
    schema: schemas.convert(p.schema, 'input'),
  };
}

function responsesOf(route: AdminRoute, schemas: SchemaCollector): Record<string, ResponseObject | ReferenceObject> {
  const out: Record<string, ResponseObject | ReferenceObject> = {};
  for (const [status, answer] of Object.entries(route.answers)) out[status] = responseOf(answer, schemas);
  if (route.body) {
    const declared = route.answers[400]?.description;
    out['400'] = { description: declared ? `${declared} ${BAD_BODY}` : BAD_BODY, content: errorContent };
    const limit = route.body.limit;
    out['413'] =
      limit === undefined || limit === MAX_BODY_BYTES
        ? ref('AdminPayloadTooLarge')
        : { description: tooLarge(limit), content: errorContent };
  }
  if (!route.open) {
    out['401'] = ref('AdminUnauthorized');
    out['403'] = ref('AdminForbidden');
  }
  if (WITH_BODY.has(route.method)) out['415'] = ref('AdminUnsupportedMediaType');
  // A write that resolves its named account creates an unknown one: with peers, one a peer holds is refused.
  if (route.method !== 'GET' && route.path.startsWith('/accounts/{name}') && route.resolvesAccount !== false)
    out['421'] = ref('AdminMisdirected');
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

function responseOf(answer: AdminAnswer, schemas: SchemaCollector): ResponseObject {
  const response: ResponseObject = { description: answer.description };
  if (answer.mediaType) response.content = { [answer.mediaType]: { schema: { type: 'string' } } };
  else if (answer.schema)
    response.content = { 'application/json': { schema: schemas.convert(answer.schema, 'output') } };
  if (answer.headers) {
    response.headers = Object.fromEntries(
      Object.entries(answer.headers).map(([name, { description, schema }]) => [
        name,
        { description, schema: schemas.convert(schema, 'output') },
      ]),
    );
  }
  return response;
}
