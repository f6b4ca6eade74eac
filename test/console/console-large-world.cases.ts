import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_CREDENTIAL, type DemoApi, demoApi } from '../helpers.js';

// A console page costs what it shows, and what it must still read in bulk is read in slices of the
// event loop's time: while a page of the large world (50 000 clients, tens of thousands of
// appointments, documents and entries) is built, the other accounts of the process are answered.
// Built over the whole world at once, a page held the loop 30 to 130 ms.

/**
 * The longest a page that reads many rows in slices may hold the event loop, in ms: a slice (10 ms),
 * a step, and room for a busy machine.
 */
const SLICED_MS = 25;
/** The longest a page that only looks up what it shows may hold it, in ms. */
const LOOKED_UP_MS = 15;
/** Tries per page: the shortest of their longest holds is kept, so a collection of the large heap is not counted. */
const TRIES = 3;

const PAGE = '/__admin/console/accounts/demo';

/** The process's CPU time, in ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The longest time the event loop was held while `work` ran: the longest gap between turns of a
 * probe that comes back at every turn of the loop (setImmediate), as a server's sockets are read.
 * The gap is counted in CPU time, so the time a busy machine takes the core away is not counted.
 */
async function longestHold<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  let longest = 0;
  let last = cpuMs();
  let probing = true;
  const probe = () => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  try {
    const value = await work();
    // The probe's next turn measures the last stretch too.
    await new Promise((resolve) => setImmediate(resolve));
    return { value, ms: longest };
  } finally {
    probing = false;
  }
}

describe('console pages of the large world hold the event loop a slice at a time', () => {
  let api: DemoApi;
  let otherToken: string;
  beforeAll(async () => {
    api = await demoApi({ size: 'large' });
    const other = await call(api.sim, '/accounts/other/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL });
    otherToken = (other.body as { access_token: string }).access_token;
  }, 120_000);

  const client = () => api.world.appointments.find((a) => a.ClientId)!.ClientId;
  const appointment = () => api.world.appointments[0]!.AppointmentId;
  const pages: [string, number, () => string][] = [
    ['the diary of a day', SLICED_MS, () => `${PAGE}/diary`],
    ['the diary of a week', SLICED_MS, () => `${PAGE}/diary?view=week&date=2026-03-20`],
    ['the sales of 30 days with their report', SLICED_MS, () => `${PAGE}/sales`],
    ['a client search', SLICED_MS, () => `${PAGE}/clients?find=smith`],
    ['the clock', SLICED_MS, () => `${PAGE}/clock`],
    ['the classes of a week', LOOKED_UP_MS, () => `${PAGE}/classes`],
    ['a client with their appointments, documents and vouchers', LOOKED_UP_MS, () => `${PAGE}/clients/${client()}`],
    ['an appointment', LOOKED_UP_MS, () => `${PAGE}/appointments/${appointment()}`],
    ['the live state an open page polls', LOOKED_UP_MS, () => `${PAGE}/live`],
  ];

  it.each(pages)('%s holds the event loop under %i ms at a time', async (_, bound, path) => {
    const holds: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const { value, ms } = await longestHold(() => call(api.sim, path()));
      expect(value.status).toBe(200);
      holds.push(ms);
    }
    expect(Math.min(...holds), `longest holds ${holds.map((h) => h.toFixed(1)).join(', ')} ms`).toBeLessThan(bound);
  });

  // Pages that still read many rows: the sales report reads the whole ledger (as GET
  // /api/v2/reports/sales does), a search nobody matches reads every client.
  it.each([
    ['the sales of a year with their report', () => `${PAGE}/sales?from=2025-03-17&to=2026-03-16`],
    ['a client search that matches nobody', () => `${PAGE}/clients?find=nobody-is-called-this`],
  ])('another account answers while %s of the large world is built', async (_, path) => {
    let done = false;
    const page = call(api.sim, path()).finally(() => {
      done = true;
    });
    let answeredMeanwhile = 0;
    while (!done) {
      // A turn of the event loop between reads, as a server has between two requests it reads.
      await new Promise((resolve) => setImmediate(resolve));
      const sites = await call(api.sim, '/accounts/other/api/v2/sites', { token: otherToken });
      expect(sites.status).toBe(200);
      if (!done) answeredMeanwhile++;
    }
    expect((await page).status).toBe(200);
    expect(answeredMeanwhile).toBeGreaterThan(0);
  });
});
