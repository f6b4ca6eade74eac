import { all, type Check, jsonArray, plainText, status } from '../checks.js';
import { dayFrom } from '../dates.js';
import { OPERATIONS, type Operation, operation } from '../operations.js';
import type { Auth, Ids, Probe, ProbeRequest } from '../probe.js';

// Building blocks of the probe library: a version's paths, ids and authentication, and the probes
// every operation gets.

export const EMPTY = '00000000-0000-0000-0000-000000000000';
/** A well-formed Guid no account holds. */
export const UNKNOWN = '11111111-2222-4333-8444-555555555555';

export type Query = readonly (readonly [string, string])[];

/** One version of the API, as the probes address it. */
export interface Version {
  n: 1 | 2;
  /** The operation of a version 2 operationId in this version. */
  op(v2Id: string): Operation;
  /** The caller's own authentication in this version. */
  auth: Auth;
  /** A probe name in this version (version 1 names start with `v1 `). */
  name(text: string): string;
}

export const V2: Version = { n: 2, op: operation, auth: 'token', name: (text) => text };
export const V1: Version = {
  n: 1,
  op: (id) => operation(`v1${id[0]!.toUpperCase()}${id.slice(1)}`),
  auth: 'apikey',
  name: (text) => `v1 ${text}`,
};

/** Fills `{name}` route ids in order. */
export const pathOf = (o: Operation, ...ids: string[]): string => {
  let i = 0;
  return o.path.replace(/\{[^}]+\}/g, () => ids[i++] ?? UNKNOWN);
};

/** A value for each required query name that any account accepts. */
export function requiredQuery(o: Operation, ids: Ids): [string, string][] {
  const from = dayFrom(ids.now, 0);
  const to = dayFrom(ids.now, 7);
  const values: Record<string, string> = {
    siteId: ids.siteId ?? EMPTY,
    itemState: 'Active',
    classType: 'Class',
    entryType: 'Receipt',
    start: from,
    end: to,
    day: from,
    // A filter on the appointment list (empty = every client); the client itself for history and authenticate.
    clientId: /AppointmentHistory|authenticateClient/i.test(o.id) ? (ids.clientId ?? EMPTY) : '',
    classId: EMPTY,
    classBookingId: EMPTY,
    appointmentId: EMPTY,
    appointmentStateId: EMPTY,
    serviceSequence: '0',
  };
  return o.required.map((name) => [name, values[name] ?? '']);
}

/** Another method serves the same path: a missing name gives 405 there, else 404. */
export const sharesPath = (o: Operation): boolean =>
  OPERATIONS.some((other) => other.path === o.path && other.method !== o.method);

/** What a probe's builder gives: a request without its method, or nothing (an empty id) to skip the probe. */
export type Built = Omit<ProbeRequest, 'method'> | undefined | '';

interface Spec {
  name: string;
  rule: string;
  op: Operation;
  writes?: boolean;
  makes?: string;
  build(ids: Ids): Built;
  check: Check;
  after?: Probe['after'];
}

/** A probe of one operation; its method is the operation's. */
export const probe = (spec: Spec): Probe => ({
  name: spec.name,
  rule: spec.rule,
  operation: spec.op.id,
  ...(spec.writes ? { writes: true } : {}),
  ...(spec.makes ? { makes: spec.makes } : {}),
  build: (ids) => {
    const request = spec.build(ids);
    return request ? { method: spec.op.method, ...request } : undefined;
  },
  check: spec.check,
  ...(spec.after ? { after: spec.after } : {}),
});

const bodyOf = (o: Operation): { body?: unknown } =>
  o.method === 'GET' || o.method === 'DELETE' ? {} : { body: o.path.endsWith('validate') ? [] : {} };

/** Every call but the credential endpoints needs the caller's authentication: 403 in plain text without it. */
export function unauthenticatedProbe(o: Operation): Probe {
  const v2 = o.version === 2;
  const text = v2 ? 'Unauthorized - No bearer token sent in request header.' : 'Unauthorized';
  return probe({
    name: `${o.id} without ${v2 ? 'a bearer token' : 'an API key'}: 403 plain text`,
    rule: v2
      ? 'Authorization failures on business endpoints are 403 with the plain-text body ' +
        '`Unauthorized - No bearer token sent in request header.`, and no WWW-Authenticate'
      : 'Version 1 authenticates with the ServiceApiKey header; without it the call is refused with 403',
    op: o,
    build: (ids) => ({ path: pathOf(o), query: requiredQuery(o, ids), auth: 'none', ...bodyOf(o) }),
    check: v2 ? plainText(403, text) : all(status(403)),
  });
}

/** Leaving out a required-by-name parameter matches no action: 405 when the path serves another method, else 404. */
export function requiredByNameProbe(o: Operation, version: Version): Probe {
  const missing = o.required[o.required.length - 1]!;
  const code = sharesPath(o) ? 405 : 404;
  const since = code === 405 ? 'since another method serves the path' : 'since the path has only this action';
  return probe({
    name: `${o.id} without '${missing}' in the URL: ${code}`,
    rule:
      'Every parameter the spec marks required must be in the URL by name, empty when unused; ' +
      `leaving one out matches no action: ${code}, ${since}`,
    op: o,
    build: (ids) => ({
      path: pathOf(o),
      query: requiredQuery(o, ids).filter(([name]) => name !== missing),
      auth: version.auth,
      // No body: should a service route the call after all, a create without a body cannot write anything.
    }),
    check: status(code),
  });
}

/** A route id that is not a well-formed Guid does not match the route: 404. */
export function malformedIdProbe(o: Operation, version: Version): Probe {
  return probe({
    name: `${o.id} with a malformed route id: 404`,
    rule: 'Route ids must be well-formed Guids; otherwise the route does not match and the answer is 404',
    op: o,
    build: () => ({ path: pathOf(o, 'not-a-guid', 'not-a-guid', 'not-a-guid'), auth: version.auth, ...bodyOf(o) }),
    check: status(404),
  });
}

/** A list read with these query pairs: 200 and a JSON array, its shape compared. */
export function listProbe(
  version: Version,
  v2Id: string,
  name: string,
  rule: string,
  query: (ids: Ids) => Query | undefined | '',
  check: Check = jsonArray(),
): Probe {
  const o = version.op(v2Id);
  return probe({
    name: version.name(name),
    rule,
    op: o,
    build: (ids) => {
      const q = query(ids);
      return q && { path: pathOf(o), query: q, auth: version.auth };
    },
    check,
  });
}
