import { slicePauses } from '../accounts/slices.js';
import { emptyGuidFixer, type GuidFixer } from './empty-guids.js';
import type { Endpoint } from './endpoint.js';
import type { Reply } from './reply.js';

const fixers = new WeakMap<Endpoint, GuidFixer | undefined>();

/** Elements of a list answer encoded at once; a longer list is encoded a part at a time. */
const PART = 256;

/**
 * The reply with its JSON value encoded as the endpoint's answer schema types it (Guids never null).
 * A list of thousands of rows (megabytes of JSON) is encoded in parts, handing the event loop back
 * between slices of about 10 ms, so other accounts are answered meanwhile; the text is the same as
 * one `JSON.stringify` of the whole list.
 */
export async function encodeAnswer(endpoint: Endpoint, reply: Reply): Promise<Reply> {
  if (!('value' in reply)) return reply;
  if (!fixers.has(endpoint)) fixers.set(endpoint, endpoint.response.schema && emptyGuidFixer(endpoint.response.schema));
  const fix = fixers.get(endpoint);
  const { value, ...rest } = reply;
  if (!Array.isArray(value) || value.length <= PART) return { ...rest, body: JSON.stringify(fix ? fix(value) : value) };
  const parts: string[] = [];
  const pause = slicePauses();
  for (let start = 0; start < value.length; start += PART) {
    const paused = pause();
    if (paused) await paused;
    // A part is a list as the whole is: the schema's fixer for the list applies to it.
    const part = value.slice(start, start + PART);
    parts.push(JSON.stringify(fix ? fix(part) : part).slice(1, -1));
  }
  return { ...rest, body: `[${parts.join(',')}]` };
}
