import { beforeEach, describe, expect, it } from 'vitest';
import { insertRecord } from '../../src/records.js';
import { toCents } from '../../src/world/money.js';
import { call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { expectedBalance, redeemed, redemption } from './support.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

describe('GET /api/v2/vouchers/{voucherId}', () => {
  it('answers the voucher with Balance and Redemptions derived from the entries naming it', async () => {
    const v = redeemed(a.world);
    const res = await call(a, `/api/v2/vouchers/${v.VoucherId}`);
    expect(res.status).toBe(200);
    const entries = a.world.accountingEntries.filter((e) => e.VoucherId === v.VoucherId);
    expect(res.body.Redemptions.map((r: any) => r.AccountingEntryId).sort()).toEqual(
      entries.map((e) => e.AccountingEntryId).sort(),
    );
    expect(toCents(res.body.Balance)).toBe(expectedBalance(a.world, v));
    expect(res.body.Balance).toBeLessThan(v.Amount);
  });

  it('a new redemption entry moves the balance at once (never stored)', async () => {
    const v = redeemed(a.world);
    const before = (await call(a, `/api/v2/vouchers/${v.VoucherId}`)).body.Balance;
    await a.account.write(() =>
      insertRecord(a.world, 'accountingEntries', redemption(a.world, v, 125, '22222222-3333-4444-8555-666666666666')),
    );
    const after = (await call(a, `/api/v2/vouchers/${v.VoucherId}`)).body;
    expect(toCents(after.Balance)).toBe(toCents(before) - 125);
    expect(after.Redemptions.map((r: any) => r.AccountingEntryId)).toContain('22222222-3333-4444-8555-666666666666');
  });

  it('needs no siteId and reaches a voucher of any site', async () => {
    const v = a.world.vouchers.find((x) => x.SiteId !== null)!;
    expect((await call(a, `/api/v2/vouchers/${v.VoucherId}`)).body.SiteId).toBe(v.SiteId);
  });

  it('an unknown well-formed id answers 200 null', async () => {
    const res = await call(a, `/api/v2/vouchers/${UNKNOWN}`);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('a malformed id answers 404', async () => {
    expect((await call(a, '/api/v2/vouchers/not-a-guid')).status).toBe(404);
  });
});
