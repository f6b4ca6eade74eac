import { describe, expect, it } from 'vitest';
import { call, simulator } from '../helpers.js';

// The request journals of every account share one memory budget (`--journal-memory`): a flood of
// large bodies over many accounts cannot grow the process, and drops the flooders' entries, not a
// quiet account's few.

const MIB = 1024 * 1024;
const ADMIN = (request: Request) => new URL(request.url).pathname.startsWith('/__admin');

describe('journal memory budget', () => {
  it('a flood of large bodies over 200 accounts keeps every journal together within the budget; each flooded journal says it dropped entries and a quiet account keeps its own', async () => {
    const budget = 2 * MIB;
    // Only the control plane's answers are checked against their document: the flood's are plain 404s.
    const sim = await simulator({ journalMemoryBytes: budget }, ADMIN);
    await call(sim, '/__admin/accounts/quiet', { method: 'PUT', body: {} });
    for (let i = 0; i < 3; i++) await call(sim, `/accounts/quiet/api/v2/nothing-${i}`);
    const note = 'x'.repeat(16_000);
    const flooded = Array.from({ length: 200 }, (_, i) => `flood-${i}`);
    let highest = 0;
    for (let round = 0; round < 3; round++) {
      for (const name of flooded) {
        const res = await call(sim, `/accounts/${name}/api/v2/unknown`, { method: 'POST', body: { Note: note } });
        expect(res.status).toBe(404);
        highest = Math.max(highest, sim.registry.journalBudget.used);
      }
      const stats = (await call(sim, '/__admin/stats')).body;
      expect(stats.journalMemory).toBe(budget);
      expect(stats.journalBytes).toBeGreaterThan(budget / 2);
      expect(stats.journalBytes).toBeLessThanOrEqual(budget);
    }
    expect(highest).toBeLessThanOrEqual(budget);

    for (const name of flooded) {
      const res = await call(sim, `/__admin/accounts/${name}/requests`);
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('x-journal-dropped-for-memory')), name).toBeGreaterThan(0);
      expect(res.body.length, name).toBeLessThan(3);
    }
    const page = await call(sim, '/__admin/console/accounts/flood-0/requests');
    expect(page.text).toMatch(/\d+ of the oldest entries were dropped for memory/);
    const quiet = await call(sim, '/__admin/accounts/quiet/requests');
    expect(quiet.headers.get('x-journal-dropped-for-memory')).toBe('0');
    expect(quiet.body.map((e: { path: string }) => e.path)).toEqual([0, 1, 2].map((i) => `/api/v2/nothing-${i}`));
  });

  it('emptying a journal gives its bytes back to the budget and restarts its count of drops', async () => {
    const sim = await simulator({ journalMemoryBytes: MIB }, ADMIN);
    const note = 'x'.repeat(16_000);
    for (let i = 0; i < 40; i++) await call(sim, '/api/v2/unknown', { method: 'POST', body: { Note: note } });
    const before = await call(sim, '/__admin/accounts/demo/requests');
    expect(Number(before.headers.get('x-journal-dropped-for-memory'))).toBeGreaterThan(0);
    expect((await call(sim, '/__admin/accounts/demo/requests', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/stats')).body.journalBytes).toBe(0);
    const after = await call(sim, '/__admin/accounts/demo/requests');
    expect(after.headers.get('x-journal-dropped-for-memory')).toBe('0');
  });

  it('a deleted account gives its journal bytes back to the budget', async () => {
    const sim = await simulator({ journalMemoryBytes: MIB }, ADMIN);
    await call(sim, '/accounts/gone/api/v2/unknown', { method: 'POST', body: { Note: 'x'.repeat(1000) } });
    expect((await call(sim, '/__admin/stats')).body.journalBytes).toBeGreaterThan(2000);
    expect((await call(sim, '/__admin/accounts/gone', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/stats')).body.journalBytes).toBe(0);
  });
});
