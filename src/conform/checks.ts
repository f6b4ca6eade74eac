import type { Seen } from './probe.js';

// The expectations probes state, each returning undefined when the answer keeps it, else what it saw.

export type Check = (seen: Seen) => string | undefined;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: unknown): boolean => typeof value === 'string' && GUID.test(value);

const quote = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

export const all =
  (...checks: Check[]): Check =>
  (seen) => {
    for (const check of checks) {
      const problem = check(seen);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };

export const status =
  (expected: number): Check =>
  (seen) =>
    seen.status === expected ? undefined : `status ${seen.status}, expected ${expected}`;

const mediaType = (seen: Seen): string => seen.contentType.split(';')[0]!.trim().toLowerCase();

/** A plain-text body, exactly. */
export const plainText = (code: number, body: string): Check =>
  all(status(code), (seen) => {
    if (mediaType(seen) !== 'text/plain') return `content type '${seen.contentType}', expected text/plain`;
    return seen.text === body ? undefined : `body ${quote(seen.text)}, expected ${quote(body)}`;
  });

const json: Check = (seen) => (seen.json === undefined ? `body is not JSON: ${quote(seen.text)}` : undefined);

export const jsonArray = (code = 200): Check =>
  all(status(code), json, (seen) => (Array.isArray(seen.json) ? undefined : 'body is not a JSON array'));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON array whose every item is an object holding these fields. */
export const jsonArrayOf = (...fields: string[]): Check =>
  all(jsonArray(), (seen) => {
    for (const [i, item] of (seen.json as unknown[]).entries()) {
      if (!isObject(item)) return `item ${i} is not a JSON object`;
      const missing = fields.filter((f) => !(f in item));
      if (missing.length > 0) return `item ${i} has no field ${missing.join(', ')}`;
    }
    return undefined;
  });

export const emptyArray: Check = all(jsonArray(), (seen) =>
  (seen.json as unknown[]).length === 0 ? undefined : `${(seen.json as unknown[]).length} items, expected none`,
);

/** A JSON object holding these fields. */
export const jsonObject = (code: number, ...fields: string[]): Check =>
  all(status(code), json, (seen) => {
    if (!isObject(seen.json)) return 'body is not a JSON object';
    const missing = fields.filter((f) => !(f in (seen.json as object)));
    return missing.length === 0 ? undefined : `no field ${missing.join(', ')}`;
  });

/** A field of a JSON object answer, checked by a predicate. */
export const field = (name: string, ok: (value: unknown) => boolean, wanted: string): Check =>
  all(json, (seen) => {
    const value = isObject(seen.json) ? seen.json[name] : undefined;
    return ok(value) ? undefined : `${name} is ${JSON.stringify(value)}, expected ${wanted}`;
  });

/** The write result object: `{ Message: <id field>, Value: Guid }` inside a 200. */
export const writeResult = (message: string): Check =>
  all(
    jsonObject(200, 'Message', 'Value'),
    field('Message', (v) => v === message, `'${message}'`),
    field('Value', isGuid, 'a Guid'),
  );

/** A JSON error whose `Message` (or any text of the body) says this. */
export const says = (code: number, text: string): Check =>
  all(status(code), (seen) =>
    seen.text.includes(text) ? undefined : `body ${quote(seen.text)} does not say '${text}'`,
  );

/** A token endpoint's error: `{ error: <code> }`. */
export const tokenError = (code: number, error: string): Check =>
  all(
    jsonObject(code, 'error'),
    field('error', (v) => v === error, `'${error}'`),
  );

export const emptyBody = (code: number): Check =>
  all(status(code), (seen) => (seen.text === '' ? undefined : `body ${quote(seen.text)}, expected none`));
