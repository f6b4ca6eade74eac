import type { Account } from '../accounts/account.js';
import { enqueueEvents } from './deliveries.js';
import { generateDue } from './recurring.js';

/**
 * Brings an account up to its clock: generates the recurring invoices due by `now`, queues their
 * events and saves when anything changed. Called at the start of every API request and after a
 * control-plane clock move.
 */
export async function catchUp(account: Account, now: number): Promise<void> {
  const generated = generateDue(account, now);
  if (generated.length === 0) return;
  enqueueEvents(account, generated);
  await account.save();
}
