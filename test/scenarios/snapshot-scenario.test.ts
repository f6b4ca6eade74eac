import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../src/app.js';
import { startSimulator } from '../../src/index.js';
import { book, oneService } from '../appointments/support.js';
import { type CliProcess, ensureBuilt, startCli, stopCli } from '../cli/process.js';
import { call, DEMO_CREDENTIAL, type DemoApi, demoApi, simulator, tokenFor } from '../helpers.js';
import { clientDocumentsUrl, createDocument } from '../sales/support.js';
import { startError } from './support.js';

// A snapshot is also a scenario: wherever a scenario is taken (--scenario at start, the control
// plane, the kit), a snapshot document is too, and the account becomes exactly the snapshot's state.

type Send = (path: string, init?: RequestInit) => Promise<Response>;

let dir: string;
let original: DemoApi;
let snapshot: Record<string, unknown>;
/** The answers of the recorded requests on the original, right after the snapshot. */
let want: string[];
let cli: CliProcess | undefined;
const started: Simulator[] = [];

const sendTo =
  (sim: Simulator, prefix = ''): Send =>
  (p, init) =>
    sim.fetch(new Request(`http://127.0.0.1${prefix}${p}`, init));

/** Lists, records and a POST that creates a client (its id is the next one drawn), each as `status text`. */
async function recorded(send: Send): Promise<string[]> {
  const { world } = original;
  const siteId = world.sites[0]!.SiteId;
  const token = await send('/api/v2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIAL),
  });
  expect(token.status).toBe(200);
  const headers = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  const answer = async (p: string, init: RequestInit = {}) => {
    const res = await send(p, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    return `${res.status} ${await res.text()}`;
  };
  const answers = [
    await answer('/api/v2/sites'),
    await answer(`/api/v2/clients?siteId=${siteId}`),
    await answer(`/api/v2/appointments/${appointmentId}`),
    await answer(clientDocumentsUrl(world)),
  ];
  const created = await answer(`/api/v2/clients?siteId=${siteId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ FirstName: 'Ola', LastName: 'Nordmann', Gender: 2 }),
  });
  answers.push(created);
  const id = (JSON.parse(created.slice(4)) as { Value: string }).Value;
  answers.push(await answer(`/api/v2/clients/${id}?siteId=${siteId}`));
  return answers;
}

let appointmentId: string;

const fileRef = async (name: string, value: unknown) => {
  await writeFile(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return name;
};

beforeAll(async () => {
  ensureBuilt();
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-scenario-'));
  // Changed by API calls: a client, an appointment and a sale, on a frozen clock.
  original = await demoApi();
  const frozen = await call(original.sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { frozen: true } });
  expect(frozen.status).toBe(200);
  const client = await call(original, `/api/v2/clients?siteId=${original.world.sites[0]!.SiteId}`, {
    method: 'POST',
    body: { FirstName: 'Janet', LastName: 'Smith', Gender: 1 },
  });
  expect(client.status).toBe(200);
  appointmentId = await book(original, oneService(original.world, '2026-03-20 10:00'));
  await createDocument(original);
  const taken = await call(original.sim, '/__admin/accounts/demo/snapshot');
  expect(taken.status).toBe(200);
  snapshot = taken.body;
  await fileRef('fixture.json', taken.text);
  want = await recorded(sendTo(original.sim));
  expect(want[1]).toContain('"Janet"');
  expect(want[2]).toMatch(/^200 .*"2026-03-20 10:00"/);
  expect(want[3]).toContain('"Test sale"');
  expect(want[4]).toMatch(/^200 /);
}, 60_000);

afterAll(async () => {
  await stopCli(cli);
  for (const sim of started) await sim.close();
  await original?.sim.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a snapshot as a scenario', () => {
  it('a simulator started with --scenario <snapshot file> answers the recorded requests byte for byte as the original, the next id included', async () => {
    cli = await startCli(['--port', '0', '--scenario', 'fixture.json', '--scenario-dir', dir]);
    expect(await recorded((p, init) => fetch(`${cli!.base}${p}`, init))).toEqual(want);
  }, 30_000);

  it('the control plane takes a snapshot as the scenario of a new account (by file) and applied to an account (inline): each answers as the original', async () => {
    const sim = await simulator({ scenarioDir: dir });
    started.push(sim);
    const created = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'by-file', scenario: 'fixture.json' },
    });
    expect(created.status).toBe(201);
    expect(await recorded(sendTo(sim, '/accounts/by-file'))).toEqual(want);

    expect((await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'inline' } })).status).toBe(201);
    const applied = await call(sim, '/__admin/accounts/inline/scenario', {
      method: 'POST',
      body: { scenario: snapshot },
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ name: 'inline', seed: 42, size: 'small', scenario: '(inline)' });
    expect(await recorded(sendTo(sim, '/accounts/inline'))).toEqual(want);
  });

  it('a reset of an account built from a snapshot brings the snapshot back', async () => {
    const sim = await simulator({ scenarioDir: dir });
    started.push(sim);
    const put = await call(sim, '/__admin/accounts/again', { method: 'PUT', body: { scenario: 'fixture.json' } });
    expect(put.status).toBe(201);
    // The same PUT again: the account exists with that scenario, left as it is.
    expect(
      (await call(sim, '/__admin/accounts/again', { method: 'PUT', body: { scenario: 'fixture.json' } })).status,
    ).toBe(200);
    await recorded(sendTo(sim, '/accounts/again'));
    expect((await call(sim, '/__admin/accounts/again/reset', { method: 'POST' })).status).toBe(204);
    expect(await recorded(sendTo(sim, '/accounts/again'))).toEqual(want);
  });

  it('the kit takes a snapshot in createAccount({ scenario }) and applyScenario', async () => {
    const kit = await startSimulator({ listen: false, size: 'small', rateLimit: false, scenarioDir: dir });
    try {
      const fromFile = await kit.createAccount({ scenario: 'fixture.json' });
      expect(await recorded((p, init) => fromFile.fetch(p, init))).toEqual(want);
      const other = await kit.createAccount();
      await other.applyScenario(snapshot);
      expect(await recorded((p, init) => other.fetch(p, init))).toEqual(want);
    } finally {
      await kit.stop();
    }
  });

  it('a snapshot of a newer format version is refused naming the version, at start and on the control plane', async () => {
    const newer = await fileRef('newer.json', { ...snapshot, version: 2 });
    expect(await startError(newer, dir)).toBe(
      'newer.json: made by a newer simulator: format version 2; this one reads version 1',
    );
    const sim = await simulator({ scenarioDir: dir });
    started.push(sim);
    const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'newer', scenario: newer } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('format version 2');
    expect((await call(sim, '/__admin/accounts')).body.map((a: { name: string }) => a.name)).not.toContain('newer');
  });

  it('a snapshot mixed with scenario fields is refused naming them; a description beside it is taken', async () => {
    const mixed = await fileRef('mixed.json', { ...snapshot, records: { clients: [] }, clear: ['clients'] });
    expect(await startError(mixed, dir)).toBe(
      'mixed.json: a snapshot (it has a format) cannot be mixed with scenario fields: clear, records; apply them ' +
        'as a scenario of their own after it',
    );
    const sim = await simulator({ scenarioDir: dir });
    started.push(sim);
    const inline = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: { ...snapshot, account: { seed: 1 } } },
    });
    expect(inline.status).toBe(400);
    expect(inline.body.error).toContain(
      '(inline): a snapshot (it has a format) cannot be mixed with scenario fields: account',
    );
    const described = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: { ...snapshot, description: 'The state set up by hand.' } },
    });
    expect(described.status).toBe(200);
  });

  it('a snapshot file is held to the scenario file rules: inside the scenario directory, at most 1 MiB', async () => {
    const large = await fileRef('large.json', { ...snapshot, description: 'x'.repeat(1_100_000) });
    expect(await startError(large, dir)).toBe('large.json: scenario file must be at most 1 MiB (1048576 bytes)');
    const outside = path.join(path.dirname(dir), 'outside.snapshot.json');
    expect(await startError(outside, dir)).toContain('scenario file must be inside the scenario directory');
  });

  it('sealed webhook secrets open only with the passphrase: the snapshotKey option at start, X-Snapshot-Key on the control plane', async () => {
    const sim = await simulator({ scenarioDir: dir });
    started.push(sim);
    const token = await tokenFor(sim);
    const hook = await call(sim, '/api/v2/webhooks', {
      method: 'POST',
      token,
      body: { event: 'NewRecurringClientInvoice', url: 'https://example.com/hook' },
    });
    expect(hook.status).toBe(200);
    const key = 'correct horse battery staple';
    const sealed = await call(sim, '/__admin/accounts/demo/snapshot', { headers: { 'X-Snapshot-Key': key } });
    expect(sealed.body.sealedWith).toBe('snapshot-key');
    const file = await fileRef('sealed.json', sealed.text);

    expect(await startError(file, dir)).toBe(
      'sealed.json: the snapshot holds webhook signing secrets sealed under a passphrase: give the passphrase it ' +
        'was taken with (env BUSINESS_API_SIM_SNAPSHOT_KEY, or the snapshotKey option)',
    );
    const withKey = await createSimulator({ size: 'small', scenario: file, scenarioDir: dir, snapshotKey: key });
    started.push(withKey);
    const list = async (to: Simulator) => (await call(to, '/api/v2/webhooks', { token: await tokenFor(to) })).text;
    expect(await list(withKey)).toBe(await list(sim));

    const refused = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario: file } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('(the X-Snapshot-Key header)');
    const applied = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'sealed', scenario: file },
      headers: { 'X-Snapshot-Key': key },
    });
    expect(applied.status).toBe(201);
  });
});
