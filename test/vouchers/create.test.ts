import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, EMPTY, UNKNOWN } from '../helpers.js';
import { newVoucher } from './support.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const post = (siteId: string, body: unknown) => call(a, `/api/v2/vouchers?siteId=${siteId}`, { method: 'POST', body });
const stored = (id: string) => a.world.vouchers.find((v) => v.VoucherId === id)!;

describe('POST /api/v2/vouchers', () => {
  it('creates the voucher and answers the write result {Message: VoucherId, Value: <new id>}', async () => {
    const site = activeSite(a.world);
    const res = await post(site, newVoucher(site));
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('VoucherId');
    expect(res.body.Value).not.toBe(EMPTY);
    const got = (await call(a, `/api/v2/vouchers/${res.body.Value}`)).body;
    expect(got).toMatchObject({
      SiteId: site,
      Amount: 50,
      Balance: 50,
      Redemptions: [],
      ExpiryDate: '2027-03-31 23:59',
      State: 1,
      VoucherType: 1,
    });
  });

  it('a body SiteId different from the query siteId answers 400 on SiteId', async () => {
    const [site, other] = a.world.sites.map((s) => s.SiteId) as [string, string];
    const res = await post(site, newVoucher(other));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['SiteId']);
  });

  it('the empty Guid as siteId and body SiteId makes a shared voucher (SiteId null)', async () => {
    const res = await post(EMPTY, newVoucher(EMPTY));
    expect(stored(res.body.Value).SiteId).toBeNull();
  });

  it('a siteId naming no site answers 400 on siteId', async () => {
    const res = await post(UNKNOWN, newVoucher(UNKNOWN));
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toHaveProperty('siteId');
  });

  it('a duplicate VoucherNumber for the same site answers 400 with a model-state error on VoucherNumber', async () => {
    const v = a.world.vouchers.find((x) => x.SiteId !== null)!;
    const before = a.world.vouchers.length;
    const res = await post(v.SiteId!, newVoucher(v.SiteId!, { VoucherNumber: v.VoucherNumber.toLowerCase() }));
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('The request is invalid.');
    expect(Object.keys(res.body.ModelState)).toEqual(['VoucherNumber']);
    expect(a.world.vouchers.length).toBe(before);
  });

  it('the same VoucherNumber at another site is allowed (unique per site)', async () => {
    const v = a.world.vouchers.find((x) => x.SiteId !== null)!;
    const other = a.world.sites.find((s) => s.SiteId !== v.SiteId)!.SiteId;
    expect((await post(other, newVoucher(other, { VoucherNumber: v.VoucherNumber }))).status).toBe(200);
  });

  it('a blank or missing VoucherNumber skips the check and issues the next number of the series', async () => {
    const site = activeSite(a.world);
    const highest = Math.max(
      ...a.world.vouchers.filter((v) => v.VoucherNumber.startsWith('GC')).map((v) => Number(v.VoucherNumber.slice(2))),
    );
    const res = await post(site, newVoucher(site, { VoucherNumber: '  ', VoucherType: 2 }));
    expect(stored(res.body.Value).VoucherNumber).toBe(`GC${String(highest + 1).padStart(6, '0')}`);
    const next = await post(site, newVoucher(site, { VoucherType: 2 }));
    expect(stored(next.body.Value).VoucherNumber).toBe(`GC${String(highest + 2).padStart(6, '0')}`);
  });

  it('ExpiryDate is required', async () => {
    const site = activeSite(a.world);
    const res = await post(site, newVoucher(site, { ExpiryDate: undefined }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ExpiryDate']);
  });

  it('Amount is required (neither Amount nor Value sent: 400 on Amount)', async () => {
    const site = activeSite(a.world);
    const res = await post(site, newVoucher(site, { Amount: undefined }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['Amount']);
  });

  it('Amount is authoritative; Value is read only when Amount is missing', async () => {
    const site = activeSite(a.world);
    const both = await post(site, newVoucher(site, { Amount: 40, Value: 90 }));
    expect(stored(both.body.Value).Amount).toBe(40);
    const valueOnly = await post(site, newVoucher(site, { Amount: undefined, Value: 75.5 }));
    expect(stored(valueOnly.body.Value).Amount).toBe(75.5);
  });

  it('no body answers 400', async () => {
    const site = activeSite(a.world);
    expect((await call(a, `/api/v2/vouchers?siteId=${site}`, { method: 'POST' })).status).toBe(400);
  });

  it('without siteId by name the answer is 405 (GET is served on the path)', async () => {
    expect((await call(a, '/api/v2/vouchers', { method: 'POST', body: newVoucher(EMPTY) })).status).toBe(405);
  });
});
