import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeProbes } from '../../src/conform/probes/write-probes.js';
import { startSimulator, type TestSimulator } from '../../src/kit/start.js';
import { type ConformRun, demoTarget, runConform } from './conform-helpers.js';

// A drifted target: a proxy in front of a simulator that renames a field the spec names, renames a field
// the simulator assumed, changes a status, changes a date format and drops a plain-text 403 body, each on
// one request only. Each drift is reported exactly once, with where the simulator's field comes from.

let sim: TestSimulator;
let proxy: Server;
let run: ConformRun;
let base: string;
const dir = mkdtempSync(path.join(tmpdir(), 'conform-drift-'));

type Drift = (
  method: string,
  url: string,
  authorized: boolean,
) => ((status: number, body: string) => [number, string]) | undefined;

/** When set, the proxy refuses to delete any appointment that exists (a write probe's cleanup then fails). */
let refuseDeletes = false;

const drift: Drift = (method, url, authorized) => {
  if (refuseDeletes && method === 'DELETE' && url.startsWith('/api/v2/appointments/') && !url.includes('11111111')) {
    return () => [500, '{"Message":"An error has occurred."}'];
  }
  if (method === 'GET' && /^\/api\/v2\/sites\/[0-9a-f-]{36}$/.test(url) && authorized) {
    return (status, body) => [status, body.replace('"TimeZone"', '"timeZone"')];
  }
  if (method === 'DELETE' && url === '/api/v2/accountingentries/11111111-2222-4333-8444-555555555555' && authorized) {
    return (_status, body) => [404, body];
  }
  if (method === 'GET' && /^\/api\/v2\/appointments\/[0-9a-f-]{36}$/.test(url) && authorized) {
    return (status, body) => [status, body.replace('"CreationDate"', '"Created"')];
  }
  if (method === 'GET' && url === '/api/v2/ping' && authorized) {
    return (status, body) => [status, body.replace(/"utc":"(\d{4}-\d\d-\d\d) (\d\d:\d\d)"/, '"utc":"$1T$2:00Z"')];
  }
  if (method === 'GET' && url.startsWith('/api/v2/vouchers?') && !authorized) return (status) => [status, ''];
  return undefined;
};

beforeAll(async () => {
  sim = await startSimulator({ rateLimit: false, size: 'small' });
  const upstream = new URL(sim.url!);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const change = drift(req.method!, req.url!, Boolean(req.headers.authorization || req.headers.serviceapikey));
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () => {
            const [status, text] = (change ?? ((s, b) => [s, b]))(answer.statusCode!, Buffer.concat(body).toString());
            const { 'transfer-encoding': _chunked, ...rest } = answer.headers;
            const headers = { ...rest, 'content-length': String(Buffer.byteLength(text)) };
            res.writeHead(status, headers).end(text);
          });
        },
      );
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  const reports = ['--report', path.join(dir, 'r.json'), '--junit', path.join(dir, 'r.xml')];
  base = `http://127.0.0.1:${port}`;
  run = await runConform([...demoTarget(base), ...reports]);
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await sim.stop();
});

