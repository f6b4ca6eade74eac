// Every error answer of the API is built here, so each body is exact and the same everywhere.
// Bodies follow ASP.NET Web API conventions where the spec does not show them (docs/decisions.md).

import { redactUrl } from '../redact.js';

export type ModelState = Record<string, string[]>;

/** An error that knows the exact response it becomes. Handlers throw it; the pipeline sends it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(`${status} ${body}`);
  }

  toResponse(): Response {
    // Set one by one: a fault rule's own Content-Type replaces the one stated, never joins it.
    const headers = new Headers(this.contentType === '' ? undefined : { 'content-type': this.contentType });
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    return new Response(this.body === '' ? null : this.body, { status: this.status, headers });
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

const json = (status: number, body: unknown, headers?: Record<string, string>) =>
  new ApiError(status, JSON.stringify(body), JSON_TYPE, headers);
const forbidden = (reason: string) => new ApiError(403, reason, TEXT_TYPE);

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
  noBearer: () => forbidden(FORBIDDEN_BODIES.noBearer),
  invalidToken: () => forbidden(FORBIDDEN_BODIES.invalidToken),
  invalidIp: () => forbidden(FORBIDDEN_BODIES.invalidIp),
  invalidEndpoint: () => forbidden(FORBIDDEN_BODIES.invalidEndpoint),
  unauthorized: () => forbidden(FORBIDDEN_BODIES.unauthorized),
  /** Version 1: the ServiceApiKey header is missing, empty, unknown or inactive (one answer for all). */
  apiKeyRefused: () => forbidden(FORBIDDEN_BODIES.unauthorized),

  /**
   * No action matched: unknown path, malformed route id, or a required name missing. The URI is
   * echoed as sent, but with secret query values (a password, a token) redacted.
   */
  notFound: (url: string) =>
    json(404, { Message: `No HTTP resource was found that matches the request URI '${redactUrl(url)}'.` }),
  /** The path is served, but not by this method with these parameter names. */
  methodNotAllowed: (method: string, allow: readonly string[]) =>
    json(
      405,
      { Message: `The requested resource does not support http method '${method}'.` },
      {
        allow: allow.join(', '),
      },
    ),
  /** The body is a JSON string, as the spec shows it. */
  throttled: (retryAfterSeconds: number) =>
    json(429, THROTTLED_MESSAGE, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) }),

  /** Validation failure naming each field. */
  modelState: (state: ModelState) => json(400, { Message: INVALID_REQUEST_MESSAGE, ModelState: state }),
  field: (field: string, message: string) => errors.modelState({ [field]: [message] }),
  /** POST validate with an empty cart: the body as a whole is at fault. */
  noCartItems: () => errors.field('body', NO_CART_ITEMS),
  /** A documented rule refused the request (date range, missing record). */
  badRequest: (message: string) => json(400, { Message: message }),
  recordDoesNotExist: () => errors.badRequest(RECORD_DOES_NOT_EXIST),
  maxDateRange: (days: number) => errors.badRequest(`Maximum date range is ${days} days`),

  /**
   * A body over the limit (src/http/body.ts): refused without reading the rest, so the connection
   * is closed after the answer rather than kept for a next request behind the unread bytes.
   */
  bodyTooLarge: () => json(413, { Message: BODY_TOO_LARGE }, { connection: 'close' }),
  /** A body in a media type no JSON reader takes (ASP.NET Web API's UnsupportedMediaType answer). */
  unsupportedMediaType: (mediaType: string) =>
    json(415, { Message: `The request entity's media type '${mediaType}' is not supported for this resource.` }),

  /** Credential endpoints answer OAuth-style `{ error }` bodies. */
  credential: (status: 400 | 401 | 500, error: 'invalid_request' | 'invalid_client' | 'server_error') =>
    json(status, { error }),

  /**
   * GET /clients/authenticate refused the client's password: 401, empty body, whatever the cause (not a credential
   * failure).
   */
  clientSignInFailed: () => new ApiError(401, '', ''),

  /**
   * POST /webhooks: the same event and url are already registered (the spec's 409; body not shown, so ASP.NET's Message
   * form).
   */
  webhookExists: () => json(409, { Message: WEBHOOK_EXISTS }),

  /** An unexpected failure, as ASP.NET reports one without details. */
  internal: () => json(500, { Message: 'An error has occurred.' }),
  /** No more accounts can be created (`--max-accounts`); the message names the flag. */
  accountLimit: (message: string) => json(503, { Message: message }),
  /** A fleet's node asked for an account another node holds (a proxy sent it to the wrong node); names both. */
  misdirected: (message: string) => json(421, { Message: message }),
  /**
   * PUT /vouchers/{id} without a body SiteId: the real service fails inside (documented 500), with the generic body.
   */
  voucherSiteIdMissing: () => errors.internal(),

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
  adminBodyTooLarge: () => json(413, { error: BODY_TOO_LARGE }, { connection: 'close' }),
};
