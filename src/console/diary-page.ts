import { html } from 'hono/html';
import type { Account } from '../accounts/account.js';
import { clientsReady, clientWithId } from '../client-keys.js';
import { DAY, formatDate, HOUR, MINUTE, utcMs, utcText } from '../datetime.js';
import { rowsReady, rowsWhere } from '../row-lookup.js';
import type { Appointment, AppointmentService } from '../world/diary.js';
import { filterInSteps, type Steps } from '../world/steps.js';
import { accountPath, type Html } from './layout.js';
import { type DayQuery, dayOf, mondayOf, siteOf, sitePicker } from './site-picker.js';

// The diary of one site: a day with its employees as columns, or a week with its days as columns.
// Appointments are blocks coloured by state (a block opens the appointment); a red line marks the
// account clock. Times are UTC, as the API gives them. The range line and the grid follow the account
// (`data-follow`): the page script draws them again when its clock or data changes. The site's
// appointments are looked up by site and read in steps (run in slices of the event loop's time,
// console/router.ts); a block's client is looked up by id.

type View = 'day' | 'week';

interface Block {
  appointment: Appointment;
  service: AppointmentService;
  start: number;
  end: number;
}

interface Column {
  key: string;
  label: string;
  /** Midnight of the column's day. */
  day: number;
  blocks: Block[];
}

export function* diaryPage(account: Account, q: DayQuery & { view?: string | undefined }): Steps<Html> {
  const { world } = account;
  const now = account.clock.now();
  const site = siteOf(world.sites, q.site);
  const day = dayOf(q.date, now);
  const view: View = q.view === 'week' ? 'week' : 'day';
  const from = view === 'week' ? mondayOf(day) : day;
  const to = from + (view === 'week' ? 7 : 1) * DAY;
  yield* rowsReady(world.appointments, 'SiteId');
  yield* clientsReady(world.clients);
  const ofSite = site === undefined ? [] : rowsWhere(world.appointments, 'SiteId', site.SiteId, 'AppointmentId');
  const overlaps = (service: AppointmentService) => utcMs(service.End) > from && utcMs(service.Start) < to;
  const shown = yield* filterInSteps(ofSite, (appointment) => appointment.AppointmentServices.some(overlaps));
  const blocks: Block[] = [];
  for (const appointment of shown) {
    for (const service of appointment.AppointmentServices) {
      const start = utcMs(service.Start);
      const end = utcMs(service.End);
      if (end > from && start < to) blocks.push({ appointment, service, start, end });
    }
  }
  const columns = view === 'day' ? employeeColumns(account, site?.SiteId, day, blocks) : dayColumns(from, blocks);
  const [first, last] = hours(blocks, now, from, to);
  const names = namesOf(account);
  // A week holds hundreds of blocks: its columns are drawn a step each.
  const drawn: Html[] = [];
  for (const col of columns) {
    yield;
    drawn.push(column(account, col, first, last, now, names));
  }
  const step = view === 'week' ? 7 * DAY : DAY;
  const link = (d: number, v: View = view) =>
    `?site=${encodeURIComponent(site?.SiteId ?? '')}&date=${formatDate(d)}&view=${v}`;
  const viewSelect = html`<label>View <select name="view">
<option value="day"${view === 'day' ? html` selected` : ''}>Day</option>
<option value="week"${view === 'week' ? html` selected` : ''}>Week</option></select></label>`;
  return html`<section class="card">
${sitePicker(world.sites, site, day, viewSelect)}
<p class="row" id="diary-range" data-follow><a href="${link(day - step)}">← Previous ${view}</a>
<a href="${link(Math.floor(now / DAY) * DAY)}">Today (clock)</a>
<a href="${link(day + step)}">Next ${view} →</a>
<span class="muted">${view === 'day' ? formatDate(day) : `${formatDate(from)} to ${formatDate(to - DAY)}`}, UTC ·
${blocks.length} booked service${blocks.length === 1 ? '' : 's'}</span></p>
${legend(account)}
</section>
<div class="diary" id="diary" data-follow style="--cols:${Math.max(columns.length, 1)};--hours:${last - first}"
data-view="${view}" data-from="${first}" data-to="${last}">
<div class="head" aria-hidden="true"></div>
${columns.map((col) => html`<div class="head" data-column="${col.key}">${col.label}</div>`)}
<div class="gutter" aria-hidden="true">
${Array.from(
  { length: last - first },
  (_, i) => html`<span style="top:${(i / (last - first)) * 100}%">${first + i}:00</span>`,
)}
</div>
${drawn}
</div>`;
}

/** The site's active employees (floating ones too), then anyone else booked that day, then "no employee". */
function employeeColumns(account: Account, siteId: string | undefined, day: number, blocks: Block[]): Column[] {
  const { employees } = account.world;
  const byId = new Map<string, Column>();
  for (const e of employees) {
    if (e.SiteId === siteId && e.State === 1)
      byId.set(e.EmployeeId, column0(e.EmployeeId, `${e.FirstName} ${e.LastName}`));
  }
  const none = column0('none', 'No employee');
  for (const block of blocks) {
    if (block.service.Employees.length === 0) none.blocks.push(block);
    for (const e of block.service.Employees) {
      let col = byId.get(e.EmployeeId);
      if (!col) byId.set(e.EmployeeId, (col = column0(e.EmployeeId, `${e.FirstName} ${e.LastName}`)));
      col.blocks.push(block);
    }
  }
  // A site with nobody on it still gets a column, so the day and its now line show.
  return byId.size === 0 || none.blocks.length > 0 ? [...byId.values(), none] : [...byId.values()];

  function column0(key: string, label: string): Column {
    return { key, label, day, blocks: [] };
  }
}

