import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecord } from '../../src/records.js';
import { toCents } from '../../src/world/money.js';
import { call, type DemoApi, demoApi } from '../helpers.js';
import { redemption } from './support.js';

// Property: whatever redemptions are created and deleted, GET /vouchers/{id} answers
// Balance = Amount − the Totals of the entries naming the voucher (and lists exactly them).

let a: DemoApi;
beforeAll(async () => {
  a = await demoApi();
});

type Step = { kind: 'redeem'; voucher: number; cents: number } | { kind: 'delete'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('redeem' as const),
    voucher: fc.nat({ max: 4 }),
    cents: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);

describe('voucher balance', () => {
  it('a voucher balance always equals its amount minus the redemptions implied by its entries', async () => {
    const vouchers = a.world.vouchers.slice(0, 5);
    // The model: each voucher's seeded balance, and the redemptions this run has live.
    const seeded = vouchers.map(
      (v) =>
        toCents(v.Amount) -
        a.world.accountingEntries.filter((e) => e.VoucherId === v.VoucherId).reduce((s, e) => s + toCents(e.Total), 0),
    );
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const added: string[] = [];
        const live = new Map<string, { voucher: number; cents: number }>();
        try {
          for (const s of steps) {
            if (s.kind === 'redeem') {
              const id = `aaaaaaaa-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
              await a.account.write(() =>
                insertRecord(a.world, 'accountingEntries', redemption(a.world, vouchers[s.voucher]!, s.cents, id)),
              );
              added.push(id);
              live.set(id, { voucher: s.voucher, cents: s.cents });
            } else if (added.length > 0) {
              const [gone] = added.splice(s.pick % added.length, 1);
              live.delete(gone!);
              await a.account.write(() => {
                a.world.accountingEntries = a.world.accountingEntries.filter((e) => e.AccountingEntryId !== gone);
              });
            }
            for (const [i, v] of vouchers.entries()) {
              const body = (await call(a, `/api/v2/vouchers/${v.VoucherId}`)).body;
              const naming = a.world.accountingEntries.filter((e) => e.VoucherId === v.VoucherId);
              const redeemedNow = [...live.values()]
                .filter((r) => r.voucher === i)
                .reduce((sum, r) => sum + r.cents, 0);
              expect(toCents(body.Balance)).toBe(seeded[i]! - redeemedNow);
              expect(body.Redemptions.map((r: any) => r.AccountingEntryId).sort()).toEqual(
                naming.map((e) => e.AccountingEntryId).sort(),
              );
            }
          }
        } finally {
          await a.account.write(() => {
            a.world.accountingEntries = a.world.accountingEntries.filter((e) => !added.includes(e.AccountingEntryId));
          });
        }
      }),
      { numRuns: 25, seed: 20260316 },
    );
  });
});
