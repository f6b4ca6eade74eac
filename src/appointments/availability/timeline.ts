// When someone or something is taken. Every availability question is "does [start, end) overlap
// anything taken?", asked thousands of times per request, so intervals are kept sorted by start
// with a running maximum of their ends: one binary search answers it, however many bookings
// overlap one another (the diary accepts overlapping bookings).

export interface Interval {
  start: number;
  end: number;
}

/** Intervals added since the last merge that are read one by one rather than merged in. */
const TAIL = 32;

export class Timeline {
  private starts: number[] = [];
  private ends: number[] = [];
  /** maxEnd[i] = latest end among the first i + 1 intervals by start. */
  private maxEnd: number[] = [];
  /**
   * Intervals added since the sorted ones were merged, in the order added: a claim and a question
   * alternate when a cart is checked item by item, and sorting everything again for each question
   * cost a cart of thousands of items seconds.
   */
  private tailStarts: number[] = [];
  private tailEnds: number[] = [];

  add(start: number, end: number): void {
    this.tailStarts.push(start);
    this.tailEnds.push(end);
  }

  get size(): number {
    return this.starts.length + this.tailStarts.length;
  }

  /** Whether any interval shares time with [start, end); touching ends do not overlap. */
  overlaps(start: number, end: number): boolean {
    // Merged once it is longer than a few dozen, and than the root of the sorted ones: a question reads
    // that many at most, and n claims each followed by a question merge about √n times.
    const tail = this.tailStarts.length;
    if (tail > TAIL && tail * tail > this.starts.length) this.mergeTail();
    for (let i = 0; i < this.tailStarts.length; i++) {
      if ((this.tailStarts[i] as number) < end && (this.tailEnds[i] as number) > start) return true;
    }
    if (this.starts.length === 0) return false;
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

  /** The tail sorted and merged into the sorted intervals, and the running maximum made again. */
  private mergeTail(): void {
    const order = this.tailStarts
      .map((_, i) => i)
      .sort((a, b) => (this.tailStarts[a] as number) - (this.tailStarts[b] as number));
    const n = this.starts.length + order.length;
    const starts = new Array<number>(n);
    const ends = new Array<number>(n);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      const fromSorted =
        j >= order.length ||
        (i < this.starts.length && (this.starts[i] as number) <= (this.tailStarts[order[j] as number] as number));
      if (fromSorted) {
        starts[k] = this.starts[i] as number;
        ends[k] = this.ends[i++] as number;
      } else {
        const t = order[j++] as number;
        starts[k] = this.tailStarts[t] as number;
        ends[k] = this.tailEnds[t] as number;
      }
    }
    let latest = -Infinity;
    this.starts = starts;
    this.ends = ends;
    this.maxEnd = ends.map((e) => (latest = Math.max(latest, e)));
    this.tailStarts = [];
    this.tailEnds = [];
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
