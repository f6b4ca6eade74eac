/**
 * Work that can stop between steps: a generator that yields where it may be paused and returns its
 * result. The same steps run to the end at once (`runSteps`) or, outside the generator, which reads
 * no clock, in slices of time (`runInSlices` in accounts/slices.ts); pausing changes when the code
 * runs, never what it computes.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs steps to their end, pausing between them as it sees fit. */
export type StepRunner = <T>(steps: Steps<T>) => Promise<T>;

/** Elements sorted, or merged, in one step. */
const SORT_STEP = 2048;

/**
 * Sorts `items` in place as `items.sort(compare)` does (a stable sort, so the order is the same),
 * in steps of a few thousand elements: runs sorted one at a time, then merged pairwise.
 */
export function* sortInSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const n = items.length;
  for (let start = 0; start < n; start += SORT_STEP) {
    yield;
    const run = items.slice(start, start + SORT_STEP).sort(compare);
    for (let i = 0; i < run.length; i++) items[start + i] = run[i] as T;
  }
  let from = items;
  let to = new Array<T>(n);
  for (let width = SORT_STEP; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const end = Math.min(left + 2 * width, n);
      let i = left;
      let j = middle;
      for (let k = left; k < end; k++) {
        if ((k - left) % SORT_STEP === 0) yield;
        // The left run first on ties: stable, as Array.prototype.sort.
        if (i < middle && (j >= end || compare(from[i] as T, from[j] as T) <= 0)) to[k] = from[i++] as T;
        else to[k] = from[j++] as T;
      }
    }
    [from, to] = [to, from];
  }
  if (from !== items) for (let k = 0; k < n; k++) items[k] = from[k] as T;
  return items;
}

/** Elements read in one step by `filterInSteps` and `mapInSteps`. */
const ROW_STEP = 256;

/**
 * The elements `keep` accepts, in order, as `items.filter(keep)`, in steps of a few hundred
 * elements; with `limit`, the first `limit` of them, as `items.filter(keep).slice(0, limit)`,
 * reading no further once it has them.
 */
export function* filterInSteps<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  limit = Number.POSITIVE_INFINITY,
): Steps<T[]> {
  const kept: T[] = [];
  for (let start = 0; start < items.length && kept.length < limit; start += ROW_STEP) {
    yield;
    const end = Math.min(start + ROW_STEP, items.length);
    for (let i = start; i < end && kept.length < limit; i++) if (keep(items[i] as T)) kept.push(items[i] as T);
  }
  return kept;
}

/** `items.map(to)`, in steps of a few hundred elements. */
export function* mapInSteps<T, U>(items: readonly T[], to: (item: T) => U): Steps<U[]> {
  const out = new Array<U>(items.length);
  for (let start = 0; start < items.length; start += ROW_STEP) {
    yield;
    const end = Math.min(start + ROW_STEP, items.length);
    for (let i = start; i < end; i++) out[i] = to(items[i] as T);
  }
  return out;
}
