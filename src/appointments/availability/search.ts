import type { Guid } from '../../world/common.js';
import type { World } from '../../world/index.js';
import type { Site } from '../../world/sites.js';
import type { AppointmentServiceIn } from '../schemas.js';
import { busyTimes } from './busy.js';
import { cartSpan } from './cart.js';
import { tradingDay } from './day.js';
import type { DiaryIndex } from './diary-index.js';
import { rosterAt } from './roster.js';
import { type DayPlan, planDay, type Sequence } from './slots.js';
import { Timeline } from './timeline.js';
import { type WantedService, wantedServices } from './wanted.js';

// What availabletimes and availabledates share: one question (services, packages, employees,
// client, order, cart) asked of one site over a stretch of days. The diary and the roster are read
// once for the whole stretch; each day is then planned from them. Both endpoints go through here,
// so a date is offered exactly when its day has a time.

export interface Question {
  siteId: Guid;
  services: readonly Guid[];
  packages: readonly Guid[];
  /** Empty = any qualified employee. */
  employeeIds: readonly Guid[];
  /** null = anonymous. */
  clientId: Guid | null;
  /** serviceSequence as sent: 1 one after another, 2 together, 0 (none) read as 1. */
  serviceSequence: number;
  /** The caller's current cart: its time counts as taken. */
  cart: readonly AppointmentServiceIn[];
}

export interface Search {
  site: Site;
  items: readonly WantedService[];
  /** The plan of one local date; undefined when the site does not trade that day. */
  day(localDay: number): DayPlan | undefined;
}

/** serviceSequence 0 (none) is read as 1: one client's services, one after another. */
const sequenceOf = (serviceSequence: number): Sequence => (serviceSequence === 2 ? 2 : 1);

/**
 * A search over [from, to); undefined when nothing could ever be offered (no such active site, nothing bookable asked).
 */
export function search(
  world: World,
  q: Question,
  now: number,
  from: number,
  to: number,
  diary: DiaryIndex,
): Search | undefined {
  const site = world.sites.find((s) => s.SiteId === q.siteId && s.State === 1);
  if (!site) return undefined;
  const items = wantedServices(world, site.SiteId, q.services, q.packages);
  if (items.length === 0) return undefined;

  const busy = busyTimes(world, { from, to, clientIds: new Set(q.clientId ? [q.clientId] : []) }, diary);
  const roster = rosterAt(world, site.SiteId, from, to);
  const taken = q.clientId ? busy.client(q.clientId) : new Timeline();
  const cart = cartTimes(world, q.cart);
  const takenOrCart = { overlaps: (s: number, e: number) => taken.overlaps(s, e) || cart.overlaps(s, e) };
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, e]));
  const resources = world.resources.filter((r) => r.SiteId === site.SiteId);

  return {
    site,
    items,
    day(localDay) {
      const day = tradingDay(site, localDay);
      if (!day) return undefined;
      return planDay({
        siteId: site.SiteId,
        day,
        items,
        sequence: sequenceOf(q.serviceSequence),
        employeeIds: q.employeeIds,
        roster,
        busy,
        taken: takenOrCart,
        now,
        employees,
        resources,
      });
    },
  };
}

/** The cart's items as time spans. */
function cartTimes(world: World, cart: readonly AppointmentServiceIn[]): Timeline {
  const line = new Timeline();
  for (const item of cart) {
    const span = cartSpan(world, item);
    if (span) line.add(span.start, span.end);
  }
  return line;
}
