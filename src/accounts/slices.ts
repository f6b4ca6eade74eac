import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Steps } from '../world/steps.js';

/** How long a slice runs before it hands the event loop back, in ms. */
const SLICE_MS = 10;

/**
 * Runs the steps in slices of about 10 ms, handing the event loop back between slices, so requests
 * (of other accounts, the control plane) are answered meanwhile.
 */
export async function runInSlices<T>(steps: Steps<T>): Promise<T> {
  let until = performance.now() + SLICE_MS;
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() >= until) {
      await nextTurn();
      until = performance.now() + SLICE_MS;
    }
  }
}
