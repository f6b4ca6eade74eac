import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi } from '../helpers.js';

// What a voucher says it is, and what it paid while it was valid, as GET vouchers shows them.

let a: DemoApi;
let vouchers: any[];
const NOW = '2026-03-16 09:00';

beforeAll(async () => {
  a = await demoApi({ size: 'standard' });
  const sites = (await call(a, '/api/v2/sites')).body;
  const byId = new Map<string, any>();
  for (const { SiteId } of sites) {
    for (const state of ['Active', 'Inactive']) {
      for (const v of (await call(a, `/api/v2/vouchers?siteId=${SiteId}&itemState=${state}`)).body)
        byId.set(v.VoucherId, v);
    }
  }
  vouchers = [...byId.values()];
});

describe('seeded vouchers', () => {
  it('a gift card is numbered GC and is a Gift Card in category and description; a voucher is numbered GV', () => {
    const cards = vouchers.filter((v) => v.VoucherType === 2);
    expect(cards.length).toBeGreaterThan(0);
    for (const v of cards)
      expect([v.VoucherNumber.slice(0, 2), v.Category, v.Description]).toMatchObject([
        'GC',
        'Gift Card',
        expect.stringMatching(/^Gift Card /),
      ]);
    for (const v of vouchers.filter((x) => x.VoucherType === 1)) {
      expect(v.VoucherNumber.slice(0, 2)).toBe('GV');
      expect(['Gift Voucher', 'Promotional', 'Corporate']).toContain(v.Category);
      expect(v.Description.startsWith(v.Category)).toBe(true);
    }
  });

  it('an expired voucher was redeemed only while valid, never below a zero balance', async () => {
    const expired = vouchers.filter((v) => v.ExpiryDate < NOW);
    expect(expired.length).toBeGreaterThan(0);
    for (const v of vouchers) {
      const detail = (await call(a, `/api/v2/vouchers/${v.VoucherId}`)).body;
      expect(detail.Balance).toBeGreaterThanOrEqual(0);
      for (const r of detail.Redemptions) {
        expect(r.EntryDate >= detail.ActivationDate && r.EntryDate <= detail.ExpiryDate, v.VoucherNumber).toBe(true);
      }
      if (detail.State === 2) expect(detail.Redemptions).toEqual([]);
    }
  });
});
