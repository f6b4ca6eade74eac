import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '../world/steps.js';

/** How long a slice runs before it hands the event loop back, in ms. */
const SLICE_MS = 10;

/**
 * A pause point for long work: once the current slice has run about 10 ms it returns a promise that
 * hands the event loop back (requests of other accounts, the control plane are answered meanwhile)
 * and starts the next slice; before that, undefined, so the work goes on without waiting.
 */
export function slicePauses(): () => Promise<void> | undefined {
  let until = performance.now() + SLICE_MS;
  return () => {
    if (performance.now() < until) return undefined;
    return nextTurn().then(() => {
      until = performance.now() + SLICE_MS;
    });
  };
}

/** Runs the steps in slices of about 10 ms, handing the event loop back between slices. */
export async function runInSlices<T>(steps: Steps<T>): Promise<T> {
  const pause = slicePauses();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    const paused = pause();
    if (paused) await paused;
  }
}

/** The items, one at a time, handing the event loop back between them once a slice of about 10 ms has run. */
export async function* inSlices<T>(items: Iterable<T>): AsyncGenerator<T, void, void> {
  const pause = slicePauses();
  for (const item of items) {
    const paused = pause();
    if (paused) await paused;
    yield item;
  }
}
