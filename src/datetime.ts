// The API's DateTime is UTC, written `yyyy-MM-dd HH:mm`. Internally instants are epoch milliseconds.

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
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?)?Z?$/;

/** Parses an API DateTime (UTC); undefined when the text is not one. */
export function parseDateTime(text: string): number | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
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
