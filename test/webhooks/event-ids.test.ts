import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { settled } from '../../src/webhooks/deliveries.js';
import { call, simulator, tokenFor } from '../helpers.js';
import { type Receiver, receiver } from './support.js';

// Receivers de-duplicate on X-Event-Id, so an account deleted and created again under the same name
// must never send an event id of its earlier life; a fresh account still draws the same ids in
// every simulator (same seed, same requests).

let r: Receiver | undefined;
let dir: string | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Subscribes account `name` to r, moves its clock past a month of bills, and answers the event ids sent. */
async function eventIds(sim: Simulator, name: string): Promise<string[]> {
  const token = await tokenFor(sim, `/accounts/${name}`);
  const from = r!.received.length;
  const registered = await call(sim, `/accounts/${name}/api/v2/webhooks`, {
    method: 'POST',
    token,
    body: { event: 'NewRecurringSupplierInvoice', url: `${r!.url}/${name}`, secret: 'k3y' },
  });
  expect(registered.status).toBe(200);
  await call(sim, `/__admin/accounts/${name}/clock`, { method: 'POST', body: { advanceSeconds: 35 * 86_400 } });
  await settled(sim.registry.get(name)!);
  const ids = r!.received.slice(from).map((got) => got.headers['x-event-id'] as string);
  expect(ids.length).toBeGreaterThan(0);
  return ids;
}

const remove = async (sim: Simulator, name: string) =>
  expect((await call(sim, `/__admin/accounts/${name}`, { method: 'DELETE' })).status).toBe(204);

describe('event ids are unique across an account’s lives', () => {
  it('an account deleted and created again under the same name never repeats an X-Event-Id of its earlier life', async () => {
    r = await receiver();
    const sim = await simulator();
    const first = await eventIds(sim, 'shop');
    await remove(sim, 'shop');
    const second = await eventIds(sim, 'shop');
    await remove(sim, 'shop');
    const third = await eventIds(sim, 'shop');
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    expect(third.filter((id) => first.includes(id) || second.includes(id))).toEqual([]);
  });

  it('with a data directory, a later life stays later across a restart of the simulator', async () => {
    r = await receiver();
    dir = await mkdtemp(path.join(tmpdir(), 'bas-lives-'));
    const before = await simulator({ dataDir: dir });
    const first = await eventIds(before, 'shop');
    await remove(before, 'shop');
    const after = await simulator({ dataDir: dir });
    const second = await eventIds(after, 'shop');
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });

  it('a fresh account’s first life draws the same event ids in every simulator (same seed, same requests)', async () => {
    r = await receiver();
    const one = await eventIds(await simulator(), 'shop');
    const other = await simulator();
    // Another name's deletion does not shift this name's ids.
    await eventIds(other, 'elsewhere');
    await remove(other, 'elsewhere');
    expect(await eventIds(other, 'shop')).toEqual(one);
  });

  it('an account restored from a snapshot, here or under another name, never sends an X-Event-Id the account it was taken of sent after the snapshot', async () => {
    r = await receiver();
    const sim = await simulator();
    await call(sim, '/__admin/accounts/shop', { method: 'PUT', body: {} });
    const snapshot = (await call(sim, '/__admin/accounts/shop/snapshot')).body;
    const original = await eventIds(sim, 'shop');
    for (const name of ['copy', 'another-copy']) {
      expect((await call(sim, `/__admin/accounts/${name}`, { method: 'PUT', body: snapshot })).status).toBe(201);
    }
    const copy = await eventIds(sim, 'copy');
    const another = await eventIds(sim, 'another-copy');
    expect(copy.filter((id) => original.includes(id))).toEqual([]);
    expect(another.filter((id) => original.includes(id) || copy.includes(id))).toEqual([]);
    // The invoices themselves are the same: each copy announced as many as the account it was taken of.
    expect([copy.length, another.length]).toEqual([original.length, original.length]);
  });

  it('a replacing restore of the same snapshot, twice, never repeats an X-Event-Id of the account it replaced', async () => {
    r = await receiver();
    const sim = await simulator();
    await call(sim, '/__admin/accounts/shop', { method: 'PUT', body: {} });
    const snapshot = (await call(sim, '/__admin/accounts/shop/snapshot')).body;
    const sent: string[][] = [];
    for (let n = 0; n < 2; n++) {
      const restored = await call(sim, '/__admin/accounts/shop?replace=true', { method: 'PUT', body: snapshot });
      expect(restored.status).toBe(200);
      sent.push(await eventIds(sim, 'shop'));
    }
    expect(sent[1]!.filter((id) => sent[0]!.includes(id))).toEqual([]);
  });
});
