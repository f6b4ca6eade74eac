import { pathPattern } from '../path-pattern.js';
import type { Steps } from '../world/steps.js';
import type { CapturedBody } from './journal-body.js';
import { bodyNeedles, jsonDifferences, leaves, type MatchWork, missWeight, shown } from './journal-match.js';

/** What to look for in a journal: every given field must match. */
export interface JournalQuery {
  /** HTTP method, any case. */
  method?: string;
  /** Path pattern (see src/path-pattern.ts): `*` within a segment, `**` for any rest. */
  path?: string;
  /** One status or any of several. */
  status?: number | readonly number[];
  /** Query parameters: each name (any case) sent with each value given among its values, exactly. */
  query?: Readonly<Record<string, string | readonly string[]>>;
  /** Kept headers: each name (any case) sent with a value containing the text given, in any case. */
  headers?: Readonly<Record<string, string>>;
  /** A part of the request body (see src/accounts/journal-match.ts); null expects a body of null. */
  body?: unknown;
  /** A rule id (`routing.required-name`), exactly: only calls that rule refused. */
  rule?: string;
}

/** A recorded call as a query reads it: what the journal keeps as it is, the query and the body read on demand. */
export interface CallView {
  method: string;
  path: string;
  status: number;
  rules?: ReadonlyArray<{ id: string }>;
  headers: Readonly<Record<string, string>>;
  /** The query values by name (read once). */
  query(): Record<string, string[]>;
  /** The request body as stored: its text, or the mark of a truncated one; undefined without a body. */
  readonly storedBody: CapturedBody | undefined;
  /** The request body as read (parsed once): JSON, text, or the truncation mark. */
  body(): unknown;
}

/**
 * A query made ready to run over a journal. What it matches and how far a call is from it are
 * steps (a journal holds thousands of entries; an entry's body, 16 KiB): the fields a record keeps
 * as they are (method, path, status, rules) are matched first, then the query and headers, then,
 * only when all of those match, the body, whose stored text is searched for the values asked
 * before it is parsed. The distance of a near miss is counted in weights; its words are written
 * for the few calls a verification reports (`differences`).
 */
export class CompiledQuery {
  /** The fields given, each counting as much as any other in a distance. */
  readonly criteria: number;
  /** Whether the query reads the query string, headers or body (more than the stored fields). */
  readonly rich: boolean;
  private readonly method: string | undefined;
  private readonly path: ((path: string) => boolean) | undefined;
  private readonly statuses: number[] | undefined;
  private readonly needles: Map<string, number> | undefined;
  private readonly bodyLeaves: number;
  /** The last stored body whose text was searched, and the share found: a pass asks twice of each entry. */
  private searched: { text: string; share: number } | undefined;

  constructor(readonly query: JournalQuery) {
    this.criteria = Object.values(query).filter((v) => v !== undefined).length;
    this.rich = query.query !== undefined || query.headers !== undefined || query.body !== undefined;
    this.method = query.method?.toUpperCase();
    this.path = query.path === undefined ? undefined : pathPattern(query.path);
    this.statuses = query.status === undefined ? undefined : [query.status].flat();
    this.needles = query.body === undefined ? undefined : bodyNeedles(query.body);
    this.bodyLeaves = query.body === undefined ? 1 : leaves(query.body);
  }

  /** How many of method, path, status and rule the call misses (each a whole criterion). */
  quickMisses(call: Pick<CallView, 'method' | 'path' | 'status' | 'rules'>): number {
    const { query } = this;
    let misses = 0;
    if (this.method !== undefined && call.method !== this.method) misses++;
    if (this.path && !this.path(call.path)) misses++;
    if (this.statuses !== undefined && !this.statuses.includes(call.status)) misses++;
    if (query.rule !== undefined && !call.rules?.some((r) => r.id === query.rule)) misses++;
    return misses;
  }

