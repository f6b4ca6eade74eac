import type { Account } from '../accounts/account.js';
import { EMPTY_GUID } from '../world/common.js';
import { encodeAnswer } from './answer.js';
import { parseBody } from './body.js';
import type { Endpoint } from './endpoint.js';
import { parseParams } from './pipeline.js';
import { parseQuery } from './query.js';
import type { Reply } from './reply.js';

export interface Invocation {
  query?: Record<string, string | number | boolean>;
  route?: Record<string, string>;
  body?: unknown;
}

/**
 * Runs one endpoint's parsing and handler for an account, as a request would, without routing,
 * throttling, credentials or the journal: scenarios add records with exactly the API's defaults
 * and validation. Refusals are thrown as the ApiError the API would answer.
 */
export async function invoke(endpoint: Endpoint, account: Account, now: number, call: Invocation): Promise<Reply> {
  const search = new URLSearchParams(
    Object.entries(call.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const reply = await endpoint.handler({
    account,
    now,
    ip: '127.0.0.1',
    // Records a scenario creates are the account's own, made by no API user.
    userId: EMPTY_GUID,
    route: call.route ?? {},
    query: parseParams(endpoint.query, parseQuery(search)),
    // The body as the API would read it from a JSON request, without building one.
    body: endpoint.body
      ? parseBody(call.body === undefined ? '' : JSON.stringify(call.body), 'application/json', endpoint.body)
      : undefined,
  });
  return encodeAnswer(endpoint, reply);
}

/** The endpoint declared for `METHOD /path/template`, matched exactly as the table writes it. */
export function endpointNamed(table: readonly Endpoint[], methodAndPath: string): Endpoint | undefined {
  const [method, path] = methodAndPath.split(' ');
  return table.find((e) => e.method === method && e.path.toLowerCase() === path?.toLowerCase());
}
