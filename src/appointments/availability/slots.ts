import { DAY, localDayOf, localToUtc, MINUTE, minutesOf, weekdayOf } from '../../datetime.js';
import { orderBy } from '../../order.js';
import type { Resource, Service } from '../../world/catalogue.js';
import type { Guid } from '../../world/common.js';
import type { Employee } from '../../world/employees.js';
import type { Site } from '../../world/sites.js';
import type { Busy, Window } from './busy.js';
import type { Timeline } from './timeline.js';

// The grid and the assignment. Start times fall every quarter hour of the site's trading day; at
// each, the asked services are laid out (one after another, or all at once) and each is given an
// employee who is qualified and free (busy.ts) for its whole length, plus one free resource of the
// site where the service needs one. Nothing before the account clock, nothing outside trading hours.

/** Offered start times fall on the quarter hour. */
const QUARTER = 15 * MINUTE;

/** A day of a site: its local calendar date and the trading hours of that date as UTC instants. */
export interface SiteDay extends Window {
  /** Local calendar date of the site, held as the UTC midnight of that date. */
  localDay: number;
}

/** The site's trading window on a local date; null when closed (or open no time at all). */
export function tradingDay(site: Site, localDay: number): SiteDay | null {
  const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(localDay));
  if (!hours || hours.Closed) return null;
  const open = localToUtc(site.TimeZone, localDay, minutesOf(hours.Open));
  const close = localToUtc(site.TimeZone, localDay, minutesOf(hours.Close));
  return close > open ? { localDay, open, close } : null;
}

/** The site's local calendar date at an instant. */
export const localDateAt = (site: Site, instant: number): number => localDayOf(site.TimeZone, instant);

export const addDays = (localDay: number, days: number): number => localDay + days * DAY;

/**
 * The first quarter hour at or after `ms`. Every zone's offset is a whole number of quarter hours, so UTC and local
 * quarters agree.
 */
const nextQuarter = (ms: number): number => Math.ceil(ms / QUARTER) * QUARTER;

/** A service to place. */
export interface WantedService {
  service: Service;
}

/** serviceSequence: 1 = one after another in the order asked; 2 = all start together, each with its own employee. */
export type Sequence = 1 | 2;

export interface Placed {
  wanted: WantedService;
  start: number;
  end: number;
  employee: Employee;
  resource: Resource | null;
}

interface PlanInput {
  siteId: Guid;
  day: SiteDay;
  items: readonly WantedService[];
  sequence: Sequence;
  /**
   * Employees to choose from, in order of preference; empty = any qualified employee rostered at the site. Only
   * those Active and bookable online (BookOnline) are ever offered.
   */
  employeeIds: readonly Guid[];
  busy: Busy;
  /** Time the client already has spoken for (their other bookings, the cart): no booking may touch it. */
  taken: Pick<Timeline, 'overlaps'>;
  now: number;
  employees: ReadonlyMap<Guid, Employee>;
  resources: readonly Resource[];
}

export interface DayPlan {
  /** The quarter hours at which a booking of this length could start at all. */
  starts(): number[];
  /** The booking laid out from `start`, or undefined when it cannot be. */
  place(start: number): Placed[] | undefined;
}

const byName = orderBy<Employee>(
  (e) => e.LastName,
  (e) => e.FirstName,
  (e) => e.EmployeeId,
);

