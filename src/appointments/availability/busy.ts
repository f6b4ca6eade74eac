import { stepOf } from '../../accounts/lineage.js';
import { DAY, MINUTE, parseDateTime, utcMs, utcText } from '../../datetime.js';
import type { Guid } from '../../world/common.js';
import type { Appointment, AppointmentService } from '../../world/diary.js';
import { TIME_OFF, WORKING_TIME } from '../../world/employees.js';
import type { World } from '../../world/index.js';
import type { AppointmentServiceIn } from '../schemas.js';
import { FREE, type Interval, merge, subtract, Timeline, within } from './timeline.js';

// Who and what is taken: the one rule availabletimes, availabledates and validate share.
// - Appointments in every state but Cancelled hold their employees, their resources and their client.
// - Active class sessions (State 1) hold their teacher; class places booked or checked in hold their
//   client. A called-off session (State Inactive) and a cancelled class place hold nobody.
// - An employee can be booked only inside working time rostered at the site (ScheduleType 1), minus
//   time off wherever it is recorded (ScheduleType 2: an absence is the person's).
// - A cart holds time too: the caller's cart on availabletimes, and on validate each item what it
//   names, for the items after it (`claim`).

/** A stretch of one day at a site: its trading hours. */
export interface Window {
  open: number;
  close: number;
}

export interface Busy {
  /** Employees with working time at the site during the window, in roster order. */
  staff(window: Window): Guid[];
  /** Whether the employee can take [start, end) of the window: rostered then, not on time off, nothing else held. */
  employeeFree(id: Guid, window: Window, start: number, end: number): boolean;
  resourceFree(id: Guid, start: number, end: number): boolean;
  client(id: Guid): Pick<Timeline, 'overlaps'>;
  /** Takes time for an employee or a resource (an earlier item of the cart being checked). */
  claim(kind: 'employee' | 'resource', id: Guid, start: number, end: number): void;
}

interface BusyOptions {
  /** Only bookings and roster rows overlapping [from, to) are read. */
  from: number;
  to: number;
  /** The account clock: nothing before it is asked about (the diary index starts there). */
  now: number;
  /** Clients whose own bookings count; others are not indexed. */
  clientIds?: ReadonlySet<Guid>;
  /** Appointments to leave out (the ones a cart is editing). */
  except?: ReadonlySet<Guid>;
}

/** ClassBookingState Booked = 1, CheckedIn = 2: the client is there. */
const ATTENDING = new Set([1, 2]);

