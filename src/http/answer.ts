import { emptyGuidFixer, type GuidFixer } from './empty-guids.js';
import type { Endpoint } from './endpoint.js';
import type { Reply } from './reply.js';

const fixers = new WeakMap<Endpoint, GuidFixer | undefined>();

/** The reply with its JSON value encoded as the endpoint's answer schema types it (Guids never null). */
export function encodeAnswer(endpoint: Endpoint, reply: Reply): Reply {
  if (!('value' in reply)) return reply;
  if (!fixers.has(endpoint)) fixers.set(endpoint, endpoint.response.schema && emptyGuidFixer(endpoint.response.schema));
  const fix = fixers.get(endpoint);
  const { value, ...rest } = reply;
  return { ...rest, body: JSON.stringify(fix ? fix(value) : value) };
}
