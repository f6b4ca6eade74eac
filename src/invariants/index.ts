import type { World } from '../world/index.js';
import { availabilityOffersOnlyBookableOnline } from './availability.js';
import {
  classesWithSessionsAreListed,
  inactiveSitesHaveNoActiveFutureClasses,
  sessionsTaughtByQualifiedEmployees,
} from './classes.js';
import type { Invariant } from './invariant.js';
import { historySpansAYear, recurringInvoicesPaidByDirectDebit, tillSalesPaidSameDay } from './sales.js';
import { nothingRecordedAfterClock, openClockInsOnlyTodayInTradingHours } from './time.js';
import { expiredVouchersConsistent, voucherKindsAgree } from './vouchers.js';

// The world's coherence, stated once: what a seeded account shows in a demo or to a test must make
// sense as a business. Each invariant is documented where it is defined.

export const WORLD_INVARIANTS = {
  nothingRecordedAfterClock,
  openClockInsOnlyTodayInTradingHours,
  sessionsTaughtByQualifiedEmployees,
  inactiveSitesHaveNoActiveFutureClasses,
  classesWithSessionsAreListed,
  voucherKindsAgree,
  expiredVouchersConsistent,
  availabilityOffersOnlyBookableOnline,
  historySpansAYear,
  tillSalesPaidSameDay,
  recurringInvoicesPaidByDirectDebit,
} satisfies Record<string, Invariant>;

/** Every broken invariant of the world at the clock, each line prefixed with the invariant's name. */
export function brokenInvariants(world: World, now: number): string[] {
  return Object.entries(WORLD_INVARIANTS).flatMap(([name, check]) => check(world, now).map((p) => `${name}: ${p}`));
}
