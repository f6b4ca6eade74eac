import type { Method } from './operations.js';

// A probe: one request built from the ids a side discovered, and the rule its answer must keep.

/**
 * How a request authenticates: the side's own token or API key, none, or a value no account issued; for the
 * credential endpoints, a body of the side's own client id and secret, or of its client id and a wrong secret.
 */
export type Auth = 'token' | 'apikey' | 'none' | 'bad-token' | 'bad-apikey' | 'credential' | 'wrong-secret';

export interface ProbeRequest {
  method: Method;
  /** Path with its route ids filled in. */
  path: string;
  /** Query pairs in order; a name may repeat (array parameters). */
  query?: readonly (readonly [string, string])[];
  /** A JSON body. */
  body?: unknown;
  /** A body sent as is, with its own content type. */
  raw?: { text: string; contentType: string };
  auth: Auth;
}

/** An answer as the probes see it. */
export interface Seen {
  status: number;
  /** The Content-Type header, or '' when there is none. */
  contentType: string;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
  /**
   * The rules the answer's `X-Business-Api-Sim-Rule` header names as having refused the request (the
   * simulator's; a real service sends no such header); absent when it names none.
   */
  rules?: RuleRef[];
}

/** A rule named in an answer's rule header: its id and its source (spec, client, vendor, convention, assumed). */
export interface RuleRef {
  id: string;
  source: string;
}

/** Ids and values a side discovered through the API, and the records its write probes made. */
export interface Ids {
  /** The side's clock (from GET /api/v2/ping), epoch ms. */
  now: number;
  siteId?: string;
  serviceId?: string;
  packageId?: string;
  employeeId?: string;
  employeeFirstName?: string;
  employeeLastName?: string;
  clientId?: string;
  clientEmail?: string;
  clientMobile?: string;
  appointmentId?: string;
  appointmentStateId?: string;
  classScheduleId?: string;
  documentId?: string;
  entryId?: string;
  voucherId?: string;
  /** Records made by write probes, by kind, until removed. */
  created: Record<string, string>;
  /**
   * Why an id is not here, by its name (`siteId`, `created.appointment` for a record a write probe makes): the
   * answer it was to come from.
   */
  missing?: Record<string, IdSource>;
}

/** The answer an id was to come from, and why that answer held none. */
export interface IdSource {
  /** operationId of the request. */
  operation: string;
  /** Its method and path, `GET /api/v2/sites`. */
  request: string;
  /** `answered 500`, `answered an empty list`, `answered without SiteId`, `was skipped: …`. */
  why: string;
  /** The probe, when the id is a record a write probe makes; none for the reads that find the ids first. */
  probe?: string;
  /** The id this one is looked up with, when that one was not found (`siteId` for a client). */
  via?: string;
  /** Where the chain starts, when the request was itself skipped for a missing id. */
  root?: IdSource;
}

/** Why a probe was skipped for a missing id: which id, and the answer it was to come from. */
export interface SkipCause extends IdSource {
  /** The id the probe needs. */
  id: string;
}

export interface Probe {
  /** Unique; says the rule in a few words. */
  name: string;
  /** The rule, in the spec's words. */
  rule: string;
  /** operationId of the operation called. */
  operation: string;
  /** Only with --writes. */
  writes?: boolean;
  /** The kind of record it makes, noted in `ids.created` by `after` (write probes that create). */
  makes?: string;
  /** The request, or undefined when an id it needs was not discovered (the probe is skipped). */
  build(ids: Ids): ProbeRequest | undefined;
  /** undefined when the answer keeps the rule, else what breaks it. */
  check(seen: Seen, ids: Ids): string | undefined;
  /** What a write probe made or removed, noted in `ids.created`. */
  after?(seen: Seen, ids: Ids): void;
}