  /** Whether the call matches every field given; its body is read only when every other field matches. */
  *matches(call: CallView, work: MatchWork): Steps<boolean> {
    if (this.quickMisses(call) > 0) return false;
    if (this.query.query !== undefined && queryMisses(this.query.query, call.query(), false).length > 0) return false;
    if (this.query.headers !== undefined && headerMisses(this.query.headers, call.headers, false).length > 0) {
      return false;
    }
    if (this.query.body === undefined) return true;
    if (!this.mayMatchBody(call.storedBody)) return false;
    const body = call.body();
    if (isTruncated(body)) return false;
    return (yield* missWeight(this.query.body, body, work, true)) === 0;
  }

  /**
   * The least distance the call can be at, from what is read without parsing its body (the
   * distance itself when the query gives no body, or the call has no whole body): a call no nearer
   * than the near misses found needs no more reading. The body's part counts the leaves asked for
   * whose values its text does not hold.
   */
  leastDistance(call: CallView): number {
    if (this.criteria === 0) return 0;
    return (this.sharesWithoutBody(call) + this.leastBodyShare(call.storedBody)) / this.criteria;
  }

  /**
   * How far the call is from the query, 0 (a match) to 1: the average over the fields given of the share each
   * misses.
   */
  *distance(call: CallView, work: MatchWork): Steps<number> {
    if (this.criteria === 0) return 0;
    let total = this.sharesWithoutBody(call);
    if (this.query.body !== undefined) {
      const body = call.body();
      const weight = isTruncated(body) ? this.bodyLeaves : yield* missWeight(this.query.body, body, work);
      total += Math.min(1, weight / this.bodyLeaves);
    }
    return total / this.criteria;
  }

  /** What differs between the call and the query, in words: one line per field, value or member that differs. */
  *differences(call: CallView, work: MatchWork): Steps<string[]> {
    const { query } = this;
    const out: string[] = [];
    if (this.method !== undefined && call.method !== this.method) {
      out.push(`method: expected ${this.method}, got ${call.method}`);
    }
    if (this.path && !this.path(call.path)) out.push(`path: expected ${query.path}, got ${call.path}`);
    if (this.statuses !== undefined && !this.statuses.includes(call.status)) {
      out.push(`status: expected ${this.statuses.join(' or ')}, got ${call.status}`);
    }
    if (query.rule !== undefined && !call.rules?.some((r) => r.id === query.rule)) {
      const got = call.rules?.length ? call.rules.map((r) => r.id).join(', ') : 'none';
      out.push(`rule: expected ${query.rule}, got ${got}`);
    }
    if (query.query !== undefined) out.push(...queryMisses(query.query, call.query(), true));
    if (query.headers !== undefined) out.push(...headerMisses(query.headers, call.headers, true));
    if (query.body !== undefined) {
      const body = call.body();
      if (isTruncated(body)) {
        out.push(`body: not compared, it was ${body.bytes} bytes and the journal kept only a prefix`);
      } else {
        out.push(...(yield* jsonDifferences(query.body, body, 'body', work)).map((d) => d.message));
      }
    }
    return out;
  }

  /** The shares missed of every field but the body. */
  private sharesWithoutBody(call: CallView): number {
    let total = this.quickMisses(call);
    const { query } = this;
    if (query.query !== undefined) total += queryMisses(query.query, call.query(), false).length / namesIn(query.query);
    if (query.headers !== undefined) {
      total += headerMisses(query.headers, call.headers, false).length / namesIn(query.headers);
    }
    return total;
  }

  /**
   * False when the stored body cannot match the body asked for: no body, a truncated one, or a value asked for
   * is not in its text.
   */
  private mayMatchBody(stored: CapturedBody | undefined): boolean {
    return this.leastBodyShare(stored) === 0 && stored !== undefined && typeof stored === 'string';
  }

