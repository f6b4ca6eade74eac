import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// Account snapshots: the whole account as a document, restored on this or another simulator.

let sim: Simulator;
let dir: string;
beforeEach(async () => {
  sim = await simulator();
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const put = (to: Simulator, name: string, body: unknown, query = '', headers: Record<string, string> = {}) =>
  call(to, `/__admin/accounts/${name}${query}`, { method: 'PUT', body, headers });

const snapshotOf = async (to: Simulator, name: string, query = '', headers: Record<string, string> = {}) => {
  const res = await call(to, `/__admin/accounts/${name}/snapshot${query}`, { headers });
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};

/** An account with changes of every kind: a client, a credential, an API key, a moved and frozen clock. */
async function original(name: string): Promise<string> {
  expect((await put(sim, name, { seed: 7, size: 'small' })).status).toBe(201);
  const clock = await call(sim, `/__admin/accounts/${name}/clock`, {
    method: 'POST',
    body: { frozen: true, now: new Date(FIXED_NOW + 3 * 86_400_000).toISOString() },
  });
  expect(clock.status).toBe(200);
  const token = await tokenFor(sim, `/accounts/${name}`);
  const sites = (await call(sim, `/accounts/${name}/api/v2/sites`, { token })).body as { SiteId: string }[];
  const client = await call(sim, `/accounts/${name}/api/v2/clients?siteId=${sites[0]!.SiteId}`, {
    method: 'POST',
    token,
    body: { FirstName: 'Janet', LastName: 'Smith', Gender: 1 },
  });
  expect(client.status).toBe(200);
  expect((await call(sim, `/__admin/accounts/${name}/credentials`, { method: 'POST', body: {} })).status).toBe(201);
  expect((await call(sim, `/__admin/accounts/${name}/apikeys`, { method: 'POST', body: {} })).status).toBe(201);
  return sites[0]!.SiteId;
}

/** The recorded requests: lists, records, and a POST that creates a record (its id is the next one drawn). */
async function recorded(to: Simulator, name: string, siteId: string): Promise<string[]> {
  const token = await tokenFor(to, `/accounts/${name}`);
  const get = async (p: string) => {
    const res = await call(to, `/accounts/${name}${p}`, { token });
    return `${res.status} ${res.text}`;
  };
  const answers = [
    await get('/api/v2/sites'),
    await get(`/api/v2/clients?siteId=${siteId}`),
    await get(`/api/v2/services?siteId=${siteId}`),
  ];
  const created = await call(to, `/accounts/${name}/api/v2/clients?siteId=${siteId}`, {
    method: 'POST',
    token,
    body: { FirstName: 'Ola', LastName: 'Nordmann', Gender: 2 },
  });
  answers.push(`${created.status} ${created.text}`);
  const id = (created.body as { Value: string }).Value;
  answers.push(await get(`/api/v2/clients/${id}?siteId=${siteId}`));
  answers.push(await get(`/api/v2/clients?siteId=${siteId}`));
  answers.push((await call(to, `/__admin/accounts/${name}/clock`)).text);
  answers.push((await call(to, `/__admin/accounts/${name}/apikeys`)).text);
  return answers;
}

describe('account snapshots', () => {
  it('a restored account answers every recorded request exactly as the original, ids included, on another simulator and under another name', async () => {
    const siteId = await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    expect(snapshot).toMatchObject({
      format: 'business-api-simulator/account-snapshot',
      version: 1,
      name: 'orig',
      seed: 7,
      size: 'small',
      clock: { frozen: true, now: new Date(FIXED_NOW + 3 * 86_400_000).toISOString() },
    });
    expect(snapshot).not.toHaveProperty('journal');

    // Another simulator, on a data directory: restored, then started again from its files.
    let other = await simulator({ dataDir: dir });
    const restored = await put(other, 'orig', snapshot);
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ name: 'orig', seed: 7, size: 'small' });
    await other.close();
    other = await simulator({ dataDir: dir });
    // The same simulator, under another name.
    expect((await put(sim, 'copy', snapshot)).status).toBe(201);

    const want = await recorded(sim, 'orig', siteId);
    expect(want[3]).toMatch(/^200 /);
    expect(await recorded(other, 'orig', siteId)).toEqual(want);
    expect(await recorded(sim, 'copy', siteId)).toEqual(want);
    await other.close();
  });

  it('a snapshot holds secrets only as stored hashes, never in plain text', async () => {
    await original('orig');
    const credential = await call(sim, '/__admin/accounts/orig/credentials', { method: 'POST', body: {} });
    const key = await call(sim, '/__admin/accounts/orig/apikeys', { method: 'POST', body: {} });
    const text = JSON.stringify(await snapshotOf(sim, 'orig'));
    for (const secret of ['demo-secret', 'demo-api-key', credential.body.secret, key.body.apiKey])
      expect(text).not.toContain(secret);
    expect(text).toContain('secretHash');
    expect(text).toContain('keyHash');
  });

  it('the request journal is in a snapshot only with ?journal=true', async () => {
    await original('orig');
    const snapshot = await snapshotOf(sim, 'orig', '?journal=true');
    const journal = snapshot.journal as { method: string; path: string }[];
    expect(journal.map((e) => `${e.method} ${e.path}`)).toContain('POST /api/v2/clients');
  });

  it('restoring over an existing account is a 409 without ?replace=true; with it the account is the snapshot again', async () => {
    const siteId = await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const want = await recorded(sim, 'orig', siteId);
    const refused = await put(sim, 'orig', snapshot);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("account 'orig' exists: send ?replace=true to replace it with the snapshot");
    const replaced = await put(sim, 'orig', snapshot, '?replace=true');
    expect(replaced.status).toBe(200);
    // Back at the snapshot: the same requests give the same answers, the POST the same id.
    expect(await recorded(sim, 'orig', siteId)).toEqual(want);
  });

  it('a replacing restore keeps the name taken: requests for the account meanwhile wait for the restored one, never create an empty one', async () => {
    // With a data directory, the old account's files take several turns of the event loop to go.
    sim = await simulator({ dataDir: dir });
    const siteId = await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const want = await recorded(sim, 'orig', siteId);
    // Requests that would create the account if its name were free, sent a turn of the event loop
    // apart while it is replaced.
    const replacing = put(sim, 'orig', snapshot, '?replace=true');
    let done = false;
    void replacing.finally(() => {
      done = true;
    });
    const meanwhile: Promise<unknown>[] = [];
    while (!done) {
      meanwhile.push(call(sim, '/accounts/orig/api/v2/token', { method: 'POST', body: { client_id: 'x' } }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(meanwhile);
    expect(meanwhile.length).toBeGreaterThan(1);
    expect((await replacing).status).toBe(200);
    expect(await recorded(sim, 'orig', siteId)).toEqual(want);
  });

  it('a snapshot that cannot be restored leaves the account it would replace as it was', async () => {
    const siteId = await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const changes = snapshot.changes as [string, string, Record<string, unknown> | null][];
    const at = changes.findIndex(([table]) => table === 'credentials');
    changes[at] = [changes[at]![0], changes[at]![1], { ...changes[at]![2], active: 'yes' }];
    const res = await put(sim, 'orig', snapshot, '?replace=true');
    expect(res.status).toBe(400);
    const token = await tokenFor(sim, '/accounts/orig');
    const clients = await call(sim, `/accounts/orig/api/v2/clients?siteId=${siteId}`, { token });
    expect(clients.status).toBe(200);
    expect(clients.text).toContain('Janet');
  });

  it('a snapshot whose version is newer than the simulator reads is refused with 400 naming both versions', async () => {
    await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const res = await put(sim, 'newer', { ...snapshot, version: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('made by a newer simulator: format version 2; this one reads version 1');
    expect((await call(sim, '/__admin/accounts')).body.map((a: { name: string }) => a.name)).not.toContain('newer');
  });

  it('a snapshot with a record of the wrong shape is refused with 400 naming it', async () => {
    await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const changes = snapshot.changes as [string, string, Record<string, unknown> | null][];
    const at = changes.findIndex(([table]) => table === 'credentials');
    changes[at] = [changes[at]![0], changes[at]![1], { ...changes[at]![2], active: 'yes' }];
    const res = await put(sim, 'broken', snapshot);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^changes\\[${at}\\] \\(credentials [^)]+\\): active`));
  });

  it('a snapshot holding two clients with one ClientId, or one record changed twice, is refused with 400 naming it: a restart would keep one of them', async () => {
    await original('orig');
    const snapshot = await snapshotOf(sim, 'orig');
    const changes = snapshot.changes as [string, string, Record<string, unknown> | null][];
    const at = changes.findIndex(([table, , row]) => table === 'clients' && row?.FirstName === 'Janet');
    expect(at).toBeGreaterThanOrEqual(0);
    const [, key, row] = changes[at]!;
    const twin: [string, string, Record<string, unknown>] = ['clients', '0badc0de-0000-4000-8000-000000000001', row!];
    const underOtherKey = await put(sim, 'twins', { ...snapshot, changes: [...changes, twin] });
    expect(underOtherKey.status).toBe(400);
    expect(underOtherKey.body.error).toBe(
      `changes[${changes.length}] (clients ${twin[1]}): ClientId: ${JSON.stringify(key)}, not the change's key`,
    );
    const twice = await put(sim, 'twice', { ...snapshot, changes: [...changes, changes[at]!] });
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(`changes[${changes.length}] (clients ${key}): a second change of it`);
    expect((await call(sim, '/__admin/accounts')).body.map((a: { name: string }) => a.name)).not.toContain('twins');
  });

  it('webhook signing secrets travel sealed under the X-Snapshot-Key passphrase, and only with it', async () => {
    await original('orig');
    const token = await tokenFor(sim, '/accounts/orig');
    const hook = await call(sim, '/accounts/orig/api/v2/webhooks', {
      method: 'POST',
      token,
      body: { event: 'NewRecurringClientInvoice', url: 'https://example.com/hook' },
    });
    expect(hook.status).toBe(200);
    const refused = await call(sim, '/__admin/accounts/orig/snapshot');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('X-Snapshot-Key');

    const key = { 'X-Snapshot-Key': 'correct horse battery staple' };
    const snapshot = await snapshotOf(sim, 'orig', '', key);
    expect(snapshot.sealedWith).toBe('snapshot-key');
    expect(JSON.stringify(snapshot)).not.toContain(hook.body.secret);

    const other = await simulator({ dataDir: dir });
    const without = await put(other, 'orig', snapshot);
    expect(without.status).toBe(400);
    expect(without.body.error).toContain('X-Snapshot-Key');
    const wrong = await put(other, 'orig', snapshot, '', { 'X-Snapshot-Key': 'another passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain('does not open');
    expect((await put(other, 'orig', snapshot, '', key)).status).toBe(201);
    const list = async (to: Simulator) =>
      (await call(to, '/accounts/orig/api/v2/webhooks', { token: await tokenFor(to, '/accounts/orig') })).text;
    expect(await list(other)).toBe(await list(sim));
    await other.close();
  });

  it('a waiting webhook delivery travels in the snapshot and is sent by the restored account, signed with the same secret', async () => {
    // The receiver refuses until told otherwise, so the delivery is still waiting when the snapshot is taken.
    let accept = false;
    const seen: { eventId: string; accepted: boolean; signature: string; timestamp: string; body: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          eventId: String(req.headers['x-event-id']),
          accepted: accept,
          signature: String(req.headers['x-signature']),
          timestamp: String(req.headers['x-signature-timestamp']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = accept ? 200 : 503;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    // Retries a minute apart: the refused deliveries are still waiting when the snapshot is taken.
    const source = await simulator({ deliveries: { retryBaseMs: 60_000 } });
    const other = await simulator({ dataDir: dir });
    try {
      const token = await tokenFor(source);
      const body = { event: 'NewRecurringSupplierInvoice', url, secret: 'k3y' };
      expect((await call(source, '/api/v2/webhooks', { method: 'POST', token, body })).status).toBe(200);
      const moved = await call(source, '/__admin/accounts/demo/clock', {
        method: 'POST',
        body: { advanceSeconds: 40 * 86_400 },
      });
      expect(moved.status).toBe(200);
      await until(() => seen.length > 0);
      const key = { 'X-Snapshot-Key': 'pass phrase' };
      const snapshot = await snapshotOf(source, 'demo', '', key);
      const waiting = (snapshot.changes as [string, string, { status?: string; eventId?: string } | null][]).filter(
        ([table, , row]) => table === 'deliveries' && row?.status === 'pending',
      );
      expect(waiting.length).toBeGreaterThan(0);
      await source.close();

      accept = true;
      expect((await put(other, 'demo', snapshot, '', key)).status).toBe(201);
      const first = waiting[0]![2]!.eventId!;
      await until(() => seen.some((s) => s.accepted && s.eventId === first));
      const sent = seen.find((s) => s.accepted && s.eventId === first)!;
      const expected = createHmac('sha256', 'k3y').update(`${sent.timestamp}.${sent.body}`).digest('hex');
      expect(sent.signature).toBe(`sha256=${expected}`);
    } finally {
      await other.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 20) {
    if (waited > 10_000) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
