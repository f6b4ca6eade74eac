import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type TestSimulator } from '../../src/index.js';
import { FIXED_NOW } from '../helpers.js';

// The kit's clock: what clock.now(), advance() and set() answer, a clock that runs on in real time by
// default, and one that stands still, for exact time assertions: one account's (`frozen` at creation,
// `clock.freeze()`), or every account's in a simulator started `frozen`.

const T0 = new Date(FIXED_NOW).getTime();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kit clock of a frozen simulator', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ listen: false, size: 'small', now: FIXED_NOW, frozen: true });
  });
  afterAll(() => sim.stop());

  it('stands still between calls: now() answers exactly the time it was given', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    expect((await account.clock.now()).getTime()).toBe(T0);
    await pause(30);
    expect((await account.clock.now()).getTime()).toBe(T0);
  });

  it('moves only by advance() and set(), each answering the time moved to', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    expect((await account.clock.advance({ hours: 1, seconds: 5 })).getTime()).toBe(T0 + 3_605_000);
    await pause(30);
    expect((await account.clock.now()).getTime()).toBe(T0 + 3_605_000);
    const to = T0 + 86_400_000;
    expect((await account.clock.set(to)).getTime()).toBe(to);
    expect((await account.clock.now()).getTime()).toBe(to);
  });

  it('an account the kit did not place stands still at the simulator start time too', async () => {
    const account = await sim.createAccount();
    expect((await account.clock.now()).getTime()).toBe(T0);
  });

  it('the API answers by the frozen clock: a token expires exactly six months on, not a moment before', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    await account.accessToken();
    expect((await account.call('/api/v2/sites')).status).toBe(200);
    await account.clock.advance({ days: 183 });
    expect((await account.call('/api/v2/sites')).status).toBe(403);
  });
});

describe('rate limiting in a frozen simulator', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ listen: false, size: 'small', now: FIXED_NOW, frozen: true });
  });
  afterAll(() => sim.stop());

  it('no new one-second window opens: the fifth call to an endpoint is locked out until the clock moves', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    await account.accessToken();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await account.call('/api/v2/sites')).status);
      await pause(300);
    }
    statuses.push((await account.call('/api/v2/sites')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    await account.clock.advance(121);
    expect((await account.call('/api/v2/sites')).status).toBe(200);
  });

  it('rateLimit: false leaves a frozen account free to call as often as it likes', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW, rateLimit: false });
    for (let i = 0; i < 6; i++) expect((await account.call('/api/v2/sites')).status).toBe(200);
  });
});

describe('kit clock of a simulator not frozen', () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ listen: false, size: 'small', now: FIXED_NOW });
  });
  afterAll(() => sim.stop());

  it('runs on in real time between calls', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    const first = (await account.clock.now()).getTime();
    await pause(50);
    const second = (await account.clock.now()).getTime();
    expect(first).toBeGreaterThanOrEqual(T0);
    expect(second - first).toBeGreaterThanOrEqual(40);
  });

  it('createAccount({ frozen: true }) makes an account whose clock stands exactly at now until moved', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW, frozen: true });
    expect((await account.clock.now()).getTime()).toBe(T0);
    await pause(50);
    expect((await account.clock.now()).getTime()).toBe(T0);
    expect((await account.clock.advance({ minutes: 1 })).getTime()).toBe(T0 + 60_000);
    await pause(50);
    expect((await account.clock.now()).getTime()).toBe(T0 + 60_000);
  });

  it('clock.freeze() stops one account, others run on; clock.unfreeze() lets it run from where it stood', async () => {
    const frozen = await sim.createAccount({ now: FIXED_NOW });
    const running = await sim.createAccount({ now: FIXED_NOW });
    const at = (await frozen.clock.freeze()).getTime();
    const before = (await running.clock.now()).getTime();
    await pause(50);
    expect((await frozen.clock.now()).getTime()).toBe(at);
    expect((await running.clock.now()).getTime() - before).toBeGreaterThanOrEqual(40);
    // Running again: the answer is the time just after the call, from where the clock stood.
    const unfrozen = (await frozen.clock.unfreeze()).getTime();
    expect(unfrozen).toBeGreaterThanOrEqual(at);
    expect(unfrozen - at).toBeLessThan(1000);
    await pause(50);
    expect((await frozen.clock.now()).getTime() - unfrozen).toBeGreaterThanOrEqual(40);
  });

  it('advance() answers the time moved to, counted from the running clock', async () => {
    const account = await sim.createAccount({ now: FIXED_NOW });
    const before = (await account.clock.now()).getTime();
    const moved = (await account.clock.advance(3600)).getTime();
    expect(moved - before).toBeGreaterThanOrEqual(3_600_000);
    expect(moved - before).toBeLessThan(3_600_000 + 5_000);
  });
});
