import { RULE_SOURCES, type RuleSource } from '../errors/rules.js';
import { SOURCE_KINDS, type SourceKind } from '../field-sources.js';
import { type ProbeResult, type RunResult, rootOf } from './conform-run.js';
import type { IdSource } from './probe.js';
import type { Outcome } from './side.js';

// What every report says: what made probes skip (the root causes, most probes first), counts by verdict,
// and how each side answered.

/** An answer that held no id, and how many probes were skipped on its side for want of that id. */
export interface RootCause extends IdSource {
  side: 'target' | 'simulator';
  /** Probes skipped for it, directly or through another skipped probe. */
  skipped: number;
}

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
  /**
   * Differences by the source of the rules that refused the request on the simulator (its answer's rule
   * header): spec, client, vendor, convention, assumed; `no rule` when the simulator's answer named none. A
   * difference whose rules have several sources counts under each.
   */
  differencesByRuleSource: Record<RuleSource | 'no rule', number>;
  /** What the skipped probes were missing in the end, the cause that skipped most first. */
  rootCauses: RootCause[];
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
    differencesByRuleSource: byRuleSource(run),
    rootCauses: rootCauses(run),
  };
}

export function rootCauses(run: RunResult): RootCause[] {
  const causes = new Map<string, RootCause>();
  for (const r of run.results) {
    for (const side of ['target', 'simulator'] as const) {
      const out = r[side];
      if (out.kind !== 'skipped' || !out.cause) continue;
      const c = rootOf(out.cause);
      const root = { operation: c.operation, request: c.request, why: c.why, ...(c.probe ? { probe: c.probe } : {}) };
      const key = JSON.stringify([side, root.request, root.probe ?? '', root.why]);
      const known = causes.get(key);
      if (known) known.skipped++;
      else causes.set(key, { side, ...root, skipped: 1 });
    }
  }
  return [...causes.values()].sort((a, b) => b.skipped - a.skipped);
}

/** `on the target, GET /api/v2/sites (listSites) answered 500`. */
export function causeText(cause: RootCause): string {
  const what = cause.probe ? `the probe '${cause.probe}' (${cause.request})` : `${cause.request} (${cause.operation})`;
  return `on the ${cause.side}, ${what} ${cause.why}`;
}

/** The lines on the root causes of skips, or none when nothing was skipped for a missing id. */
export function rootCauseLines(s: Summary): string[] {
  if (!s.rootCauses.length) return [];
  return [
    'probes skipped for want of an id, by the answer that held none:',
    ...s.rootCauses.map((c) => `  ${c.skipped} skipped: ${causeText(c)}`),
  ];
}

function bySource(run: RunResult): Summary['differencesBySource'] {
  const counts = Object.fromEntries([...SOURCE_KINDS, 'other'].map((k) => [k, 0])) as Summary['differencesBySource'];
  for (const r of run.results) for (const d of r.differences) counts[d.source ?? 'other']++;
  return counts;
}

function byRuleSource(run: RunResult): Summary['differencesByRuleSource'] {
  const kinds = [...RULE_SOURCES, 'no rule'] as const;
  const counts = Object.fromEntries(kinds.map((k) => [k, 0])) as Summary['differencesByRuleSource'];
  const known = new Set<string>(RULE_SOURCES);
  for (const r of run.results) {
    for (const d of r.differences) {
      // A source the simulator does not declare cannot come from its header; counted as no rule all the same.
      const sources = new Set((d.rules ?? []).map((rule) => rule.source).filter((s) => known.has(s)));
      if (sources.size === 0) counts['no rule']++;
      for (const source of sources) counts[source as RuleSource]++;
    }
  }
  return counts;
}

/** The root causes of skips, if any, then the counts. */
export const summaryLine = (s: Summary): string =>
  rootCauseLines(s)
    .map((line) => `${line}\n`)
    .join('') +
  `${s.probes} probes: ${s.same} same, ${s.differ} differ, ${s.skipped} skipped` +
  (s.notRemoved ? `; ${s.notRemoved} made by --writes not removed` : '') +
  sourcesLine(s.differencesBySource) +
  ruleSourcesLine(s.differencesByRuleSource);

/** `\ndifferences by the source of the simulator's field: 2 spec, 1 assumed, 3 other`, or nothing when none differ. */
function sourcesLine(counts: Summary['differencesBySource']): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? `\ndifferences by the source of the simulator's field: ${parts.join(', ')}` : '';
}

/**
 * `\ndifferences by the source of the simulator's rule: 1 spec, 2 assumed, 3 no rule`, or nothing when none
 * differ.
 */
function ruleSourcesLine(counts: Summary['differencesByRuleSource']): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`);
  return parts.length ? `\ndifferences by the source of the simulator's rule: ${parts.join(', ')}` : '';
}

/** `200 json`, `403 text`, `skipped: why` (the whole reason), `throttled`. */
export function answerCell(outcome: Outcome): string {
  if (outcome.kind === 'skipped') return `skipped: ${outcome.why}`;
  if (outcome.kind === 'throttled') return 'throttled';
  const media = outcome.seen.contentType.split(';')[0]!.trim();
  const short = media.replace(/^application\//, '').replace(/^text\//, '');
  return `${outcome.seen.status}${short ? ` ${short}` : ''}`;
}
