import { DAY, MINUTE } from '../datetime.js';

// Trading hours are local to a site; the API speaks UTC. Offsets come from Intl so DST follows
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
