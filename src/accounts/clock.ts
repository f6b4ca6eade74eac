/**
 * An account's virtual clock: real time plus an offset, so time keeps moving between requests
 * while tests can jump it. Token expiry, rate-limit windows and "today" all read it.
 */
export class Clock {
  constructor(
    private readonly realNow: () => number,
    private offsetMs = 0,
  ) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  set(ms: number): void {
    this.offsetMs = ms - this.realNow();
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
