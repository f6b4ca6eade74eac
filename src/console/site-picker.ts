import { html } from 'hono/html';
import { DAY, formatDate, parseDateTime, startOfDay } from '../datetime.js';
import type { Site } from '../world/sites.js';
import type { Html } from './layout.js';

// What the diary, the classes and the sales pages share: the site and the day asked for in the
// query (the first active site and the account clock's day by default), and the form that asks.

export interface DayQuery {
  site?: string | undefined;
  date?: string | undefined;
}

/** The site asked for, else the first active one, else the first. */
export function siteOf(sites: readonly Site[], id: string | undefined): Site | undefined {
  return sites.find((s) => s.SiteId === id) ?? sites.find((s) => s.State === 1) ?? sites[0];
}

/** Midnight UTC of the `yyyy-MM-dd` asked for, else of the clock's day. */
export function dayOf(date: string | undefined, now: number): number {
  const parsed = date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date) ? parseDateTime(date) : undefined;
  return parsed ?? startOfDay(now);
}

/** Monday of the week holding `day`. */
export const mondayOf = (day: number) => day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;

export function sitePicker(
  sites: readonly Site[],
  site: Site | undefined,
  day: number,
  extra: Html | string = '',
): Html {
  return html`<form class="inline" method="get" aria-label="Site and date">
<label>Site <select name="site">
${sites.map((s) => html`<option value="${s.SiteId}"${s === site ? html` selected` : ''}>${s.Name}</option>`)}
</select></label>
<label>Date <input type="date" name="date" value="${formatDate(day)}"></label>
${extra}
<button>Show</button>
</form>`;
}