  /** The least share of the body asked for that the stored body misses, read from its text (see `bodyNeedles`). */
  private leastBodyShare(stored: CapturedBody | undefined): number {
    if (this.query.body === undefined) return 0;
    // No body, or a truncated one: every leaf misses.
    if (stored === undefined || typeof stored !== 'string') return 1;
    if (this.needles === undefined) return 0;
    if (this.searched?.text === stored) return this.searched.share;
    let missing = 0;
    for (const [needle, leaves] of this.needles) if (!holds(stored, needle)) missing += leaves;
    const share = Math.min(1, missing / this.bodyLeaves);
    this.searched = { text: stored, share };
    return share;
  }
}

/**
 * Whether the text holds the needle. A string's JSON is looked for without its quotes first: a quote
 * is in JSON every few characters, and a search stops at each place its first character is.
 */
function holds(text: string, needle: string): boolean {
  if (needle.length > 2 && needle.startsWith('"') && !text.includes(needle.slice(1, -1))) return false;
  return text.includes(needle);
}

const namesIn = (record: object) => Math.max(1, Object.keys(record).length);

/** The query parameters that differ, one line each (empty lines without `words`). */
function queryMisses(
  expected: NonNullable<JournalQuery['query']>,
  sent: Record<string, string[]>,
  words: boolean,
): string[] {
  const names = Object.keys(expected);
  const misses: string[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const values = Object.entries(sent).flatMap(([n, v]) => (n.toLowerCase() === lower ? v : []));
    const want = [expected[name]!].flat();
    if (want.every((w) => values.includes(w))) continue;
    if (!words) {
      misses.push('');
      continue;
    }
    const got = values.length === 0 ? 'nothing' : values.length === 1 ? shown(values[0]) : shown(values);
    misses.push(`query.${name}: expected ${shown(want.length === 1 ? want[0] : want)}, got ${got}`);
  }
  return misses;
}

/** The headers that differ, one line each (empty lines without `words`). */
function headerMisses(
  expected: NonNullable<JournalQuery['headers']>,
  sent: Readonly<Record<string, string>>,
  words: boolean,
): string[] {
  const misses: string[] = [];
  for (const name of Object.keys(expected)) {
    const value = sent[name.toLowerCase()];
    const want = expected[name]!;
    if (value?.toLowerCase().includes(want.toLowerCase())) continue;
    misses.push(words ? `headers.${name.toLowerCase()}: expected ${shown(want)} in it, got ${shown(value)}` : '');
  }
  return misses;
}

function isTruncated(body: unknown): body is { bytes: number } {
  return typeof body === 'object' && body !== null && (body as { _truncated?: unknown })._truncated === true;
}

/** How many calls a verification expects: exactly n, or a range. */
export type CallCount = number | { atLeast?: number; atMost?: number };

export function countMatches(expected: CallCount, actual: number): boolean {
  if (typeof expected === 'number') return actual === expected;
  return actual >= (expected.atLeast ?? 0) && actual <= (expected.atMost ?? Number.POSITIVE_INFINITY);
}

export function describeQuery(query: JournalQuery): string {
  const parts = [query.method?.toUpperCase() ?? 'any method', query.path ?? 'any path'];
  if (query.status !== undefined) parts.push(`status ${[query.status].flat().join(' or ')}`);
  if (query.query !== undefined) parts.push(`query ${shown(query.query)}`);
  if (query.headers !== undefined) parts.push(`headers ${shown(query.headers)}`);
  if (query.body !== undefined) parts.push(`body ${shown(query.body)}`);
  if (query.rule !== undefined) parts.push(`refused by rule ${query.rule}`);
  return parts.join(' ');
}

export function describeCount(expected: CallCount): string {
  if (typeof expected === 'number') return `exactly ${expected}`;
  const { atLeast, atMost } = expected;
  if (atLeast !== undefined && atMost !== undefined) return `between ${atLeast} and ${atMost}`;
  return atLeast !== undefined ? `at least ${atLeast}` : `at most ${atMost ?? 'any number of'}`;
}
