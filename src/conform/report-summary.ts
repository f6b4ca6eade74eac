import type { ProbeResult, RunResult } from './conform-run.js';
import type { Outcome } from './side.js';

// What every report says: counts by verdict, and how each side answered.

export interface Summary {
  probes: number;
  same: number;
  differ: number;
  skipped: number;
  notRemoved: number;
}

export function summarise(run: RunResult): Summary {
  const count = (verdict: ProbeResult['verdict']) => run.results.filter((r) => r.verdict === verdict).length;
  return {
    probes: run.results.length,
    same: count('same'),
    differ: count('differs'),
    skipped: count('skipped'),
    notRemoved: run.notRemoved.length,
  };
}

export const summaryLine = (s: Summary): string =>
  `${s.probes} probes: ${s.same} same, ${s.differ} differ, ${s.skipped} skipped` +
  (s.notRemoved ? `; ${s.notRemoved} made by --writes not removed` : '');

/** `200 json`, `403 text`, `skipped: why`, `throttled`. */
export function answerCell(outcome: Outcome): string {
  if (outcome.kind === 'skipped') return `skipped: ${outcome.why}`;
  if (outcome.kind === 'throttled') return 'throttled';
  const media = outcome.seen.contentType.split(';')[0]!.trim();
  const short = media.replace(/^application\//, '').replace(/^text\//, '');
  return `${outcome.seen.status}${short ? ` ${short}` : ''}`;
}
