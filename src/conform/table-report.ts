import { differenceText } from './compare.js';
import type { ProbeResult, RunResult } from './conform-run.js';
import { answerCell, type RootCause, rootCauseLines, summarise, summaryLine } from './report-summary.js';
import type { Outcome } from './side.js';

// The terminal table: what made probes skip first, then probe, target, simulator, verdict, the probes whose
// answers caused skips at the top; each difference on its own line under its probe (with the rules that refused
// the request on the simulator, if any), and each reason for a skip in full in a numbered list under the table.

const pad = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

/** Whether a row is one of the answers that held no id: the probe itself, or a probe of the same request failing. */
function causeRank(r: ProbeResult, causes: RootCause[]): number {
  const i = causes.findIndex((c) =>
    c.probe
      ? c.probe === r.probe.name
      : c.operation === r.probe.operation && r.verdict !== 'same' && r[c.side].kind === 'answered',
  );
  return i < 0 ? causes.length : i;
}

export function tableReport(run: RunResult, only: 'all' | 'differences' = 'all'): string {
  const summary = summarise(run);
  const causes = summary.rootCauses;
  const rows = run.results
    .filter((r) => only === 'all' || r.verdict === 'differs')
    .map((r, i) => ({ r, rank: causeRank(r, causes), i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ r }) => r);
  const name = Math.min(70, Math.max(5, ...rows.map((r) => r.probe.name.length)));
  const cell = 18;
  const reasons: string[] = [];
  const answer = (outcome: Outcome): string => {
    if (outcome.kind !== 'skipped') return answerCell(outcome);
    let n = reasons.indexOf(outcome.why);
    if (n < 0) n = reasons.push(outcome.why) - 1;
    return `skipped [${n + 1}]`;
  };
  const lines = [
    ...rootCauseLines(summary),
    `${pad('probe', name)}  ${pad('target', cell)}  ${pad('simulator', cell)}  verdict`,
    `${'-'.repeat(name)}  ${'-'.repeat(cell)}  ${'-'.repeat(cell)}  -------`,
  ];
  for (const r of rows) {
    const answers = `${pad(answer(r.target), cell)}  ${pad(answer(r.simulator), cell)}`;
    lines.push(`${pad(r.probe.name, name)}  ${answers}  ${r.verdict}`);
    for (const d of r.differences) lines.push(`    - ${differenceText(d)}`);
  }
  if (reasons.length) {
    lines.push('skipped because:');
    for (const [i, why] of reasons.entries()) lines.push(`  [${i + 1}] ${why}`);
  }
  for (const n of run.notRemoved) lines.push(`not removed on the ${n.side}: ${n.kind} ${n.id}`);
  lines.push(summaryLine(summary));
  return `${lines.join('\n')}\n`;
}
