import type { Account } from '../accounts/account.js';
import { formatDateTime } from '../datetime.js';
import type { Generated } from './recurring.js';
import { sign, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing.js';
import { type EventKind, type Subscription, signingSecret, subscriptionsOf } from './subscriptions.js';

// Outgoing deliveries: one per (event, subscription). Each subscription has its own queue, so its
// deliveries arrive in order (a later one waits for the earlier, retries included). Retries back
// off exponentially in real time: base, 2×base, 4×base… up to MAX_ATTEMPTS attempts in all.

export const MAX_ATTEMPTS = 5;
const TIMEOUT_MS = 10_000;

export const deliveryOptions = {
  /** First retry delay; tests make it small. */
  retryBaseMs: 1000,
};

/** Sets the retry base for every account (createSimulator callers and tests). */
export function configureDeliveries(options: { retryBaseMs?: number }): void {
  if (options.retryBaseMs !== undefined) deliveryOptions.retryBaseMs = options.retryBaseMs;
}

export interface Delivery {
  id: string;
  webhookId: string;
  event: EventKind;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  /** The exact body sent; the signature is made per attempt. */
  payload: string;
}

interface Outbox {
  deliveries: Delivery[];
  /** Tail of each subscription's queue. */
  queues: Map<string, Promise<void>>;
}

const outboxes = new WeakMap<Account, Outbox>();

function outboxOf(account: Account): Outbox {
  let box = outboxes.get(account);
  if (!box) outboxes.set(account, (box = { deliveries: [], queues: new Map() }));
  return box;
}

export function listDeliveries(account: Account): Delivery[] {
  return outboxOf(account).deliveries;
}

/** Queues one delivery per subscription of each generated invoice's event, in run order. */
export function enqueueEvents(account: Account, generated: readonly Generated[]): void {
  if (generated.length === 0) return;
  const subscriptions = subscriptionsOf(account);
  for (const g of generated) {
    for (const s of subscriptions) {
      if (s.event !== g.event) continue;
      const id = account.random.guid();
      const payload = JSON.stringify({
        event: g.event,
        webhook_id: s.webhook_id,
        delivery_id: id,
        occurred_utc: formatDateTime(g.at),
        data: {
          accounting_document_id: g.document.AccountingDocumentId,
          accounting_document_type_id: g.document.AccountingDocumentTypeId,
          document_number: g.document.DocumentNumber,
          document_date: g.document.DocumentDate,
          site_id: g.document.SiteId,
          client_id: g.document.ClientId,
          supplier_id: g.document.SupplierId,
          total: g.document.Total,
          recurring_accounting_document_id: g.recurring.AccountingDocumentId,
          next_run_date: g.recurring.NextRunDate,
        },
      });
      const delivery: Delivery = {
        id, webhookId: s.webhook_id, event: g.event, url: s.url, status: 'pending', attempts: 0,
        lastStatus: null, lastError: null, createdAt: new Date().toISOString(), deliveredAt: null, payload,
      };
      start(account, s, delivery);
    }
  }
}

/** Sends a delivery again as a new delivery record (same payload), behind that subscription's queue. */
export function replay(account: Account, deliveryId: string): Delivery | 'unknown' | 'unsubscribed' {
  const original = outboxOf(account).deliveries.find((d) => d.id === deliveryId);
  if (!original) return 'unknown';
  const subscription = subscriptionsOf(account).find((s) => s.webhook_id === original.webhookId);
  if (!subscription) return 'unsubscribed';
  const copy: Delivery = {
    ...original, id: account.random.guid(), status: 'pending', attempts: 0, lastStatus: null, lastError: null,
    createdAt: new Date().toISOString(), deliveredAt: null,
  };
  start(account, subscription, copy);
  return copy;
}

/** Resolves when every queued delivery of the account has finished (tests, shutdown). */
export async function settled(account: Account): Promise<void> {
  await Promise.all(outboxOf(account).queues.values());
}

function start(account: Account, subscription: Subscription, delivery: Delivery): void {
  const box = outboxOf(account);
  box.deliveries.push(delivery);
  trim(box, account.limits.deliveryLogSize);
  const previous = box.queues.get(subscription.webhook_id) ?? Promise.resolve();
  const tail = previous.then(() => send(signingSecret(account, subscription), delivery));
  box.queues.set(subscription.webhook_id, tail);
  void tail.finally(() => {
    if (box.queues.get(subscription.webhook_id) === tail) box.queues.delete(subscription.webhook_id);
    // A delivery that was pending when the log filled can go now that it has finished.
    trim(box, account.limits.deliveryLogSize);
  });
}

/** Keeps the log at its size, dropping the oldest finished deliveries; pending ones stay until they finish. */
function trim(box: Outbox, keep: number): void {
  while (box.deliveries.length > keep) {
    const at = box.deliveries.findIndex((d) => d.status !== 'pending');
    if (at < 0) return;
    box.deliveries.splice(at, 1);
  }
}

async function send(secret: string, delivery: Delivery): Promise<void> {
  for (;;) {
    delivery.attempts++;
    try {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'business-api-simulator-webhooks',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: sign(secret, timestamp, delivery.payload),
          'x-webhook-id': delivery.webhookId,
          'x-delivery-id': delivery.id,
        },
        body: delivery.payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.lastStatus = response.status;
      delivery.lastError = response.ok ? null : `HTTP ${response.status}`;
      if (response.ok) {
        delivery.status = 'delivered';
        delivery.deliveredAt = new Date().toISOString();
        return;
      }
    } catch (error) {
      delivery.lastStatus = null;
      delivery.lastError = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (delivery.attempts >= MAX_ATTEMPTS) {
      delivery.status = 'failed';
      return;
    }
    await new Promise((r) => setTimeout(r, deliveryOptions.retryBaseMs * 2 ** (delivery.attempts - 1)));
  }
}
