import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { type Answer, type Call, call } from '../helpers.js';

// Version 1 calls: the ServiceApiKey header instead of a bearer token.

export const v1Call = (sim: Simulator, path: string, c: Call & { key?: string } = {}): Promise<Response> => {
  const { key = DEMO_API_KEY, ...rest } = c;
  return call(sim, path, { ...rest, headers: { ServiceApiKey: key, ...rest.headers } });
};

/** Status, text and parsed JSON (when it is JSON) of an answer. */
export async function answer(res: Response | Promise<Response>): Promise<Answer> {
  const r = await res;
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* empty or plain text */
  }
  return { status: r.status, body, text, headers: r.headers };
}
