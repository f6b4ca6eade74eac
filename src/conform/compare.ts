import type { Probe, Seen } from './probe.js';
import { compareShapes, shapeOf } from './shape.js';

// One probe's answers side by side: status, content type, the probe's rule, and the body's shape.

const mediaType = (seen: Seen): string => seen.contentType.split(';')[0]!.trim().toLowerCase() || '(none)';

export function differences(
  probe: Probe,
  target: Seen,
  simulator: Seen,
  rule: { target?: string; simulator?: string },
): string[] {
  const out: string[] = [];
  if (target.status !== simulator.status)
    out.push(`status ${target.status} on the target, ${simulator.status} on the simulator`);
  if (mediaType(target) !== mediaType(simulator)) {
    out.push(`content type ${mediaType(target)} on the target, ${mediaType(simulator)} on the simulator`);
  }
  if (rule.target !== undefined) out.push(`the target breaks the rule (${probe.rule}): ${rule.target}`);
  if (rule.simulator !== undefined) out.push(`the simulator breaks the rule (${probe.rule}): ${rule.simulator}`);
  // A different status already says it all: the bodies of two different answers are not comparable.
  if (target.status === simulator.status && target.json !== undefined && simulator.json !== undefined) {
    out.push(...compareShapes(shapeOf(target.json), shapeOf(simulator.json)));
  }
  return out;
}
