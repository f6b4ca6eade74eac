// When someone or something is taken. Every availability question is "does [start, end) overlap
// anything taken?", asked thousands of times per request, so intervals are kept sorted by start
// with a running maximum of their ends: one binary search answers it, however many bookings
// overlap one another (the diary accepts overlapping bookings).

export interface Interval {
  start: number;
  end: number;
}

export class Timeline {
  private starts: number[] = [];
  private ends: number[] = [];
  /** maxEnd[i] = latest end among the first i + 1 intervals by start. */
  private maxEnd: number[] = [];
  private sorted = true;

  add(start: number, end: number): void {
    this.starts.push(start);
    this.ends.push(end);
    this.sorted = false;
  }

  get size(): number {
    return this.starts.length;
  }

  /** Whether any interval shares time with [start, end); touching ends do not overlap. */
  overlaps(start: number, end: number): boolean {
    if (this.starts.length === 0) return false;
    if (!this.sorted) this.sort();
    // Intervals starting before `end`: the first `n` by start.
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.starts[mid] as number) < end) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && (this.maxEnd[lo - 1] as number) > start;
  }

  private sort(): void {
    const order = this.starts.map((_, i) => i).sort((a, b) => (this.starts[a] as number) - (this.starts[b] as number));
    this.starts = order.map((i) => this.starts[i] as number);
    this.ends = order.map((i) => this.ends[i] as number);
    let latest = -Infinity;
    this.maxEnd = this.ends.map((e) => (latest = Math.max(latest, e)));
    this.sorted = true;
  }
}

/** A timeline nobody writes to: what an id with no bookings answers. */
export const FREE: Pick<Timeline, 'overlaps'> = { overlaps: () => false };

/** Whether [start, end) lies wholly inside one of the intervals. */
export function within(intervals: readonly Interval[], start: number, end: number): boolean {
  return intervals.some((i) => i.start <= start && end <= i.end);
}

/** `from` with every part covered by `minus` cut away; both sorted or not, the answer is sorted and merged. */
export function subtract(from: readonly Interval[], minus: readonly Interval[]): Interval[] {
  let pieces = merge(from);
  for (const cut of minus) {
    const next: Interval[] = [];
    for (const p of pieces) {
      if (cut.end <= p.start || p.end <= cut.start) next.push(p);
      else {
        if (p.start < cut.start) next.push({ start: p.start, end: cut.start });
        if (cut.end < p.end) next.push({ start: cut.end, end: p.end });
      }
    }
    pieces = next;
  }
  return pieces;
}

/** Sorted, with overlapping or touching intervals joined (two back-to-back roster rows are one stretch). */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ ...i });
  }
  return out;
}
