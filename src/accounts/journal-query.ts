import { pathPattern } from '../path-pattern.js';

/** What to look for in a journal: every given field must match. */
export interface JournalQuery {
  /** HTTP method, any case. */
  method?: string;
  /** Path pattern (see src/path-pattern.ts): `*` within a segment, `**` for any rest. */
  path?: string;
  /** One status or any of several. */
  status?: number | readonly number[];
}

/** Matches on the fields a recorded call and its formatted entry share. */
export function journalFilter(
  query: JournalQuery,
): (call: { method: string; path: string; status: number }) => boolean {
  const method = query.method?.toUpperCase();
  const path = query.path === undefined ? undefined : pathPattern(query.path);
  const statuses = query.status === undefined ? undefined : [query.status].flat();
  return (e) =>
    (method === undefined || e.method === method) &&
    (path === undefined || path(e.path)) &&
    (statuses === undefined || statuses.includes(e.status));
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
  return parts.join(' ');
}

export function describeCount(expected: CallCount): string {
  if (typeof expected === 'number') return `exactly ${expected}`;
  const { atLeast, atMost } = expected;
  if (atLeast !== undefined && atMost !== undefined) return `between ${atLeast} and ${atMost}`;
  return atLeast !== undefined ? `at least ${atLeast}` : `at most ${atMost ?? 'any number of'}`;
}
