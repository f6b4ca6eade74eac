import { DAY, utcText } from '../../datetime.js';
import type { Guid } from '../../world/common.js';
import type { World } from '../../world/index.js';
import { addDays, localDateAt } from './day.js';
import { DiaryIndex } from './diary-index.js';
import { search } from './search.js';

// availabledates: the site's dates, from its today, on which the services and packages asked for
// could be booked at some time, with anyone. The same search as availabletimes (any employee,
// anonymous, one after another, no cart), so a date is listed exactly when availabletimes for that
// day offers something.

/** Dates are looked for over this many days, today included. */
export const HORIZON_DAYS = 30;

export interface DatesQuestion {
  siteId: Guid;
  services: readonly Guid[];
  packages: readonly Guid[];
}

/** Local dates written `yyyy-MM-dd 00:00`, in order. */
export function availableDates(world: World, q: DatesQuestion, now: number, diary = new DiaryIndex(world)): string[] {
  const site = world.sites.find((s) => s.SiteId === q.siteId);
  if (!site) return [];
  const today = localDateAt(site, now);
  const question = { ...q, employeeIds: [], clientId: null, serviceSequence: 1, cart: [] };
  const found = search(world, question, now, today - DAY, addDays(today, HORIZON_DAYS + 1), diary);
  if (!found) return [];
  const dates: string[] = [];
  for (let d = 0; d < HORIZON_DAYS; d++) {
    const localDay = addDays(today, d);
    const plan = found.day(localDay);
    if (plan?.starts().some((start) => plan.place(start) !== undefined)) dates.push(utcText(localDay));
  }
  return dates;
}
