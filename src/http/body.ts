import type { z } from 'zod';
import { runInSlices } from '../accounts/slices.js';
import { BODY_RULES } from '../errors/body-rules.js';
import { errors, type ModelState, type RuledModelState } from '../errors/errors.js';
import { fieldName, notValidMessage, requiredMessage } from '../errors/model-state.js';
import { isRelaxed, type Rule, withRelaxedRules } from '../errors/rules.js';
import { formatPath } from '../field-path.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../json-depth.js';
import { runSteps, type Steps } from '../world/steps.js';
import { canonicalKeysInSteps } from './body-keys.js';
import { safeParseInSteps } from './body-steps.js';
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
  relaxed: ReadonlySet<string> = new Set(),
): Promise<unknown> {
  const text = await readText(request, () => errors.bodyTooLarge(BODY_RULES.tooLarge));
  seen?.(text); // the text as sent, for the request journal
  // In slices of the event loop's time: a body of thousands of list items takes tens of ms to check.
  return runInSlices(withRules(relaxed, parseBodySteps(text, mediaTypeOf(request), spec)));
}

/** Steps each run with the account's relaxed rules in force (they are set for a synchronous stretch only). */
function* withRules<T>(relaxed: ReadonlySet<string>, steps: Steps<T>): Steps<T> {
  for (;;) {
    const next = withRelaxedRules(relaxed, () => steps.next());
    if (next.done) return next.value;
    yield;
  }
}

/** Checks and validates a body's text as `readBody` does, for a body already in hand (a scenario's records). */
export function parseBody(text: string, mediaType: string, spec: BodySpec<z.ZodType>): unknown {
  return runSteps(parseBodySteps(text, mediaType, spec));
}

/**
 * The checks of `parseBody` in steps: the JSON is parsed at once (a few ms for 1 MiB), its long lists
 * renamed and validated a few dozen items a step (http/body-steps.ts).
 */
function* parseBodySteps(text: string, mediaType: string, spec: BodySpec<z.ZodType>): Steps<unknown> {
  if (text.trim() === '') {
    if (spec.required) {
      throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'A non-empty request body is required.', BODY_RULES.required);
    }
    return undefined;
  }
  if (!JSON_MEDIA_TYPES.has(mediaType) && !isRelaxed(BODY_RULES.mediaType)) {
    throw spec.invalid?.() ?? errors.unsupportedMediaType(mediaType, BODY_RULES.mediaType);
  }
  if (nestedTooDeep(text)) {
    throw (
      spec.invalid?.() ??
      errors.field(BODY_FIELD, `The JSON is nested more than ${MAX_JSON_DEPTH} levels deep.`, BODY_RULES.tooDeep)
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'The request body is not valid JSON.', BODY_RULES.json);
  }
  const input = yield* canonicalKeysInSteps(json, spec.schema);
  const result = yield* safeParseInSteps(spec.schema, input);
  if (result.success) return result.data;
  // With the binding rule relaxed, a value of the wrong type or form is bound as ASP.NET binds what
  // it cannot convert: as if it had not been sent. (Other relaxed rules are skipped by their checks.)
  const unbound = result.error.issues.filter((issue) => ruleOf(issue) === BODY_RULES.valueNotValid);
  if (unbound.length > 0 && isRelaxed(BODY_RULES.valueNotValid)) {
    for (const issue of unbound) dropValueAt(input, issue.path);
    const again = yield* safeParseInSteps(spec.schema, input);
    if (again.success) return again.data;
    throw spec.invalid?.() ?? errors.modelState(modelStateOf(again.error));
  }
  throw spec.invalid?.() ?? errors.modelState(modelStateOf(result.error));
}

/** Zod issues as model state (`Field`, `Items[0].Start`, or `body` for the root), with the rule behind each. */
export function modelStateOf(error: z.ZodError): RuledModelState {
  const state: ModelState = {};
  const rules: Rule[] = [];
  for (const issue of error.issues) {
    const rule = ruleOf(issue);
    const key = fieldPath(issue.path);
    (state[key] ??= []).push(serviceWords(issue, key));
    if (!rules.includes(rule)) rules.push(rule);
  }
  return { state, rules };
}

/**
 * The rule behind a zod issue: the one a check names in its params (`{ params: { rule } }`), else the
 * body rule of its kind: a value left out, a length, a list size, a number's range, an enumeration's
 * values, or a value of the wrong type or form.
 */
export function ruleOf(issue: z.core.$ZodIssue): Rule {
  const named = (issue as { params?: { rule?: Rule } }).params?.rule;
  if (named) return named;
  const input = (issue as { input?: unknown }).input;
  if (input === undefined) return BODY_RULES.fieldRequired;
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    if (issue.origin === 'string') return BODY_RULES.textLength;
    if (issue.origin === 'array') return BODY_RULES.listLength;
    return BODY_RULES.numberRange;
  }
  if (issue.code === 'invalid_value' && typeof input === 'number') return BODY_RULES.enumeration;
  return BODY_RULES.valueNotValid;
}

/** Removes the value at `path` (a field of an object, an item of a list), as if it had not been sent. */
function dropValueAt(root: unknown, path: readonly PropertyKey[]): void {
  let at: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  const last = path.at(-1);
  if (last === undefined || at === null || typeof at !== 'object') return;
  if (Array.isArray(at) && typeof last === 'number') at[last] = undefined;
  else delete (at as Record<PropertyKey, unknown>)[last];
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
