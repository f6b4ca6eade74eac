import type { World } from '../world/index.js';

/**
 * A property of a coherent account: given the account's world and its clock (epoch ms), the ways
 * the world breaks it, each one line naming the record; an empty list when it holds.
 */
export type Invariant = (world: World, now: number) => string[];

/** Up to `max` problems, then a count of the rest: one broken rule should not flood a report. */
export function problems<T>(items: readonly T[], describe: (item: T) => string, max = 5): string[] {
  const shown = items.slice(0, max).map(describe);
  return items.length > max ? [...shown, `... and ${items.length - max} more`] : shown;
}
