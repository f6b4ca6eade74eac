import { DAY, parseDateTime } from '../../src/datetime.js';
import type { World, WorldSize } from '../../src/world/index.js';
import { generateWorld } from '../../src/world/index.js';

// WORLD_SEED and WORLD_TODAY run the same checks against other worlds.
export const TODAY = process.env.WORLD_TODAY ?? '2025-03-20';
export const TODAY_MS = parseDateTime(TODAY) as number;
export const SEED = Number(process.env.WORLD_SEED ?? 42);

const cache = new Map<string, World>();

/** Worlds are reused within a test file; generation is deterministic, so sharing is safe. */
export function world(size: WorldSize = 'standard', seed = SEED, today = TODAY): World {
  const key = `${size}|${seed}|${today}`;
  let w = cache.get(key);
  if (!w) cache.set(key, (w = generateWorld({ seed, size, today })));
  return w;
}

export const days = (n: number): number => n * DAY;
