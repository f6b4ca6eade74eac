import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProbes } from '../../src/conform/probes/probe-list.js';
import { writeProbes } from '../../src/conform/probes/write-probes.js';
import { startSimulator, type TestSimulator } from '../../src/kit/start.js';
import { type ConformRun, demoTarget, runConform } from './conform-helpers.js';

// The conform command against the simulator itself over a socket: nothing differs. One run with every output
// (reports, recording, --writes) serves the tests of this file.

let target: TestSimulator;
let run: ConformRun;
const tokens: string[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'conform-'));
const file = (name: string) => path.join(dir, name);

// The target's transport, noting every access token it answers.
const spy = (request: Request) =>
  fetch(request).then(async (response) => {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { access_token?: string } | null;
    const token = body?.access_token;
    if (token) tokens.push(token);
    return response;
  });

beforeAll(async () => {
  target = await startSimulator({ rateLimit: false, size: 'small' });
  const outputs = ['--report', file('report.json'), '--junit', file('junit.xml'), '--record', file('recording.json')];
  run = await runConform([...demoTarget(target.url!), '--writes', ...outputs], { fetch: spy });
}, 30_000);
afterAll(() => target.stop());

const report = () => JSON.parse(readFileSync(file('report.json'), 'utf8'));

describe('conform against the simulator itself', () => {
  it('finds no difference in any probe and exits 0, with a summary line', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\n\d+ probes: \d+ same, 0 differ, \d+ skipped\n$/);
    expect(report().summary.same).toBeGreaterThanOrEqual(150);
  });

  it('the JSON report lists every probe with both answers; the JUnit XML has one testcase per probe', () => {
    const json = report();
    expect(json.probes[0]).toMatchObject({
      verdict: 'same',
      target: expect.any(String),
      simulator: expect.any(String),
    });
    const xml = readFileSync(file('junit.xml'), 'utf8');
    expect(xml).toContain(`tests="${json.summary.probes}" failures="0"`);
    expect(xml.match(/<testcase /g)).toHaveLength(json.summary.probes);
  });

  it('with --writes, the write probes agree and remove every record they made', () => {
    const json = report();
    const names = new Set(writeProbes().map((p) => p.name));
    const writes = json.probes.filter((p: { name: string }) => names.has(p.name));
    expect(writes).toHaveLength(names.size);
    expect(writes.filter((p: { verdict: string }) => p.verdict !== 'same')).toEqual([]);
    expect(json.notRemoved).toEqual([]);
  });

  it('record then replay: the recording compares the simulator offline with the same verdicts', async () => {
    const recording = JSON.parse(readFileSync(file('recording.json'), 'utf8'));
    expect(recording.exchanges.length).toBe(report().summary.probes);
    const replay = await runConform(['--replay', file('recording.json'), '--concurrency', '32']);
    expect(replay.stderr).toBe('');
    expect(replay.code).toBe(0);
    expect(replay.stdout.split('\n').at(-2)).toBe(run.stdout.split('\n').at(-2));
  });

  it('no secret, token or API key appears on stdout, stderr, in the reports or in the recording', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const outputs = [
      run.stdout,
      run.stderr,
      ...['report.json', 'junit.xml', 'recording.json'].map((f) => readFileSync(file(f), 'utf8')),
    ];
    for (const secret of ['demo-secret', 'demo-api-key', ...tokens]) {
      for (const output of outputs) expect(output).not.toContain(secret);
    }
    expect(readFileSync(file('recording.json'), 'utf8')).toContain('[redacted]');
  });
});

describe('conform --site', () => {
  it('probes the site given instead of the first active one', async () => {
    const sites = (await (await target.account()).call<{ SiteId: string }[]>('/api/v2/sites')).body;
    const second = sites[1]!.SiteId;
    const probes = allProbes().filter((p) => p.operation === 'getSite');
    const recording = file('site.json');
    const run = await runConform([...demoTarget(target.url!), '--site', second, '--record', recording], { probes });
    expect(run.code).toBe(0);
    const urls = JSON.parse(readFileSync(recording, 'utf8')).exchanges.map(
      (e: { request: { url: string } }) => e.request.url,
    );
    expect(urls).toContain(`${target.url}/api/v2/sites/${second}`);
  });
});

describe('conform usage', () => {
  it.each([
    [[], '--base-url is required'],
    [['--base-url', 'http://127.0.0.1:1'], '--client-id and --secret'],
    [['--base-url', 'ftp://x', '--client-id', 'a', '--secret', 'b'], 'http or https'],
    [['--replay', 'x.json', '--base-url', 'http://127.0.0.1:1'], 'leave out --base-url'],
    [['--base-url', 'http://me:pw@127.0.0.1:1', '--client-id', 'a', '--secret', 'b'], 'no user or password'],
    [['--concurrency', '0', '--replay', 'x.json'], '--concurrency'],
    [['--site', 'main', '--replay', 'x.json'], '--site'],
    [['--colour'], 'colour'],
  ])('usage error %j: exit 2, the message and the help text', async (argv, message) => {
    const usage = await runConform(argv);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain(message);
    expect(usage.stderr).toContain('Usage: business-api-sim conform');
  });

  it('a target that does not answer: exit 1, saying so', async () => {
    const run = await runConform(['--base-url', 'http://127.0.0.1:1', '--client-id', 'a', '--secret', 'some-secret']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('target: no access token from POST /api/v2/token (no answer: fetch failed)');
  });

  it('a replay file that is not a recording: exit 2', async () => {
    const usage = await runConform(['--replay', file('missing.json')]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--replay');
  });

  it('--help describes the command, its flags and exit codes', async () => {
    const help = await runConform(['--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--base-url', '--client-id', '--secret', '--api-key', '--writes', '--record', '--replay']) {
      expect(help.stdout).toContain(flag);
    }
    expect(help.stdout).toContain('Exit codes');
  });
});