function dayColumns(monday: number, blocks: Block[]): Column[] {
  return Array.from({ length: 7 }, (_, i) => {
    const day = monday + i * DAY;
    const label = new Date(day).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
    return {
      key: formatDate(day),
      label: `${label}`,
      day,
      blocks: blocks.filter((b) => b.end > day && b.start < day + DAY),
    };
  });
}

/** The hours shown: 07:00 to 21:00, widened to every block and the clock in range. */
function hours(blocks: Block[], now: number, from: number, to: number): [number, number] {
  let first = 7;
  let last = 21;
  const within = (ms: number, lo: number) => (ms - lo) / HOUR;
  for (const b of blocks) {
    const day = Math.floor(b.start / DAY) * DAY;
    first = Math.min(first, Math.floor(Math.max(0, within(b.start, day))));
    last = Math.max(last, Math.ceil(Math.min(24, within(b.end, day))));
  }
  if (now >= from && now < to) {
    const at = within(now, Math.floor(now / DAY) * DAY);
    first = Math.min(first, Math.floor(at));
    last = Math.max(last, Math.ceil(at + 1 / 60));
  }
  return [first, Math.min(24, Math.max(last, first + 1))];
}

interface Names {
  states: Map<string, string>;
  services: Map<string, string>;
  clients: { get: (id: string) => string | undefined };
}

function namesOf(account: Account): Names {
  const { world } = account;
  return {
    states: new Map(world.appointmentStates.map((s) => [s.AppointmentStateId, s.Name])),
    services: new Map(world.services.map((s) => [s.ServiceId, s.Name])),
    clients: {
      get: (id) => {
        const c = clientWithId(world.clients, id);
        return c && `${c.FirstName} ${c.LastName}`;
      },
    },
  };
}

function column(account: Account, col: Column, first: number, last: number, now: number, names: Names): Html {
  const { states, services, clients } = names;
  const top = col.day + first * HOUR;
  const span = (last - first) * HOUR;
  const percent = (ms: number) => Math.min(100, Math.max(0, ((ms - top) / span) * 100));
  const lanes = lanesOf(col.blocks);
  return html`<div class="col" data-column="${col.key}">
${col.blocks.map((b) => {
  const { lane, of } = lanes.get(b) ?? { lane: 0, of: 1 };
  const y = percent(b.start);
  const height = Math.max(percent(b.end) - y, (10 * MINUTE * 100) / span);
  const state = states.get(b.appointment.AppointmentStateId) ?? 'Booked';
  const service = services.get(b.service.ServiceId) ?? 'Service';
  const label = `${b.service.Start.slice(11)}–${b.service.End.slice(11)} ${service}`;
  const id = b.appointment.AppointmentId;
  const who = clients.get(b.appointment.ClientId) ?? '';
  const staff = b.service.Employees.map((e) => e.FirstName).join(', ');
  const x = `left:calc(${((lane / of) * 100).toFixed(3)}% + 2px);width:calc(${(100 / of).toFixed(3)}% - 4px)`;
  // A block under 45 minutes has room for one line: the client follows the service on it.
  const short = b.end - b.start < 45 * MINUTE;
  return html`<a class="block${short ? ' short' : ''} st-${slug(state)}"
style="top:${y.toFixed(3)}%;height:${height.toFixed(3)}%;${x}"
href="${accountPath(account, `appointments/${id}`)}" data-appointment="${id}"
title="${label} · ${who} · ${state}"
aria-label="${label}, ${who}, ${state}, appointment ${b.appointment.AppointmentNumber}"
>${label}${short ? ' · ' : html`<br>`}${who}${staff ? html` · ${staff}` : ''}</a>`;
})}
${
  now >= top && now < top + span
    ? html`<div class="now" data-now-line="${utcText(now)}" style="top:${percent(now).toFixed(3)}%"></div>`
    : ''
}
</div>`;
}

/**
 * Side-by-side lanes for blocks that overlap (booking does not check availability, so an employee
 * can hold two at once): each run of overlapping blocks shares the column's width between its lanes.
 */
function lanesOf(blocks: readonly Block[]): Map<Block, { lane: number; of: number }> {
  const placed = new Map<Block, { lane: number; of: number }>();
  const sorted = [...blocks].sort((a, b) => a.start - b.start || a.end - b.end);
  let run: { lane: number; of: number }[] = [];
  let ends: number[] = [];
  let runEnd = -Infinity;
  for (const block of sorted) {
    if (block.start >= runEnd) {
      run = [];
      ends = [];
    }
    let lane = ends.findIndex((end) => end <= block.start);
    if (lane === -1) lane = ends.push(block.end) - 1;
    else ends[lane] = block.end;
    const place = { lane, of: 1 };
    run.push(place);
    for (const p of run) p.of = ends.length;
    placed.set(block, place);
    runEnd = Math.max(block.start >= runEnd ? -Infinity : runEnd, block.end);
  }
  return placed;
}

/** The state names as CSS classes: `In Progress` → `in-progress`. */
export const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function legend(account: Account): Html {
  return html`<ul class="legend" aria-label="Appointment states">
${account.world.appointmentStates.map((s) => html`<li class="st-${slug(s.Name)}">${s.Name}</li>`)}
</ul>`;
}
