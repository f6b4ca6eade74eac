import { describe, expect, it } from 'vitest';
import { authUrl } from '../clients/support.js';
import { call, demoApi, simulator, stored, tokenFor } from '../helpers.js';

// One test per shipped scenario: apply it, then show its state through the public API.

const INVALID_TOKEN = 'Unauthorized - Invalid or expired token.';
// Sites the shipped scenarios name.
const LONDON = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
const SOHO = 'ce5d7f5a-5a59-4173-9305-f33c2faf0cbe';

describe('shipped scenarios', () => {
  it(
    "expired-token: the scenario's token answers 403 Invalid or expired token, and the credential gets a working " +
      'one',
    async () => {
      const sim = await simulator({ scenario: 'expired-token' });
      const old = await call(sim, '/api/v2/sites', { token: 'expired-token-0001' });
      expect(old).toMatchObject({ status: 403, text: INVALID_TOKEN });
      const fresh = await tokenFor(sim, '', { clientId: 'integration-client', secret: 'integration-secret-0001' });
      expect((await call(sim, '/api/v2/sites', { token: fresh })).status).toBe(200);
    },
  );

  it('token-revoked-by-refresh: the revoked token fails at once, the refreshed one works until the next refresh', async () => {
    const sim = await simulator({ scenario: 'token-revoked-by-refresh' });
    expect(await call(sim, '/api/v2/sites', { token: 'revoked-token-0001' })).toMatchObject({
      status: 403,
      text: INVALID_TOKEN,
    });
    expect((await call(sim, '/api/v2/sites', { token: 'refreshed-token-0002' })).status).toBe(200);
    const refreshed = await call(sim, '/api/v2/token/refresh', {
      method: 'POST',
      body: {
        clientId: 'integration-client',
        secret: 'integration-secret-0001',
      },
    });
    expect(refreshed.status).toBe(200);
    expect(await call(sim, '/api/v2/sites', { token: 'refreshed-token-0002' })).toMatchObject({
      status: 403,
      text: INVALID_TOKEN,
    });
    expect((await call(sim, '/api/v2/sites', { token: refreshed.body.access_token })).status).toBe(200);
  });

  it('rotated-secret: the old secret answers 401 invalid_client, the new one issues tokens, the pre-rotation token fails', async () => {
    const sim = await simulator({ scenario: 'rotated-secret' });
    expect(
      await call(sim, '/api/v2/token', {
        method: 'POST',
        body: { clientId: 'rotated-client', secret: 'old-secret-0001' },
      }),
    ).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    const token = await tokenFor(sim, '', { clientId: 'rotated-client', secret: 'new-secret-0002' });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expect(await call(sim, '/api/v2/sites', { token: 'pre-rotation-token-0001' })).toMatchObject({
      status: 403,
      text: INVALID_TOKEN,
    });
  });

  it('endpoint-allow-list: a listed line answers, an unlisted endpoint and a record-id route answer 403 Invalid end-point', async () => {
    const sim = await simulator({ scenario: 'endpoint-allow-list' });
    const token = 'allow-list-token-0001';
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    expect((await call(sim, '/api/v2/services?siteId=', { token })).status).toBe(200);
    expect(await call(sim, '/api/v2/employees?siteId=', { token })).toMatchObject({
      status: 403,
      text: 'Unauthorized - Invalid end-point.',
    });
    expect(await call(sim, `/api/v2/sites/${LONDON}`, { token })).toMatchObject({
      status: 403,
      text: 'Unauthorized - Invalid end-point.',
    });
  });

  it('ip-allow-list: the listed address answers, another answers 403 Invalid client IP address, a substring is admitted', async () => {
    const sim = await simulator({ scenario: 'ip-allow-list' });
    const from = (ip: string) =>
      call(sim, '/api/v2/sites', { token: 'ip-allow-list-token-0001', headers: { 'x-forwarded-for': ip } });
    expect((await from('203.0.113.7')).status).toBe(200);
    expect(await from('198.51.100.1')).toMatchObject({
      status: 403,
      text: 'Unauthorized - Invalid client IP address.',
    });
    expect((await from('3.0.113.7')).status).toBe(200);
  });

  it('throttled-endpoint: the locked endpoint answers 429 for every caller until 120 seconds pass; others answer', async () => {
    const { sim, token } = await demoApi({ scenario: 'throttled-endpoint' });
    const locked = await call(sim, '/api/v2/sites', { token, headers: { 'x-forwarded-for': '192.0.2.10' } });
    expect(locked.status).toBe(429);
    expect(locked.body).toBe('Your request has been throttled. Please try again in 2 minutes.');
    expect(locked.headers.get('retry-after')).toBe('120');
    expect((await call(sim, '/api/v2/sites', { token, headers: { 'x-forwarded-for': '192.0.2.11' } })).status).toBe(
      429,
    );
    expect((await call(sim, '/api/v2/services?siteId=', { token })).status).toBe(200);
    await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 120 } });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
  });

  it('duplicate-voucher-number: the voucher exists, and another with its number answers 400 on VoucherNumber', async () => {
    const { sim, token } = await demoApi({ scenario: 'duplicate-voucher-number' });
    const voucher = await call(sim, '/api/v2/vouchers/5c3e1f0a-8b2d-4e6f-9a1b-0c2d3e4f5a61', { token });
    expect(voucher).toMatchObject({ status: 200, body: { VoucherNumber: 'GV-SCENARIO-0001', SiteId: LONDON } });
    const again = await call(sim, `/api/v2/vouchers?siteId=${LONDON}`, {
      method: 'POST',
      body: { SiteId: LONDON, VoucherNumber: 'GV-SCENARIO-0001', Amount: 10, ExpiryDate: '2026-12-31 00:00' },
      token,
    });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.ModelState)).toEqual(['VoucherNumber']);
  });

  it('fully-booked-day: availabletimes offers nothing on the day and availabledates leaves it out', async () => {
    const { sim, token, world } = await demoApi({ scenario: 'fully-booked-day' });
    const services = world.services.filter((x) => x.SiteId === SOHO && x.State === 1);
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) {
      const q = new URLSearchParams({
        siteId: SOHO,
        day: '2026-03-18',
        services: service.ServiceId,
        packageId: '',
        clientId: '',
        serviceSequence: '1',
      });
      expect((await call(sim, `/api/v2/appointments/availabletimes?${q}`, { token })).body).toEqual([]);
      const dates = await call(
        sim,
        `/api/v2/appointments/availabledates?siteId=${SOHO}&services=${service.ServiceId}`,
        { token },
      );
      expect(dates.body).not.toContain('2026-03-18 00:00');
      expect(dates.body).toContain('2026-03-19 00:00');
    }
  });

  it('empty-account: clients, appointments, employees and vouchers are empty; sites and appointment states remain', async () => {
    const { sim, token } = await demoApi({ scenario: 'empty-account' });
    expect((await call(sim, '/api/v2/clients?siteId=', { token })).body).toEqual([]);
    expect((await call(sim, '/api/v2/employees?siteId=', { token })).body).toEqual([]);
    expect((await call(sim, `/api/v2/vouchers?siteId=${LONDON}`, { token })).body).toEqual([]);
    const appointments = await call(
      sim,
      `/api/v2/appointments?siteId=${LONDON}&stateId=&start=2026-03-01&end=2026-04-01&find=&clientId=`,
      { token },
    );
    expect(appointments.body).toEqual([]);
    expect((await call(sim, '/api/v2/sites', { token })).body.length).toBeGreaterThan(0);
    expect((await call(sim, '/api/v2/appointmentstates', { token })).body.length).toBeGreaterThan(0);
  });

  it('fiscalised-account: document list rows carry Signed for client invoices and NotRequired for other types', async () => {
    const { sim, token } = await demoApi({ scenario: 'fiscalised-account' });
    const rows = (
      await call(
        sim,
        `/api/v2/accountingdocuments?siteId=${LONDON}&clientDocuments=&start=2025-01-01&end=2026-12-31&find=`,
        { token },
      )
    ).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.FiscalStatus).toBe([1, 3].includes(row.AccountingDocumentTypeId) ? 'Signed' : 'NotRequired');
    expect(rows.some((r: any) => r.FiscalStatus === 'Signed')).toBe(true);
    expect((await call(sim, '/__admin/accounts')).body[0]).toMatchObject({
      fiscalised: true,
      scenario: 'fiscalised-account',
    });
  });

  it('unpaid-and-paid-invoices: one invoice reads Unpaid, the other Paid by its receipt', async () => {
    const { sim, token } = await demoApi({ scenario: 'unpaid-and-paid-invoices' });
    const rows = (
      await call(
        sim,
        `/api/v2/accountingdocuments?siteId=${LONDON}&clientDocuments=true&start=2026-03-16&end=2026-03-16&find=`,
        { token },
      )
    ).body;
    const row = (id: string) => rows.find((r: any) => r.AccountingDocumentId === id);
    expect(row('1a2b3c4d-0001-4000-8000-000000000001')).toMatchObject({
      Total: 120,
      Paid: 0,
      Outstanding: 120,
      PaidState: 'Unpaid',
    });
    expect(row('1a2b3c4d-0002-4000-8000-000000000002')).toMatchObject({
      Total: 80,
      Paid: 80,
      Outstanding: 0,
      PaidState: 'Paid',
    });
    const got = await call(sim, '/api/v2/accountingdocuments/1a2b3c4d-0001-4000-8000-000000000001', { token });
    expect(got.body).toMatchObject({
      AccountingDocumentId: '1a2b3c4d-0001-4000-8000-000000000001',
      Reference: 'Scenario unpaid',
    });
  });

  it('legacy-password-client: the right password answers 200 and migrates the legacy hash; a wrong one answers 401', async () => {
    const { sim, token } = await demoApi({ scenario: 'legacy-password-client' });
    const client = sim.registry
      .get('demo')!
      .world.clients.find((c) => c.ClientId === '7e1d2c3b-4a59-4687-9a0b-1c2d3e4f5a6b')!;
    expect(client.PasswordHash).toMatch(/^\$sha1\$/);
    const signIn = (password: string) =>
      call(sim, authUrl(client.ClientId, 'lena.legacy@example.com', password), { token });
    expect((await signIn('wrong-password')).status).toBe(401);
    expect((await signIn('Legacy-pass-0001')).status).toBe(200);
    expect(stored(sim.registry.get('demo')!.world, 'clients', client).PasswordHash).toMatch(/^\$pbkdf2-sha256\$/);
    expect((await signIn('Legacy-pass-0001')).status).toBe(200);
  });
});
