import { DAY, localToUtc, MINUTE, minutesOf, utcText, weekdayOf } from '../datetime.js';
import type { Calendar } from './calendar.js';
import type { Client } from './clients.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { StaffPlan } from './employees.js';
import type { Rng } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';

/** ClassType: Class = 1, Event = 2. */
export type ClassType = 1 | 2;

export interface ClassDefinition {
  ClassId: Guid;
  SiteId: Guid;
  Name: string;
  Description: string;
  ClassType: ClassType;
  Capacity: number;
  DurationMinutes: number;
  State: ItemState;
  StartDate: DateTimeText;
  /** null = runs on; a class that ended before a requested start drops out of GET classes. */
  EndDate: DateTimeText | null;
}

/** One dated session of a class. */
export interface ClassSchedule {
  ClassScheduleId: Guid;
  ClassId: Guid;
  SiteId: Guid;
  EmployeeId: Guid;
  Start: DateTimeText;
  End: DateTimeText;
  Capacity: number;
  BookOnline: boolean;
  /** Inactive = the session was called off. */
  State: ItemState;
}

/** ClassBookingState: Booked = 1, CheckedIn = 2, NoShow = 3, LateCancelled = 4, Cancelled = 5. */
export type ClassBookingState = 1 | 2 | 3 | 4 | 5;

export interface ClassBooking {
  ClassBookingId: Guid;
  ClassScheduleId: Guid;
  ClientId: Guid;
  OnlineBooking: boolean;
  ClassBookingState: ClassBookingState;
}

const CLASSES: [string, number, number, string][] = [
  ['Vinyasa Yoga Flow', 60, 12, 'A dynamic flow linking breath and movement; all levels.'],
  ['Reformer Pilates', 45, 6, 'Small-group reformer session focusing on core strength.'],
  ['Meditation & Breathwork', 30, 15, 'Guided breathing and meditation to reset the nervous system.'],
  ['Mat Pilates', 45, 12, 'Classic mat work for posture and stability.'],
  ['Yin Yoga', 75, 12, 'Slow, floor-based postures held for several minutes.'],
  ['Barre Sculpt', 45, 10, 'Ballet-inspired toning at the barre.'],
];

const EVENTS: [string, number, number, string][] = [
  ['Skincare Masterclass', 90, 20, 'Our skin specialists share routines and product tips; includes a goody bag.'],
  ['Bridal Open Evening', 120, 30, 'Meet the bridal team, see trials and enjoy a glass of fizz.'],
  ['Wellness Workshop: Sleep Better', 90, 16, 'Practical tools for restful sleep, with aromatherapy demos.'],
  ['Nail Art Workshop', 120, 8, 'Hands-on nail art techniques with our senior technicians.'],
];

/** Sessions are generated this many days either side of today. */
const CLASS_DAYS = 30;

interface Pattern {
  def: ClassDefinition;
  weekdays: number[];
  /** Morning sessions start at opening; the others finish a quarter hour before closing. */
  morning: boolean;
  from: number;
  until: number;
  onlineShare: number;
}

