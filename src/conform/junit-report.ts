import { differenceText } from './compare.js';
import type { RunResult } from './conform-run.js';
import { answerCell, rootCauseLines, summarise } from './report-summary.js';

// JUnit XML: one testcase per probe (classname = its operation), a failure holding the differences (each with
// the rules that refused the request on the simulator, if any), skipped probes marked skipped with the whole
// reason; the root causes of skips in the suite's system-out.

const escapeXml = (text: string): string =>
  text
    // Characters XML 1.0 cannot hold at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function junitReport(run: RunResult): string {
  const s = summarise(run);
  const cases = run.results.map((r) => {
    const open = `  <testcase classname="${escapeXml(r.probe.operation)}" name="${escapeXml(r.probe.name)}"`;
    if (r.verdict === 'same') return `${open}/>`;
    if (r.verdict === 'skipped') {
      const why = `target ${answerCell(r.target)}; simulator ${answerCell(r.simulator)}`;
      return `${open}>\n    <skipped message="${escapeXml(why)}"/>\n  </testcase>`;
    }
    const texts = r.differences.map(differenceText);
    const failure = `<failure message="${escapeXml(texts.join('; '))}">${escapeXml(texts.join('\n'))}</failure>`;
    return `${open}>\n    ${failure}\n  </testcase>`;
  });
  const causes = rootCauseLines(s);
  const out = causes.length ? `  <system-out>${escapeXml(causes.join('\n'))}</system-out>\n` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuite name="business-api-sim conform" tests="${s.probes}" failures="${s.differ}" skipped="${s.skipped}">\n` +
    `${cases.join('\n')}\n${out}</testsuite>\n`
  );
}
