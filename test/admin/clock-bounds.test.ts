import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS } from '../../src/accounts/clock.js';
import type { Simulator } from '../../src/app.js';
import { type Answer, call, FIXED_NOW, simulator } from '../helpers.js';

// The account clock stays within ±10 years of real time (FIXED_NOW in these tests).

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

const iso = (ms: number) => new Date(ms).toISOString();
const START = iso(FIXED_NOW);
const clockNow = async () => (await call(sim, '/__admin/accounts/demo/clock')).body.now as string;
const moveClock = (body: unknown) => call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body });

function refusedNamingTheBound(res: Answer, field: string): void {
  expect(res.status).toBe(400);
  const { error } = res.body;
  expect(error).toContain(field);
  expect(error).toContain('within 10 years of real time');
  expect(error).toContain(`from ${iso(FIXED_NOW - MAX_CLOCK_SKEW_MS)} to ${iso(FIXED_NOW + MAX_CLOCK_SKEW_MS)}`);
}

describe('account clock bounds: the clock stays within 10 years of real time', () => {
  it('the bound is 10 years of 365.25 days either way', () => {
    expect(MAX_CLOCK_SKEW_MS).toBe(315_576_000_000);
  });

  it('setting the clock to the edge of the window is accepted; one millisecond past it answers 400 naming the bound and changes nothing', async () => {
    for (const edge of [FIXED_NOW + MAX_CLOCK_SKEW_MS, FIXED_NOW - MAX_CLOCK_SKEW_MS]) {
      const ok = await moveClock({ now: iso(edge) });
      expect(ok.body).toEqual({ now: iso(edge) });
    }
    await moveClock({ now: START });
    for (const past of [
      FIXED_NOW + MAX_CLOCK_SKEW_MS + 1,
      FIXED_NOW - MAX_CLOCK_SKEW_MS - 1,
      Date.parse('+100000-01-01T00:00:00Z'),
    ]) {
      refusedNamingTheBound(await moveClock({ now: iso(past) }), 'now');
      expect(await clockNow()).toBe(START);
    }
  });

  it('advancing the clock out of the window, forwards or back, answers 400 naming the bound and changes nothing', async () => {
    const edgeSeconds = MAX_CLOCK_SKEW_MS / 1000;
    refusedNamingTheBound(await moveClock({ advanceSeconds: edgeSeconds + 1 }), 'advanceSeconds');
    refusedNamingTheBound(await moveClock({ advanceSeconds: -edgeSeconds - 1 }), 'advanceSeconds');
    expect(await clockNow()).toBe(START);
    // The window is around real time, not the clock: two moves cannot add up past it.
    expect((await moveClock({ advanceSeconds: edgeSeconds })).status).toBe(200);
    refusedNamingTheBound(await moveClock({ advanceSeconds: 1 }), 'advanceSeconds');
    expect(await clockNow()).toBe(iso(FIXED_NOW + MAX_CLOCK_SKEW_MS));
  });

  it('advanceSeconds 1e15 answers 400, is not applied, and the account list and the API still answer 200', async () => {
    refusedNamingTheBound(await moveClock({ advanceSeconds: 1e15 }), 'advanceSeconds');
    expect(await clockNow()).toBe(START);
    const list = await call(sim, '/__admin/accounts');
    expect(list.status).toBe(200);
    expect(list.body.find((a: { name: string }) => a.name === 'demo').now).toBe(START);
    expect((await call(sim, '/api/v2/ping')).status).toBe(403);
  });

  it('non-finite or unsafe numbers and non-numbers answer 400 naming advanceSeconds, never 500', async () => {
    const bodies = [
      '{"advanceSeconds":1e400}',
      '{"advanceSeconds":-1e400}',
      '{"advanceSeconds":1e300}',
      '{"advanceSeconds":9007199254740993}',
      '{"advanceSeconds":"60"}',
      '{"advanceSeconds":null}',
    ];
    for (const body of bodies) {
      const res = await moveClock(body);
      expect(res.status, body).toBe(400);
      expect(res.body.error, body).toContain('advanceSeconds');
    }
    expect(await clockNow()).toBe(START);
  });

  it('now at account creation beyond the window answers 400 naming the bound and creates no account', async () => {
    for (const now of [iso(FIXED_NOW + MAX_CLOCK_SKEW_MS + 1), '1990-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z']) {
      refusedNamingTheBound(
        await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'far', now } }),
        'now',
      );
      expect(sim.registry.get('far')).toBeUndefined();
    }
    const edge = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'edge', now: iso(FIXED_NOW - MAX_CLOCK_SKEW_MS) },
    });
    expect(edge.status).toBe(201);
    expect((await call(sim, '/__admin/accounts/edge/clock')).body).toEqual({ now: iso(FIXED_NOW - MAX_CLOCK_SKEW_MS) });
  });

  it("a scenario's account.now beyond the window answers 400 naming account.now and leaves the account as it was", async () => {
    const scenario = { description: 'Far future.', account: { now: '2040-01-01T00:00:00Z' } };
    const res = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /^\(inline\): account\.now: the account clock must stay within 10 years of real time/,
    );
    expect(await clockNow()).toBe(START);
  });

  it('a simulator started with now beyond the window refuses to start', async () => {
    await expect(simulator({ now: Date.parse('2040-01-01T00:00:00Z') })).rejects.toThrow(
      /now: the account clock must stay within 10 years/,
    );
  });
});
