// Every error answer of the API is built here, so each body is exact and the same everywhere.
// Bodies follow ASP.NET Web API conventions where the spec does not show them (docs/decisions.md).

import { redactUrl } from '../redact.js';
import { RULE_HEADER, type Rule, ruleHeaderValue } from './rules.js';

export type ModelState = Record<string, string[]>;

/**
 * An error that knows the exact response it becomes. Handlers throw it; the pipeline sends it. A
 * refusal the simulator decides on names the rules behind it (errors/rules.ts), which the answer
 * carries in its `X-Business-Api-Sim-Rule` header; a fault rule's answer names none.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
    readonly rules: readonly Rule[] = [],
  ) {
    super(`${status} ${body}`);
  }

  toResponse(): Response {
    // Set one by one: a fault rule's own Content-Type replaces the one stated, never joins it.
    const headers = new Headers(this.contentType === '' ? undefined : { 'content-type': this.contentType });
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    if (this.rules.length > 0) headers.set(RULE_HEADER, ruleHeaderValue(this.rules));
    return new Response(this.body === '' ? null : this.body, { status: this.status, headers });
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

const json = (status: number, body: unknown, headers?: Record<string, string>, rules: readonly Rule[] = []) =>
  new ApiError(status, JSON.stringify(body), JSON_TYPE, headers, rules);
const refusal = (status: number, body: unknown, rule: Rule, headers?: Record<string, string>) =>
  json(status, body, headers, [rule]);
const forbidden = (reason: string, rule: Rule) => new ApiError(403, reason, TEXT_TYPE, {}, [rule]);

/** Model state: field → its messages, and the rule behind each field's refusal. */
export interface RuledModelState {
  state: ModelState;
  rules: readonly Rule[];
}

export const FORBIDDEN_BODIES = {
  noBearer: 'Unauthorized - No bearer token sent in request header.',
  invalidToken: 'Unauthorized - Invalid or expired token.',
  invalidIp: 'Unauthorized - Invalid client IP address.',
  invalidEndpoint: 'Unauthorized - Invalid end-point.',
  unauthorized: 'Unauthorized',
} as const;

export const THROTTLED_MESSAGE = 'Your request has been throttled. Please try again in 2 minutes.';
export const RECORD_DOES_NOT_EXIST = 'Record does not exist.';
export const INVALID_REQUEST_MESSAGE = 'The request is invalid.';
export const WEBHOOK_EXISTS = 'A webhook for this event and url already exists.';
export const NO_CART_ITEMS = 'No cart items were sent.';
export const BODY_TOO_LARGE = 'The request body is too large.';

