import type { Steps } from '../world/steps.js';
import type { Journal, JournalEntry, JournalView } from './journal.js';
import { MatchWork } from './journal-match.js';
import {
  type CallCount,
  CompiledQuery,
  countMatches,
  describeCount,
  describeQuery,
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

/** A near miss while the journal is read: the entry and its distance. */
interface Candidate {
  view: JournalView;
  distance: number;
}

/**
 * Whether the journal holds as many matching requests as expected, and if not, what came nearest,
 * as steps: one pass over the entries, newest first, an entry at a time (and its body
 * compared a few hundred values at a time), each body parsed at most once. The pass counts the
 * matching entries and keeps the nearest that do not: an entry that is no nearer than the near misses
 * found by what is read without parsing its body (method, path, status, rule, query, headers, and
 * which values asked for its body's text holds) is not read further, and the words of what differs
 * are written only for the near misses reported.
 */
export function* verifySteps(journal: Journal, query: JournalQuery, count: CallCount): Steps<Verification> {
  const compiled = new CompiledQuery(query);
  const snapshot = journal.snapshot();
  const work = new MatchWork();
  const most = typeof count === 'number' ? count : (count.atMost ?? Number.POSITIVE_INFINITY);
  let matched = 0;
  /** The oldest matching entries, oldest first (the pass goes newest first). */
  const firstMatching: JournalView[] = [];
  /** Nearest first; among equals the most recent first, as the pass meets them. */
  const nearest: Candidate[] = [];
  for (let index = snapshot.length - 1; index >= 0; index--) {
    yield;
    const view = snapshot.at(index);
    if (yield* compiled.matches(view, work)) {
      matched++;
      firstMatching.unshift(view);
      if (firstMatching.length > NEAR_MISSES) firstMatching.pop();
      continue;
    }
    // Too many match already: the report lists matching entries, not near misses.
    if (matched > most) continue;
    const farthest = nearest.length < NEAR_MISSES ? Number.POSITIVE_INFINITY : nearest[NEAR_MISSES - 1]!.distance;
    // An older entry at the same distance comes after the ones kept.
    if (compiled.leastDistance(view) >= farthest) continue;
    const distance = yield* compiled.distance(view, work);
    if (distance >= farthest) continue;
    let at = nearest.length;
    while (at > 0 && nearest[at - 1]!.distance > distance) at--;
    nearest.splice(at, 0, { view, distance });
    if (nearest.length > NEAR_MISSES) nearest.pop();
  }

  const expected = describeCount(count);
  const head = `expected ${expected} request(s) matching ${describeQuery(query)}, got ${matched}`;
  if (countMatches(count, matched)) return { holds: true, matched, expected, nearMisses: [], report: head };
  const tooMany = matched > most;
  const nearMisses: NearMiss[] = [];
  if (!tooMany) {
    for (const { view, distance } of nearest) {
      nearMisses.push({
        request: view.entry(),
        distance: Math.round(distance * 1000) / 1000,
        differences: yield* compiled.differences(view, work),
      });
    }
  }
  const lines = [`${head}.`];
  if (snapshot.length === 0) lines.push('The journal holds no request.');
  else if (tooMany) {
    lines.push(`The first ${Math.min(NEAR_MISSES, matched)} that matched:`);
    for (const [i, view] of firstMatching.entries()) lines.push(`${i + 1}. ${summary(view.entry())}`);
  } else {
    lines.push(`The nearest of the ${snapshot.length} request(s) in the journal:`);
    for (const [i, m] of nearMisses.entries()) {
      lines.push(`${i + 1}. ${summary(m.request)}`, ...m.differences.map((d) => `   - ${d}`));
    }
  }
  return { holds: false, matched, expected, nearMisses, report: lines.join('\n') };
}

const summary = (e: JournalEntry) => `${e.method} ${e.path} → ${e.status} at ${e.at}`;
