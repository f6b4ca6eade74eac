import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/server.js';
import { call, checkedFetch, demoApi, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// The three ways of applying a scenario, the control-plane list, and what reset does afterwards.

describe('applying scenarios', () => {
  it('POST /__admin/accounts with a scenario name builds the new account from it', async () => {
    const sim = await simulator();
    const created = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'acme', scenario: 'expired-token' },
    });
    expect(created.status).toBe(201);
    const token = await call(sim, '/accounts/acme/api/v2/sites', { token: 'expired-token-0001' });
    expect(token).toMatchObject({ status: 403, text: 'Unauthorized - Invalid or expired token.' });
    const summary = (await call(sim, '/__admin/accounts')).body.find((a: any) => a.name === 'acme');
    expect(summary).toMatchObject({
      scenario: 'expired-token',
      seed: 42,
      size: 'small',
      now: '2026-03-16T09:00:00.000Z',
    });
  });

  it('POST /__admin/accounts with an inline scenario applies it; a bad one answers 400 naming (inline) and creates nothing', async () => {
    const sim = await simulator();
    const inline = {
      description: 'One extra credential.',
      account: { seed: 7, now: '2026-04-01T08:00:00Z' },
      credentials: [
        {
          clientId: 'inline-client',
          secret: 'inline-secret-0001',
          tokens: [{ token: 'inline-token-0001', state: 'active' }],
        },
      ],
      faults: [{ path: '/api/v2/clients', status: 503 }],
    };
    expect(
      (await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'inline', scenario: inline } })).status,
    ).toBe(201);
    expect((await call(sim, '/accounts/inline/api/v2/sites', { token: 'inline-token-0001' })).status).toBe(200);
    expect(sim.registry.get('inline')!.faults.list()).toMatchObject([
      { path: '/api/v2/clients', status: 503, method: '*' },
    ]);
    const summary = (await call(sim, '/__admin/accounts')).body.find((a: any) => a.name === 'inline');
    expect(summary).toMatchObject({ seed: 7, scenario: '(inline)', now: '2026-04-01T08:00:00.000Z' });

    const bad = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: {
        name: 'broken',
        scenario: { description: 'x', account: { size: 'huge' } },
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: '(inline): account.size: expected one of small|standard|large' },
    });
    expect((await call(sim, '/__admin/accounts')).body.some((a: any) => a.name === 'broken')).toBe(false);
  });

  it('POST /__admin/accounts/{name}/scenario rebuilds an existing account and answers its summary', async () => {
    const { sim, token } = await demoApi();
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'fiscalised-account' },
    });
    expect(applied).toMatchObject({
      status: 200,
      body: { name: 'demo', fiscalised: true, scenario: 'fiscalised-account' },
    });
    // The account was rebuilt with freshly seeded credentials: earlier tokens are gone.
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(403);
  });

  it('a bad scenario on an existing account answers 400 file: path: problem and leaves the account as it was', async () => {
    const { sim, token } = await demoApi();
    const before = sim.registry.get('demo')!.world.clients.length;
    const bad = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'x',
          records: { sites: [{ SiteId: 'e33a58dc-7dc0-439a-a29c-437e7d7a5444', Colour: 'red' }] },
        },
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        error:
          '(inline): records.sites[0].Colour: no field Colour in a sites record; known fields: SiteId, Name, State, ' +
          'TimeZone, Phone, Email, Website, Address, TradingHours',
      },
    });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expect(sim.registry.get('demo')!.world.clients.length).toBe(before);
    expect(
      (await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario: 'nothing-like-it' } }))
        .status,
    ).toBe(400);
  });

  it('GET /__admin/scenarios lists the shipped scenarios with their descriptions', async () => {
    const sim = await simulator();
    const list = (await call(sim, '/__admin/scenarios')).body;
    expect(list).toContainEqual({ name: 'expired-token', description: expect.stringContaining('expired-token-0001') });
    expect(list.length).toBeGreaterThanOrEqual(13);
  });

  it('reset of a scenario account applies its scenario again', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'duplicate-voucher-number' },
    });
    const account = sim.registry.get('demo')!;
    await account.write(() => {
      account.world.vouchers = [];
    });
    expect((await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' })).status).toBe(204);
    expect(sim.registry.get('demo')!.world.vouchers.some((v) => v.VoucherNumber === 'GV-SCENARIO-0001')).toBe(true);
  });

  it('the scenario option of the server builds the default account (as --scenario does)', async () => {
    const server = await startServer({
      port: 0,
      size: 'small',
      rateLimit: false,
      realNow: () => FIXED_NOW,
      scenario: 'ip-allow-list',
    });
    try {
      const res = await checkedFetch(`${server.url}/api/v2/sites`, {
        headers: { authorization: 'Bearer ip-allow-list-token-0001', 'x-forwarded-for': '198.51.100.1' },
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toBe('Unauthorized - Invalid client IP address.');
    } finally {
      await server.close();
    }
  });

  it('a scenario webhook keeps the id it is given, and a later entry naming that id changes the same subscription', async () => {
    const sim = await simulator();
    const id = '3f2a1b0c-0001-4000-8000-00000000000a';
    const url = 'https://example.com/hooks/invoices';
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'One webhook, created with its id, then named by it.',
          records: {
            webhooks: [
              { webhook_id: id, event: 'NewRecurringClientInvoice', url, secret: 'test-secret' },
              { webhook_id: id },
            ],
          },
        },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.changes.records).toMatchObject({ webhooks: { added: 1 } });
    const listed = await call(sim, '/api/v2/webhooks', { token: await tokenFor(sim) });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ webhook_id: id, event: 'NewRecurringClientInvoice', url })]);
  });
});