export function generateClasses(
  ctx: GenContext,
  sites: SiteInfo[],
  plans: StaffPlan[],
  clients: Client[],
  calendar: Calendar,
) {
  const rng = rngFor(ctx, 'classes');
  const classes: ClassDefinition[] = [];
  const classSchedules: ClassSchedule[] = [];
  const classBookings: ClassBooking[] = [];
  const teachers = new Set(plans.filter((p) => p.role.teaches).map((p) => p.employee.EmployeeId));

  sites.forEach((info, siteIndex) => {
    const { site } = info;
    const pool = clients.filter((c) => c.State === 1 && (c.SiteId === null || c.SiteId === site.SiteId));
    const openDays = site.TradingHours.filter((h) => !h.Closed);
    const patterns: Pattern[] = [];
    const count = ctx.profile.classesPerSite;
    for (let i = 0; i < count; i++) {
      const [Name, minutes, Capacity, Description] = CLASSES[
        (i + siteIndex) % CLASSES.length
      ] as (typeof CLASSES)[number];
      // The last class of a larger site was retired ten days ago.
      const retired = ctx.size !== 'small' && i === count - 1;
      const from = ctx.today - rng.int(60, 400) * DAY;
      const until = retired ? ctx.today - 10 * DAY : Infinity;
      const weekdays = rng.sample(openDays, 2).map((h) => h.DayOfWeek);
      const def = definition(rng, site.SiteId, Name, Description, 1, Capacity, minutes, from, retired ? until : null);
      def.State = retired ? 2 : 1;
      classes.push(def);
      patterns.push({ def, weekdays, morning: rng.chance(0.5), from, until, onlineShare: rng.chance(0.85) ? 0.95 : 0 });
    }
    const eventCount = ctx.size === 'small' ? 1 : 2;
    for (let e = 0; e < eventCount; e++) {
      const [Name, minutes, Capacity, Description] = EVENTS[(e + siteIndex) % EVENTS.length] as (typeof EVENTS)[number];
      const offset = e === 0 ? -rng.int(5, 25) : rng.int(3, 28);
      const day = ctx.today + offset * DAY;
      const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(day));
      if (!hours || hours.Closed) continue;
      const start = localToUtc(site.TimeZone, day, minutesOf(hours.Close) - minutes);
      const def = definition(
        rng,
        site.SiteId,
        Name,
        Description,
        2,
        Capacity,
        minutes,
        start,
        start + minutes * MINUTE,
      );
      classes.push(def);
      patterns.push({
        def,
        weekdays: [weekdayOf(day)],
        morning: false,
        from: start,
        until: start + DAY,
        onlineShare: 0.9,
      });
    }

    for (let k = -CLASS_DAYS; k <= CLASS_DAYS; k++) {
      const day = ctx.today + k * DAY;
      if (info.closedFrom !== null && day >= info.closedFrom) break;
      for (const pattern of patterns) {
        const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(day));
        if (!hours || hours.Closed || !pattern.weekdays.includes(hours.DayOfWeek)) continue;
        const minutes = pattern.def.DurationMinutes;
        const at = pattern.morning
          ? minutesOf(hours.Open)
          : minutesOf(hours.Close) - minutes - (pattern.def.ClassType === 1 ? 15 : 0);
        const start = localToUtc(site.TimeZone, day, at);
        const end = start + minutes * MINUTE;
        if (start < pattern.from || start >= pattern.until) continue;
        const shifts = calendar.shiftsAt(site.SiteId, day);
        const free = shifts.filter((s) => calendar.available(s.employeeId, site.SiteId, start, end));
        const teacher = free.find((s) => teachers.has(s.employeeId)) ?? (free.length ? rng.pick(free) : undefined);
        if (!teacher) continue;
        calendar.reserve(teacher.employeeId, start, end);
        const schedule: ClassSchedule = {
          ClassScheduleId: rng.uuid(),
          ClassId: pattern.def.ClassId,
          SiteId: site.SiteId,
          EmployeeId: teacher.employeeId,
          Start: utcText(start),
          End: utcText(end),
          Capacity: pattern.def.Capacity,
          BookOnline: pattern.onlineShare > 0,
          State: rng.chance(0.05) ? 2 : 1,
        };
        classSchedules.push(schedule);
        if (schedule.State === 1) {
          classBookings.push(...book(ctx, rng, schedule, start, end, pool, calendar, pattern.onlineShare));
        }
      }
    }
  });
  return { classes, classSchedules, classBookings };
}

function definition(
  rng: Rng,
  SiteId: Guid,
  Name: string,
  Description: string,
  ClassType: ClassType,
  Capacity: number,
  DurationMinutes: number,
  from: number,
  until: number | null,
): ClassDefinition {
  return {
    ClassId: rng.uuid(),
    SiteId,
    Name,
    Description,
    ClassType,
    Capacity,
    DurationMinutes,
    State: 1,
    StartDate: utcText(from),
    EndDate: until === null ? null : utcText(until),
  };
}

function book(
  ctx: GenContext,
  rng: Rng,
  schedule: ClassSchedule,
  start: number,
  end: number,
  pool: Client[],
  calendar: Calendar,
  onlineShare: number,
): ClassBooking[] {
  const past = start < ctx.today;
  const daysOut = Math.max(0, (start - ctx.today) / DAY);
  const full = rng.chance(past ? 0.25 : 0.3 * (1 - daysOut / CLASS_DAYS));
  const fill = full ? 1 : past ? 0.3 + rng.float() * 0.6 : Math.max(0, 0.8 - daysOut / CLASS_DAYS) * rng.float();
  const attending = Math.min(pool.length, Math.round(schedule.Capacity * fill));
  const cancelled = rng.int(0, 2);
  const chosen = new Set<Guid>();
  const bookings: ClassBooking[] = [];
  const wanted = attending + cancelled;
  // A small pool is walked in shuffled order so that a full session really fills; a large one
  // is sampled, where repeats are rare.
  const order = pool.length <= 500 ? rng.shuffle(pool) : null;
  for (let tries = 0; bookings.length < wanted && tries < (order ? order.length : wanted * 6); tries++) {
    const client = order ? (order[tries] as Client) : rng.pick(pool);
    if (chosen.has(client.ClientId)) continue;
    const isCancelled = bookings.length >= attending;
    if (!isCancelled && !calendar.isFree(client.ClientId, start, end)) continue;
    chosen.add(client.ClientId);
    if (!isCancelled) calendar.reserve(client.ClientId, start, end);
    const state: ClassBooking['ClassBookingState'] = isCancelled
      ? past
        ? rng.pick([4, 5] as const)
        : 5
      : past
        ? rng.weighted([2, 3], [90, 10])
        : 1;
    bookings.push({
      ClassBookingId: rng.uuid(),
      ClassScheduleId: schedule.ClassScheduleId,
      ClientId: client.ClientId,
      OnlineBooking: rng.chance(onlineShare * 0.7),
      ClassBookingState: state,
    });
  }
  return bookings;
}
