import { formatDateTime, localDayOf, MINUTE, utcMs } from '../datetime.js';
import { timeRecordsAt } from '../timerecords/time-records.js';
import type { World } from '../world/index.js';
import { tradingWindow } from '../world/sites-gen.js';
import { problems } from './invariant.js';

// What has happened is on record only once the account clock has passed it.

/** States an appointment reaches only once it has started. */
const HAPPENED = new Set(['Arrived', 'In Progress', 'Completed', 'No Show']);
/** Class booking states a session reaches only once it has started: CheckedIn and NoShow. */
const ATTENDED = new Set([2, 3]);

/**
 * Nothing is recorded after the account clock: time records (as the API shows them), accounting
 * documents and entries, clients' creation, appointments in a state only a started appointment
 * has, and attendance of class sessions.
 */
export function nothingRecordedAfterClock(world: World, now: number): string[] {
  const after = (text: string) => utcMs(text) > now;
  const states = new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name]));
  const sessions = new Map(world.classSchedules.map((s) => [s.ClassScheduleId, s]));
  const clock = formatDateTime(now);
  return [
    ...problems(
      timeRecordsAt(world, now).filter((r) => after(r.ClockIn) || (r.ClockOut !== null && after(r.ClockOut))),
      (r) => `time record ${r.TimeRecordId} clocked ${r.ClockIn}–${r.ClockOut} after the clock ${clock}`,
    ),
    ...problems(
      world.accountingDocuments.filter((d) => after(d.DocumentDate)),
      (d) => `document ${d.DocumentNumber} dated ${d.DocumentDate} after the clock ${clock}`,
    ),
    ...problems(
      world.accountingEntries.filter((e) => after(e.EntryDate)),
      (e) => `entry ${e.EntryNumber} dated ${e.EntryDate} after the clock ${clock}`,
    ),
    ...problems(
      world.clients.filter((c) => after(c.CreationDate)),
      (c) => `client ${c.ClientCode} created ${c.CreationDate} after the clock ${clock}`,
    ),
    ...problems(
      world.appointments.filter((a) => HAPPENED.has(states.get(a.AppointmentStateId) ?? '') && after(a.Start)),
      (a) => `appointment ${a.AppointmentNumber} ${states.get(a.AppointmentStateId)} but starts ${a.Start}`,
    ),
    ...problems(
      world.classBookings.filter((b) => {
        const session = sessions.get(b.ClassScheduleId);
        return ATTENDED.has(b.ClassBookingState) && session !== undefined && after(session.Start);
      }),
      (b) => `class booking ${b.ClassBookingId} attended a session after the clock ${clock}`,
    ),
  ];
}

/** Clocking in may start this long before opening, and clocking out end this long after closing. */
export const CLOCK_IN_BEFORE_OPENING = 15 * MINUTE;
export const CLOCK_OUT_AFTER_CLOSING = 30 * MINUTE;

/**
 * An employee is clocked in (a record open at the clock) only on the clock's own day at the site,
 * within its trading hours: from CLOCK_IN_BEFORE_OPENING before it opens to CLOCK_OUT_AFTER_CLOSING
 * after it closes. Records not tied to a site are held to the employee's home site.
 */
export function openClockInsOnlyTodayInTradingHours(world: World, now: number): string[] {
  const sites = new Map(world.sites.map((s) => [s.SiteId, s]));
  const homes = new Map(world.employees.map((e) => [e.EmployeeId, e.SiteId]));
  const open = timeRecordsAt(world, now).filter((r) => r.ClockOut === null);
  return problems(
    open.filter((r) => {
      const site = sites.get(r.SiteId ?? homes.get(r.EmployeeId) ?? '') ?? world.sites[0];
      if (!site) return true;
      const day = localDayOf(site.TimeZone, now);
      const window = tradingWindow(site, day);
      if (!window || localDayOf(site.TimeZone, utcMs(r.ClockIn)) !== day) return true;
      return utcMs(r.ClockIn) < window.open - CLOCK_IN_BEFORE_OPENING || now > window.close + CLOCK_OUT_AFTER_CLOSING;
    }),
    (r) => `time record ${r.TimeRecordId} open since ${r.ClockIn} at ${formatDateTime(now)}`,
  );
}
