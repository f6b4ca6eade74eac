import { DAY, localToUtc, MINUTE, minutesOf, utcText, weekdayOf } from '../datetime.js';
import type { Calendar } from './calendar.js';
import type { Service } from './catalogue.js';
import {
  CLASS_TEMPLATES,
  type ClassTemplate,
  EVENT_TEMPLATES,
  performedCategories,
  qualifiedToTeach,
} from './class-templates.js';
import type { Client } from './clients.js';
import type { DateTimeText, Guid, ItemState } from './common.js';
import type { GenContext } from './context.js';
import { rngFor } from './context.js';
import type { StaffPlan } from './employees.js';
import type { Rng } from './seeded-faker.js';
import type { SiteInfo } from './sites-gen.js';
import type { Steps } from './steps.js';

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
  /** null = runs on; a class that ended before a requested start drops out of GET classes. Its sessions end by then. */
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

/** Sessions are generated this many days either side of today. */
const CLASS_DAYS = 30;

interface Pattern {
  def: ClassDefinition;
  weekdays: number[];
  /** Morning sessions start at opening; the others finish a quarter hour before closing. */
  morning: boolean;
  from: number;
  /** Sessions end by then: the class's EndDate, or never. */
  until: number;
  onlineShare: number;
  /** Employees qualified to teach it who work at the site. */
  teachers: ReadonlySet<Guid>;
}

/**
 * Every session is taught by an employee qualified for its class (class-templates.ts), and a site
 * runs only the classes its own team can teach, on the days they work there. A class keeps its
 * sessions inside its StartDate and EndDate: one retired ten days ago at a larger site, and every
 * class of a site that has closed, stays Active with an EndDate, as GET classes lists them then.
 */
