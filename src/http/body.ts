import type { z } from 'zod';
import { errors, type ModelState } from '../errors/errors.js';
import { fieldName, notValidMessage, requiredMessage } from '../errors/model-state.js';
import { formatPath } from '../field-path.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../json-depth.js';
import { canonicalKeys } from './body-keys.js';
import type { BodySpec } from './endpoint.js';

/** Key under which errors about the body as a whole are reported. */
export const BODY_FIELD = 'body';

/** The largest request body read, in bytes (1 MiB); a larger one is a 413. */
export const MAX_BODY_BYTES = 1_048_576;

/**
 * The body of a request (or of an answer read from elsewhere) as UTF-8 text (invalid bytes become
 * U+FFFD, as `request.text()` does), reading at most `limit` bytes: a Content-Length over the limit
 * is refused before any byte is read, and a body without one (chunked) is refused as soon as it
 * passes the limit, without reading the rest. `tooLarge` makes the error thrown.
 */
export async function readText(
  request: Pick<Request, 'headers' | 'body'>,
  tooLarge: () => Error,
  limit = MAX_BODY_BYTES,
): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

// The media types ASP.NET's JSON formatter reads. A body without a Content-Type is read as
// application/octet-stream, which no formatter takes.
const JSON_MEDIA_TYPES = new Set(['application/json', 'text/json']);

function mediaTypeOf(request: Request): string {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type || 'application/octet-stream';
}

/**
 * Reads and validates a JSON body. As ASP.NET's JSON binding does, unknown fields are ignored and
 * names match case-insensitively; a missing body is an error only when the endpoint requires one, and
 * a body sent as anything but JSON (`application/json` or `text/json`) is a 415. `seen` is given the text
 * once it is read, before any check.
 */
export async function readBody(
  request: Request,
  spec: BodySpec<z.ZodType>,
  seen?: (text: string) => void,
): Promise<unknown> {
  const text = await readText(request, errors.bodyTooLarge);
  seen?.(text); // the text as sent, for the request journal
  return parseBody(text, mediaTypeOf(request), spec);
}

/** Checks and validates a body's text as `readBody` does, for a body already in hand (a scenario's records). */
export function parseBody(text: string, mediaType: string, spec: BodySpec<z.ZodType>): unknown {
  if (text.trim() === '') {
    if (spec.required) throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'A non-empty request body is required.');
    return undefined;
  }
  if (!JSON_MEDIA_TYPES.has(mediaType)) throw spec.invalid?.() ?? errors.unsupportedMediaType(mediaType);
  if (nestedTooDeep(text)) {
    throw spec.invalid?.() ?? errors.field(BODY_FIELD, `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'The request body is not valid JSON.');
  }
  const result = spec.schema.safeParse(canonicalKeys(json, spec.schema), { reportInput: true });
  if (!result.success) throw spec.invalid?.() ?? errors.modelState(modelStateOf(result.error));
  return result.data;
}

/** Zod issues as model state: `Field`, `Items[0].Start`, or `body` for the root. */
export function modelStateOf(error: z.ZodError): ModelState {
  const state: ModelState = {};
  for (const issue of error.issues) {
    const key = fieldPath(issue.path);
    (state[key] ??= []).push(serviceWords(issue, key));
  }
  return state;
}

/**
 * The message in the words ASP.NET's model validation uses, never the validator library's: a value
 * left out is `The X field is required.`, one of the wrong type or form `The value 'v' is not valid
 * for X.`, a too-short list MinLength's sentence. Messages the schema words itself are kept.
 */
function serviceWords(issue: z.core.$ZodIssue, key: string): string {
  const name = fieldName(key);
  const input = (issue as { input?: unknown }).input;
  const shown = typeof input === 'string' ? input : JSON.stringify(input);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_format':
      if (input === undefined) return requiredMessage(name);
      if (issue.code === 'invalid_value' && !issue.message.startsWith('Invalid')) return issue.message;
      return notValidMessage(shown, name);
    case 'too_small':
      if (issue.origin !== 'array') return issue.message;
      return `The field ${name} must be a string or array type with a minimum length of '${issue.minimum}'.`;
    default:
      return issue.message;
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  return formatPath(path) || BODY_FIELD;
}
