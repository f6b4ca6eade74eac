import type { ResponseObject, SchemaObject } from 'openapi3-ts/oas31';
import { type ThrottleRule, V1_THROTTLE, V2_THROTTLE } from '../accounts/throttle.js';
import { BODY_TOO_LARGE, FORBIDDEN_BODIES, THROTTLED_MESSAGE } from '../errors/errors.js';
import { MAX_BODY_BYTES } from '../http/body.js';

const RULE_HEADER_NAME = 'X-Business-Api-Sim-Rule';

// The error answers every endpoint shares, as reusable components; the bodies come from the same
// constants the simulator answers with.

export const errorSchemas: Record<string, SchemaObject> = {
  Message: {
    type: 'object',
    properties: {
      Message: {
        type: 'string',
        'x-source': 'convention',
        'x-source-reason': "Web API's error object carries its text in Message.",
      },
    },
    required: ['Message'],
    additionalProperties: false,
    description: 'A documented rule refused the request, or no action matched it.',
  },
  ModelState: {
    type: 'object',
    properties: {
      Message: {
        type: 'string',
        const: 'The request is invalid.',
        'x-source': 'convention',
        'x-source-reason': "Web API's answer to an invalid model begins with this Message.",
      },
      ModelState: {
        type: 'object',
        additionalProperties: { type: 'array', items: { type: 'string' } },
        description:
          'Messages by field: a query parameter name, a body field path (`Items[0].Start`), or `body`. Messages ' +
          'are in the account language: match on the field, not the text.',
        'x-source': 'convention',
        'x-source-reason': "Web API's ModelState: the messages of an invalid model by field.",
      },
    },
    required: ['Message', 'ModelState'],
    additionalProperties: false,
  },
  CredentialError: {
    type: 'object',
    properties: {
      error: { type: 'string', enum: ['invalid_request', 'invalid_client', 'server_error'], 'x-source': 'spec' },
    },
    required: ['error'],
    additionalProperties: false,
  },
};

const throttled = (rule: ThrottleRule): ResponseObject => ({
  description:
    `More than ${rule.limit} requests in one second to this endpoint ` +
    `from this address: the endpoint is locked out for this caller for ` +
    `${rule.lockoutMs / 1000} seconds, and every call in that time is ` +
    `refused at once. The body is a JSON string.`,
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds left in the lockout.' } },
  content: json({ type: 'string', const: THROTTLED_MESSAGE }, THROTTLED_MESSAGE),
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: SchemaObject | { $ref: string }, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
});

export const errorResponses: Record<string, ResponseObject> = {
  BadRequest: {
    description:
      'Validation failure (model state naming the field) or a documented rule refused the request (`{"Message": ' +
      '"..."}`, e.g. a date range over the limit or `Record does not exist.`).',
    content: json({ oneOf: [ref('ModelState'), ref('Message')] }),
  },
  Forbidden: {
    description:
      'Authorization failure: plain text `Unauthorized` plus a fixed reason. No WWW-Authenticate header. Not a ' +
      'JSON body.',
    content: {
      'text/plain': {
        schema: { type: 'string', enum: Object.values(FORBIDDEN_BODIES) },
        example: FORBIDDEN_BODIES.noBearer,
      },
    },
  },
  NotFound: {
    description:
      'No action matched: a query parameter required by name is missing from the URL (on a path with only this ' +
      'action), or a route id is not a well-formed Guid. Also the answer for an account that does not exist.',
    content: json(ref('Message')),
  },
  MethodNotAllowed: {
    description:
      'A query parameter required by name is missing from the URL, on a path that also serves another method. ' +
      'Same meaning as the 404.',
    headers: {
      Allow: {
        schema: { type: 'string' },
        description:
          "The methods the request as sent could reach: the path's other methods whose required names it carries " +
          '(may be empty).',
      },
    },
    content: json(ref('Message')),
  },
  Throttled: throttled(V2_THROTTLE),
  V1Forbidden: {
    description:
      'Version 1: the ServiceApiKey header (or ChiDeskApiKey) is missing, empty, or holds no active API key of ' +
      'the account (a bearer token is not accepted): `Unauthorized`; the key is limited to an address range that ' +
      "does not hold the caller's address: `Unauthorized - Invalid client IP address.`. Plain text, not JSON.",
    content: {
      'text/plain': {
        schema: { type: 'string', enum: [FORBIDDEN_BODIES.unauthorized, FORBIDDEN_BODIES.invalidIp] },
        example: FORBIDDEN_BODIES.unauthorized,
      },
    },
  },
  V1Throttled: throttled(V1_THROTTLE),
  CredentialBadRequest: {
    description: 'No body, or a body that is not readable JSON of the credential shape.',
    content: json(ref('CredentialError'), { error: 'invalid_request' }),
  },
  CredentialUnauthorized: {
    description: 'Wrong client id or secret, or an inactive credential (not distinguished).',
    content: json(ref('CredentialError'), { error: 'invalid_client' }),
  },
  CredentialServerError: {
    description: 'Failure while issuing; nothing of the credential is echoed.',
    content: json(ref('CredentialError'), { error: 'server_error' }),
  },
  PayloadTooLarge: {
    description:
      `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB): refused when the Content-Length says so, ` +
      'before any of the body is read, or as soon as a chunked body passes the limit. The rest of the body is not ' +
      'read and the connection is closed after the answer.',
    content: json(ref('Message'), { Message: BODY_TOO_LARGE }),
  },
  UnsupportedMediaType: {
    description:
      'A body sent without `Content-Type: application/json` (or `text/json`): as text, form-encoded, or with no ' +
      'type at all (read as application/octet-stream). Nothing is written.',
    content: json(ref('Message'), {
      Message: "The request entity's media type 'text/plain' is not supported for this resource.",
    }),
  },
  ServerError: {
    description: 'A failure the spec documents for this endpoint.',
    content: json({ oneOf: [ref('Message'), { type: 'string' }] }),
  },
};

/** The header every refusal the simulator decides on carries (errors/rules.ts), documented on each error answer. */
const ruleHeader: ResponseObject['headers'] = {
  [RULE_HEADER_NAME]: {
    schema: { type: 'string' as const },
    description:
      "The simulator's own header: the rules that refused the request, each as `<id>; source=<source>` (spec, " +
      'client, vendor, convention or assumed), several separated by commas. docs/rules.md lists every rule with its ' +
      'evidence. The real service sends no such header.',
    example: 'body.text-length; source=assumed',
  },
};
for (const [name, answer] of Object.entries(errorResponses)) {
  if (name === 'CredentialServerError') continue;
  answer.headers = { ...answer.headers, ...ruleHeader };
}
