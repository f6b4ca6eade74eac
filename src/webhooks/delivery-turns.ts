// Which delivery attempt goes next. Every attempt of every account of a simulator asks its schedule
// for a turn before it connects, and gives it back when it ends (answered, failed, past its deadline
// or stopped). At most DELIVERY_SOCKETS attempts run in a simulator (one simulator is one process in
// a deployment; a test process may hold several, each with a schedule and timing of its own, so one
// never waits on another's deliveries), ACCOUNT_DELIVERY_SHARE of one account and
// ORIGIN_DELIVERY_SHARE to one origin. A free turn goes to the waiting account with the fewest
// attempts running; among equals to the one whose last attempt started longest ago (a round-robin),
// then to the one that asked first; within that account, to its oldest waiting attempt whose origin
// has room. An account with nothing running therefore goes before every account that has something
// running, so whatever other accounts send, its attempt starts as soon as one attempt running ends,
// and each ends by its deadline. Nothing here is shared with the connections themselves: each attempt
// opens its own and closes it (no keep-alive pool that would hand a freed socket to its own origin).

/** Delivery attempts running at once in the process: each holds one connection to a receiver. */
export const DELIVERY_SOCKETS = 16;

/** Delivery attempts of one account running at once, at most: its share of the process's. */
export const ACCOUNT_DELIVERY_SHARE = 4;

/** Delivery attempts to one origin (scheme, host as written, port) running at once, whoever sends them. */
export const ORIGIN_DELIVERY_SHARE = 4;

/** How a simulator's deliveries are timed (its `deliveries` option; tests make them short). */
export interface DeliveryTiming {
  /** First retry delay: base, 2×base, 4×base… */
  retryBaseMs: number;
  /** One attempt's whole time from its turn: the name looked up, connect, send, and the whole answer read. */
  attemptDeadlineMs: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = { retryBaseMs: 1000, attemptDeadlineMs: 10_000 };

/** One account's place in the schedule. */
export interface Turns {
  /** The schedule of the account's simulator. */
  schedule: DeliverySchedule;
  /** Its attempts running now. */
  running: number;
  /** When its last attempt started (the schedule's counter; 0: never). */
  lastStart: number;
  /** Its attempts waiting for a turn, in the order they asked. */
  waiting: Waiter[];
  /** Aborts when the account is deleted. */
  closed: AbortSignal;
}

interface Waiter {
  turns: Turns;
  origin: string;
  /** When it asked (the schedule's counter). */
  asked: number;
  /** Resolves its wait with the function that gives the turn back. */
  start: (release: () => void) => void;
}

/** The turns of one simulator's deliveries: what runs, per origin, and which accounts wait. */
export class DeliverySchedule {
  constructor(readonly timing: DeliveryTiming = DEFAULT_DELIVERY_TIMING) {}

  /** Orders asks and starts. */
  private counter = 0;
  /** Attempts running in the simulator. */
  private running = 0;
  private readonly runningTo = new Map<string, number>();
  /** Accounts with an attempt waiting. */
  private readonly waitingAccounts = new Set<Turns>();

  /** An account's place in the schedule; once `closed` aborts (the account is deleted), its waits end. */
  turnsFor(closed: AbortSignal): Turns {
    const turns: Turns = { schedule: this, running: 0, lastStart: 0, waiting: [], closed };
    closed.addEventListener(
      'abort',
      () => {
        this.waitingAccounts.delete(turns);
        for (const waiter of turns.waiting.splice(0)) waiter.start(() => undefined);
      },
      { once: true },
    );
    return turns;
  }

  /** Attempts to an origin running and waiting (tests: a deleted account leaves none behind). */
  attemptsTo(origin: string): { running: number; waiting: number } {
    let waiting = 0;
    for (const turns of this.waitingAccounts) waiting += turns.waiting.filter((w) => w.origin === origin).length;
    return { running: this.runningTo.get(origin) ?? 0, waiting };
  }

  /**
   * Waits for a turn to send an attempt to `origin`, and resolves with the function that gives it back
   * (call it once the attempt has ended). When the account is deleted first, the wait ends and resolves
   * with a function that does nothing.
   */
  turn(turns: Turns, origin: string): Promise<() => void> {
    if (turns.closed.aborted) return Promise.resolve(() => undefined);
    return new Promise((resolve) => {
      turns.waiting.push({ turns, origin, asked: ++this.counter, start: resolve });
      this.waitingAccounts.add(turns);
      this.startWhatMay();
    });
  }

  /** Starts waiting attempts while the simulator has room, each time the one whose turn it is. */
  private startWhatMay(): void {
    while (this.running < DELIVERY_SOCKETS) {
      const next = this.nextWaiter();
      if (!next) return;
      this.start(next);
    }
  }

  /** The waiting attempt whose turn it is, of those that may start now; undefined when none may. */
  private nextWaiter(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const turns of this.waitingAccounts) {
      if (turns.running >= ACCOUNT_DELIVERY_SHARE) continue;
      if (best && !accountBefore(turns, best.turns, true)) continue;
      const waiter = turns.waiting.find((w) => (this.runningTo.get(w.origin) ?? 0) < ORIGIN_DELIVERY_SHARE);
      if (waiter && (!best || goesBefore(waiter, best))) best = waiter;
    }
    return best;
  }

  private start(waiter: Waiter): void {
    const { turns, origin } = waiter;
    turns.waiting.splice(turns.waiting.indexOf(waiter), 1);
    if (turns.waiting.length === 0) this.waitingAccounts.delete(turns);
    this.running++;
    this.runningTo.set(origin, (this.runningTo.get(origin) ?? 0) + 1);
    turns.running++;
    turns.lastStart = ++this.counter;
    let released = false;
    waiter.start(() => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.runningTo.get(origin) ?? 1) - 1;
      if (left > 0) this.runningTo.set(origin, left);
      else this.runningTo.delete(origin);
      turns.running--;
      this.startWhatMay();
    });
  }
}

/** Whether account `a` goes before `b`: fewer attempts running, else an older last start (or the same, `orSame`). */
function accountBefore(a: Turns, b: Turns, orSame = false): boolean {
  if (a.running !== b.running) return a.running < b.running;
  return orSame ? a.lastStart <= b.lastStart : a.lastStart < b.lastStart;
}

/** Whether waiting attempt `a` goes before `b`: its account does, else (the same rank) it asked first. */
function goesBefore(a: Waiter, b: Waiter): boolean {
  return accountBefore(a.turns, b.turns) || (accountBefore(a.turns, b.turns, true) && a.asked < b.asked);
}
