import type { z } from 'zod';
import { canonicalKeys } from './body-keys.js';
import type { BodySpec } from './endpoint.js';
import { errors, type ModelState } from './errors.js';

/** Key under which errors about the body as a whole are reported. */
export const BODY_FIELD = 'body';

/**
 * Reads and validates a JSON body. As ASP.NET's JSON binding does, unknown fields are ignored and
 * names match case-insensitively; a missing body is an error only when the endpoint requires one.
 */
export async function readBody(request: Request, spec: BodySpec<z.ZodType>): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') {
    if (spec.required) throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'A non-empty request body is required.');
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw spec.invalid?.() ?? errors.field(BODY_FIELD, 'The request body is not valid JSON.');
  }
  const result = spec.schema.safeParse(canonicalKeys(json, spec.schema));
  if (!result.success) throw spec.invalid?.() ?? errors.modelState(modelStateOf(result.error));
  return result.data;
}

/** Zod issues as model state: `Field`, `Items[0].Start`, or `body` for the root. */
export function modelStateOf(error: z.ZodError): ModelState {
  const state: ModelState = {};
  for (const issue of error.issues) {
    const key = fieldPath(issue.path);
    (state[key] ??= []).push(issue.message);
  }
  return state;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? BODY_FIELD : out;
}
