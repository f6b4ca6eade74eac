import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type TestSimulator } from '../../src/kit/start.js';
import { type ConformRun, demoTarget, runConform } from './conform-helpers.js';

// A cascade of skips: the target's sites list is broken by a fault rule set through the control plane, so no
// site id is found and every probe that needs one is skipped. Each skip names the answer it needed and why
// that answer held no id; the reports put that root cause first, with the number of probes it skipped.

let target: TestSimulator;
const dir = mkdtempSync(path.join(tmpdir(), 'conform-skip-'));
const file = (name: string) => path.join(dir, name);
const report = (name: string) => JSON.parse(readFileSync(file(name), 'utf8'));

beforeAll(async () => {
  target = await startSimulator({ rateLimit: false, size: 'small' });
}, 30_000);
afterAll(() => target.stop());

/** A conform run with the target's GET /api/v2/sites (or another call) answering as the fault rule says. */
async function brokenSites(
  rule: { status: number; body: unknown; method?: 'GET' | 'POST'; path?: string },
  name: string,
): Promise<ConformRun> {
  const account = await target.account();
  await account.faults.clear();
  await account.faults.add({ method: 'GET', path: '/api/v2/sites', ...rule });
  const outputs = [
    ...['--report', file(`${name}.json`), '--junit', file(`${name}.xml`)],
    ...['--record', file(`${name}.recording.json`), '--writes'],
  ];
  try {
    return await runConform([...demoTarget(target.url!), ...outputs]);
  } finally {
    await account.faults.clear();
  }
}

describe('conform names the root cause of skipped probes', () => {
  it('a sites list answering 500: each skip names GET /api/v2/sites and its 500; the root cause comes first', async () => {
    const run = await brokenSites({ status: 500, body: { Message: 'An error has occurred.' } }, 'status');
    const json = report('status.json');
    const skipped = json.probes.filter((p: { verdict: string }) => p.verdict === 'skipped');
    expect(skipped.length).toBeGreaterThan(50);

    // The skip of a probe that needs the site names the request and why it held no id.
    const needsSite = skipped.find((p: { targetSkipCause?: { id: string } }) => p.targetSkipCause?.id === 'siteId');
    expect(needsSite.targetSkipCause).toMatchObject({ operation: 'listSites', request: 'GET /api/v2/sites' });
    expect(needsSite.targetSkipCause.why).toBe('answered 500');
    expect(needsSite.target).toBe('skipped: needs siteId: GET /api/v2/sites (listSites) answered 500');
    // A probe of a record a write probe makes names that probe, and the chain goes back to the sites list.
    const made = skipped.find((p: { name: string }) => p.name.startsWith('getAppointment of the appointment'));
    expect(made.targetSkipCause).toMatchObject({
      id: 'created.appointment',
      probe: 'createAppointment answers the write result with AppointmentId',
      root: { request: 'GET /api/v2/sites', why: 'answered 500' },
    });

    // The summary: the root cause first, with every probe it skipped on the target.
    const onTarget = skipped.filter((p: { targetSkipCause?: unknown }) => p.targetSkipCause).length;
    expect(json.summary.rootCauses[0]).toMatchObject({
      side: 'target',
      request: 'GET /api/v2/sites',
      why: 'answered 500',
      skipped: onTarget,
    });

    // The table: the root cause above the table, the sites probes that failed first among the rows, each
    // reason in full in the numbered list.
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('probes skipped for want of an id, by the answer that held none:');
    expect(lines[1]).toBe(`  ${onTarget} skipped: on the target, GET /api/v2/sites (listSites) answered 500`);
    const header = lines.findIndex((l) => l.startsWith('probe '));
    expect(lines[header + 2]).toMatch(/^listSites .* differs$/);
    expect(lines).toContain('  [1] needs siteId: GET /api/v2/sites (listSites) answered 500');
    expect(run.stdout).not.toContain('an id it needs was not found');
    expect(run.stdout).toContain(
      `\n  ${onTarget} skipped: on the target, GET /api/v2/sites (listSites) answered 500\n`,
    );
    expect(run.stdout).toMatch(/\n\d+ probes: \d+ same, \d+ differ, \d+ skipped\n/);

    // JUnit: the whole reason in the skipped message, the root cause in the suite's output.
    const xml = readFileSync(file('status.xml'), 'utf8');
    expect(xml).toContain('needs siteId: GET /api/v2/sites (listSites) answered 500');
    expect(xml).toContain(`<system-out>probes skipped for want of an id`);

    // A replay of the recording says the same.
    const replay = await runConform(['--replay', file('status.recording.json'), '--concurrency', '32']);
    expect(replay.stdout.split('\n').slice(0, 2)).toEqual(lines.slice(0, 2));
  }, 60_000);

  it('a write probe whose create fails: the probes that need its record name it, and its row comes first', async () => {
    const rule = { method: 'POST' as const, path: '/api/v2/appointments', status: 500, body: { Message: 'Error' } };
    const run = await brokenSites(rule, 'write');
    const json = report('write.json');
    const create = 'createAppointment answers the write result with AppointmentId';
    const needing = json.probes.filter((p: { targetSkipCause?: { probe?: string } }) => p.targetSkipCause?.probe);
    expect(needing.map((p: { name: string }) => p.name)).toEqual([
      'getAppointment of the appointment just created: its services',
      'setAppointmentState answers the write result with AppointmentId',
      'deleteAppointment of the appointment just created: 200',
    ]);
    expect(needing[0].target).toBe(
      `skipped: needs the appointment made by the probe '${create}' (POST /api/v2/appointments), which answered 500`,
    );
    expect(json.summary.rootCauses).toEqual([
      expect.objectContaining({ side: 'target', probe: create, why: 'answered 500', skipped: 3 }),
    ]);
    const lines = run.stdout.split('\n');
    expect(lines[1]).toBe(`  3 skipped: on the target, the probe '${create}' (POST /api/v2/appointments) answered 500`);
    const header = lines.findIndex((l) => l.startsWith('probe '));
    expect(lines[header + 2]!.startsWith(create)).toBe(true);
  }, 60_000);

  it('a sites list answering an empty list: the skips say so', async () => {
    await brokenSites({ status: 200, body: [] }, 'empty');
    const json = report('empty.json');
    expect(json.summary.rootCauses[0]).toMatchObject({ request: 'GET /api/v2/sites', why: 'answered an empty list' });
  }, 60_000);

  it('a sites list whose rows have no SiteId: the skips say the answer came without SiteId', async () => {
    await brokenSites({ status: 200, body: [{ Name: 'A site without its id' }] }, 'field');
    const json = report('field.json');
    expect(json.summary.rootCauses[0]).toMatchObject({ request: 'GET /api/v2/sites', why: 'answered without SiteId' });
  }, 60_000);
});
