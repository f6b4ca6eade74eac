// Every date and time of the simulator. The API's DateTime is UTC, written `yyyy-MM-dd HH:mm`;
// internally instants are epoch milliseconds. Three parts: the lenient parser and formatter of API
// text, the fast codec of stored values, and site-local (time-zone) time.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm` in UTC. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** `yyyy-MM-dd` in UTC. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

// ASP.NET binds a DateTime leniently: a date alone is midnight, seconds, fractions, `T` and a
// trailing `Z` are accepted. Offsets other than Z are refused rather than silently converted.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?)?Z?$/;

/** Parses an API DateTime (UTC); undefined when the text is not one. */
export function parseDateTime(text: string): number | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  const hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 February over into March; a real calendar date must round-trip.
  if (new Date(ms).getUTCDate() !== day) return undefined;
  return ms;
}

/** Midnight UTC of the day holding `ms`. */
export function startOfDay(ms: number): number {
  return ms - (((ms % DAY) + DAY) % DAY);
}

// The codec of stored values: the world and the records hold tens of thousands of instants as
// `yyyy-MM-dd HH:mm` text; these give the same text as formatDateTime/parseDateTime above for
// whole minutes, at a fraction of the cost, and read only text the simulator wrote itself.

const dates = new Map<number, string>();

/** `yyyy-MM-dd HH:mm` in UTC, as formatDateTime. */
export function utcText(ms: number): string {
  const day = Math.floor(ms / DAY);
  let date = dates.get(day);
  if (date === undefined) dates.set(day, (date = formatDate(day * DAY)));
  const minutes = Math.floor((ms - day * DAY) / MINUTE);
  const h = Math.floor(minutes / 60),
    m = minutes % 60;
  return `${date} ${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

/** Parses text this generator wrote (`yyyy-MM-dd HH:mm`, or a date alone). */
export function utcMs(text: string): number {
  const d = (i: number) => text.charCodeAt(i) - 48;
  const hours = text.length >= 16 ? d(11) * 10 + d(12) : 0;
  const minutes = text.length >= 16 ? d(14) * 10 + d(15) : 0;
  return Date.UTC(d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3), d(5) * 10 + d(6) - 1, d(8) * 10 + d(9), hours, minutes);
}

/** The same day and time `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear(),
    m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes());
}

// Site-local time. Trading hours are local to a site; the API speaks UTC. Offsets come from Intl so DST follows
// the IANA rules of each zone.

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const QUARTER = 15 * MINUTE;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function probe(timeZone: string, at: number): number {
  const key = `${timeZone}|${at}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const p of formatter(timeZone).formatToParts(new Date(at))) {
      if (p.type !== 'literal') parts[p.type] = Number(p.value);
    }
    const wall = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
    );
    offsets.set(key, (offset = wall - at));
  }
  return offset;
}

// ICU loads its time-zone data on first use (about 20 ms); pay that when the module loads
// rather than inside the first world generated.
formatter('UTC').format(0);

/** Local wall-clock minus UTC, in ms, at the instant `utcMs`. */
export function zoneOffset(timeZone: string, utcMs: number): number {
  // Offsets change at most twice a year: when both ends of the surrounding week agree, one
  // cached probe serves the whole week; otherwise narrow to the day, then the quarter hour
  // (transitions fall on quarter hours, so that probe is exact).
  for (const span of [7 * DAY, DAY]) {
    const from = Math.floor(utcMs / span) * span;
    const offset = probe(timeZone, from);
    if (offset === probe(timeZone, from + span)) return offset;
  }
  return probe(timeZone, utcMs - (((utcMs % QUARTER) + QUARTER) % QUARTER));
}

/**
 * UTC instant of a local wall-clock time. `localDay` is the local calendar date expressed as
 * the UTC midnight carrying the same date; `minutes` counts from local midnight.
 */
export function localToUtc(timeZone: string, localDay: number, minutes: number): number {
  const wall = localDay + minutes * MINUTE;
  const first = zoneOffset(timeZone, wall);
  const guess = wall - first;
  const second = zoneOffset(timeZone, guess);
  // Near a transition the offset at the guess can differ from the first probe.
  return second === first ? guess : wall - second;
}

/** The local calendar date (as UTC midnight of that date) at the instant `utcMs`. */
export function localDayOf(timeZone: string, utcMs: number): number {
  const local = utcMs + zoneOffset(timeZone, utcMs);
  return local - (((local % DAY) + DAY) % DAY);
}

/** 0 = Sunday … 6 = Saturday, for a date held as UTC midnight. */
export const weekdayOf = (day: number): number => new Date(day).getUTCDay();

/** `HH:mm` to minutes after midnight. */
export function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}