export function planDay(p: PlanInput): DayPlan {
  const { day, items, busy } = p;
  const durations = items.map((w) => w.service.Duration * MINUTE);
  const offsets = durations.map((_, i) => (p.sequence === 1 ? durations.slice(0, i).reduce((a, b) => a + b, 0) : 0));
  const span = Math.max(0, ...durations.map((d, i) => (offsets[i] as number) + d));

  // Who could do each service today at all, and which resources could serve it; worked out once per day.
  const pool = (p.employeeIds.length > 0 ? p.employeeIds : busy.staff(day))
    .map((id) => p.employees.get(id))
    .filter((e): e is Employee => e !== undefined && e.State === 1 && e.BookOnline);
  if (p.employeeIds.length === 0) pool.sort(byName);
  const staff = [...new Set(pool)];
  const candidates = items.map((w) => staff.filter((e) => e.ServiceIds.includes(w.service.ServiceId)));
  const resourceOptions = items.map((w) =>
    w.service.ResourceIds.map((id) => p.resources.find((r) => r.ResourceId === id)).filter(
      (r): r is Resource => r !== undefined && r.SiteId === p.siteId && r.State === 1,
    ),
  );

  function place(start: number): Placed[] | undefined {
    if (items.length === 0 || start < p.now || start < day.open || start + span > day.close) return undefined;
    if (p.taken.overlaps(start, start + span)) return undefined;
    const spans = items.map((_, i) => ({
      start: start + (offsets[i] as number),
      end: start + (offsets[i] as number) + (durations[i] as number),
    }));
    const people: Employee[][] = [];
    const rooms: Resource[][] = [];
    for (const [i, s] of spans.entries()) {
      const free = (candidates[i] ?? []).filter((e) => busy.employeeFree(e.EmployeeId, day, s.start, s.end));
      if (free.length === 0) return undefined;
      people.push(free);
      const needs = (items[i]?.service.ResourceIds.length ?? 0) > 0;
      const freeRooms = needs
        ? (resourceOptions[i] ?? []).filter((r) => busy.resourceFree(r.ResourceId, s.start, s.end))
        : [];
      if (needs && freeRooms.length === 0) return undefined;
      rooms.push(freeRooms);
    }
    const chosen = p.sequence === 2 ? together(people, rooms) : oneAfterAnother(people, rooms);
    if (!chosen) return undefined;
    return spans.map((s, i) => ({
      wanted: items[i] as WantedService,
      ...s,
      employee: chosen.people[i] as Employee,
      resource: chosen.rooms[i] ?? null,
    }));
  }

  return {
    starts() {
      const out: number[] = [];
      if (items.length === 0) return out;
      for (let t = nextQuarter(Math.max(day.open, p.now)); t + span <= day.close; t += QUARTER) out.push(t);
      return out;
    },
    place,
  };
}

/**
 * Services one after another never share time, so each takes the first free option; the client
 * keeps the same employee from one service to the next where that employee is free and qualified.
 */
function oneAfterAnother(people: Employee[][], rooms: Resource[][]) {
  const chosen: Employee[] = [];
  for (const free of people) {
    const previous = chosen[chosen.length - 1];
    chosen.push(previous && free.includes(previous) ? previous : (free[0] as Employee));
  }
  return { people: chosen, rooms: rooms.map((r) => r[0]) };
}

/** Services at the same time: every one its own employee, and its own resource where it needs one. */
function together(people: Employee[][], rooms: Resource[][]) {
  const chosenPeople = distinctPicks(people);
  if (!chosenPeople) return undefined;
  const needing = rooms.map((r, i) => ({ r, i })).filter(({ r }) => r.length > 0);
  const chosenRooms = distinctPicks(needing.map(({ r }) => r));
  if (!chosenRooms) return undefined;
  const byItem: (Resource | undefined)[] = rooms.map(() => undefined);
  needing.forEach(({ i }, k) => {
    byItem[i] = chosenRooms[k];
  });
  return { people: chosenPeople, rooms: byItem };
}

// Services that start together need different employees (and different resources). Picking the
// first free one for each in turn can fail where another choice succeeds (the first service takes
// the only person qualified for the second), so the choice is a bipartite matching: augmenting
// paths (Kuhn's algorithm), polynomial, deterministic, trying options in the order given.

/** One option per slot with no option used twice, or undefined when there is no such choice. */
export function distinctPicks<T>(options: readonly (readonly T[])[]): T[] | undefined {
  const holder = new Map<T, number>();
  const place = (slot: number, seen: Set<T>): boolean => {
    for (const option of options[slot] ?? []) {
      if (seen.has(option)) continue;
      seen.add(option);
      const other = holder.get(option);
      if (other === undefined || place(other, seen)) {
        holder.set(option, slot);
        return true;
      }
    }
    return false;
  };
  for (let slot = 0; slot < options.length; slot++) {
    if (!place(slot, new Set())) return undefined;
  }
  const picks: T[] = [];
  for (const [option, slot] of holder) picks[slot] = option;
  return picks;
}
