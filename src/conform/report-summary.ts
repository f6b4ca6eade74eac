import { SOURCE_KINDS, type SourceKind } from '../field-sources.js';
import type { ProbeResult, RunResult } from './conform-run.js';
import type { Outcome } from './side.js';

// What every report says: counts by verdict, and how each side answered.

export interface Summary {
  probes: number;
  same: number;
  differ: number;
  skipped: number;
  notRemoved: number;
  /**
   * Differences by the source of the simulator's field they are about (spec, client, vendor, convention,
   * assumed); `other` for a status, a content type, a rule, or a field the simulator does not document.
   */
  differencesBySource: Record<SourceKind | 'other', number>;
}

export function summarise(run: RunResult): Summary {
  const count = (verdict: ProbeResult['verdict']) => run.results.filter((r) => r.verdict === verdict).length;
  return {
    probes: run.results.length,
    same: count('same'),
    differ: count('differs'),
    skipped: count('skipped'),
    notRemoved: run.notRemoved.length,
    differencesBySource: bySource(run),
  };
}

function bySource(run: RunResult): Summary['differencesBySource'] {
  const counts = Object.fromEntries([...SOURCE_KINDS, 'other'].map((k) => [k, 0])) as Summary['differencesBySource'];
  for (const r of run.results) for (const d of r.differences) counts[d.source ?? 'other']++;
  return counts;
}

export const summaryLine = (s: Summary): string =>
  `${s.probes} probes: ${s.same} same, ${s.differ} differ, ${s.skipped} skipped` +
  (s.notRemoved ? `; ${s.notRemoved} made by --writes not removed` : '') +
  sourcesLine(s.differencesBySource);

/** `\ndifferences by the source of the simulator's field: 2 spec, 1 assumed, 3 other`, or nothing when none differ. */
function sourcesLine(counts: Summary['differencesBySource']): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? `\ndifferences by the source of the simulator's field: ${parts.join(', ')}` : '';
}

/** `200 json`, `403 text`, `skipped: why`, `throttled`. */
export function answerCell(outcome: Outcome): string {
  if (outcome.kind === 'skipped') return `skipped: ${outcome.why}`;
  if (outcome.kind === 'throttled') return 'throttled';
  const media = outcome.seen.contentType.split(';')[0]!.trim();
  const short = media.replace(/^application\//, '').replace(/^text\//, '');
  return `${outcome.seen.status}${short ? ` ${short}` : ''}`;
}
