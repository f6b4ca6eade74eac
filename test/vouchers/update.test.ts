import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, EMPTY, stored, UNKNOWN } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});
const put = (id: string, body: unknown) => call(a, `/api/v2/vouchers/${id}`, { method: 'PUT', body });
const sited = () => a.world.vouchers.find((v) => v.SiteId !== null)!;

describe('PUT /api/v2/vouchers/{voucherId}', () => {
  it('the route id selects the record; the write result echoes it', async () => {
    const [v, other] = a.world.vouchers as [any, any];
    const res = await put(v.VoucherId, { VoucherId: other.VoucherId, SiteId: v.SiteId ?? EMPTY, Notes: 'Extended' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'VoucherId', Value: v.VoucherId });
    expect(stored(a.world, 'vouchers', v).Notes).toBe('Extended');
    expect(stored(a.world, 'vouchers', other).Notes).not.toBe('Extended');
  });

  it('a body without SiteId answers 500 and writes nothing', async () => {
    const v = sited();
    const res = await put(v.VoucherId, { Notes: 'lost' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ Message: 'An error has occurred.' });
    expect(stored(a.world, 'vouchers', v).Notes).not.toBe('lost');
  });

  it('VoucherNumber uniqueness is not enforced on update', async () => {
    const v = sited();
    const twin = a.world.vouchers.find((x) => x.SiteId === v.SiteId && x.VoucherId !== v.VoucherId)!;
    const res = await put(v.VoucherId, { SiteId: v.SiteId, VoucherNumber: twin.VoucherNumber });
    expect(res.status).toBe(200);
    expect(stored(a.world, 'vouchers', v).VoucherNumber).toBe(twin.VoucherNumber);
  });

  it('the site saved against is the body SiteId; the empty Guid makes it shared', async () => {
    const v = sited();
    await put(v.VoucherId, { SiteId: EMPTY });
    expect(stored(a.world, 'vouchers', v).SiteId).toBeNull();
  });

  it('fields left out keep their value; Amount (or Value) sent overwrites', async () => {
    const v = sited();
    const { Recipient, ExpiryDate } = v;
    await put(v.VoucherId, { SiteId: v.SiteId, Value: 120 });
    expect(stored(a.world, 'vouchers', v)).toMatchObject({ Recipient, ExpiryDate, Amount: 120 });
  });

  it('an unknown voucher answers 400 Record does not exist.', async () => {
    const res = await put(UNKNOWN, { SiteId: EMPTY });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Record does not exist.' });
  });

  it('a malformed route id answers 404', async () => {
    expect((await put('nope', { SiteId: EMPTY })).status).toBe(404);
  });
});
