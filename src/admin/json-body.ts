import type { Context } from 'hono';
import type { z } from 'zod';
import { runInSlices, slicePauses } from '../accounts/slices.js';
import { errors } from '../errors/errors.js';
import { MAX_BODY_BYTES } from '../http/body.js';
import { MAX_JSON_DEPTH } from '../json-depth.js';
import { blankJson, JsonTooDeepError, JsonTooLongError, parseJsonInSteps } from '../json-steps.js';

/** Bytes copied at once. */
const COPY_BYTES = 1024 * 1024;

export interface BodyLimits {
  /** The largest body in bytes: 413 over it (the API's body limit when absent). */
  bytes?: number;
  /** Members of one array or object of the body: 400 beyond it (no bound when absent). */
  members?: number;
  /** Bytes of one string or number of the body: 400 beyond it (no bound when absent). */
  valueBytes?: number;
  /** The 413's words; the API's (`The request body is too large.`) when absent. */
  tooLarge?: string;
}

/**
 * The request body as JSON (`{}` when empty); 400 when it is not JSON, nested too deep, or holds an
 * array or object of more members than `limits.members` or a longer value than `limits.valueBytes`,
 * 413 over `limits.bytes`. Read, scanned and
 * parsed in slices of the event loop's time (json-steps.ts), from its bytes, never decoded whole: a
 * body of tens of MiB (a snapshot) holds the loop no longer than a small one, and other accounts are
 * answered meanwhile.
 */
export async function jsonOf(c: Context, limits: BodyLimits = {}): Promise<unknown> {
  const bytes = await bytesOf(c.req.raw, limits.bytes ?? MAX_BODY_BYTES, () =>
    errors.adminBodyTooLarge(limits.tooLarge),
  );
  if (blankJson(bytes)) return {};
  try {
    return await runInSlices(parseJsonInSteps(bytes, { maxMembers: limits.members, maxValueBytes: limits.valueBytes }));
  } catch (error) {
    if (error instanceof JsonTooDeepError)
      throw errors.admin(400, `body is nested more than ${MAX_JSON_DEPTH} levels deep`);
    if (error instanceof JsonTooLongError) throw errors.admin(400, `body: ${error.message}`);
    if (error instanceof SyntaxError) throw errors.admin(400, 'body is not valid JSON');
    throw error;
  }
}

/**
 * The body's bytes, read as `http/body.ts` `readText` reads them (a Content-Length over the limit
 * refused before any byte is read, a body without one as soon as it passes the limit), gathered into
 * one buffer a MiB at a time, in slices: 64 MiB joined at once held the loop 50 ms.
 */
async function bytesOf(request: Request, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: (Uint8Array | undefined)[] = [];
  const pause = slicePauses();
  let size = 0;
  for (;;) {
    const paused = pause();
    if (paused) await paused;
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  // Made whole at its size: its pages are touched only as the chunks are copied in.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (let k = 0; k < chunks.length; k++) {
    const chunk = chunks[k]!;
    chunks[k] = undefined; // let go of what was copied
    for (let from = 0; from < chunk.byteLength; from += COPY_BYTES) {
      const paused = pause();
      if (paused) await paused;
      const part = chunk.subarray(from, from + COPY_BYTES);
      bytes.set(part, at);
      at += part.byteLength;
    }
  }
  return bytes;
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
