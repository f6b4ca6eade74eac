/**
 * An account's virtual clock: real time plus an offset, so time keeps moving between requests
 * while tests can jump it. Token expiry, rate-limit windows and "today" all read it. The offset is
 * kept in the account's settings, so a clock move is a write like any other.
 */
export class Clock {
  constructor(
    private readonly realNow: () => number,
    private readonly getOffset: () => number,
    private readonly setOffset: (ms: number) => void,
  ) {}

  now(): number {
    return this.realNow() + this.getOffset();
  }

  set(ms: number): void {
    this.setOffset(ms - this.realNow());
  }

  advance(seconds: number): void {
    this.setOffset(this.getOffset() + seconds * 1000);
  }

  get offset(): number {
    return this.getOffset();
  }
}