/** Classes, their sessions and bookings, a step per site and day (see steps.ts). */
export function* classSteps(
  ctx: GenContext,
  sites: SiteInfo[],
  plans: StaffPlan[],
  services: readonly Service[],
  clients: Client[],
  calendar: Calendar,
): Steps<{ classes: ClassDefinition[]; classSchedules: ClassSchedule[]; classBookings: ClassBooking[] }> {
  const rng = rngFor(ctx, 'classes');
  const classes: ClassDefinition[] = [];
  const classSchedules: ClassSchedule[] = [];
  const classBookings: ClassBooking[] = [];
  const servicesById = new Map(services.map((s) => [s.ServiceId, s]));
  const staff = plans.map((plan) => ({
    plan,
    categories: performedCategories(plan.employee.ServiceIds, servicesById),
  }));

  for (const [siteIndex, info] of sites.entries()) {
    yield;
    const { site } = info;
    const pool = clients.filter((c) => c.State === 1 && (c.SiteId === null || c.SiteId === site.SiteId));
    const openDays = site.TradingHours.filter((h) => !h.Closed).map((h) => h.DayOfWeek);
    const closedFrom = info.closedFrom ?? Infinity;
    /** The site's staff qualified for a template, and the open weekdays on which one of them works there. */
    const teachersOf = (template: ClassTemplate) => {
      const team = staff
        .filter(({ plan }) => plan.week.includes(site.SiteId))
        .filter(({ plan, categories }) => qualifiedToTeach(template.taughtBy, plan.employee.JobTitle, categories))
        .map(({ plan }) => plan);
      const days = openDays.filter((d) => team.some((p) => p.week[d] === site.SiteId));
      return { teachers: new Set(team.map((p) => p.employee.EmployeeId)), days };
    };
    const patterns: Pattern[] = [];
    const count = ctx.profile.classesPerSite;
    for (let k = 0; k < CLASS_TEMPLATES.length && patterns.length < count; k++) {
      const template = CLASS_TEMPLATES[(k + siteIndex) % CLASS_TEMPLATES.length] as ClassTemplate;
      const { teachers, days } = teachersOf(template);
      if (days.length === 0) continue;
      // The last class of a larger site was retired ten days ago.
      const retired = ctx.size !== 'small' && patterns.length === count - 1;
      const from = ctx.today - rng.int(60, 400) * DAY;
      const until = Math.min(retired ? ctx.today - 10 * DAY : Infinity, closedFrom);
      const { morning, weekdays } = timeslot(rng, patterns, teachers, days);
      const def = definition(rng, site.SiteId, template, from, until === Infinity ? null : until);
      classes.push(def);
      const onlineShare = rng.chance(0.85) ? 0.95 : 0;
      patterns.push({ def, weekdays, morning, from, until, onlineShare, teachers });
    }
    const eventCount = ctx.size === 'small' ? 1 : 2;
    for (let e = 0; e < eventCount; e++) {
      const template = EVENT_TEMPLATES[(e + siteIndex) % EVENT_TEMPLATES.length] as ClassTemplate;
      const { teachers } = teachersOf(template);
      const offset = e === 0 ? -rng.int(5, 25) : rng.int(3, 28);
      // The event falls on the first day from `offset`, within a week, on which someone qualified is
      // rostered at the site and free for it.
      const slot = (day: number) => {
        const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(day));
        if (!hours || hours.Closed || day >= closedFrom) return undefined;
        // Not on an evening its teachers already hold for a weekly class.
        if (patterns.some((p) => !p.morning && p.weekdays.includes(hours.DayOfWeek) && shares(p.teachers, teachers)))
          return undefined;
        const start = localToUtc(site.TimeZone, day, minutesOf(hours.Close) - template.minutes);
        const end = start + template.minutes * MINUTE;
        const free = calendar
          .shiftsAt(site.SiteId, day)
          .some((s) => teachers.has(s.employeeId) && calendar.available(s.employeeId, site.SiteId, start, end));
        return free ? { day, start, end } : undefined;
      };
      let found: { day: number; start: number; end: number } | undefined;
      for (let tries = 0; tries < 7 && !found; tries++) found = slot(ctx.today + (offset + tries) * DAY);
      if (!found) continue;
      const { day, start, end } = found;
      const def = definition(rng, site.SiteId, template, start, end);
      classes.push(def);
      patterns.push({
        def,
        weekdays: [weekdayOf(day)],
        morning: false,
        from: start,
        until: end,
        onlineShare: 0.9,
        teachers,
      });
    }

    for (let k = -CLASS_DAYS; k <= CLASS_DAYS; k++) {
      yield;
      const day = ctx.today + k * DAY;
      if (day >= closedFrom) break;
      for (const pattern of patterns) {
        const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(day));
        if (!hours || hours.Closed || !pattern.weekdays.includes(hours.DayOfWeek)) continue;
        const minutes = pattern.def.DurationMinutes;
        const at = pattern.morning
          ? minutesOf(hours.Open)
          : minutesOf(hours.Close) - minutes - (pattern.def.ClassType === 1 ? 15 : 0);
        const start = localToUtc(site.TimeZone, day, at);
        const end = start + minutes * MINUTE;
        if (start < pattern.from || end > pattern.until) continue;
        const teacher = calendar
          .shiftsAt(site.SiteId, day)
          .find((s) => pattern.teachers.has(s.employeeId) && calendar.available(s.employeeId, site.SiteId, start, end));
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
  }
  return { classes, classSchedules, classBookings };
}

const shares = (a: ReadonlySet<Guid>, b: ReadonlySet<Guid>) => [...a].some((id) => b.has(id));

/**
 * When a weekly class runs: morning or evening, on two of `days` (the days its teachers work at the
 * site), avoiding the slots the same teachers already hold, so one instructor's classes do not clash.
 */
function timeslot(rng: Rng, patterns: readonly Pattern[], teachers: ReadonlySet<Guid>, days: readonly number[]) {
  const first = rng.chance(0.5);
  const open = (morning: boolean) =>
    days.filter(
      (d) => !patterns.some((p) => p.morning === morning && p.weekdays.includes(d) && shares(p.teachers, teachers)),
    );
  const morning = open(first).length >= Math.min(2, open(!first).length) ? first : !first;
  const free = open(morning);
  return { morning, weekdays: rng.sample(free.length > 0 ? free : days, 2) };
}

function definition(
  rng: Rng,
  SiteId: Guid,
  template: ClassTemplate,
  from: number,
  until: number | null,
): ClassDefinition {
  return {
    ClassId: rng.uuid(),
    SiteId,
    Name: template.name,
    Description: template.description,
    ClassType: template.type,
    Capacity: template.capacity,
    DurationMinutes: template.minutes,
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
