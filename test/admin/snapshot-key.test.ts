import { randomUUID, scryptSync } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_FORMAT, transferBox } from '../../src/accounts/snapshot.js';
import { call, simulator, tokenFor } from '../helpers.js';
import { THREAD_CPU, threadCpuMs } from '../thread-cpu.js';

// The passphrase of X-Snapshot-Key becomes a key through scrypt, about 60 ms of CPU by design. It
// is derived on libuv's thread pool, never on the event loop, two at a time in the process, and kept
// a minute. Derived with scryptSync, each call held the event loop 62 ms, and 8 callers at once
// pushed every other account's answers to 419 ms.

const CALLERS = 8;

/** A passphrase no other test derived (derived keys are kept a while in the process). */
const freshPassphrase = () => `passphrase-${randomUUID()}`;

/** CPU ms one synchronous derivation of a snapshot key costs, by `clock`: the least of three. */
function scryptCost(clock: () => number): number {
  const costs = [0, 1, 2].map(() => {
    const start = clock();
    scryptSync(freshPassphrase(), SNAPSHOT_FORMAT, 32);
    return clock() - start;
  });
  return Math.min(...costs);
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('the X-Snapshot-Key passphrase', () => {
  // The CPU time of the event loop's own thread is read on Linux only.
  describe.skipIf(!THREAD_CPU)('on the thread pool', () => {
    it(`deriving it leaves the event loop free: ${CALLERS} snapshots at once cost the event loop's thread less than a quarter of ${CALLERS} synchronous derivations, and another account is answered meanwhile`, async () => {
      const sim = await simulator();
      expect((await call(sim, '/__admin/accounts/hooked', { method: 'PUT', body: {} })).status).toBe(201);
      const hook = await call(sim, '/accounts/hooked/api/v2/webhooks', {
        method: 'POST',
        token: await tokenFor(sim, '/accounts/hooked'),
        body: { event: 'NewRecurringClientInvoice', url: 'https://example.com/hook' },
      });
      expect(hook.status).toBe(200);
      const otherToken = await tokenFor(sim, '/accounts/other');
      const snapshot = (passphrase: string) =>
        call(sim, '/__admin/accounts/hooked/snapshot', { headers: { 'X-Snapshot-Key': passphrase } });
      // The code of a snapshot call loaded and run once.
      expect((await snapshot(freshPassphrase())).status).toBe(200);

      const one = scryptCost(threadCpuMs);
      const passphrases = Array.from({ length: CALLERS }, freshPassphrase);
      const start = threadCpuMs();
      const taken = await Promise.all(passphrases.map(snapshot));
      const spent = threadCpuMs() - start;
      for (const t of taken) expect(t.body.sealedWith).toBe('snapshot-key');
      expect(spent, `${spent.toFixed(1)} ms; one derivation ${one.toFixed(1)} ms`).toBeLessThan((CALLERS * one) / 4);

      let done = false;
      let answered = 0;
      const taking = Promise.all(Array.from({ length: CALLERS }, () => snapshot(freshPassphrase()))).finally(() => {
        done = true;
      });
      while (!done) {
        // A turn of the event loop between pings, as a server has between two requests it reads.
        await nextTurn();
        expect((await call(sim, '/accounts/other/api/v2/ping', { token: otherToken })).status).toBe(200);
        if (!done) answered++;
      }
      for (const t of await taking) expect(t.status).toBe(200);
      expect(answered).toBeGreaterThan(0);

      // A snapshot taken meanwhile restores with its passphrase.
      const restored = await call(sim, '/__admin/accounts/copy', {
        method: 'PUT',
        body: taken[0]!.body,
        headers: { 'X-Snapshot-Key': passphrases[0]! },
      });
      expect(restored.status).toBe(201);
    });
  });

  it(`at most 2 are derived at once, so file reads still find a thread of libuv's pool (4) free: one asked after ${CALLERS} derivations ends before the first of them`, async () => {
    const order: string[] = [];
    const keys = Array.from({ length: CALLERS }, () => transferBox(freshPassphrase()).then(() => order.push('key')));
    const read = stat(fileURLToPath(import.meta.url)).then(() => order.push('file'));
    await Promise.all([...keys, read]);
    expect(order).toHaveLength(CALLERS + 1);
    expect(order[0]).toBe('file');
  });

  it('one derived within the last minute is not derived again, and gives the same key; another passphrase gives another', async () => {
    const passphrase = freshPassphrase();
    const first = await transferBox(passphrase);
    const one = scryptCost(processCpuMs);
    const start = processCpuMs();
    const again = await transferBox(passphrase);
    const spent = processCpuMs() - start;
    expect(spent, `${spent.toFixed(1)} ms; one derivation ${one.toFixed(1)} ms`).toBeLessThan(one / 4);
    const sealed = first.seal('signing secret', 'webhook-1');
    expect(again.open(sealed, 'webhook-1')).toBe('signing secret');
    const other = await transferBox(freshPassphrase());
    expect(() => other.open(sealed, 'webhook-1')).toThrow();
  });
});
