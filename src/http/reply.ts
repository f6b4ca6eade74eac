import { runInSlices } from '../accounts/slices.js';
import { JSON_TYPE } from '../errors/errors.js';
import { keepingRelaxedRules } from '../errors/rules.js';
import type { Steps } from '../world/steps.js';

/**
 * Runs a handler's steps in slices of the event loop's time (accounts/slices.ts), with the account's
 * relaxed rules in force in each step as in the handler's own synchronous work: a write of thousands
 * of items (an appointment's services, a document's lines, a client's notes) holds its account, not
 * the process.
 */
export const inSlices = <T>(steps: Steps<T>): Promise<T> => runInSlices(keepingRelaxedRules(steps));

/** A handler's answer. Errors are thrown as ApiError instead. */
export interface Reply {
  status: number;
  /** Text, or bytes already encoded (a reused answer). */
  body: string | Uint8Array | null;
  contentType?: string;
  /** A JSON answer not encoded yet: the pipeline encodes it as the endpoint's answer schema says (answer.ts). */
  value?: unknown;
}

export const reply = {
  json: (value: unknown, status = 200): Reply => ({ status, body: null, value, contentType: JSON_TYPE }),
  empty: (status = 200): Reply => ({ status, body: null }),
  /**
   * A JSON answer that steps build (a list that may run to thousands of rows), built in slices of
   * the event loop's time, so other accounts are answered meanwhile.
   */
  fromSteps: async (steps: Steps<unknown>, status = 200): Promise<Reply> => reply.json(await inSlices(steps), status),
};

export function toResponse(r: Reply): Response {
  return new Response(r.body, {
    status: r.status,
    headers: r.contentType ? { 'content-type': r.contentType } : undefined,
  });
}
