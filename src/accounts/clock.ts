/** How far an account clock may be from real time, either way, in years (of 365.25 days). */
export const MAX_CLOCK_SKEW_YEARS = 10;

/** How far an account clock may be from real time, either way: 10 years of 365.25 days, in ms. */
export const MAX_CLOCK_SKEW_MS = MAX_CLOCK_SKEW_YEARS * 365.25 * 86_400_000;

/** A clock time outside the window around real time; the message names the bound and the window. */
export class ClockBoundError extends RangeError {}

/**
 * Why an absolute time (epoch ms) cannot be an account clock's time at real time `realNow`, or
 * undefined when it can: it must be a finite number within ±MAX_CLOCK_SKEW_MS of real time.
 * Every way of placing a clock (control-plane moves, `now` at account creation, `--now`, a
 * scenario's `account.now`, a loaded data file) checks through here.
 */
export function clockTimeProblem(ms: number, realNow: number): string | undefined {
  if (Number.isFinite(ms) && Math.abs(ms - realNow) <= MAX_CLOCK_SKEW_MS) return undefined;
  const from = new Date(realNow - MAX_CLOCK_SKEW_MS).toISOString();
  const to = new Date(realNow + MAX_CLOCK_SKEW_MS).toISOString();
  return `the account clock must stay within ${MAX_CLOCK_SKEW_YEARS} years of real time (from ${from} to ${to})`;
}

/** Throws a ClockBoundError (its message prefixed with `what`) when `ms` is outside the window. */
export function checkClockTime(ms: number, realNow: number, what = 'now'): void {
  const problem = clockTimeProblem(ms, realNow);
  if (problem !== undefined) throw new ClockBoundError(`${what}: ${problem}`);
}

/**
 * An account's virtual clock: real time plus an offset, so time keeps moving between requests
 * while tests can jump it; or, frozen, a time that stands still until it is moved. Token expiry,
 * rate-limit windows and "today" all read it. The offset and the frozen time are kept in the
 * account's settings, so a clock move is a write like any other. A move that would leave the
 * window around real time throws a ClockBoundError and changes nothing.
 */
export class Clock {
  constructor(
    private readonly realNow: () => number,
    private readonly getOffset: () => number,
    private readonly setOffset: (ms: number) => void,
    /** The time (epoch ms) the clock stands at while frozen, else undefined. */
    private readonly getFrozenAt: () => number | undefined = () => undefined,
    private readonly setFrozenAt: (ms: number | undefined) => void = () => undefined,
  ) {}

  now(): number {
    return this.getFrozenAt() ?? this.realNow() + this.getOffset();
  }

  /** Whether the clock stands still between moves. */
  get frozen(): boolean {
    return this.getFrozenAt() !== undefined;
  }

  /** Sets the clock to an absolute time (epoch ms). */
  set(ms: number, what = 'now'): void {
    const real = this.realNow();
    checkClockTime(ms, real, what);
    if (this.frozen) this.setFrozenAt(ms);
    else this.setOffset(ms - real);
  }

  /** Moves the clock by a number of seconds (negative: back). */
  advance(seconds: number, what = 'advanceSeconds'): void {
    const real = this.realNow();
    const frozenAt = this.getFrozenAt();
    if (frozenAt !== undefined) {
      checkClockTime(frozenAt + seconds * 1000, real, what);
      this.setFrozenAt(frozenAt + seconds * 1000);
      return;
    }
    const offset = this.getOffset() + seconds * 1000;
    checkClockTime(real + offset, real, what);
    this.setOffset(offset);
  }

  /** Stops the clock where it is: from now on only `set` and `advance` move it. */
  freeze(): void {
    if (!this.frozen) this.setFrozenAt(this.now());
  }

  /** Lets the clock run on in real time from where it stands. */
  unfreeze(what = 'frozen'): void {
    const frozenAt = this.getFrozenAt();
    if (frozenAt === undefined) return;
    const real = this.realNow();
    checkClockTime(frozenAt, real, what);
    this.setOffset(frozenAt - real);
    this.setFrozenAt(undefined);
  }

  get offset(): number {
    return this.getOffset();
  }
}
