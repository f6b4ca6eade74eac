import { DAY, formatDateTime, startOfDay } from './datetime.js';
import { firstActiveSiteId } from './sites/lookup.js';
import type { World } from './world/index.js';

/** The query of a list example: the first active site, by name. */
export const atSite = (world: World) => ({ query: { siteId: firstActiveSiteId(world) } });

// Date ranges for the OpenAPI examples of ranged lists, around the account's today (the clock's
// `now`), so each example is a real answer whatever day the document is generated on.

/** A week around today: three days back, four ahead. */
export function weekAround(now: number): { start: string; end: string } {
  const today = startOfDay(now);
  return { start: formatDateTime(today - 3 * DAY), end: formatDateTime(today + 4 * DAY) };
}

/**
 * The last seven whole days before today, for lists of things that have already happened
 * (captured forms). The end is yesterday's date: lists that widen the end by a day cover all of it.
 */
export function lastWeek(now: number): { start: string; end: string } {
  const today = startOfDay(now);
  return { start: formatDateTime(today - 7 * DAY), end: formatDateTime(today - DAY) };
}
