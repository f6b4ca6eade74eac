import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, FIXED_NOW, simulator } from '../helpers.js';

// POST /__admin/accounts/{name}/clock {frozen}: a frozen account clock stands still while real time
// runs, moves only by advanceSeconds and now, and runs on from where it stood once unfrozen.

const iso = (ms: number) => new Date(ms).toISOString();
/** Real time as the simulator sees it, moved by the test. */
let real = FIXED_NOW;
let sim: Simulator;
let dir: string | undefined;
beforeEach(async () => {
  real = FIXED_NOW;
  sim = await simulator({ realNow: () => real });
});
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const clock = () => call(sim, '/__admin/accounts/demo/clock');
const move = (body: unknown) => call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body });

describe('a frozen account clock', () => {
  it('a running clock answers {now} and follows real time', async () => {
    real += 5000;
    expect((await clock()).body).toEqual({ now: iso(FIXED_NOW + 5000) });
  });

  it('{frozen: true} stops it where it is: real time runs on, the clock does not', async () => {
    real += 1000;
    expect((await move({ frozen: true })).body).toEqual({ now: iso(FIXED_NOW + 1000), frozen: true });
    real += 60_000;
    expect((await clock()).body).toEqual({ now: iso(FIXED_NOW + 1000), frozen: true });
  });

  it('advanceSeconds and now move a frozen clock, which stays frozen where they put it', async () => {
    await move({ frozen: true });
    expect((await move({ advanceSeconds: 3600 })).body).toEqual({ now: iso(FIXED_NOW + 3_600_000), frozen: true });
    real += 10_000;
    expect((await clock()).body.now).toBe(iso(FIXED_NOW + 3_600_000));
    expect((await move({ now: '2026-04-01T00:00:00Z' })).body).toEqual({
      now: '2026-04-01T00:00:00.000Z',
      frozen: true,
    });
  });

  it('frozen and a move in one call: frozen first, then the move', async () => {
    real += 2000;
    const moved = await move({ frozen: true, advanceSeconds: 60 });
    expect(moved.body).toEqual({ now: iso(FIXED_NOW + 2000 + 60_000), frozen: true });
  });

  it('{frozen: false} lets it run on in real time from where it stood', async () => {
    await move({ frozen: true, now: '2026-04-01T00:00:00Z' });
    real += 30_000;
    expect((await move({ frozen: false })).body).toEqual({ now: '2026-04-01T00:00:00.000Z' });
    real += 5000;
    expect((await clock()).body).toEqual({ now: '2026-04-01T00:00:05.000Z' });
  });

  it('the API reads the frozen clock: a token expires at six months, however long the test runs', async () => {
    await move({ frozen: true });
    const token = (
      await call(sim, '/api/v2/token', { method: 'POST', body: { clientId: 'demo-client', secret: 'demo-secret' } })
    ).body.access_token as string;
    real += 365 * 86_400_000; // a year of real time: the frozen clock has not moved
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(200);
    await move({ advanceSeconds: 183 * 86_400 });
    expect((await call(sim, '/api/v2/sites', { token })).status).toBe(403);
  });

  it('an empty body or both moves at once are refused, naming the problem, and change nothing', async () => {
    const empty = await move({});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('expected one of advanceSeconds and now, or frozen');
    const both = await move({ advanceSeconds: 1, now: '2026-04-01T00:00:00Z' });
    expect(both.status).toBe(400);
    const notBoolean = await move({ frozen: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error).toContain('frozen');
    expect((await clock()).body).toEqual({ now: iso(FIXED_NOW) });
  });

  it('stays frozen across a restart with --data-dir, and across a reset', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bas-frozen-'));
    const first = await simulator({ dataDir: dir, realNow: () => real });
    await call(first, '/__admin/accounts/acme/clock', { method: 'POST', body: { frozen: true, advanceSeconds: 60 } });
    real += 3_600_000;
    const second = await simulator({ dataDir: dir, realNow: () => real });
    expect((await call(second, '/__admin/accounts/acme/clock')).body).toEqual({
      now: iso(FIXED_NOW + 60_000),
      frozen: true,
    });
    expect((await call(second, '/__admin/accounts/acme/reset', { method: 'POST' })).status).toBe(204);
    expect((await call(second, '/__admin/accounts/acme/clock')).body.frozen).toBe(true);
    await second.close();
  });
});
