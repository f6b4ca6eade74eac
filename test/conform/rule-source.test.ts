import { describe, expect, it } from 'vitest';
import { differences, differenceText } from '../../src/conform/compare.js';
import type { ProbeResult, RunResult } from '../../src/conform/conform-run.js';
import { jsonReport } from '../../src/conform/json-report.js';
import { junitReport } from '../../src/conform/junit-report.js';
import type { Probe, RuleRef, Seen } from '../../src/conform/probe.js';
import { summarise } from '../../src/conform/report-summary.js';
import { tableReport } from '../../src/conform/table-report.js';

// A difference names the rules the simulator's answer says refused the request (its rule header, read into
// `Seen.rules`), in the table, the JSON report and the JUnit XML; the summary counts differences by their
// sources, beside the counts by the source of the simulator's field.

const probe = (name: string): Probe => ({
  name,
  rule: 'the rule the probe states',
  operation: 'listPackages',
  build: () => ({ method: 'GET', path: '/api/v2/packages', auth: 'token' }),
  check: () => undefined,
});

const seen = (status: number, rules?: RuleRef[]): Seen => ({
  status,
  contentType: 'application/json; charset=utf-8',
  text: '{}',
  json: {},
  ...(rules ? { rules } : {}),
});

/** A probe the target answers 200 and the simulator refuses with `status` by these rules. */
function result(name: string, status: number, rules?: RuleRef[]): ProbeResult {
  const p = probe(name);
  const target = seen(200);
  const simulator = seen(status, rules);
  const request = p.build({ now: 0, created: {} })!;
  return {
    probe: p,
    target: { kind: 'answered', seen: target, request, url: 'http://target/api/v2/packages' },
    simulator: { kind: 'answered', seen: simulator, request, url: 'http://sim/api/v2/packages' },
    verdict: 'differs',
    differences: differences(p, target, simulator, {}, () => undefined),
  };
}

const REQUIRED_NAME = { id: 'routing.required-name', source: 'spec' };
const NAME_LENGTH = { id: 'clients.create.name-length', source: 'assumed' };
const BINDING = { id: 'body.model-binding', source: 'convention' };

const run: RunResult = {
  results: [
    result('refused by a spec rule', 404, [REQUIRED_NAME]),
    result('refused by an assumed and a convention rule', 400, [NAME_LENGTH, BINDING]),
    result('refused by two assumed rules', 400, [NAME_LENGTH, { id: 'clients.create.other', source: 'assumed' }]),
    result('refused by a client rule', 400, [{ id: 'sales.client-seen', source: 'client' }]),
    result('refused by a vendor rule', 403, [{ id: 'auth.vendor-seen', source: 'vendor' }]),
    result('answered with no rule', 500),
  ],
  notRemoved: [],
};

describe('conform names the rule the simulator refused by', () => {
  it("each difference holds the rules of the simulator's answer, and its text names them by id and source", () => {
    const [spec, twoSources] = run.results;
    expect(spec!.differences.map((d) => d.rules)).toEqual([[REQUIRED_NAME]]);
    expect(differenceText(spec!.differences[0]!)).toBe(
      'status 200 on the target, 404 on the simulator [refused on the simulator by rule routing.required-name (spec)]',
    );
    expect(differenceText(twoSources!.differences[0]!)).toBe(
      'status 200 on the target, 400 on the simulator [refused on the simulator by rules ' +
        'clients.create.name-length (assumed), body.model-binding (convention)]',
    );
    const none = run.results.at(-1)!.differences[0]!;
    expect(none.rules).toBeUndefined();
    expect(differenceText(none)).toBe('status 200 on the target, 500 on the simulator');
  });

  it('the table, the JSON report and the JUnit XML name the rule with each difference', () => {
    const named = '[refused on the simulator by rule routing.required-name (spec)]';
    expect(tableReport(run)).toContain(`    - status 200 on the target, 404 on the simulator ${named}\n`);
    expect(tableReport(run)).toContain('    - status 200 on the target, 500 on the simulator\n');
    const json = JSON.parse(jsonReport(run, 'http://target'));
    expect(json.probes[0].differences).toEqual(['status 200 on the target, 404 on the simulator']);
    expect(json.probes[0].differenceRules).toEqual([[REQUIRED_NAME]]);
    expect(json.probes[1].differenceRules).toEqual([[NAME_LENGTH, BINDING]]);
    expect(json.probes.at(-1).differenceRules).toEqual([[]]);
    const xml = junitReport(run);
    expect(xml).toContain(`<failure message="status 200 on the target, 404 on the simulator ${named}">`);
    expect(xml).toContain('<failure message="status 200 on the target, 500 on the simulator">');
  });

  it('the summary counts differences by rule source, each once under every source of its rules, or under no rule', () => {
    const counts = { spec: 1, client: 1, vendor: 1, convention: 1, assumed: 2, 'no rule': 1 };
    expect(summarise(run).differencesByRuleSource).toEqual(counts);
    expect(JSON.parse(jsonReport(run, 'http://target')).summary.differencesByRuleSource).toEqual(counts);
    // The counts by field source are as before: none of these differences is about a field.
    expect(summarise(run).differencesBySource.other).toBe(6);
    expect(tableReport(run).split('\n').slice(-3)).toEqual([
      "differences by the source of the simulator's field: 6 other",
      "differences by the source of the simulator's rule: 1 spec, 1 client, 1 vendor, 1 convention, 2 assumed, 1 " +
        'no rule',
      '',
    ]);
  });

  it('a run in which nothing differs prints no count by rule source', () => {
    const same: RunResult = { results: [{ ...run.results[0]!, verdict: 'same', differences: [] }], notRemoved: [] };
    expect(tableReport(same)).not.toContain('differences by the source');
    expect(summarise(same).differencesByRuleSource['no rule']).toBe(0);
  });
});