export const errors = {
  noBearer: (rule: Rule) => forbidden(FORBIDDEN_BODIES.noBearer, rule),
  invalidToken: (rule: Rule) => forbidden(FORBIDDEN_BODIES.invalidToken, rule),
  invalidIp: (rule: Rule) => forbidden(FORBIDDEN_BODIES.invalidIp, rule),
  invalidEndpoint: (rule: Rule) => forbidden(FORBIDDEN_BODIES.invalidEndpoint, rule),
  unauthorized: (rule: Rule) => forbidden(FORBIDDEN_BODIES.unauthorized, rule),
  /** Version 1: the ServiceApiKey header is missing, empty, unknown or inactive (one answer for all). */
  apiKeyRefused: (rule: Rule) => forbidden(FORBIDDEN_BODIES.unauthorized, rule),

  /**
   * No action matched: unknown path, malformed route id, or a required name missing. The URI is
   * echoed as sent, but with secret query values (a password, a token) redacted.
   */
  notFound: (url: string, rule: Rule) =>
    refusal(404, { Message: `No HTTP resource was found that matches the request URI '${redactUrl(url)}'.` }, rule),
  /** The path is served, but not by this method with these parameter names. */
  methodNotAllowed: (method: string, allow: readonly string[], rule: Rule) =>
    refusal(405, { Message: `The requested resource does not support http method '${method}'.` }, rule, {
      allow: allow.join(', '),
    }),
  /** The body is a JSON string, as the spec shows it. */
  throttled: (retryAfterSeconds: number, rule: Rule) =>
    refusal(429, THROTTLED_MESSAGE, rule, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),

  /** Validation failure naming each field, and the rules behind them. */
  modelState: ({ state, rules }: RuledModelState) =>
    json(400, { Message: INVALID_REQUEST_MESSAGE, ModelState: state }, undefined, rules),
  field: (field: string, message: string, rule: Rule) =>
    errors.modelState({ state: { [field]: [message] }, rules: [rule] }),
  /** POST validate with an empty cart: the body as a whole is at fault. */
  noCartItems: (rule: Rule) => errors.field('body', NO_CART_ITEMS, rule),
  /** A documented rule refused the request (date range, missing record). */
  badRequest: (message: string, rule: Rule) => refusal(400, { Message: message }, rule),
  recordDoesNotExist: (rule: Rule) => errors.badRequest(RECORD_DOES_NOT_EXIST, rule),
  maxDateRange: (days: number, rule: Rule) => errors.badRequest(`Maximum date range is ${days} days`, rule),

  /**
   * A body over the limit (src/http/body.ts): refused without reading the rest, so the connection
   * is closed after the answer rather than kept for a next request behind the unread bytes.
   */
  bodyTooLarge: (rule: Rule) => refusal(413, { Message: BODY_TOO_LARGE }, rule, { connection: 'close' }),
  /** A body in a media type no JSON reader takes (ASP.NET Web API's UnsupportedMediaType answer). */
  unsupportedMediaType: (mediaType: string, rule: Rule) =>
    refusal(
      415,
      { Message: `The request entity's media type '${mediaType}' is not supported for this resource.` },
      rule,
    ),

  /** Credential endpoints answer OAuth-style `{ error }` bodies; a 500 is no refusal and names no rule. */
  credential: (status: 400 | 401, error: 'invalid_request' | 'invalid_client', rule: Rule) =>
    refusal(status, { error }, rule),

  /**
   * GET /clients/authenticate refused the client's password: 401, empty body, whatever the cause (not a credential
   * failure).
   */
  clientSignInFailed: (rule: Rule) => new ApiError(401, '', '', {}, [rule]),

  /**
   * POST /webhooks: the same event and url are already registered (the spec's 409; body not shown, so ASP.NET's Message
   * form).
   */
  webhookExists: (rule: Rule) => refusal(409, { Message: WEBHOOK_EXISTS }, rule),

  /** An unexpected failure, as ASP.NET reports one without details. */
  internal: () => json(500, { Message: 'An error has occurred.' }),
  /** No more accounts can be created (`--max-accounts`); the message names the flag. */
  accountLimit: (message: string) => json(503, { Message: message }),
  /** A fleet's node asked for an account another node holds (a proxy sent it to the wrong node); names both. */
  misdirected: (message: string, rule: Rule) => refusal(421, { Message: message }, rule),
  /**
   * PUT /vouchers/{id} without a body SiteId: the real service fails inside (documented 500), with the generic body.
   */
  voucherSiteIdMissing: (rule: Rule) => json(500, { Message: 'An error has occurred.' }, undefined, [rule]),

  /**
   * The answer of a fault rule's status override, exactly as the rule states it: a string body is
   * sent as is (text/plain unless a contentType is given), any other body as JSON, no body as empty.
   */
  fault: (status: number, body: unknown, contentType: string | undefined, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const type = contentType ?? (body === undefined ? '' : typeof body === 'string' ? TEXT_TYPE : JSON_TYPE);
    return new ApiError(status, text, type, headers);
  },

  /** Control-plane errors (camelCase JSON). */
  admin: (status: number, message: string) => json(status, { error: message }),
  /** A control-plane call that failed inside (a bug, or a data directory that cannot be written). */
  adminInternal: () => json(500, { error: 'the simulator failed to answer this call; see its log' }),
  /** A control-plane body over the limit, in the control plane's own form. */
  adminBodyTooLarge: (message = BODY_TOO_LARGE) => json(413, { error: message }, { connection: 'close' }),
};
