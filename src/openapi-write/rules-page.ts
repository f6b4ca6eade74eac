import { RELAXABLE_SOURCES, type Rule, relaxability } from '../errors/rules.js';
import { RULES } from '../rules.js';

// docs/rules.md: every rule the API refuses by, grouped by area, with its id, what it says, its source
// and the evidence for it, and whether an account may relax it (`npm run openapi` writes it).

const AREA_TITLES: Record<string, string> = {
  routing: 'Routing (every endpoint)',
  auth: 'Credentials (every endpoint)',
  throttle: 'Throttling (every endpoint)',
  query: 'Query values (every endpoint)',
  body: 'Request bodies (every endpoint)',
  records: 'Records (every area)',
};

const areaOf = (rule: Rule) => rule.id.slice(0, rule.id.indexOf('.'));
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function relaxedCell(rule: Rule): string {
  const verdict = relaxability(rule);
  return verdict.ok ? 'yes' : `no: ${verdict.why}`;
}

/** The page's text: the same for the same declarations. */
export function rulesPage(rules: readonly Rule[] = RULES): string {
  const areas = [...new Set(rules.map(areaOf))];
  const relaxable = [...RELAXABLE_SOURCES].join(' or ');
  const lines = [
    '# Rules',
    '',
    'Every refusal the simulator decides on comes from one of these rules. Its answer names the rule in the',
    '`X-Business-Api-Sim-Rule` header (`<id>; source=<source>`, several separated by commas), the request journal',
    'records it and `business-api-sim conform` names it in a difference. The source says why the rule is believed,',
    'as for answer fields ([fields.md](fields.md)): `spec` (the spec says so), `client` (a real client of the',
    "service shows it), `vendor` (the vendor's documentation), `convention` (the ASP.NET Web API service it is) or",
    '`assumed` (a plausible choice).',
    '',
    `When the real service accepts what a rule refuses, an account can switch off a rule whose source is ${relaxable}`,
    "(`PUT /__admin/accounts/<name>/relaxed-rules`, a scenario's `account.relaxedRules`, or `account.relax(id)` in",
    'the test kit; see [control-plane.md](control-plane.md#relaxed-rules)), unless the rule keeps the simulator',
    'itself sound. This page is generated from the declarations (`npm run openapi`); a test keeps it equal.',
    '',
  ];
  for (const area of areas) {
    lines.push(`## ${AREA_TITLES[area] ?? `Area \`${area}\``}`, '');
    lines.push('| id | rule | source | evidence | relaxable |', '| --- | --- | --- | --- | --- |');
    for (const r of rules.filter((x) => areaOf(x) === area)) {
      lines.push(`| \`${r.id}\` | ${cell(r.text)} | ${r.source} | ${cell(r.evidence)} | ${cell(relaxedCell(r))} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
