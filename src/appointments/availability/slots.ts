import { MINUTE } from '../../datetime.js';
import { orderBy } from '../../order.js';
import type { Resource } from '../../world/catalogue.js';
import type { Guid } from '../../world/common.js';
import type { Employee } from '../../world/employees.js';
import type { Busy } from './busy.js';
import { nextQuarter, QUARTER, type SiteDay } from './day.js';
import { distinctPicks } from './matching.js';
import type { Roster } from './roster.js';
import { type Interval, type Timeline, within } from './timeline.js';
import type { WantedService } from './wanted.js';

// The grid and the assignment. Start times fall every quarter hour of the site's trading day; at
// each, the asked services are laid out (one after another, or all at once) and each is given an
// employee who is qualified, rostered, not on time off and free for its whole length, plus one
// free resource of the site where the service needs one. Nothing before the account clock.

/** serviceSequence: 1 = one after another in the order asked; 2 = all start together, each with its own employee. */
export type Sequence = 1 | 2;

export interface Placed {
  wanted: WantedService;
  start: number;
  end: number;
  employee: Employee;
  resource: Resource | null;
}

export interface PlanInput {
  siteId: Guid;
  day: SiteDay;
  items: readonly WantedService[];
  sequence: Sequence;
  /** Employees to choose from, in order of preference; empty = any qualified employee rostered at the site. */
  employeeIds: readonly Guid[];
  roster: Roster;
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

interface Candidate {
  employee: Employee;
  bookable: Interval[];
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
  const pool = (p.employeeIds.length > 0 ? p.employeeIds : p.roster.staff(day.open, day.close))
    .map((id) => p.employees.get(id))
    .filter((e): e is Employee => e !== undefined && e.State === 1);
  if (p.employeeIds.length === 0) pool.sort(byName);
  const staff: Candidate[] = [...new Set(pool)]
    .map((employee) => ({ employee, bookable: p.roster.bookable(employee.EmployeeId, day.open, day.close) }))
    .filter((c) => c.bookable.length > 0);
  const candidates = items.map((w) => staff.filter((c) => c.employee.ServiceIds.includes(w.service.ServiceId)));
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
      const free = (candidates[i] ?? [])
        .filter(
          (c) => within(c.bookable, s.start, s.end) && !busy.employee(c.employee.EmployeeId).overlaps(s.start, s.end),
        )
        .map((c) => c.employee);
      if (free.length === 0) return undefined;
      people.push(free);
      const needs = (items[i]?.service.ResourceIds.length ?? 0) > 0;
      const freeRooms = needs
        ? (resourceOptions[i] ?? []).filter((r) => !busy.resource(r.ResourceId).overlaps(s.start, s.end))
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
