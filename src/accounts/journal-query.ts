import { pathPattern } from '../path-pattern.js';
import { jsonDifferences, leaves, shown } from './journal-match.js';

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

/** What a journal entry offers a query (JournalEntry has all of it; a record the first four). */
interface Call {
  method: string;
  path: string;
  status: number;
  rules?: ReadonlyArray<{ id: string }>;
  query?: Record<string, string[]>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One thing a call does not match: its criterion, and the share of that criterion it misses (0 to 1). */
interface Miss {
  criterion: keyof JournalQuery;
  message: string;
  share: number;
}

/**
 * `quick` matches on what a recorded call keeps unparsed (method, path, status, rules), `full` on the
 * read entry; a call matches when both do. `rich` says whether `full` checks anything.
 */
export function journalFilter(query: JournalQuery): {
  quick: (call: Call) => boolean;
  full: (call: Call) => boolean;
  rich: boolean;
} {
  const compare = comparer(query);
  const rich = query.query !== undefined || query.headers !== undefined || query.body !== undefined;
  return {
    quick: (call) => compare(call, false).length === 0,
    full: rich ? (call) => compare(call, true).length === 0 : () => true,
    rich,
  };
}

/** How a call differs from the query: the differences, and a distance from 0 (a match) to 1. */
export function differencesFrom(query: JournalQuery): (call: Call) => { differences: string[]; distance: number } {
  const compare = comparer(query);
  const criteria = Object.values(query).filter((v) => v !== undefined).length;
  return (call) => {
    const misses = compare(call, true);
    // Each criterion counts as much as any other, however many fields a body or query names.
    const byCriterion = new Map<keyof JournalQuery, number>();
    for (const { criterion, share } of misses) {
      byCriterion.set(criterion, Math.min(1, (byCriterion.get(criterion) ?? 0) + share));
    }
    const total = [...byCriterion.values()].reduce((a, b) => a + b, 0);
    return { differences: misses.map((m) => m.message), distance: criteria === 0 ? 0 : total / criteria };
  };
}

function comparer(query: JournalQuery): (call: Call, full: boolean) => Miss[] {
  const method = query.method?.toUpperCase();
  const path = query.path === undefined ? undefined : pathPattern(query.path);
  const statuses = query.status === undefined ? undefined : [query.status].flat();
  return (call, full) => {
    const misses: Miss[] = [];
    if (method !== undefined && call.method !== method) {
      misses.push({ criterion: 'method', message: `method: expected ${method}, got ${call.method}`, share: 1 });
    }
    if (path && !path(call.path)) {
      misses.push({ criterion: 'path', message: `path: expected ${query.path}, got ${call.path}`, share: 1 });
    }
    if (statuses !== undefined && !statuses.includes(call.status)) {
      misses.push({
        criterion: 'status',
        message: `status: expected ${statuses.join(' or ')}, got ${call.status}`,
        share: 1,
      });
    }
    if (query.rule !== undefined && !call.rules?.some((r) => r.id === query.rule)) {
      const got = call.rules?.length ? call.rules.map((r) => r.id).join(', ') : 'none';
      misses.push({ criterion: 'rule', message: `rule: expected ${query.rule}, got ${got}`, share: 1 });
    }
    if (!full) return misses;
    if (query.query !== undefined) misses.push(...queryMisses(query.query, call.query ?? {}));
    if (query.headers !== undefined) misses.push(...headerMisses(query.headers, call.headers ?? {}));
    if (query.body !== undefined) misses.push(...bodyMisses(query.body, call.body));
    return misses;
  };
}

function queryMisses(expected: NonNullable<JournalQuery['query']>, sent: Record<string, string[]>): Miss[] {
  const names = Object.keys(expected);
  const misses: Miss[] = [];
  for (const name of names) {
    const lower = name.toLowerCase();
    const values = Object.entries(sent).flatMap(([n, v]) => (n.toLowerCase() === lower ? v : []));
    const want = [expected[name]!].flat();
    if (want.every((w) => values.includes(w))) continue;
    const got = values.length === 0 ? 'nothing' : values.length === 1 ? shown(values[0]) : shown(values);
    misses.push({
      criterion: 'query',
      message: `query.${name}: expected ${shown(want.length === 1 ? want[0] : want)}, got ${got}`,
      share: 1 / names.length,
    });
  }
  return misses;
}

function headerMisses(expected: NonNullable<JournalQuery['headers']>, sent: Record<string, string>): Miss[] {
  const names = Object.keys(expected);
  const misses: Miss[] = [];
  for (const name of names) {
    const value = sent[name.toLowerCase()];
    const want = expected[name]!;
    if (value?.toLowerCase().includes(want.toLowerCase())) continue;
    misses.push({
      criterion: 'headers',
      message: `headers.${name.toLowerCase()}: expected ${shown(want)} in it, got ${shown(value)}`,
      share: 1 / names.length,
    });
  }
  return misses;
}

function bodyMisses(expected: unknown, body: unknown): Miss[] {
  if (isTruncated(body)) {
    return [
      {
        criterion: 'body',
        message: `body: not compared, it was ${body.bytes} bytes and the journal kept only a prefix`,
        share: 1,
      },
    ];
  }
  const total = leaves(expected);
  return jsonDifferences(expected, body, 'body').map((d) => ({
    criterion: 'body',
    message: d.message,
    share: d.weight / total,
  }));
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