export function busyTimes(world: World, siteId: Guid, o: BusyOptions): Busy {
  const employees = new Map<Guid, Timeline>();
  const resources = new Map<Guid, Timeline>();
  const clients = new Map<Guid, Timeline>();
  const add = (map: Map<Guid, Timeline>, id: Guid, start: number, end: number) => {
    let line = map.get(id);
    if (!line) map.set(id, (line = new Timeline()));
    line.add(start, end);
  };
  const clientIds = o.clientIds !== undefined && o.clientIds.size > 0 ? o.clientIds : undefined;
  diaryIndex(world, o.now).overlapping(o.from, o.to, (b) => {
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

  const roster = rosterAt(world, siteId, fromText, toText);
  // The bookable stretches of the window last asked about, per employee: a day is planned window by window.
  const bookable = new Map<Guid, Window & { stretches: Interval[] }>();
  const bookableIn = (id: Guid, w: Window) => {
    let kept = bookable.get(id);
    if (kept?.open !== w.open || kept.close !== w.close) {
      kept = { open: w.open, close: w.close, stretches: roster.bookable(id, w.open, w.close) };
      bookable.set(id, kept);
    }
    return kept.stretches;
  };

  return {
    staff: (w) => roster.staff(w.open, w.close),
    employeeFree: (id, w, start, end) =>
      within(bookableIn(id, w), start, end) && !(employees.get(id) ?? FREE).overlaps(start, end),
    resourceFree: (id, start, end) => !(resources.get(id) ?? FREE).overlaps(start, end),
    client: (id) => clients.get(id) ?? FREE,
    claim: (kind, id, start, end) => add(kind === 'employee' ? employees : resources, id, start, end),
  };
}

/** Reads the roster rows overlapping [from, to) once; questions are then answered from them. */
function rosterAt(world: World, siteId: Guid, fromText: string, toText: string) {
  const working = new Map<Guid, Interval[]>();
  const off = new Map<Guid, Interval[]>();
  for (const row of world.schedules) {
    if (!(row.Start < toText && row.End > fromText)) continue;
    const map =
      row.ScheduleType === WORKING_TIME && row.SiteId === siteId
        ? working
        : row.ScheduleType === TIME_OFF
          ? off
          : undefined;
    if (!map) continue;
    const list = map.get(row.EmployeeId) ?? [];
    list.push({ start: utcMs(row.Start), end: utcMs(row.End) });
    map.set(row.EmployeeId, list);
  }
  const clip = (list: readonly Interval[], open: number, close: number) =>
    list
      .filter((i) => i.start < close && open < i.end)
      .map((i) => ({ start: Math.max(i.start, open), end: Math.min(i.end, close) }));

  return {
    /** Employees with working time at the site overlapping [open, close), in roster order. */
    staff: (open: number, close: number) =>
      [...working].filter(([, rows]) => clip(rows, open, close).length > 0).map(([id]) => id),
    /** The employee's bookable stretches within [open, close), sorted and merged. */
    bookable: (employeeId: Guid, open: number, close: number) =>
      subtract(merge(clip(working.get(employeeId) ?? [], open, close)), off.get(employeeId) ?? []),
  };
}

// Cart items as sent: Start is required, End may be left out (an offer of availabletimes carries
// it; a hand-made cart may not). An item then lasts its service's duration, or for an item naming
// only a package, the package's services one after another.

/** Start to End as sent (when after Start), else Start plus its length; undefined if Start is unreadable. */
export function cartSpan(world: World, item: AppointmentServiceIn): Interval | undefined {
  const start = parseDateTime(item.Start);
  if (start === undefined) return undefined;
  const sent = item.End === undefined ? undefined : parseDateTime(item.End);
  return { start, end: sent !== undefined && sent > start ? sent : start + lengthOf(world, item) * MINUTE };
}

/** The cart's items as time spans. */
export function cartTimes(world: World, cart: readonly AppointmentServiceIn[]): Timeline {
  const line = new Timeline();
  for (const item of cart) {
    const span = cartSpan(world, item);
    if (span) line.add(span.start, span.end);
  }
  return line;
}

function lengthOf(world: World, item: AppointmentServiceIn): number {
  const duration = (id: string | null | undefined) => world.services.find((s) => s.ServiceId === id)?.Duration;
  const own = duration(item.ServiceId);
  if (own !== undefined) return own;
  const pkg = world.packages.find((p) => p.PackageId === item.PackageId);
  return (pkg?.Services ?? []).reduce((sum, ps) => sum + (duration(ps.ServiceId) ?? 0), 0);
}

// The diary's bookings by UTC day. A large world holds tens of thousands of appointment services;
// reading them all on every availability question costs milliseconds, mostly in memory traffic.
// Indexed once, a question reads only the days it covers. Only bookings ending after `since` are
// indexed: nothing before the account clock is ever offered, so the past weeks of the diary need
// no place in it. Stored arrays change in place only by a record added at the end (records.ts),
// so the index is kept per appointments array (and the states it was built with) and reads only
// the appointments added since it last read the array: a write that books many times (a scenario's
// `fullyBook`) indexes each booking once, not the whole diary per booking. An appointment not frozen
// yet (made by the running write, which may still change it in place) is read again on every question.

/** One booked service of an appointment in any state but Cancelled. */
interface BookedService {
  appointment: Appointment;
  service: AppointmentService;
  start: number;
  end: number;
}

const CANCELLED = 'Cancelled';
const dayNumber = (ms: number) => Math.floor(ms / DAY);

class DiaryIndex {
  private readonly byDay = new Map<number, BookedService[]>();
  private readonly cancelled: Guid | undefined;
  private readonly sinceText: string;
  /** Appointments of the array read so far. */
  private upTo = 0;
  /** Places below `upTo` whose appointment was not frozen when read. */
  private open: number[] = [];
  /** The bookings of the open appointments, as last read. */
  private openBookings: BookedService[] = [];

  /** Indexes the bookings that end after `since`. */
  constructor(
    states: World['appointmentStates'],
    readonly since: number,
  ) {
    this.cancelled = states.find((s) => s.Name === CANCELLED)?.AppointmentStateId;
    // DateTime texts sort as their instants: the past is passed over without parsing.
    this.sinceText = utcText(since);
  }

  /** An index of its own with what this one has read, to go on reading a copy of the array (with more at its end). */
  copy(states: World['appointmentStates']): DiaryIndex {
    const copy = new DiaryIndex(states, this.since);
    for (const [day, list] of this.byDay) copy.byDay.set(day, list.slice());
    copy.upTo = this.upTo;
    copy.open = this.open.slice();
    return copy;
  }

  /** Reads the appointments added to the array since the last call, and the open ones again. */
  read(appointments: readonly Appointment[]): void {
    for (let n = this.upTo; n < appointments.length; n++) {
      if (Object.isFrozen(appointments[n])) this.add(appointments[n]!);
      else this.open.push(n);
    }
    this.upTo = appointments.length;
    if (this.open.length === 0 && this.openBookings.length === 0) return;
    const still: number[] = [];
    const bookings: BookedService[] = [];
    for (const n of this.open) {
      const appointment = appointments[n]!;
      if (Object.isFrozen(appointment)) this.add(appointment);
      else {
        still.push(n);
        this.add(appointment, bookings);
      }
    }
    this.open = still;
    this.openBookings = bookings;
  }

  /** Indexes the appointment's bookings by day, or with `into`, lists them there. */
  private add(appointment: Appointment, into?: BookedService[]): void {
    if (appointment.AppointmentStateId === this.cancelled) return;
    for (const service of appointment.AppointmentServices) {
      if (service.End <= this.sinceText) continue;
      const start = utcMs(service.Start);
      const end = Math.max(start, utcMs(service.End));
      const booked: BookedService = { appointment, service, start, end };
      if (into) {
        into.push(booked);
        continue;
      }
      // A booking is listed under every day it touches.
      for (let d = dayNumber(start); d <= dayNumber(Math.max(start, end - 1)); d++) {
        const list = this.byDay.get(d);
        if (list) list.push(booked);
        else this.byDay.set(d, [booked]);
      }
    }
  }

  /** Each booked service overlapping [from, to) once. Bookings ending before `since` are not in the index. */
  overlapping(from: number, to: number, visit: (b: BookedService) => void): void {
    const first = dayNumber(from);
    for (let d = first; d <= dayNumber(Math.max(from, to - 1)); d++) {
      for (const b of this.byDay.get(d) ?? []) {
        // Listed under several days, a booking is visited from the first of them in range.
        if (b.start < to && from < b.end && Math.max(dayNumber(b.start), first) === d) visit(b);
      }
    }
    for (const b of this.openBookings) if (b.start < to && from < b.end) visit(b);
  }
}

/**
 * The index of each diary array: an array only ever changes in place by a record added at its end
 * (records.ts), so the index of an array goes on from where it stopped; and the array a write makes
 * by appending to a stored one starts from a copy of that one's index (accounts/lineage.ts).
 */
const indexes = new WeakMap<readonly Appointment[], { states: World['appointmentStates']; index: DiaryIndex }>();

/**
 * The index of the world's diary as it is, covering at least the bookings that end after `since`
 * (the account clock: every answer is about times from then on). Built once per diary, and again
 * only when the clock is moved back past it.
 */
function diaryIndex(world: World, since: number): DiaryIndex {
  const rows = world.appointments;
  const states = world.appointmentStates;
  const kept = indexes.get(rows) ?? carried(rows, states);
  if (kept?.states === states && kept.index.since <= since) {
    kept.index.read(rows);
    return kept.index;
  }
  // A day's margin, so that questions about the same day keep hitting the same index.
  const index = new DiaryIndex(states, Math.floor(since / DAY) * DAY - DAY);
  index.read(rows);
  indexes.set(rows, { states, index });
  return index;
}

/** The index of an array made by appending to one already indexed: a copy of that one's, not the diary read again. */
function carried(rows: readonly Appointment[], states: World['appointmentStates']) {
  const step = stepOf(rows);
  const from = step?.kind === 'append' ? indexes.get(step.from as readonly Appointment[]) : undefined;
  if (!step || from?.states !== states) return undefined;
  from.index.read(step.from as readonly Appointment[]);
  const kept = { states, index: from.index.copy(states) };
  indexes.set(rows, kept);
  return kept;
}
