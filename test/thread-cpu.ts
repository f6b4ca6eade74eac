import { readFileSync } from 'node:fs';

// CPU time, for tests that hold work to a cost without judging wall-clock time (a busy machine
// taking the core away does not count).

/** The CPU time this thread (the one running the event loop) has spent, in ms, from Linux's schedstat. */
function schedstatMs(): number | undefined {
  try {
    const ns = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
    return Number.isFinite(ns) && ns > 0 ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `threadCpuMs` counts this thread alone: on Linux. Then the CPU of libuv's thread pool
 * (crypto, file I/O) and of V8's own threads (garbage collection, compilation) is not counted.
 */
export const THREAD_CPU = schedstatMs() !== undefined;

/** The CPU time the event loop's thread has spent, in ms; where that cannot be read, the whole process's. */
export function threadCpuMs(): number {
  if (THREAD_CPU) return schedstatMs()!;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The longest time the event loop was held while `work` ran, in CPU ms of its thread: the longest
 * gap between turns of a probe that comes back at every turn of the loop (setImmediate), as a
 * server's sockets are read; and the CPU the thread spent in all.
 */
export async function longestHold<T>(work: () => Promise<T>): Promise<{ value: T; holdMs: number; cpuMs: number }> {
  let longest = 0;
  const start = threadCpuMs();
  let last = start;
  let probing = true;
  const probe = () => {
    const now = threadCpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  try {
    const value = await work();
    // The probe's next turn measures the last stretch too.
    await new Promise((resolve) => setImmediate(resolve));
    return { value, holdMs: longest, cpuMs: threadCpuMs() - start };
  } finally {
    probing = false;
  }
}
