import { describe, expect, it } from 'vitest';
import { addMonths, utcMs } from '../../src/datetime.js';
import { call, demoApi } from '../helpers.js';

// Recurring invoices are caught up when the clock passes their run dates. The clock may move at
// most 10 years, and catching up costs time linear in what it produces: a move to the far edge
// generates every run in date order, with numbers continuing the series, without stalling.

const RECURRING = new Set([20, 21]);
const MAX_CLOCK_SECONDS = 10 * 365.25 * 86_400;

describe('recurring invoice catch-up', () => {
  it('a clock moved to the 10-year edge generates every run due, in date order with consecutive numbers, in bounded time', async () => {
    const { sim, token, account } = await demoApi({ size: 'standard' });
    const before = account.world.accountingDocuments;
    const target = account.clock.now() + (MAX_CLOCK_SECONDS - 86_400) * 1000;
    // Every run date each recurring document reaches by the target.
    let expected = 0;
    for (const d of before) {
      if (!RECURRING.has(d.AccountingDocumentTypeId) || d.NextRunDate === null || !d.RecurrenceIntervalMonths) continue;
      for (let at = utcMs(d.NextRunDate); at <= target; at = addMonths(at, d.RecurrenceIntervalMonths)) expected++;
    }
    expect(expected).toBeGreaterThan(1000);

    const started = performance.now();
    const moved = await call(sim, '/__admin/accounts/demo/clock', {
      method: 'POST',
      body: { advanceSeconds: MAX_CLOCK_SECONDS - 86_400 },
    });
    expect(moved.status).toBe(200);
    // Up to 5 000 runs per request: a request or two more finish what is left.
    for (let i = 0; i < 5 && account.world.accountingDocuments.length - before.length < expected; i++) {
      expect((await call(sim, '/api/v2/ping', { token })).status).toBe(200);
    }
    const elapsed = performance.now() - started;
    const made = account.world.accountingDocuments.slice(before.length);
    expect(made).toHaveLength(expected);
    expect(elapsed).toBeLessThan(5_000);

    // In date order, and each type's numbers consecutive from the highest before.
    const dates = made.map((d) => d.DocumentDate);
    expect(dates).toEqual([...dates].sort());
    for (const type of [1, 10]) {
      const number = (n: string) => Number(n.slice(n.lastIndexOf('-') + 1));
      const highest = Math.max(
        0,
        ...before.filter((d) => d.AccountingDocumentTypeId === type).map((d) => number(d.DocumentNumber)),
      );
      const numbers = made.filter((d) => d.AccountingDocumentTypeId === type).map((d) => number(d.DocumentNumber));
      expect(numbers).toEqual(numbers.map((_, i) => highest + 1 + i));
    }
  }, 30_000);
});
