import { DAY } from '../datetime.js';
import { errors } from './errors.js';

/**
 * The documented date-range caps (90 days for appointments, schedules and time records, 730 for
 * appointment history, 365 for the sales report). The span is measured exactly, end minus start:
 * 90 days to the minute passes, one minute more is the 400. An end before the start is no error;
 * such a range simply matches nothing.
 */
export function checkRange(start: number, end: number, maxDays: number): void {
  if (end - start > maxDays * DAY) throw errors.maxDateRange(maxDays);
}
