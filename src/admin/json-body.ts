import type { Context } from 'hono';
import type { z } from 'zod';
import { errors } from '../errors/errors.js';
import { MAX_BODY_BYTES, readText } from '../http/body.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../json-depth.js';

/**
 * The request body as JSON (`{}` when empty); 400 when it is not JSON or nested too deep, 413 over `limit` bytes
 * (by default the API's body limit).
 */
export async function jsonOf(c: Context, limit = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readText(c.req.raw, errors.adminBodyTooLarge, limit);
  if (text.trim() === '') return {};
  if (nestedTooDeep(text)) throw errors.admin(400, `body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  try {
    return JSON.parse(text);
  } catch {
    throw errors.admin(400, 'body is not valid JSON');
  }
}

/** The JSON checked against a schema; 400 naming each field otherwise. */
export function checked<S extends z.ZodType>(schema: S, json: unknown): z.infer<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw errors.admin(400, issues.join('; '));
  }
  return result.data;
}
