import { describe, expect, it } from 'vitest';
import { SWEEP_AT, Throttle } from '../../src/accounts/throttle.js';
import { COLLECTIONS, heldCollection, templateCollection } from '../../src/accounts/worlds.js';
import { createSimulator } from '../../src/app.js';
import { TOKENS_PER_CREDENTIAL } from '../../src/auth/tokens.js';
import { MAX_FAULT_RULES } from '../../src/faults/fault-rules.js';
import { MAX_REPLY_BYTES, repliesOf } from '../../src/http/reply-cache.js';
import { settled } from '../../src/webhooks/deliveries.js';
import { MAX_SUBSCRIPTIONS } from '../../src/webhooks/subscriptions.js';
import { call, FIXED_NOW, tokenFor } from '../helpers.js';
import { receiver } from '../webhooks/support.js';

// Everything that grows with requests is bounded. These run without the OpenAPI check on every
// answer (createSimulator, not the tests' simulator()), since they make thousands of calls.

const plain = (options: Parameters<typeof createSimulator>[0] = {}) =>
  createSimulator({
    size: 'small',
    rateLimit: false,
    realNow: () => FIXED_NOW,
    deliveries: { retryBaseMs: 5 },
    ...options,
  });

describe('bounds on what requests leave behind', () => {
  it('5 000 calls keep the journal at its configured size, newest last', async () => {
    const sim = await plain({ journalSize: 250 });
    for (let i = 0; i < 5000; i++) await call(sim, `/api/v2/ping?n=${i}`);
    const account = sim.registry.get('demo')!;
    expect(account.journal.count()).toBe(250);
    const list = (await call(sim, '/__admin/accounts/demo/requests')).body;
    expect(list).toHaveLength(250);
    expect(list.at(-1).query.n).toEqual(['4999']);
    expect(list[0].query.n).toEqual(['4750']);
  });

  it('journal size 0 keeps no request', async () => {
    const sim = await plain({ journalSize: 0 });
    for (let i = 0; i < 20; i++) await call(sim, '/api/v2/ping');
    expect((await call(sim, '/__admin/accounts/demo/requests')).body).toEqual([]);
  });

  it('the webhook delivery log stays at its configured size, keeping the newest', async () => {
    const sim = await plain({ deliveryLogSize: 5 });
    const r = await receiver();
    try {
      const token = await tokenFor(sim);
      const sub = await call(sim, '/api/v2/webhooks', {
        method: 'POST',
        token,
        body: { event: 'NewRecurringSupplierInvoice', url: r.url, secret: 'k3y' },
      });
      expect(sub.status).toBe(200);
      // A year's clock move runs every monthly rent bill twelve times or more: far more deliveries than 5.
      const next = new Date(FIXED_NOW + 400 * 86_400_000).toISOString();
      expect((await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { now: next } })).status).toBe(
        200,
      );
      await settled(sim.registry.get('demo')!);
      expect(r.received.length).toBeGreaterThan(5);
      const log = (await call(sim, '/__admin/accounts/demo/webhooks/deliveries')).body;
      expect(log).toHaveLength(5);
      const lastSent = JSON.parse(r.received.at(-1)!.body).delivery_id;
      expect(log.at(-1).id).toBe(lastSent);
    } finally {
      await r.close();
    }
  });

  // One loop of issues (thousands of requests) holds both rules: the looping client's own bound, and
  // that it never revokes another credential's tokens.
  it(`a client issuing tokens in a loop keeps only its ${TOKENS_PER_CREDENTIAL} newest; older ones are refused; another credential's tokens stay valid`, async () => {
    const sim = await plain();
    const created = (await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: {} })).body;
    const other = await tokenFor(sim, '', created);
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS_PER_CREDENTIAL + 150; i++) tokens.push(await tokenFor(sim));
    const auth = sim.registry.get('demo')!.auth;
    expect(Object.keys(auth.tokens)).toHaveLength(TOKENS_PER_CREDENTIAL + 1);
    const ping = (token: string) => call(sim, '/api/v2/ping', { token });
    expect((await ping(tokens.at(-1)!)).status).toBe(200);
    expect((await ping(tokens.at(-TOKENS_PER_CREDENTIAL)!)).status).toBe(200);
    const old = await ping(tokens.at(-TOKENS_PER_CREDENTIAL - 1)!);
    expect(old.status).toBe(403);
    expect(old.text).toBe('Unauthorized - Invalid or expired token.');
    expect((await ping(other)).status).toBe(200);
  });

  it('answers kept for reuse stay within their byte budget', async () => {
    const sim = await plain({ size: 'standard' });
    const token = await tokenFor(sim);
    const sites = (await call(sim, '/api/v2/sites', { token })).body;
    const siteId = sites[0].SiteId;
    for (let i = 0; i < 700; i++) {
      const res = await call(sim, `/api/v2/services?siteId=${siteId}&find=&n=${i}`, { token });
      expect(res.status).toBe(200);
    }
    const replies = repliesOf(sim.registry.get('demo')!);
    expect(replies.size).toBeGreaterThan(0);
    expect(replies.size).toBeLessThanOrEqual(512);
    expect(replies.byteSize).toBeLessThanOrEqual(MAX_REPLY_BYTES);
  });

  it('throttle buckets stay bounded even when every caller is still inside its window', () => {
    const throttle = new Throttle();
    for (let i = 0; i < 3 * SWEEP_AT; i++) {
      throttle.hit('listSites', `10.0.${i >> 8}.${i & 255}`, FIXED_NOW);
      expect(throttle.size).toBeLessThanOrEqual(SWEEP_AT);
    }
  });

  it(`an account holds at most ${MAX_SUBSCRIPTIONS} webhooks; one more is a 400 on url`, async () => {
    const sim = await plain();
    const token = await tokenFor(sim);
    const register = (i: number) =>
      call(sim, '/api/v2/webhooks', {
        method: 'POST',
        token,
        body: { event: 'NewRecurringClientInvoice', url: `https://example.com/h/${i}` },
      });
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++) expect((await register(i)).status).toBe(200);
    const refused = await register(MAX_SUBSCRIPTIONS);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toHaveProperty('url');
    expect((await call(sim, '/api/v2/webhooks', { token })).body).toHaveLength(MAX_SUBSCRIPTIONS);
  });

  it(`an account holds at most ${MAX_FAULT_RULES} fault rules; the control plane refuses more`, async () => {
    const sim = await plain();
    const rules = Array.from({ length: 100 }, () => ({ path: '/api/v2/nothing', status: 503 }));
    for (let i = 0; i < MAX_FAULT_RULES / 100; i++) {
      expect((await call(sim, '/__admin/accounts/demo/faults', { method: 'POST', body: { rules } })).status).toBe(201);
    }
    const refused = await call(sim, '/__admin/accounts/demo/faults', {
      method: 'POST',
      body: { path: '/x', status: 503 },
    });
    expect(refused.status).toBe(400);
    expect(sim.registry.get('demo')!.faults.size).toBe(MAX_FAULT_RULES);
  });

  it("an idle account (a token, one read) copies nothing: its collections are the shared template's", async () => {
    const sim = await plain({ size: 'standard' });
    const token = await tokenFor(sim);
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    const world = sim.registry.get('demo')!.world;
    for (const key of COLLECTIONS) {
      const held = heldCollection(world, key);
      if (held !== undefined) expect(held, key).toBe(templateCollection(world, key));
    }
    expect(heldCollection(world, 'sites')).toBe(templateCollection(world, 'sites'));
  });

  it('GET /__admin/stats answers the process memory and the number of accounts', async () => {
    const sim = await plain();
    await call(sim, '/accounts/other/api/v2/ping');
    const stats = (await call(sim, '/__admin/stats')).body;
    expect(stats.accounts).toBe(sim.registry.list().length);
    expect(stats.heapUsed).toBeGreaterThan(0);
    expect(stats.rss).toBeGreaterThanOrEqual(stats.heapUsed);
    expect(stats.collected).toBe(false);
    expect(stats).toHaveProperty('heapAfterMajorGc');
    const asked = (await call(sim, '/__admin/stats?gc=full')).body;
    expect(asked.collected).toBe(typeof (globalThis as { gc?: unknown }).gc === 'function');
  });
});
