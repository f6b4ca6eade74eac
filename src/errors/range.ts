import { DAY } from '../datetime.js';
import { errors } from './errors.js';
import type { Rule } from './rules.js';

/**
 * The documented date-range caps (90 days for appointments, schedules and time records, 730 for
 * appointment history, 365 for the sales report). The span is measured exactly, end minus start:
 * 90 days to the minute passes, one minute more is the 400. An end before the start is no error;
 * such a range simply matches nothing.
 */
export function checkRange(start: number, end: number, maxDays: number, rule: Rule): void {
  if (end - start > maxDays * DAY) throw errors.maxDateRange(maxDays, rule);
}

/**
 * Rule 7 of the shared rules: where a list "widens the end by one day", the end bound sent is moved
 * one day later before the query, and the widened bound is inclusive. So a date-only end covers the
 * whole of that date (and midnight that starts the next one), and same start and end returns that
 * day. A time on the end is kept: `end=2026-03-10 14:00` reaches `2026-03-11 14:00`.
 */
export function widenedEnd(end: number): number {
  return end + DAY;
}
