import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { placesTakenAmong, sessionBookings, sessionBookingsReady } from '../classes/class-booking.js';
import { clientsReady, clientWithId } from '../client-keys.js';
import { DAY, formatDate, utcMs } from '../datetime.js';
import { filterInSteps, type Steps, sortInSteps } from '../world/steps.js';
import { accountPath, type Html } from './layout.js';
import { type DayQuery, dayOf, mondayOf, siteOf, sitePicker } from './site-picker.js';

// The class timetable of a site for one week: each session with its teacher, its places taken
// against its capacity (as the schedules list counts them), and who is booked. A session's
// bookings and a booking's client are looked up, not read from every booking and client; the
// sessions are read in steps (run in slices of the event loop's time, console/router.ts).

export function* classesPage(account: Account, q: DayQuery): Steps<Html> {
  const { world } = account;
  const site = siteOf(world.sites, q.site);
  const monday = mondayOf(dayOf(q.date, account.clock.now()));
  const end = monday + 7 * DAY;
  yield* sessionBookingsReady(world);
  yield* clientsReady(world.clients);
  const classes = new Map(world.classes.map((c) => [c.ClassId, c]));
  const employees = new Map(world.employees.map((e) => [e.EmployeeId, `${e.FirstName} ${e.LastName}`]));
  const sessions = yield* filterInSteps(
    world.classSchedules,
    (s) => s.SiteId === site?.SiteId && utcMs(s.Start) >= monday && utcMs(s.Start) < end,
  );
  yield* sortInSteps(sessions, (a, b) => a.Start.localeCompare(b.Start));
  const days = Array.from({ length: 7 }, (_, i) => monday + i * DAY);
  return html`<section class="card">${sitePicker(world.sites, site, monday)}
<p class="muted">Week of ${formatDate(monday)} (UTC): ${sessions.length} session${sessions.length === 1 ? '' : 's'}.</p>
</section>
<div class="timetable">
${days.map((day) => {
  const today = sessions.filter((s) => s.Start.startsWith(formatDate(day)));
  const title = new Date(day).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'short' });
  return html`<section class="day" aria-label="${title}"><h3>${title}</h3>
${today.length === 0 ? html`<p class="muted">No class.</p>` : ''}
${today.map((s) => {
  const bookings = sessionBookings(world, s.ClassScheduleId);
  const booked = placesTakenAmong(bookings);
  const name = classes.get(s.ClassId)?.Name ?? 'Class';
  return html`<article class="class" data-schedule="${s.ClassScheduleId}">
<strong>${s.Start.slice(11)}–${s.End.slice(11)} ${name}</strong><br>
<span class="muted">${employees.get(s.EmployeeId) ?? ''}</span><br>
<label>${booked} of ${s.Capacity} booked
<meter min="0" max="${s.Capacity}" value="${booked}" high="${Math.max(s.Capacity - 1, 0)}"
>${booked}/${s.Capacity}</meter>
</label>
${
  bookings.length > 0
    ? html`<details><summary>Bookings (${bookings.length})</summary><ul>
${bookings.map((b) => {
  const c = clientWithId(world.clients, b.ClientId);
  const name = c ? `${c.FirstName} ${c.LastName}` : b.ClientId;
  return html`<li><a href="${accountPath(account, `clients/${b.ClientId}`)}">${name}</a>
<span class="muted">state ${b.ClassBookingState}${b.OnlineBooking ? ', online' : ''}</span></li>`;
})}</ul></details>`
    : ''
}
</article>`;
})}
</section>`;
})}
</div>`;
}
