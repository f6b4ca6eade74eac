import type { Journal, JournalEntry } from './journal.js';
import {
  type CallCount,
  countMatches,
  describeCount,
  describeQuery,
  differencesFrom,
  type JournalQuery,
} from './journal-query.js';

/** Near misses a failed verification reports. */
export const NEAR_MISSES = 3;

/** A request that did not match, how far it is from the query (0 to 1), and each thing that differed. */
export interface NearMiss {
  request: JournalEntry;
  distance: number;
  differences: string[];
}

export interface Verification {
  holds: boolean;
  matched: number;
  /** `exactly 1`, `at least 1`, … */
  expected: string;
  /** When too few matched: the nearest requests that did not, nearest first (most recent first among equals). */
  nearMisses: NearMiss[];
  /** The outcome in words, several lines when it fails. */
  report: string;
}

/** Whether the journal holds as many matching requests as expected, and if not, what came nearest. */
export function verifyJournal(journal: Journal, query: JournalQuery, count: CallCount): Verification {
  const matching = journal.list(query);
  const expected = describeCount(count);
  const head = `expected ${expected} request(s) matching ${describeQuery(query)}, got ${matching.length}`;
  if (countMatches(count, matching.length)) {
    return { holds: true, matched: matching.length, expected, nearMisses: [], report: head };
  }
  const all = journal.all();
  const tooMany = typeof count === 'number' ? matching.length > count : matching.length > (count.atMost ?? Infinity);
  const nearMisses = tooMany ? [] : nearest(query, all);
  const lines = [`${head}.`];
  if (all.length === 0) lines.push('The journal holds no request.');
  else if (tooMany) {
    lines.push(`The first ${Math.min(NEAR_MISSES, matching.length)} that matched:`);
    for (const [i, e] of matching.slice(0, NEAR_MISSES).entries()) lines.push(`${i + 1}. ${summary(e)}`);
  } else {
    lines.push(`The nearest of the ${all.length} request(s) in the journal:`);
    for (const [i, m] of nearMisses.entries()) {
      lines.push(`${i + 1}. ${summary(m.request)}`, ...m.differences.map((d) => `   - ${d}`));
    }
  }
  return { holds: false, matched: matching.length, expected, nearMisses, report: lines.join('\n') };
}

function nearest(query: JournalQuery, all: JournalEntry[]): NearMiss[] {
  const differences = differencesFrom(query);
  const scored = all
    .map((request, index) => ({ request, index, ...differences(request) }))
    .filter((m) => m.differences.length > 0);
  scored.sort((a, b) => a.distance - b.distance || b.index - a.index);
  return scored.slice(0, NEAR_MISSES).map(({ request, distance, differences }) => ({
    request,
    distance: Math.round(distance * 1000) / 1000,
    differences,
  }));
}

const summary = (e: JournalEntry) => `${e.method} ${e.path} → ${e.status} at ${e.at}`;
