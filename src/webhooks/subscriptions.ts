import { randomBytes } from 'node:crypto';
import type { Account } from '../accounts/account.js';
import type { AccountData } from '../accounts/store.js';
import { formatDateTime } from '../datetime.js';

// Webhook subscriptions live in the account's own document (so a --data-dir restart keeps them,
// and a reset clears them). The secret is kept in plain text there because HMAC signing needs it;
// it is answered only once (when generated) and never journalled, listed or shown by the control plane.

export const EVENT_KINDS = ['NewRecurringClientInvoice', 'NewRecurringSupplierInvoice'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface Subscription {
  webhook_id: string;
  event: EventKind;
  url: string;
  created_utc: string;
  /** Signing key; never answered after registration. */
  secret: string;
}

type WithWebhooks = AccountData & { webhooks?: Subscription[] };

export function subscriptionsOf(account: Account): Subscription[] {
  const data = account.store.data as WithWebhooks;
  return (data.webhooks ??= []);
}

/** The subscription without its secret: what lists and the control plane show. */
export function publicView(s: Subscription) {
  return { webhook_id: s.webhook_id, event: s.event, url: s.url, created_utc: s.created_utc };
}

/** Subscriptions an account holds at once; each one also holds a delivery queue. */
export const MAX_SUBSCRIPTIONS = 100;

export type RegisterResult =
  | { kind: 'created'; subscription: Subscription; generated: boolean }
  | { kind: 'exists' }
  | { kind: 'full' };

/** Same event and same URL (compared as normalised by URL parsing) is the same record. */
export function register(account: Account, event: EventKind, url: string, secret: string | undefined, now: number): RegisterResult {
  const list = subscriptionsOf(account);
  const target = new URL(url).href;
  if (list.some((s) => s.event === event && s.url === target)) return { kind: 'exists' };
  if (list.length >= MAX_SUBSCRIPTIONS) return { kind: 'full' };
  let id = account.random.guid();
  while (list.some((s) => s.webhook_id === id)) id = account.random.guid();
  // A generated secret comes from the OS CSPRNG, not the seeded source: a seeded one would be guessable.
  const generated = secret === undefined || secret === '';
  const subscription: Subscription = {
    webhook_id: id,
    event,
    url: target,
    created_utc: formatDateTime(now),
    secret: generated ? randomBytes(32).toString('hex') : secret,
  };
  list.push(subscription);
  return { kind: 'created', subscription, generated };
}

export function unregister(account: Account, webhookId: string): boolean {
  const list = subscriptionsOf(account);
  const at = list.findIndex((s) => s.webhook_id === webhookId.toLowerCase());
  if (at < 0) return false;
  list.splice(at, 1);
  return true;
}
