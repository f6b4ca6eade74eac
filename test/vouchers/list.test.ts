import { beforeEach, describe, expect, it } from 'vitest';
import { toCents } from '../../src/world/money.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { expectedBalance } from './support.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const list = (query: string) => call(a, `/api/v2/vouchers?${query}`);

describe('GET /api/v2/vouchers', () => {
  it('lists the Active vouchers of the site plus shared ones (SiteId the empty Guid)', async () => {
    const site = activeSite(a.world);
    const res = await list(`siteId=${site}`);
    expect(res.status).toBe(200);
    const expected = a.world.vouchers
      .filter((v) => v.State === 1 && (v.SiteId === null || v.SiteId === site))
      .map((v) => v.VoucherId)
      .sort();
    expect(res.body.map((v: any) => v.VoucherId).sort()).toEqual(expected);
    expect(res.body.some((v: any) => v.SiteId === EMPTY)).toBe(true);
  });

  it('each row carries Balance = Amount less its redemptions', async () => {
    const res = await list(`siteId=${activeSite(a.world)}`);
    for (const row of res.body) {
      const v = a.world.vouchers.find((x) => x.VoucherId === row.VoucherId)!;
      expect(toCents(row.Balance)).toBe(expectedBalance(a.world, v));
    }
    expect(res.body.some((r: any) => r.Balance < r.Amount)).toBe(true);
  });

  it('rows are ordered by voucher number', async () => {
    const numbers = (await list(`siteId=${activeSite(a.world)}`)).body.map((v: any) => v.VoucherNumber);
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('itemState is optional and selects Inactive vouchers when sent; All matches nothing', async () => {
    const site = activeSite(a.world);
    const inactive = (await list(`siteId=${site}&itemState=Inactive`)).body;
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((v: any) => v.State === 2)).toBe(true);
    expect(inactive.length).toBe(
      a.world.vouchers.filter((v) => v.State === 2 && (v.SiteId === null || v.SiteId === site)).length,
    );
    expect((await list(`siteId=${site}&itemState=0`)).body).toEqual([]);
  });

  it('find is a starts-with match over voucher number, recipient and barcode', async () => {
    const site = activeSite(a.world);
    const v = a.world.vouchers.find((x) => x.State === 1 && x.SiteId === null && x.Recipient !== '')!;
    expect((await list(`siteId=${site}&find=${v.BarCode}`)).body.map((r: any) => r.VoucherId)).toEqual([v.VoucherId]);
    expect(
      (await list(`siteId=${site}&find=${v.VoucherNumber.toLowerCase()}`)).body.map((r: any) => r.VoucherId),
    ).toContain(v.VoucherId);
    expect(
      (await list(`siteId=${site}&find=${encodeURIComponent(v.Recipient.slice(0, 3))}`)).body.map(
        (r: any) => r.VoucherId,
      ),
    ).toContain(v.VoucherId);
    // Starts-with, not contains: the barcode's tail finds nothing.
    expect((await list(`siteId=${site}&find=${v.BarCode.slice(3)}`)).body.map((r: any) => r.VoucherId)).not.toContain(
      v.VoucherId,
    );
  });

  it('an empty siteId lists only the shared vouchers', async () => {
    const res = await list('siteId=');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((v: any) => v.SiteId === EMPTY)).toBe(true);
  });

  it('without siteId by name the answer is 405 (POST is served on the path)', async () => {
    expect((await list('itemState=Active')).status).toBe(405);
  });
});
