import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { deliveryScheduleOf, listDeliveries } from '../../src/webhooks/deliveries.js';
import { ACCOUNT_DELIVERY_SHARE, DELIVERY_SOCKETS, ORIGIN_DELIVERY_SHARE } from '../../src/webhooks/delivery-turns.js';
import { call, simulator, tokenFor } from '../helpers.js';

// Deliveries are scheduled fairly: each attempt that ends hands its turn to the waiting account with
// the fewest attempts running (then the one whose last attempt started longest ago), an account holds
// at most its share, an origin at most its share, and no connection is kept for the next attempt.
// Receivers here are real servers on 127.0.0.1; times are judged against the attempt deadline set for
// the test, never against the machine's speed.

/** The attempt deadline for these tests: every bound below is a multiple of it. */
const DEADLINE_MS = 1500;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  // The simulator first (its attempts stop), then the receivers.
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function sim(): Promise<Simulator> {
  const s = await simulator({ rateLimit: false, deliveries: { retryBaseMs: 5, attemptDeadlineMs: DEADLINE_MS } });
  cleanups.push(() => s.close());
  return s;
}

type Mode = 'trickle' | 'prompt' | 'hold';

/** Held answers being answered now across every receiver of the test, and the most at once. */
const held = { now: 0, most: 0 };
beforeEach(() => {
  held.now = 0;
  held.most = 0;
});

interface Target {
  url: string;
  /** Connections open now, and the most at once. */
  open(): number;
  most(): number;
  /** Held answers being answered now (until the receiver ends them), and the most at once. */
  answeringNow(): number;
  answering(): number;
  /** Requests received, and when the first to a path came (Date.now()). */
  received(): number;
  firstAt(path: string): number | undefined;
}

/**
 * A receiver on an origin of its own; the mode of a request is the first part of its path:
 * `trickle` answers 200 with headers at once and then a byte every 100 ms, never ending; `prompt`
 * answers 200 at once; `hold` answers 200 after `holdMs`.
 */
