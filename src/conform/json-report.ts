import type { RunResult } from './conform-run.js';
import { answerCell, summarise } from './report-summary.js';

// The JSON report: the summary (with the root causes of skips), then every probe with both answers, its verdict
// and its differences (each with the source of the simulator's field and the rules that refused the request on
// the simulator), and for a probe skipped for a missing id, which id and the answer it was to come from.

export function jsonReport(run: RunResult, target: string): string {
  const report = {
    target,
    summary: summarise(run),
    probes: run.results.map((r) => ({
      name: r.probe.name,
      operation: r.probe.operation,
      rule: r.probe.rule,
      verdict: r.verdict,
      target: answerCell(r.target),
      simulator: answerCell(r.simulator),
      differences: r.differences.map((d) => d.text),
      differenceSources: r.differences.map((d) => d.source ?? null),
      differenceRules: r.differences.map((d) => d.rules ?? []),
      ...(r.target.kind === 'skipped' && r.target.cause ? { targetSkipCause: r.target.cause } : {}),
      ...(r.simulator.kind === 'skipped' && r.simulator.cause ? { simulatorSkipCause: r.simulator.cause } : {}),
    })),
    notRemoved: run.notRemoved,
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
