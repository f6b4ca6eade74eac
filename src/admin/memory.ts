import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';

// The process's memory for the control plane. Raw heapUsed swings with the collector's sawtooth,
// so the old generation as it was right after the latest full (major) collection the runtime chose
// to make is kept too: the live heap under the current load, read without forcing a collection (a
// forced one, made while idle, would not be comparable). Watching starts with the first stats request.

let afterMajor: number | null = null;
let majorCollections = 0;
let watching = false;

function watchMajorCollections(): void {
  if (watching) return;
  watching = true;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as { detail?: { kind?: number; flags?: number } }).detail;
      const forced = ((detail?.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR && !forced) {
        afterMajor = oldGenerationUsed();
        majorCollections++;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
}

/**
 * The heap without the young generation. The observer runs a little after the collection, when
 * new requests have already refilled the young generation; the old one has barely moved.
 */
function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  }
  return used;
}

export type Collection = 'full' | 'minor' | undefined;

/** Memory in bytes; with Node started with --expose-gc, the asked collection runs first. */
export function memoryStats(collection: Collection) {
  watchMajorCollections();
  const collect = (globalThis as { gc?: (options?: { type: 'minor' }) => void }).gc;
  const collected = collection !== undefined && collect !== undefined;
  if (collected) collect(collection === 'minor' ? { type: 'minor' } : undefined);
  const { heapUsed, heapTotal, rss } = process.memoryUsage();
  return { heapUsed, heapTotal, rss, heapAfterMajorGc: afterMajor, majorGcs: majorCollections, collected };
}
