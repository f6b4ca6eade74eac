import { utcMs, utcText } from '../../datetime.js';
import type { Guid } from '../../world/common.js';
import type { World } from '../../world/index.js';
import type { DiaryIndex } from './diary-index.js';
import { FREE, Timeline } from './timeline.js';

// Who and what is already taken, from the diary: appointments in every state except Cancelled
// block their employees, resources and client; active class sessions block their teacher; class
// places a client holds (booked or checked in) block the client. A called-off session
// (State Inactive) and a cancelled class place block nobody.

export interface Busy {
  employee(id: Guid): Pick<Timeline, 'overlaps'>;
  resource(id: Guid): Pick<Timeline, 'overlaps'>;
  client(id: Guid): Pick<Timeline, 'overlaps'>;
  /** Takes time for an employee or a resource (an earlier item of the cart being checked). */
  claim(kind: 'employee' | 'resource', id: Guid, start: number, end: number): void;
}

export interface BusyOptions {
  /** Only bookings overlapping [from, to) are read. */
  from: number;
  to: number;
  /** Clients whose own bookings count; others are not indexed. */
  clientIds?: ReadonlySet<Guid>;
  /** Appointments to leave out (the ones a cart is editing). */
  except?: ReadonlySet<Guid>;
}

/** ClassBookingState Booked = 1, CheckedIn = 2: the client is there. */
const ATTENDING = new Set([1, 2]);

/** `diary` is the index of the world's appointments (diary-index.ts). */
export function busyTimes(world: World, o: BusyOptions, diary: DiaryIndex): Busy {
  const employees = new Map<Guid, Timeline>();
  const resources = new Map<Guid, Timeline>();
  const clients = new Map<Guid, Timeline>();
  const add = (map: Map<Guid, Timeline>, id: Guid, start: number, end: number) => {
    let line = map.get(id);
    if (!line) map.set(id, (line = new Timeline()));
    line.add(start, end);
  };
  const clientIds = o.clientIds !== undefined && o.clientIds.size > 0 ? o.clientIds : undefined;
  diary.overlapping(o.from, o.to, (b) => {
    if (o.except?.has(b.appointment.AppointmentId)) return;
    for (const e of b.service.Employees) add(employees, e.EmployeeId, b.start, b.end);
    for (const r of b.service.Resources) add(resources, r.ResourceId, b.start, b.end);
    if (clientIds?.has(b.appointment.ClientId)) add(clients, b.appointment.ClientId, b.start, b.end);
  });

  // Class sessions are few: read directly. DateTime texts sort as their instants.
  const fromText = utcText(o.from);
  const toText = utcText(o.to);
  const sessions = new Map<Guid, { start: number; end: number }>();
  for (const c of world.classSchedules) {
    if (c.State !== 1 || c.Start >= toText || c.End <= fromText) continue;
    const span = { start: utcMs(c.Start), end: utcMs(c.End) };
    add(employees, c.EmployeeId, span.start, span.end);
    sessions.set(c.ClassScheduleId, span);
  }
  if (clientIds) {
    for (const b of world.classBookings) {
      if (!ATTENDING.has(b.ClassBookingState) || !clientIds.has(b.ClientId)) continue;
      const span = sessions.get(b.ClassScheduleId);
      if (span) add(clients, b.ClientId, span.start, span.end);
    }
  }

  return {
    employee: (id) => employees.get(id) ?? FREE,
    resource: (id) => resources.get(id) ?? FREE,
    client: (id) => clients.get(id) ?? FREE,
    claim: (kind, id, start, end) => add(kind === 'employee' ? employees : resources, id, start, end),
  };
}
