import type { SourceKind } from '../field-sources.js';
import { type SourceLookup, sourceLabel } from './field-source.js';
import type { Probe, RuleRef, Seen } from './probe.js';
import { compareShapes, shapeOf } from './shape.js';

// One probe's answers side by side: status, content type, the probe's rule, and the body's shape. A
// difference about a field of the simulator's answer says where the simulator took that field from;
// when the simulator refused the request, every difference names the rules its answer's rule header
// gives (X-Business-Api-Sim-Rule), with their sources.

export interface Difference {
  text: string;
  /** The source of the simulator's field the difference is about; absent when it is about no documented field. */
  source?: SourceKind;
  /** The rules that refused the request on the simulator, as its answer's rule header names them; absent when none. */
  rules?: RuleRef[];
}

/** The difference as the reports print it: its text, then the simulator's rules, if any. */
export function differenceText(d: Difference): string {
  if (!d.rules?.length) return d.text;
  const named = d.rules.map((r) => `${r.id} (${r.source})`).join(', ');
  return `${d.text} [refused on the simulator by rule${d.rules.length > 1 ? 's' : ''} ${named}]`;
}

const mediaType = (seen: Seen): string => seen.contentType.split(';')[0]!.trim().toLowerCase() || '(none)';

export function differences(
  probe: Probe,
  target: Seen,
  simulator: Seen,
  rule: { target?: string; simulator?: string },
  sourceOf: SourceLookup,
): Difference[] {
  const out: Difference[] = [];
  if (target.status !== simulator.status)
    out.push({ text: `status ${target.status} on the target, ${simulator.status} on the simulator` });
  if (mediaType(target) !== mediaType(simulator)) {
    out.push({ text: `content type ${mediaType(target)} on the target, ${mediaType(simulator)} on the simulator` });
  }
  if (rule.target !== undefined) out.push({ text: `the target breaks the rule (${probe.rule}): ${rule.target}` });
  if (rule.simulator !== undefined) {
    out.push({ text: `the simulator breaks the rule (${probe.rule}): ${rule.simulator}` });
  }
  // A different status already says it all: the bodies of two different answers are not comparable.
  if (target.status === simulator.status && target.json !== undefined && simulator.json !== undefined) {
    for (const d of compareShapes(shapeOf(target.json), shapeOf(simulator.json))) {
      const source = sourceOf(probe.operation, simulator.status, d.path);
      out.push(source ? { text: `${d.text} (${sourceLabel(source)})`, source: source.kind } : { text: d.text });
    }
  }
  const rules = simulator.rules;
  if (rules?.length) for (const d of out) d.rules = rules.map((r) => ({ ...r }));
  return out;
}
