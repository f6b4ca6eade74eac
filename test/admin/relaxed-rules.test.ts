import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { startSimulator } from '../../src/index.js';
import { newClient } from '../clients/support.js';
import { activeSite, call, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// An account may switch off (relax) the rules the simulator only assumes or takes from convention, to get
// past an assumption at once: PUT /__admin/accounts/{name}/relaxed-rules, `relaxedRules` at creation, a
// scenario's `account.relaxedRules`, the kit's `account.relax()`. Spec rules and fixed ones stay on.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const relaxed = (sim: Simulator, name: string) => call(sim, `/__admin/accounts/${name}/relaxed-rules`);
const relax = (sim: Simulator, name: string, ids: unknown) =>
  call(sim, `/__admin/accounts/${name}/relaxed-rules`, { method: 'PUT', body: ids });

/** A token of the account and the id of an active site of its world. */
async function apiOf(sim: Simulator, name: string) {
  await call(sim, `/__admin/accounts/${name}`, { method: 'PUT', body: {} });
  const token = await tokenFor(sim, `/accounts/${name}`);
  const site = activeSite(sim.registry.get(name)!.world);
  return { token, site, prefix: `/accounts/${name}` };
}

const longName = newClient({ LastName: 'L'.repeat(300), Email: 'long.name@example.com' });

describe('relaxed rules', () => {
  it('body.text-length relaxed on one account lets a 300-character LastName through there; another account still refuses it naming the rule', async () => {
    const sim = await simulator();
    const a = await apiOf(sim, 'relaxed-a');
    const b = await apiOf(sim, 'strict-b');
    const set = await relax(sim, 'relaxed-a', ['body.text-length']);
    expect([set.status, set.body]).toEqual([200, ['body.text-length']]);

    const through = await call(sim, `${a.prefix}/api/v2/clients?siteId=${a.site}`, {
      method: 'POST',
      token: a.token,
      body: longName,
    });
    expect(through.status).toBe(200);
    const kept = await call(sim, `${a.prefix}/api/v2/clients/${through.body.Value}`, { token: a.token });
    expect(kept.body.LastName).toBe('L'.repeat(300));

    const refused = await call(sim, `${b.prefix}/api/v2/clients?siteId=${b.site}`, {
      method: 'POST',
      token: b.token,
      body: longName,
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-business-api-sim-rule')).toContain('body.text-length; source=assumed');
  });

  it('query.value-not-valid relaxed reads a malformed query value as empty: creationDate=yesterday is no filter, itemState=Bogus is All (0)', async () => {
    const sim = await simulator();
    const { token, site, prefix } = await apiOf(sim, 'lenient');
    const list = (query: string) => call(sim, `${prefix}/api/v2/clients?siteId=${site}${query}`, { token });

    const strict = await list('&creationDate=yesterday');
    expect(strict.status).toBe(400);
    expect(strict.headers.get('x-business-api-sim-rule')).toContain('query.value-not-valid; source=convention');
    expect((await list('&itemState=Bogus')).status).toBe(400);

    expect((await relax(sim, 'lenient', ['query.value-not-valid'])).status).toBe(200);
    const unfiltered = await list('');
    expect(unfiltered.body.length).toBeGreaterThan(0);
    const bogusDate = await list('&creationDate=yesterday');
    expect([bogusDate.status, bogusDate.body]).toEqual([200, unfiltered.body]);
    // An empty ItemStates binds as 0, All, which matches nothing: the relaxed value answers as `itemState=` does.
    const bogusState = await list('&itemState=Bogus');
    expect([bogusState.status, bogusState.body]).toEqual([200, (await list('&itemState=')).body]);
  });

  it('routing.required-name, a spec rule, cannot be relaxed: 400 naming it and why; nothing is changed', async () => {
    const sim = await simulator();
    expect((await relax(sim, 'demo', ['body.text-length'])).status).toBe(200);
    const res = await relax(sim, 'demo', ['body.text-length', 'routing.required-name']);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'body[1]: routing.required-name cannot be relaxed: its source is spec: the real service refuses this too',
    );
    expect((await relaxed(sim, 'demo')).body).toEqual(['body.text-length']);
  });

  it('an id no rule has is a 400 naming it and the closest declared id', async () => {
    const sim = await simulator();
    const res = await relax(sim, 'demo', ['body.text-lenght']);
    expect([res.status, res.body.error]).toEqual([
      400,
      'body[0]: no rule body.text-lenght; did you mean body.text-length? (docs/rules.md lists every rule)',
    ]);
    const far = await relax(sim, 'demo', ['nothing.like-it-at-all']);
    expect([far.status, far.body.error]).toEqual([
      400,
      'body[0]: no rule nothing.like-it-at-all (docs/rules.md lists every rule)',
    ]);
    const notAList = await relax(sim, 'demo', { rules: ['body.text-length'] });
    expect([notAList.status, notAList.body.error]).toEqual([400, 'body: expected an array of rule ids']);
  });

  it('body.too-large, assumed but fixed, cannot be relaxed: 400 saying why', async () => {
    const sim = await simulator();
    const res = await relax(sim, 'demo', ['body.too-large']);
    expect([res.status, res.body.error]).toEqual([
      400,
      'body[0]: body.too-large cannot be relaxed: it bounds the memory one request holds (docs/bounds.md)',
    ]);
  });

  it('GET answers the list in the order set, duplicates once; an empty PUT clears it; a GET creates no account', async () => {
    const sim = await simulator();
    expect((await relaxed(sim, 'demo')).body).toEqual([]);
    const set = await relax(sim, 'demo', ['query.value-not-valid', 'body.text-length', 'query.value-not-valid']);
    expect([set.status, set.body]).toEqual([200, ['query.value-not-valid', 'body.text-length']]);
    expect((await relaxed(sim, 'demo')).body).toEqual(['query.value-not-valid', 'body.text-length']);
    const listed = (await call(sim, '/__admin/accounts')).body.find((a: { name: string }) => a.name === 'demo');
    expect(listed.relaxedRules).toEqual(['query.value-not-valid', 'body.text-length']);

    expect((await relax(sim, 'demo', [])).body).toEqual([]);
    expect((await relaxed(sim, 'demo')).body).toEqual([]);
    expect((await call(sim, '/__admin/accounts')).body[0]).not.toHaveProperty('relaxedRules');

    expect((await relaxed(sim, 'nobody-here')).status).toBe(404);
    expect(sim.registry.get('nobody-here')).toBeUndefined();
  });

  it('relaxedRules at creation (POST and PUT /accounts) are checked as the PUT checks them; a PUT of the same account with other rules is a 409', async () => {
    const sim = await simulator();
    const posted = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'born-relaxed', relaxedRules: ['body.text-length'] },
    });
    expect(posted.status).toBe(201);
    expect((await relaxed(sim, 'born-relaxed')).body).toEqual(['body.text-length']);

    const put = { relaxedRules: ['query.value-not-valid', 'body.text-length'] };
    expect((await call(sim, '/__admin/accounts/by-put', { method: 'PUT', body: put })).status).toBe(201);
    expect((await relaxed(sim, 'by-put')).body).toEqual(['query.value-not-valid', 'body.text-length']);
    const same = { relaxedRules: ['body.text-length', 'query.value-not-valid'] };
    expect((await call(sim, '/__admin/accounts/by-put', { method: 'PUT', body: same })).status).toBe(200);
    const other = await call(sim, '/__admin/accounts/by-put', { method: 'PUT', body: { relaxedRules: [] } });
    expect([other.status, other.body.error]).toEqual([
      409,
      "account 'by-put' exists with other settings: relaxedRules: asked [], has " +
        '["query.value-not-valid","body.text-length"]',
    ]);

    const spec = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'never-made', relaxedRules: ['routing.required-name'] },
    });
    expect([spec.status, spec.body.error]).toEqual([
      400,
      'relaxedRules.0: routing.required-name cannot be relaxed: its source is spec: the real service refuses this too',
    ]);
    expect(sim.registry.get('never-made')).toBeUndefined();
  });

  it('relaxed rules survive a restart with a data directory, and a reset keeps them', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'relaxed-'));
    const first = await simulator({ dataDir: dir });
    expect((await relax(first, 'kept', ['body.text-length'])).status).toBe(200);
    const second = await simulator({ dataDir: dir, autoAccounts: false });
    expect((await relaxed(second, 'kept')).body).toEqual(['body.text-length']);
    expect((await call(second, '/__admin/accounts/kept/reset', { method: 'POST' })).status).toBe(204);
    expect((await relaxed(second, 'kept')).body).toEqual(['body.text-length']);
    // Cleared is saved too.
    expect((await relax(second, 'kept', [])).status).toBe(200);
    const third = await simulator({ dataDir: dir, autoAccounts: false });
    expect((await relaxed(third, 'kept')).body).toEqual([]);
  });

  it('a snapshot carries the relaxed rules and a restore sets them; a snapshot relaxing a spec rule is refused', async () => {
    const sim = await simulator();
    expect((await relax(sim, 'orig', ['query.value-not-valid', 'body.text-length'])).status).toBe(200);
    const snapshot = (await call(sim, '/__admin/accounts/orig/snapshot')).body;
    expect(snapshot.settings.relaxedRules).toEqual(['query.value-not-valid', 'body.text-length']);

    const other = await simulator();
    expect((await call(other, '/__admin/accounts/copy', { method: 'PUT', body: snapshot })).status).toBe(201);
    expect((await relaxed(other, 'copy')).body).toEqual(['query.value-not-valid', 'body.text-length']);

    const tampered = { ...snapshot, settings: { ...snapshot.settings, relaxedRules: ['routing.required-name'] } };
    const refused = await call(other, '/__admin/accounts/bad-copy', { method: 'PUT', body: tampered });
    expect([refused.status, refused.body.error]).toEqual([
      400,
      'settings.relaxedRules[0]: routing.required-name cannot be relaxed: its source is spec: the real service ' +
        'refuses this too',
    ]);
    expect(other.registry.get('bad-copy')).toBeUndefined();
  });

  it("a scenario's account.relaxedRules sets the list (and a reset applies it again); an unknown id is refused with its path", async () => {
    const sim = await simulator();
    const scenario = { description: 'Long names accepted.', account: { relaxedRules: ['body.text-length'] } };
    const applied = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });
    expect(applied.status).toBe(200);
    expect(applied.body.relaxedRules).toEqual(['body.text-length']);
    expect((await relaxed(sim, 'demo')).body).toEqual(['body.text-length']);
    expect((await relax(sim, 'demo', [])).status).toBe(200);
    expect((await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' })).status).toBe(204);
    expect((await relaxed(sim, 'demo')).body).toEqual(['body.text-length']);

    // A scenario that does not name them leaves the account's own.
    const plain = { description: 'Nothing relaxed here.' };
    await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario: plain } });
    expect((await relaxed(sim, 'demo')).body).toEqual(['body.text-length']);

    const bad = { description: 'A slip.', account: { relaxedRules: ['body.text-length', 'body.text-lenght'] } };
    const res = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario: bad } });
    expect([res.status, res.body.error]).toEqual([
      400,
      '(inline): account.relaxedRules[1]: no rule body.text-lenght; did you mean body.text-length? ' +
        '(docs/rules.md lists every rule)',
    ]);
    const fixed = { description: 'Too much.', account: { relaxedRules: ['body.too-large'] } };
    const tooMuch = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario: fixed } });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([
      400,
      '(inline): account.relaxedRules[0]: body.too-large cannot be relaxed: it bounds the memory one request holds ' +
        '(docs/bounds.md)',
    ]);
  });

  it("the kit's account.relax adds to the list, account.relaxedRules() reads it, createAccount({relaxedRules}) starts with it", async () => {
    const kit = await startSimulator({ size: 'small', now: FIXED_NOW, listen: false, rateLimit: false });
    try {
      const account = await kit.createAccount({ relaxedRules: ['query.value-not-valid'] });
      expect(await account.relaxedRules()).toEqual(['query.value-not-valid']);
      expect(await account.relax('body.text-length')).toEqual(['query.value-not-valid', 'body.text-length']);
      expect(await account.relaxedRules()).toEqual(['query.value-not-valid', 'body.text-length']);
      await expect(account.relax('routing.required-name')).rejects.toThrow(
        /400 body\[2\]: routing\.required-name cannot be relaxed: its source is spec/,
      );
      const site = (await account.call<{ SiteId: string }[]>('/api/v2/sites')).body[0]!.SiteId;
      const created = await account.call(`/api/v2/clients?siteId=${site}`, { method: 'POST', body: longName });
      expect(created.status).toBe(200);
    } finally {
      await kit.stop();
    }
  });

  it('classes.classbookings.online-capacity relaxed lets an online booking take a place on a full session on that account only, even when both accounts book at once', async () => {
    const sim = await simulator();
    const accounts = [await apiOf(sim, 'overbooks'), await apiOf(sim, 'keeps-capacity')];
    expect((await relax(sim, 'overbooks', ['classes.classbookings.online-capacity'])).status).toBe(200);
    // The same full session in both accounts (one seed, one world): filled by the front desk, which may overbook.
    const world = sim.registry.get('overbooks')!.world;
    const held = world.classBookings.filter((b) => [1, 2].includes(b.ClassBookingState));
    const holding = (id: string) => held.filter((b) => b.ClassScheduleId === id).length;
    const session = world.classSchedules.find((c) => c.State === 1 && holding(c.ClassScheduleId) < c.Capacity)!;
    const place = (n: number, online: boolean) => ({
      ClassBookingId: `c1a55000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      ClassScheduleId: session.ClassScheduleId,
      ClientId: world.clients[0]!.ClientId,
      OnlineBooking: online,
      ObjectState: 1,
    });
    const book = (a: (typeof accounts)[number], body: unknown) =>
      call(sim, `${a.prefix}/api/v2/classes/classbookings?siteId=${session.SiteId}`, {
        method: 'POST',
        token: a.token,
        body,
      });
    for (const a of accounts) {
      for (let n = holding(session.ClassScheduleId); n < session.Capacity; n++) {
        expect((await book(a, place(n, false))).status).toBe(200);
      }
    }
    const [through, refused] = await Promise.all(accounts.map((a) => book(a, place(999, true))));
    expect(through!.status, through!.text).toBe(200);
    expect(refused!.status).toBe(400);
    expect(refused!.headers.get('x-business-api-sim-rule')).toBe(
      'classes.classbookings.online-capacity; source=assumed',
    );
  });
});
