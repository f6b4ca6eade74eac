import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProbes } from '../../src/conform/probes/probe-list.js';
import { startSimulator, type TestSimulator } from '../../src/kit/start.js';
import type { TestAccount } from '../../src/kit/test-account.js';
import { fakeTimer, runConform } from './conform-helpers.js';

// Pacing against a target that enforces the rate limit: the run keeps to 4 requests per second per endpoint on
// its clock, and a 429 (here a lockout already running when it starts) is waited out and sent again, never
// reported. The fake clock moves the target account's clock with it, so nobody waits 120 s.

let sim: TestSimulator;
let account: TestAccount;

beforeAll(async () => {
  sim = await startSimulator({ size: 'small' });
  account = await sim.createAccount({ size: 'small', rateLimit: true });
});
afterAll(() => sim.stop());

describe('conform pacing', () => {
  it('waits out the 120 s lockout of a 429 and sends again: no probe differs or is skipped, exit 0', async () => {
    const services = allProbes().filter((p) => p.operation === 'listServices' || p.operation === 'v1ListServices');
    expect(services.length).toBeGreaterThanOrEqual(12);
    // Five calls in one window: the endpoint is locked out for 120 s before the run begins.
    for (let i = 0; i < 5; i++) await account.call('/api/v2/services?siteId=');
    const timer = fakeTimer(async (ms) => {
      await account.clock.advance(ms / 1000);
    });
    const args = ['--base-url', account.baseUrl, '--client-id', account.clientId, '--secret', account.secret];
    const run = await runConform([...args, '--api-key', account.apiKey, '--concurrency', '16'], {
      timer,
      probes: services,
    });
    expect(run.stdout).toContain(`${services.length} probes: ${services.length} same, 0 differ, 0 skipped`);
    expect(run.code).toBe(0);
    // One 429 was the lockout's own; the rest were the run's, waited out.
    expect(await account.journal.count({ status: 429 })).toBeGreaterThanOrEqual(2);
    expect(run.slept).toBeGreaterThanOrEqual(120_000);
    // Paced: after the lockout, no window of the target's clock saw a fifth call to one endpoint.
    const calls = (await account.journal.list({ status: 200 })).filter((e) => e.path === '/api/v2/services');
    const times = calls.map((e) => Date.parse(String(e.at)));
    for (let i = 4; i < times.length; i++) expect(times[i]! - times[i - 4]!).toBeGreaterThanOrEqual(1000);
  });
});
