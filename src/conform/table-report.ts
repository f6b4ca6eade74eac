import type { RunResult } from './conform-run.js';
import { answerCell, summarise, summaryLine } from './report-summary.js';

// The terminal table: probe, target, simulator, verdict; each difference on its own line under its probe.

const pad = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);

export function tableReport(run: RunResult, only: 'all' | 'differences' = 'all'): string {
  const rows = run.results.filter((r) => only === 'all' || r.verdict === 'differs');
  const name = Math.min(70, Math.max(5, ...rows.map((r) => r.probe.name.length)));
  const cell = 18;
  const lines = [
    `${pad('probe', name)}  ${pad('target', cell)}  ${pad('simulator', cell)}  verdict`,
    `${'-'.repeat(name)}  ${'-'.repeat(cell)}  ${'-'.repeat(cell)}  -------`,
  ];
  for (const r of rows) {
    const answers = `${pad(answerCell(r.target), cell)}  ${pad(answerCell(r.simulator), cell)}`;
    lines.push(`${pad(r.probe.name, name)}  ${answers}  ${r.verdict}`);
    for (const d of r.differences) lines.push(`    - ${d.text}`);
  }
  for (const n of run.notRemoved) lines.push(`not removed on the ${n.side}: ${n.kind} ${n.id}`);
  lines.push(summaryLine(summarise(run)));
  return `${lines.join('\n')}\n`;
}
