import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { settled } from '../../src/webhooks/deliveries.js';
import { ACCOUNT_DELIVERY_SHARE } from '../../src/webhooks/delivery-turns.js';
import { call, simulator, tokenFor } from '../helpers.js';
import { type Receiver, receiver } from './support.js';

// A receiver that answers one byte at a time, forever, must not hold the sockets every account's
// deliveries share: each attempt has one deadline for its whole answer, each account a share of
// the sockets, and deleting an account stops what it has in flight.

const DEADLINE_MS = 3000;

interface Trickle {
  url: string;
  /** Connections open now, and the most at once. */
  open(): number;
  most(): number;
  close(): Promise<void>;
}

/** Answers 200 with headers at once, then one byte every 100 ms, never ending the answer. */
async function trickler(): Promise<Trickle> {
  let open = 0;
  let most = 0;
  const answers = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    answers.add(res);
    res.on('close', () => answers.delete(res));
  });
  const drip = setInterval(() => {
    for (const res of answers) res.write('.');
  }, 100);
  server.on('connection', (socket) => {
    most = Math.max(most, ++open);
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => open,
    most: () => most,
    close: async () => {
      clearInterval(drip);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

let slow: Trickle | undefined;
let r: Receiver | undefined;
afterEach(async () => {
  await slow?.close();
  slow = undefined;
  await r?.close();
  r = undefined;
});

const subscribe = (url: string) => ({ event: 'NewRecurringSupplierInvoice', url, secret: 'k3y' });
const month = { advanceSeconds: 35 * 86_400 };

describe('a slow receiver does not stall other accounts’ deliveries', () => {
  it('an account trickling answers holds only its share of the sockets, each attempt ends at its deadline, and deleting it closes every connection', async () => {
    slow = await trickler();
    r = await receiver();
    const sim = await simulator({ rateLimit: false, deliveries: { attemptDeadlineMs: DEADLINE_MS } });
    const tokenA = await tokenFor(sim, '/accounts/a');
    const tokenB = await tokenFor(sim, '/accounts/b');
    // More subscriptions than the process has turns to send, all at the trickling receiver.
    for (let i = 0; i < 20; i++) {
      const res = await call(sim, '/accounts/a/api/v2/webhooks', {
        method: 'POST',
        token: tokenA,
        body: subscribe(`${slow.url}/hook/${i}`),
      });
      expect(res.status).toBe(200);
    }
    await call(sim, '/accounts/b/api/v2/webhooks', { method: 'POST', token: tokenB, body: subscribe(r.url) });

    await call(sim, '/__admin/accounts/a/clock', { method: 'POST', body: month });
    await until(() => slow!.open() >= ACCOUNT_DELIVERY_SHARE, 2000);

    // b's deliveries arrive while a's trickle, well before any of a's attempts reaches its deadline.
    await call(sim, '/__admin/accounts/b/clock', { method: 'POST', body: month });
    const waited = await until(() => r!.received.length > 0, DEADLINE_MS - 1000);
    expect(waited).toBeLessThan(DEADLINE_MS - 1000);
    // Measured before any attempt of a's has ended (a closed connection and its successor may overlap).
    expect(slow.most()).toBe(ACCOUNT_DELIVERY_SHARE);
    await settled(sim.registry.get('b')!);
    const bLog = (await call(sim, '/__admin/accounts/b/webhooks/deliveries')).body as { status: string }[];
    expect(bLog.length).toBeGreaterThan(0);
    expect(bLog.every((d) => d.status === 'delivered')).toBe(true);

    // A trickling answer does not reset the deadline: the attempt ends, saying why.
    const aLog = async () =>
      (await call(sim, '/__admin/accounts/a/webhooks/deliveries')).body as { lastError: string | null }[];
    await until(
      async () => (await aLog()).some((d) => d.lastError === `no whole answer within ${DEADLINE_MS / 1000} s`),
      DEADLINE_MS + 3000,
    );

    // Deleting a stops its deliveries in flight: nothing of a's stays connected, nothing connects again.
    await until(() => slow!.open() > 0, DEADLINE_MS);
    const deleted = await call(sim, '/__admin/accounts/a', { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    await until(() => slow!.open() === 0, 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slow.open()).toBe(0);
  }, 30_000);
});
