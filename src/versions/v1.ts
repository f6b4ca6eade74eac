import { z } from 'zod';
import { V1_THROTTLE } from '../accounts/throttle.js';
import type { Endpoint, ExampleRequest } from '../http/endpoint.js';
import { enumValue } from '../http/enums.js';
import { byte, optionalGuid, type Param, type Params } from '../http/params.js';

// Version 1 is the same service under older routes: each version 2 declaration yields its
// version 1 form here, so there is one declaration per action and both versions run the same
// handler on the same account data. What differs: the path has no `v2` segment (and class
// bookings sit at `/api/classbookings`), the ServiceApiKey header replaces the bearer token,
// 8 requests per second, and enumerated query parameters are Bytes (numbers only). A declaration
// whose version 1 form answers or acts differently says so in its `v1` (its words, answer, handler).

export const V1_TAG = 'Version 1';

/** Version 2 path → version 1 path. */
export function v1Path(v2Path: string): string {
  return v2Path
    .replace(/^\/api\/v2\/classes\/classbookings(?=\/|$)/i, '/api/classbookings')
    .replace(/^\/api\/v2\//i, '/api/');
}

/** The version 1 form of every version 2 endpoint except the credential endpoints (version 1 has no tokens). */
export function v1Endpoints(v2Table: readonly Endpoint[]): Endpoint[] {
  const v1 = v2Table.filter((e) => e.auth === 'bearer').map(v1Endpoint);
  return v1.map((e) => withIdInQuery(e, v1));
}

/**
 * Conventional routing lets a single-record GET take its id from the query on the collection's path
 * (`GET /api/clients/?Id=<guid>`; http/resolve.ts routes it). The collection's GET documents that
 * form: the id as an optional query name, and the record as a second answer shape.
 */
function withIdInQuery(list: Endpoint, table: readonly Endpoint[]): Endpoint {
  if (list.method !== 'GET') return list;
  const one = table.find(
    (e) => e.idInQuery && e.method === list.method && e.path.slice(0, e.path.lastIndexOf('/')) === list.path,
  );
  const param = one?.path.slice(one.path.lastIndexOf('{') + 1, -1);
  if (!one || !param || !list.response.schema || !one.response.schema) return list;
  const idParam = optionalGuid({
    description:
      "Version 1 only: instead of the list's names, the id of one record, answered as " +
      `\`GET ${one.path}\` answers it; an empty value reads the empty Guid (no record: \`null\`).`,
  });
  return {
    ...list,
    description:
      `${list.description ?? ''} With \`${param}=<id>\` in the query instead, it reads that one record.`.trim(),
    query: { ...list.query, [param]: idParam },
    response: {
      ...list.response,
      description: `${list.response.description} With \`${param}\`: the record, or \`null\`.`,
      schema: z.union([list.response.schema, one.response.schema]),
    },
  };
}

function v1Endpoint(v2: Endpoint): Endpoint {
  const { allowListLine: _noAllowLists, example, v1: own, ...rest } = v2;
  const query = v2.query ? byteEnums(v2.query) : undefined;
  const endpoint: Endpoint = {
    ...rest,
    operationId: `v1${v2.operationId[0]!.toUpperCase()}${v2.operationId.slice(1)}`,
    path: v1Path(v2.path),
    tag: V1_TAG,
    summary: `${v2.summary} (version 1)`,
    description: [
      `Version 1 of \`${v2.method} ${v2.path}\`: the same action on the same data.`,
      own?.description ?? v2.description,
    ]
      .filter(Boolean)
      .join(' '),
    response: own?.response ?? v2.response,
    handler: own?.handler ?? v2.handler,
    auth: 'apiKey',
    throttle: V1_THROTTLE,
    deprecated: true,
    query,
  };
  // Conventional routing: a single-record GET's id may come from the query (http/resolve.ts).
  if (v2.method === 'GET' && v2.path.endsWith('}')) endpoint.idInQuery = true;
  if (example) endpoint.example = (world, now) => numericExample(example(world, now), v2.query);
  return endpoint;
}

/** ItemState, state, ClassType and EntryType become Byte parameters, keeping required-or-default. */
function byteEnums(params: Params): Params {
  return Object.fromEntries(Object.entries(params).map(([name, p]) => [name, p.kind === 'enum' ? byteOf(p) : p]));
}

function byteOf(p: Param<unknown>): Param<unknown> {
  const values = Object.entries(p.enumeration ?? {})
    .map(([n, v]) => `${n} = ${v}`)
    .join(', ');
  const description = `A number (Byte), not a name: ${values}.`;
  return p.required ? byte({ description }) : byte({ description, default: p.defaultValue as number });
}

/** The version 2 example with enumeration names written as their numbers. */
function numericExample(request: ExampleRequest, params: Params | undefined): ExampleRequest {
  if (!request.query || !params) return request;
  const query = { ...request.query };
  for (const [name, p] of Object.entries(params)) {
    const text = query[name];
    if (p.kind !== 'enum' || text === undefined || text.trim() === '') continue;
    const n = enumValue(p.enumeration ?? {}, text);
    if (n !== undefined) query[name] = String(n);
  }
  return { ...request, query };
}
