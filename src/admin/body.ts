import type { Context } from 'hono';
import type { z } from 'zod';
import { errors } from '../http/errors.js';

/** The request body checked against a schema; 400 naming each field otherwise. */
export async function bodyOf<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return checked(schema, await jsonOf(c));
}

/** The request body as JSON (`{}` when empty); 400 when it is not JSON. */
export async function jsonOf(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw errors.admin(400, 'body is not valid JSON');
  }
}

export function checked<S extends z.ZodType>(schema: S, json: unknown): z.infer<S> {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw errors.admin(400, issues.join('; '));
  }
  return result.data;
}
