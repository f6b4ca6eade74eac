import { DAY, localDayOf, localToUtc, MINUTE, minutesOf, weekdayOf } from '../../datetime.js';
import type { Site } from '../../world/sites.js';

// A day of a site: its local calendar date and the trading hours of that date as UTC instants.
// Nothing is offered outside trading hours.

/** Offered start times fall on the quarter hour. */
export const QUARTER = 15 * MINUTE;

export interface SiteDay {
  /** Local calendar date of the site, held as the UTC midnight of that date. */
  localDay: number;
  open: number;
  close: number;
}

/** The site's trading window on a local date; null when closed (or open no time at all). */
export function tradingDay(site: Site, localDay: number): SiteDay | null {
  const hours = site.TradingHours.find((h) => h.DayOfWeek === weekdayOf(localDay));
  if (!hours || hours.Closed) return null;
  const open = localToUtc(site.TimeZone, localDay, minutesOf(hours.Open));
  const close = localToUtc(site.TimeZone, localDay, minutesOf(hours.Close));
  return close > open ? { localDay, open, close } : null;
}

/** The site's local calendar date at an instant. */
export const localDateAt = (site: Site, instant: number): number => localDayOf(site.TimeZone, instant);

/**
 * The first quarter hour at or after `ms`. Every zone's offset is a whole number of quarter hours, so UTC and local
 * quarters agree.
 */
export const nextQuarter = (ms: number): number => Math.ceil(ms / QUARTER) * QUARTER;

export const addDays = (localDay: number, days: number): number => localDay + days * DAY;
