import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/app.js';
import { DAY } from '../../src/datetime.js';
import { brokenInvariants } from '../../src/invariants/index.js';
import type { WorldSize } from '../../src/world/index.js';
import { call, FIXED_NOW } from '../helpers.js';

// The world's invariants (src/invariants) hold for any seed, every size and any clock within a
// year, at the account's creation and again after its clock has moved on (recurring invoices are
// then made as the clock passes their run dates).

const YEAR = 365 * DAY;

/** Counts every world of a size holds, whatever the seed and day (docs/world.md). */
type Counts = Partial<Record<'clients' | 'employees' | 'sites', number>>;

/**
 * A fresh account of (seed, size) created at `now`, checked (its `counts` too), then checked again
 * `days` later.
 */
async function checkAccount(seed: number, size: WorldSize, now: number, days: number, counts: Counts = {}) {
  const sim = await createSimulator({ seed, size, rateLimit: false, realNow: () => now });
  const account = await sim.registry.create({ name: 'coherent' });
  expect(brokenInvariants(account.world, account.clock.now())).toEqual([]);
  for (const [key, count] of Object.entries(counts)) expect(account.world[key as keyof Counts]).toHaveLength(count);

  const moved = await call(sim, '/__admin/accounts/coherent/clock', {
    method: 'POST',
    body: { advanceSeconds: days * 86_400 },
  });
  expect(moved.status).toBe(200);
  // Any API request first makes what the clock has made due.
  expect((await call(sim, '/accounts/coherent/api/v2/ping')).status).toBeLessThan(500);
  expect(brokenInvariants(account.world, account.clock.now())).toEqual([]);
}

const clock = fc.integer({ min: FIXED_NOW - YEAR / 2, max: FIXED_NOW + YEAR / 2 });

describe('world invariants', () => {
  it('hold for any seed, small and standard worlds, any clock within a year, and after the clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom<WorldSize>('small', 'standard'),
        clock,
        fc.integer({ min: 1, max: 120 }),
        (seed, size, now, days) => checkAccount(seed, size, now, days),
      ),
      { numRuns: 16 },
    );
  }, 120_000);

  it('hold for a large world, which holds 50 000 clients, 120 employees and 6 sites whatever the seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), clock, (seed, now) =>
        checkAccount(seed, 'large', now, 45, { clients: 50_000, employees: 120, sites: 6 }),
      ),
      {
        numRuns: 1,
        // Within the test's own timeout: a run that takes too long fails with its seed and draws,
        // instead of the test being stopped with neither.
        timeout: 90_000,
      },
    );
  }, 120_000);
});

describe('each invariant reports a world that breaks it', () => {
  it('nothingRecordedAfterClock: a document dated after the clock, an appointment completed before it starts', async () => {
    const sim = await createSimulator({ seed: 7, size: 'small', rateLimit: false, realNow: () => FIXED_NOW });
    const { world } = await sim.registry.create({ name: 'broken' });
    const completed = world.appointmentStates.find((s) => s.Name === 'Completed')!.AppointmentStateId;
    const future = world.appointments.find((a) => a.Start > '2026-03-17')!;
    const broken = {
      ...world,
      accountingDocuments: [{ ...world.accountingDocuments[0]!, DocumentDate: '2026-03-16 10:00' }],
      appointments: [{ ...future, AppointmentStateId: completed }],
    };
    const found = brokenInvariants(broken, FIXED_NOW);
    expect(found.some((p) => p.startsWith('nothingRecordedAfterClock: document'))).toBe(true);
    expect(found.some((p) => p.startsWith('nothingRecordedAfterClock: appointment'))).toBe(true);
  });

  it('openClockInsOnlyTodayInTradingHours: a clock-in yesterday still open, one at 03:00 today', async () => {
    const sim = await createSimulator({ seed: 7, size: 'small', rateLimit: false, realNow: () => FIXED_NOW });
    const { world } = await sim.registry.create({ name: 'broken' });
    const [r] = world.timeRecords;
    const broken = {
      ...world,
      timeRecords: [
        { ...r!, TimeRecordId: 'yesterday', ClockIn: '2026-03-15 10:00', ClockOut: null },
        { ...r!, TimeRecordId: 'night', ClockIn: '2026-03-16 03:00', ClockOut: null },
      ],
    };
    const found = brokenInvariants(broken, FIXED_NOW).filter((p) => p.startsWith('openClockIns'));
    expect(found.map((p) => p.split(' ')[3])).toEqual(['yesterday', 'night']);
  });
});