async function target(holdMs = 0): Promise<Target> {
  let open = 0;
  let most = 0;
  let answering = 0;
  let answeringMost = 0;
  let received = 0;
  const firstAt = new Map<string, number>();
  const trickling = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      const path = req.url ?? '';
      if (!firstAt.has(path)) firstAt.set(path, Date.now());
      const mode = path.split('/')[1] as Mode;
      if (mode === 'trickle') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        trickling.add(res);
        res.on('close', () => trickling.delete(res));
      } else if (mode === 'hold') {
        answeringMost = Math.max(answeringMost, ++answering);
        held.most = Math.max(held.most, ++held.now);
        const timer = setTimeout(() => {
          timers.delete(timer);
          // Counted down before the answer ends: the sender can start its next attempt only after this.
          answering--;
          held.now--;
          res.end();
        }, holdMs);
        timers.add(timer);
      } else {
        res.end();
      }
    });
  });
  const drip = setInterval(() => {
    for (const res of trickling) res.write('.');
  }, 100);
  server.on('connection', (socket) => {
    most = Math.max(most, ++open);
    socket.on('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    clearInterval(drip);
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => open,
    most: () => most,
    answeringNow: () => answering,
    answering: () => answeringMost,
    received: () => received,
    firstAt: (path) => firstAt.get(path),
  };
}

async function until(check: () => boolean, withinMs: number, what: string): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

/** Registers one supplier-invoice webhook per url on the account. */
async function subscribe(s: Simulator, name: string, urls: string[]): Promise<void> {
  const token = await tokenFor(s, `/accounts/${name}`);
  for (const url of urls) {
    const body = { event: 'NewRecurringSupplierInvoice', url, secret: 'k3y' };
    const res = await call(s, `/accounts/${name}/api/v2/webhooks`, { method: 'POST', token, body });
    expect(res.status).toBe(200);
  }
}

/** Moves the account's clock on: the rent bills due meanwhile are generated, and their events queued. */
async function advance(s: Simulator, name: string, days: number): Promise<void> {
  const res = await call(s, `/__admin/accounts/${name}/clock`, {
    method: 'POST',
    body: { advanceSeconds: days * 86_400 },
  });
  expect(res.status).toBe(200);
}

const pendingOf = (s: Simulator, name: string) =>
  listDeliveries(s.registry.get(name)!).filter((d) => d.status === 'pending').length;

const HOSTILE = 5;
/** How long a held answer takes. */
const HOLD_MS = 300;
const RECEIVERS = 8;
const range = (n: number) => [...Array(n).keys()];

describe('deliveries are scheduled fairly across accounts and origins', () => {
  it('a quiet account’s delivery starts within one attempt deadline while 5 accounts trickle answers to 8 receivers each', async () => {
    const s = await sim();
    const hostile = await Promise.all(range(HOSTILE).map(() => target()));
    const quiet = await target();

    for (const i of range(HOSTILE)) {
      await subscribe(
        s,
        `h${i}`,
        range(RECEIVERS).map((j) => `${hostile[i]!.url}/trickle/${j}`),
      );
    }
    await subscribe(s, 'quiet', [`${quiet.url}/prompt/0`]);

    for (const i of range(HOSTILE)) await advance(s, `h${i}`, 95);
    const open = () => hostile.reduce((n, t) => n + t.open(), 0);
    await until(() => open() >= DELIVERY_SOCKETS, DEADLINE_MS, 'the hostile accounts fill the sockets');

    await advance(s, 'quiet', 35);
    // Every attempt running ends by its deadline, and the first to end hands its turn to an account
    // with none running: the quiet one (or the one hostile account left without a turn, then it).
    const waited = await until(() => quiet.firstAt('/prompt/0') !== undefined, 2 * DEADLINE_MS, 'the quiet delivery');
    expect(waited).toBeLessThan(2 * DEADLINE_MS);
    // The hostile accounts had plenty still to send: the quiet delivery did not wait for them.
    for (const i of range(HOSTILE)) expect(pendingOf(s, `h${i}`)).toBeGreaterThan(RECEIVERS);
  }, 20_000);

  it(`a slow origin holds at most ORIGIN_DELIVERY_SHARE (${ORIGIN_DELIVERY_SHARE}) sockets, and a socket it frees is not handed back to it ahead of another origin`, async () => {
    const s = await sim();
    const slow = await target();
    const other = await target();
    for (const i of range(HOSTILE)) {
      await subscribe(
        s,
        `h${i}`,
        range(RECEIVERS).map((j) => `${slow.url}/trickle/${i}/${j}`),
      );
    }
    // Two quiet accounts whose receivers answer at once: one on the slow origin, one elsewhere.
    await subscribe(s, 'same-origin', [`${slow.url}/prompt/same`]);
    await subscribe(s, 'other-origin', [`${other.url}/prompt/other`]);

    for (const i of range(HOSTILE)) await advance(s, `h${i}`, 95);
    await until(() => slow.open() >= ORIGIN_DELIVERY_SHARE, DEADLINE_MS / 2, 'the slow origin is busy');
    // Well before the first attempt's deadline: no attempt has ended, so none overlaps its successor.
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 5));
    const slowMost = slow.most();

    // The account on the slow origin asks first.
    await advance(s, 'same-origin', 35);
    const asked = Date.now();
    await advance(s, 'other-origin', 35);
    await until(() => other.firstAt('/prompt/other') !== undefined, 2 * DEADLINE_MS, 'the other origin');
    // The account on the slow origin has its turn there once an attempt to it ends; the four hostile
    // accounts that had no turn yet asked before it, so it may go in the second round.
    await until(() => slow.firstAt('/prompt/same') !== undefined, 3 * DEADLINE_MS, 'the slow origin');
    expect(slowMost).toBe(ORIGIN_DELIVERY_SHARE);
    // The other origin waits for no attempt on the slow one to end: its delivery goes out first, well
    // within a deadline, although it asked later.
    expect(other.firstAt('/prompt/other')! - asked).toBeLessThan(DEADLINE_MS);
    expect(other.firstAt('/prompt/other')!).toBeLessThan(slow.firstAt('/prompt/same')!);
  }, 20_000);

  it(`an account holds at most ACCOUNT_DELIVERY_SHARE (${ACCOUNT_DELIVERY_SHARE}) attempts and the process DELIVERY_SOCKETS (${DELIVERY_SOCKETS}); a newcomer gets the next turn, not a kept-alive socket of a busy origin`, async () => {
    const s = await sim();
    const accounts = HOSTILE + 1;
    const targets = await Promise.all(range(accounts).map(() => target(HOLD_MS)));
    for (const i of range(accounts)) {
      await subscribe(
        s,
        `a${i}`,
        range(RECEIVERS).map((j) => `${targets[i]!.url}/hold/${j}`),
      );
    }
    const busy = targets.slice(0, HOSTILE);
    const newcomer = targets[HOSTILE]!;

    for (const i of range(HOSTILE)) await advance(s, `a${i}`, 95);
    const answering = () => busy.reduce((n, t) => n + t.answeringNow(), 0);
    await until(() => answering() >= DELIVERY_SOCKETS, DEADLINE_MS, 'the busy accounts fill the sockets');

    await advance(s, `a${HOSTILE}`, 35);
    const asked = Date.now();
    // Every answer takes HOLD_MS: the first to end hands its turn on, to the account with none running.
    await until(() => newcomer.received() > 0, 2 * DEADLINE_MS, 'the newcomer’s delivery');
    expect(newcomer.firstAt('/hold/0')! - asked).toBeLessThan(HOLD_MS + DEADLINE_MS);
    // A few more rounds of answers, every account sending.
    await new Promise((resolve) => setTimeout(resolve, 3 * HOLD_MS));
    for (const t of targets) expect(t.answering()).toBeLessThanOrEqual(ACCOUNT_DELIVERY_SHARE);
    expect(held.most).toBeLessThanOrEqual(DELIVERY_SOCKETS);
    expect(held.most).toBeGreaterThan(ACCOUNT_DELIVERY_SHARE);
    for (const i of range(HOSTILE)) expect(pendingOf(s, `a${i}`)).toBeGreaterThan(RECEIVERS);
  }, 20_000);

  it('deleting accounts gives their turns back at once: a later account’s delivery waits for none of theirs', async () => {
    const s = await sim();
    const hostile = await target();
    const later = await target();
    for (const i of range(HOSTILE)) {
      await subscribe(
        s,
        `h${i}`,
        range(RECEIVERS).map((j) => `${hostile.url}/trickle/${i}/${j}`),
      );
    }
    await subscribe(s, 'later', [`${later.url}/prompt/0`]);
    for (const i of range(HOSTILE)) await advance(s, `h${i}`, 95);
    await until(() => hostile.open() >= ORIGIN_DELIVERY_SHARE, DEADLINE_MS, 'the hostile accounts are sending');

    for (const i of range(HOSTILE)) {
      expect((await call(s, `/__admin/accounts/h${i}`, { method: 'DELETE' })).status).toBe(204);
    }
    expect(deliveryScheduleOf(s.registry.get('later')!).attemptsTo(hostile.url)).toEqual({ running: 0, waiting: 0 });
    await advance(s, 'later', 35);
    const waited = await until(() => later.firstAt('/prompt/0') !== undefined, DEADLINE_MS, 'the later delivery');
    // Well within a deadline: no attempt of the deleted accounts had to end first.
    expect(waited).toBeLessThan(DEADLINE_MS);
  });
});
