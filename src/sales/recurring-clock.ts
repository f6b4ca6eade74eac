import type { Account } from '../accounts/account.js';
import { enqueueEvents, prepareDeliveries } from '../webhooks/deliveries.js';
import type { DeliverySchedule } from '../webhooks/delivery-turns.js';
import { anythingDue, generateDue } from './recurring.js';

/**
 * Hooks the recurring invoices and their events into an account: before each request (and after a
 * control-plane clock move) the invoices due by the clock are generated and their deliveries
 * stored in the same write; deliveries are sent once a write is durable, and again after a restart.
 */
export function prepareRecurring(account: Account, deliveries: DeliverySchedule): void {
  account.onClock = {
    due: (now) => anythingDue(account, now),
    run: (now) => enqueueEvents(account, generateDue(account, now)),
  };
  prepareDeliveries(account, deliveries);
}
