import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type TestSimulator } from '../../src/index.js';
import { FIXED_NOW } from '../helpers.js';

// The test kit as integrators use it: one simulator per suite, one account per test.

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startSimulator({ size: 'small', now: FIXED_NOW });
});
afterAll(() => sim.stop());

describe('test kit', () => {
  it('startSimulator listens on 127.0.0.1 on a free port and serves the default account there', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${sim.url}/__admin/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('createAccount gives each test its own account, reachable over the socket at its baseUrl', async () => {
    const a = await sim.createAccount();
    const b = await sim.createAccount();
    expect(a.name).not.toBe(b.name);
    expect(a.baseUrl).toBe(`${sim.url}/accounts/${a.name}`);
    const token = await fetch(`${a.baseUrl}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: a.clientId, secret: a.secret }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const other = await fetch(`${b.baseUrl}/api/v2/sites`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(other.status).toBe(403);
  });

  it('createAccount creates by the name in the path: the same name and settings again is the same account, other settings an error', async () => {
    const first = await sim.createAccount({ name: 'kit-by-name', seed: 7 });
    expect(first.name).toBe('kit-by-name');
    const token = await first.accessToken();
    const again = await sim.createAccount({ name: 'kit-by-name', seed: 7 });
    // The same account, left as it was: the token issued before still answers.
    const sites = await again.call('/api/v2/sites', { token });
    expect(sites.status).toBe(200);
    await expect(sim.createAccount({ name: 'kit-by-name', seed: 8 })).rejects.toThrow(
      "PUT /__admin/accounts/kit-by-name: 409 account 'kit-by-name' exists with other settings: seed: asked 8, has 7",
    );
  });

  it('call sends the account token and parses the answer; token: false sends none', async () => {
    const account = await sim.createAccount();
    const sites = await account.call<Array<{ SiteId: string }>>('/api/v2/sites');
    expect(sites.status).toBe(200);
    expect(sites.body.length).toBeGreaterThan(0);
    const anonymous = await account.call('/api/v2/sites', { token: false });
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toBe('Unauthorized - No bearer token sent in request header.');
  });

  it('the in-process fetch reaches the default account without a socket', async () => {
    const res = await sim.fetch('/api/v2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'demo-client', secret: 'demo-secret' }),
    });
    expect(res.status).toBe(200);
    expect((await sim.account()).name).toBe('demo');
  });

  it('the clock moves per account: a token expires six months on, in that account only', async () => {
    const moved = await sim.createAccount();
    const still = await sim.createAccount();
    await moved.accessToken();
    await still.accessToken();
    const before = await moved.clock.now();
    const after = await moved.clock.advance({ days: 183 });
    expect(after.getTime() - before.getTime()).toBeGreaterThanOrEqual(183 * 86_400_000);
    expect((await moved.call('/api/v2/sites')).status).toBe(403);
    expect((await still.call('/api/v2/sites')).status).toBe(200);
    // The clock runs on from the time set: the answer, read after the move, is that time or a moment past it
    // (a frozen clock answers it exactly: test/kit/clock.test.ts).
    const set = await still.clock.set('2027-01-01T00:00:00Z');
    const past = set.getTime() - Date.parse('2027-01-01T00:00:00Z');
    expect(past).toBeGreaterThanOrEqual(0);
    expect(past).toBeLessThan(1000);
  });

  it('journal queries filter by method, path pattern and status, and count', async () => {
    const account = await sim.createAccount();
    await account.call('/api/v2/sites');
    await account.call('/api/v2/sites', { token: false });
    await account.call('/api/v2/packages');
    expect(await account.journal.count()).toBe(4); // the token call included
    expect(await account.journal.count({ path: '/api/v2/sites' })).toBe(2);
    expect(await account.journal.count({ path: '/api/v2/sites', status: 403 })).toBe(1);
    expect(await account.journal.count({ method: 'post' })).toBe(1);
    expect(await account.journal.count({ path: '/api/v2/*', status: [403, 404] })).toBe(2);
    const listed = await account.journal.list({ status: 404 });
    expect(listed.map((e) => e.path)).toEqual(['/api/v2/packages']);
  });

  it('journal.verify passes on the expected count and otherwise throws, listing the nearest requests', async () => {
    const account = await sim.createAccount();
    await account.call('/api/v2/sites');
    await account.journal.verify({ method: 'GET', path: '/api/v2/sites', status: 200 }, 1);
    await account.journal.verify({ path: '/api/v2/sites' });
    await account.journal.verify({ path: '/api/v2/clients' }, 0);
    await expect(account.journal.verify({ path: '/api/v2/clients' })).rejects.toThrow(
      /expected at least 1 request\(s\) matching any method \/api\/v2\/clients, got 0[\s\S]*GET \/api\/v2\/sites → 200/,
    );
    await expect(account.journal.verify({ path: '/api/v2/sites' }, { atMost: 0 })).rejects.toThrow(/at most 0/);
    await account.journal.clear();
    expect(await account.journal.count()).toBe(0);
  });

  it('reset re-seeds the account and revokes its tokens', async () => {
    const account = await sim.createAccount();
    const token = await account.accessToken();
    await account.reset();
    expect((await account.call('/api/v2/sites', { token })).status).toBe(403);
    expect((await account.call('/api/v2/sites')).status).toBe(200);
  });

  it('delete removes the account', async () => {
    const account = await sim.createAccount({ name: 'short-lived' });
    await account.delete();
    await expect(account.delete()).rejects.toThrow(/404 no account 'short-lived'/);
  });

  it('control-plane failures surface as errors with the control plane message', async () => {
    await expect(sim.createAccount({ name: 'Not A Label' })).rejects.toThrow(/400 .*name/);
  });
});

describe('test kit without a socket', () => {
  it('listen: false serves only the in-process fetch', async () => {
    const local = await startSimulator({ listen: false, size: 'small', now: FIXED_NOW });
    expect(local.url).toBeUndefined();
    const account = await local.createAccount({ seed: 7 });
    expect(account.baseUrl).toBe(`http://127.0.0.1/accounts/${account.name}`);
    expect((await account.call('/api/v2/sites')).status).toBe(200);
    await local.stop();
  });
});

describe('test kit and version 1', () => {
  it('an account handle carries its version 1 API key, which reads the same world', async () => {
    const account = await sim.createAccount();
    expect(account.apiKey).toBe('demo-api-key');
    const v1 = await account.call('/api/sites', { token: false, headers: { ServiceApiKey: account.apiKey } });
    const v2 = await account.call('/api/v2/sites');
    expect(v1.status).toBe(200);
    expect(v1.body).toEqual(v2.body);
  });
});

describe('test kit with scenarios and faults', () => {
  it('createAccount applies a scenario: the expired-token scenario token answers 403', async () => {
    const account = await sim.createAccount({ scenario: 'expired-token' });
    const answer = await account.call('/api/v2/sites', { token: 'expired-token-0001' });
    expect(answer.status).toBe(403);
    expect(answer.body).toBe('Unauthorized - Invalid or expired token.');
    expect((await account.call('/api/v2/sites')).status).toBe(200);
  });

  it('applyScenario rebuilds an existing account and sets its clock from the scenario', async () => {
    const account = await sim.createAccount();
    await account.clock.set('2030-01-01T00:00:00Z');
    await account.applyScenario('expired-token');
    expect((await account.clock.now()).toISOString().slice(0, 10)).toBe('2026-03-16');
  });

  it('applyScenario answers what the control plane answers: the account and what the scenario changed', async () => {
    const account = await sim.createAccount({ seed: 7, now: '2030-01-01T00:00:00Z' });
    const applied = await account.applyScenario({
      description: 'A voucher added, the clients cleared, on another seed and day.',
      account: { seed: 42, size: 'small', now: '2026-03-16T09:00:00Z' },
      clear: ['clients'],
      records: {
        vouchers: [
          {
            SiteId: 'e33a58dc-7dc0-439a-a29c-437e7d7a5444',
            VoucherNumber: 'GV-KIT-0001',
            VoucherType: 1,
            Amount: 50,
            ExpiryDate: '2026-12-31 00:00',
          },
        ],
      },
    });
    const listed = (await sim.fetch('/__admin/accounts').then((r) => r.json())) as { name: string; now: string }[];
    const { now: _, ...asListed } = listed.find((a) => a.name === account.name)!;
    expect(applied).toMatchObject({ ...asListed, seed: 42, size: 'small', scenario: '(inline)' });
    expect(applied.now.slice(0, 16)).toBe('2026-03-16T09:00');
    expect(applied.changes).toMatchObject({
      clock: { after: expect.stringMatching(/^2026-03-16T09:00/) },
      size: { before: 'small', after: 'small' },
      seed: { before: 7, after: 42 },
      records: { vouchers: { added: 1, replaced: 0, removed: 0 }, clients: { added: 0, replaced: 0 } },
    });
    expect(applied.changes.clock.before.slice(0, 10)).toBe('2030-01-01');
    expect(applied.changes.records.clients?.removed).toBeGreaterThan(0);
  });

  it('a bad scenario is an error with the file, path and problem', async () => {
    const account = await sim.createAccount();
    await expect(account.applyScenario({ description: 'x', acount: {} })).rejects.toThrow(/400 \(inline\).*acount/);
  });

  it('a misspelt record field in a scenario is refused, naming the record and the closest field', async () => {
    const account = await sim.createAccount();
    const scenario = {
      description: 'A voucher with a misspelt number.',
      records: { vouchers: [{ SiteId: 'e33a58dc-7dc0-439a-a29c-437e7d7a5444', VoucherNumbr: 'GV-TYPO-0001' }] },
    };
    await expect(account.applyScenario(scenario)).rejects.toThrow(
      '(inline): records.vouchers[0].VoucherNumbr: no field VoucherNumbr in a vouchers record; ' +
        'did you mean VoucherNumber?',
    );
  });

  it('the same scenario gives the same record ids in accounts of generated names', async () => {
    const scenario = {
      description: 'A client whose id the simulator draws.',
      account: { seed: 42, size: 'small', now: '2026-03-16T09:00:00Z' },
      records: {
        clients: [{ SiteId: 'e33a58dc-7dc0-439a-a29c-437e7d7a5444', FirstName: 'Kit', LastName: 'Ids', Gender: 1 }],
      },
    };
    const ids: string[] = [];
    for (const account of [await sim.createAccount(), await sim.createAccount()]) {
      await account.applyScenario(scenario);
      const found = await account.call<{ ClientId: string; FirstName: string; LastName: string }[]>(
        '/api/v2/clients?siteId=e33a58dc-7dc0-439a-a29c-437e7d7a5444&find=Kit',
      );
      expect(found.status).toBe(200);
      ids.push(found.body.find((c) => c.FirstName === 'Kit' && c.LastName === 'Ids')!.ClientId);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('faults.add, list and clear drive the account’s fault rules, and the journal records them', async () => {
    const account = await sim.createAccount({ rateLimit: false });
    const [rule] = await account.faults.add({ method: 'GET', path: '/api/v2/sites', status: 503, times: 1 });
    expect(rule).toMatchObject({ status: 503, times: 1 });
    expect((await account.call('/api/v2/sites')).status).toBe(503);
    expect((await account.faults.list())[0]).toMatchObject({ hits: 1, remaining: 0 });
    await account.faults.clear();
    expect(await account.faults.list()).toEqual([]);
    const [entry] = await account.journal.list({ status: 503 });
    expect(entry?.fault).toMatchObject({ kind: 'status' });
  });
});
