// Pacing: the documented budget is 4 requests per second per endpoint (8 on version 1), in a fixed window
// opened by the first request; going over locks the endpoint out for 120 s. The pacer keeps every endpoint
// under its budget in any window, and waits out a lockout the target reports.

/** Time and waiting, injected so that tests do not wait for real. */
export interface Timer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const REAL_TIMER: Timer = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export const LOCKOUT_MS = 120_000;
// A little over a second, so that latency on the way cannot put a fifth request into the target's window.
const WINDOW_MS = 1100;

export class Pacer {
  private readonly sent = new Map<string, number[]>();
  private readonly lockedUntil = new Map<string, number>();

  constructor(private readonly timer: Timer) {}

  /** Waits until one more request to the endpoint keeps it within `limit` per window, and counts it. */
  async slot(endpoint: string, limit: number): Promise<void> {
    for (;;) {
      const now = this.timer.now();
      const locked = this.lockedUntil.get(endpoint) ?? 0;
      if (locked > now) {
        await this.timer.sleep(locked - now);
        continue;
      }
      const recent = (this.sent.get(endpoint) ?? []).filter((t) => t > now - WINDOW_MS);
      if (recent.length < limit) {
        recent.push(now);
        this.sent.set(endpoint, recent);
        return;
      }
      this.sent.set(endpoint, recent);
      await this.timer.sleep(recent[0]! + WINDOW_MS - now);
    }
  }

  /** The target refused the endpoint: nothing more goes to it for `ms`. */
  lock(endpoint: string, ms: number): void {
    const until = this.timer.now() + ms;
    if (until > (this.lockedUntil.get(endpoint) ?? 0)) this.lockedUntil.set(endpoint, until);
  }
}
