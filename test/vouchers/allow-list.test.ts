import { beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, restrictedToken } from '../helpers.js';

let a: DemoApi;
beforeAll(async () => {
  a = await demoApi();
});

describe('allow-list lines (Authentication 5)', () => {
  it('api/v2/vouchers admits the voucher list and not the sales report', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/vouchers');
    expect((await call(a.sim, `/api/v2/vouchers?siteId=${activeSite(a.world)}`, { token })).status).toBe(200);
    expect((await call(a.sim, '/api/v2/reports/sales?start=2026-03-01&end=2026-03-02', { token })).status).toBe(403);
  });

  it('api/v2/reports/sales admits the sales report and not the voucher list', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/reports/sales');
    expect((await call(a.sim, '/api/v2/reports/sales?start=2026-03-01&end=2026-03-02', { token })).status).toBe(200);
    expect((await call(a.sim, `/api/v2/vouchers?siteId=${activeSite(a.world)}`, { token })).status).toBe(403);
  });

  it('GET /vouchers/{voucherId} ends in a record id, so a credential with a non-empty list is refused it', async () => {
    const token = await restrictedToken(a.sim, 'api/v2/vouchers');
    const res = await call(a.sim, `/api/v2/vouchers/${a.world.vouchers[0]!.VoucherId}`, { token });
    expect(res.status).toBe(403);
    expect(res.text).toBe('Unauthorized - Invalid end-point.');
  });
});