describe('conform against a drifted target', () => {
  it('reports each drift exactly once, with its probe and the difference, and exits 1', () => {
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    const differing = report.probes.filter((p: { verdict: string }) => p.verdict === 'differs');
    const byName = Object.fromEntries(
      differing.map((p: { name: string; differences: string[] }) => [p.name, p.differences]),
    );
    expect(Object.keys(byName).sort()).toEqual(
      [
        'deleteAccountingEntry of an entry that does not exist: 400 Record does not exist.',
        'getAppointment answers the appointment with services, employees and resources',
        'getSite answers one site with its address, contact details, trading hours and time zone',
        'listVouchers without a bearer token: 403 plain text',
        'ping answers status ok, the tenant and the UTC time',
      ].sort(),
    );
    expect(byName['getSite answers one site with its address, contact details, trading hours and time zone']).toEqual([
      "field 'timeZone' on the target is 'TimeZone' on the simulator (the spec names this field)",
    ]);
    expect(byName['getAppointment answers the appointment with services, employees and resources']).toEqual([
      "field 'Created' only on the target",
      "field 'CreationDate' only on the simulator (the simulator assumed this field; your account's answer is the " +
        'better guide)',
    ]);
    expect(byName['deleteAccountingEntry of an entry that does not exist: 400 Record does not exist.'][0]).toBe(
      'status 404 on the target, 400 on the simulator',
    );
    expect(byName['ping answers status ok, the tenant and the UTC time'].join('\n')).toContain(
      "'utc': an ISO 8601 date-time on the target, a DateTime 'yyyy-MM-dd HH:mm' on the simulator",
    );
    expect(byName['listVouchers without a bearer token: 403 plain text'].join('\n')).toContain(
      'body "", expected "Unauthorized - No bearer token sent in request header."',
    );
    expect(run.stdout).toContain('5 differ');
  });

  it("counts the differences by the source of the simulator's field, in the summary and the JSON report", () => {
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    expect(report.summary.differencesBySource).toEqual({
      spec: 2,
      client: 0,
      vendor: 0,
      convention: 0,
      assumed: 1,
      other: report.summary.differencesBySource.other,
    });
    expect(report.summary.differencesBySource.other).toBeGreaterThanOrEqual(3);
    const appointment = report.probes.find((p: { name: string }) => p.name.startsWith('getAppointment answers'));
    expect(appointment.differenceSources).toEqual([null, 'assumed']);
    expect(run.stdout.split('\n').slice(-3)).toEqual([
      expect.stringMatching(/^differences by the source of the simulator's field: 2 spec, 1 assumed, \d+ other$/),
      expect.stringMatching(/^differences by the source of the simulator's rule: \d+ spec, \d+ no rule$/),
      '',
    ]);
  });

  it("names the rule the simulator refused by in every report, and counts the differences by the rule's source", () => {
    const report = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    const vouchers = report.probes.find(
      (p: { name: string }) => p.name === 'listVouchers without a bearer token: 403 plain text',
    );
    // The simulator's 403 carries `X-Business-Api-Sim-Rule: auth.no-bearer-token; source=spec`.
    expect(vouchers.differenceRules).toEqual([[{ id: 'auth.no-bearer-token', source: 'spec' }]]);
    expect(vouchers.differences[0]).not.toContain('auth.no-bearer-token'); // the JSON keeps the rule beside the text
    const named = '[refused on the simulator by rule auth.no-bearer-token (spec)]';
    expect(run.stdout).toContain(`${vouchers.differences[0]} ${named}`);
    const xml = readFileSync(path.join(dir, 'r.xml'), 'utf8');
    expect(xml).toContain('auth.no-bearer-token (spec)]">');
    // A 200 the simulator answered names no rule.
    const site = report.probes.find((p: { name: string }) => p.name.startsWith('getSite answers'));
    expect(site.differenceRules).toEqual([[]]);
    expect(run.stdout).toContain('(the spec names this field)\n');
    // Each difference counts once under each source of its rules, or under `no rule`.
    const expected = { spec: 0, client: 0, vendor: 0, convention: 0, assumed: 0, 'no rule': 0 } as Record<
      string,
      number
    >;
    for (const p of report.probes) {
      for (const rules of p.differenceRules as { source: string }[][]) {
        if (rules.length === 0) expected['no rule']!++;
        for (const source of new Set(rules.map((r) => r.source))) expected[source]!++;
      }
    }
    expect(report.summary.differencesByRuleSource).toEqual(expected);
    expect(expected.spec).toBeGreaterThanOrEqual(1);
    expect(expected['no rule']).toBeGreaterThanOrEqual(3);
    const { spec, 'no rule': none } = expected;
    expect(run.stdout).toContain(
      `\ndifferences by the source of the simulator's rule: ${spec} spec, ${none} no rule\n`,
    );
  });

  it('the JUnit XML fails exactly the drifted probes, the difference as the failure message, escaped', () => {
    const xml = readFileSync(path.join(dir, 'r.xml'), 'utf8');
    expect(xml).toContain('failures="5"');
    expect(xml.match(/<failure /g)).toHaveLength(5);
    expect(xml).toContain(
      '<failure message="field &apos;timeZone&apos; on the target is &apos;TimeZone&apos; on the simulator (the spec ' +
        'names this field)">',
    );
  });

  it('a target that refuses the credential: exit 1, saying so, and the secret is not printed', async () => {
    const refused = await runConform([
      '--base-url',
      sim.url!,
      '--client-id',
      'demo-client',
      '--secret',
      'wrong-secret',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('target: no access token from POST /api/v2/token (status 401)');
    expect(refused.stderr + refused.stdout).not.toContain('wrong-secret');
  });

  it('--writes: a record the target would not remove is listed in the report and the table', async () => {
    refuseDeletes = true;
    const report = path.join(dir, 'w.json');
    const writes = await runConform([...demoTarget(base), '--writes', '--report', report], { probes: writeProbes() });
    refuseDeletes = false;
    expect(writes.code).toBe(1);
    const { notRemoved } = JSON.parse(readFileSync(report, 'utf8'));
    expect(notRemoved).toEqual([{ side: 'target', kind: 'appointment', id: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(writes.stdout).toContain(`not removed on the target: appointment ${notRemoved[0].id}`);
    expect(writes.stdout).toContain('; 1 made by --writes not removed');
  });
});
