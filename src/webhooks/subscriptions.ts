import { randomBytes } from 'node:crypto';
import type { Account } from '../accounts/account.js';
import { SECRETS_KEY_FILE } from '../accounts/secret-box.js';
import { areaTable } from '../accounts/tables.js';
import { formatDateTime } from '../datetime.js';
import { RECORD_RULES } from '../errors/body-rules.js';
import { errors } from '../errors/errors.js';
import { isOwnHostName, listensOn } from './own-target.js';
import { WEBHOOK_RULES } from './rules.js';

// Webhook subscriptions are a table of the account (so a --data-dir restart keeps them, and a
// reset clears them). HMAC signing needs the secret itself, so it is kept sealed (AES-256-GCM,
// bound to the webhook id) under the key outside the account files; it is answered only once (when
// generated) and never journalled, listed or shown by the control plane.

export const EVENT_KINDS = ['NewRecurringClientInvoice', 'NewRecurringSupplierInvoice'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export interface Subscription {
  webhook_id: string;
  event: EventKind;
  url: string;
  created_utc: string;
  /** Signing key, sealed by the account's secret box; never answered after registration. */
  secret_sealed: string;
}

/** The account's table of subscriptions. */
export const SUBSCRIPTIONS = areaTable<Subscription>('webhooks', 'webhook_id');

/** The account's subscriptions. */
export function subscriptionsOf(account: Account): readonly Subscription[] {
  return SUBSCRIPTIONS.rows(account.store.data);
}

function setSubscriptions(account: Account, list: readonly Subscription[]): void {
  SUBSCRIPTIONS.set(account.store.data, list);
}

/** The subscription without its secret: what lists and the control plane show. */
export function publicView(s: Subscription) {
  return { webhook_id: s.webhook_id, event: s.event, url: s.url, created_utc: s.created_utc };
}

/** Subscriptions an account holds at once; each one also holds a delivery queue. */
export const MAX_SUBSCRIPTIONS = 100;

/** The plain signing key, for the moment of signing. */
export function signingSecret(account: Account, s: Subscription): string {
  return account.secrets.open(s.secret_sealed, s.webhook_id);
}

/** A sealed secret the key cannot open, as `webhooks: <id>: ...`; checked when a data directory is loaded. */
export function checkSealedSecrets(account: Account): string | undefined {
  for (const s of subscriptionsOf(account)) {
    try {
      account.secrets.open(s.secret_sealed, s.webhook_id);
    } catch {
      return (
        `webhooks: ${s.webhook_id}: secret_sealed: does not open with the ` +
        `data directory's ${SECRETS_KEY_FILE} (the key file was replaced ` +
        `or the value altered)`
      );
    }
  }
  return undefined;
}

/**
 * Same event and same URL (compared as normalised by URL parsing) is the same record. The answer
 * shows the secret only when it was generated.
 */
export function register(account: Account, body: { event: EventKind; url: string; secret?: string }, now: number) {
  const url = new URL(body.url);
  // Names are checked again as they resolve, at each delivery; this catches the plain spellings early.
  if (isOwnHostName(url) && listensOn(url)) {
    throw errors.field('url', 'A webhook cannot target this simulator.', WEBHOOK_RULES.ownTarget);
  }
  const target = url.href;
  if (subscriptionsOf(account).some((s) => s.event === body.event && s.url === target)) {
    throw errors.webhookExists(WEBHOOK_RULES.exists);
  }
  if (subscriptionsOf(account).length >= MAX_SUBSCRIPTIONS)
    throw errors.field('url', `An account holds at most ${MAX_SUBSCRIPTIONS} webhooks.`, WEBHOOK_RULES.perAccount);
  const id = account.random.guid();
  // A generated secret comes from the OS CSPRNG, not the seeded source: a seeded one would be guessable.
  const generated = !body.secret;
  const plain = body.secret || randomBytes(32).toString('hex');
  const subscription: Subscription = {
    webhook_id: id,
    event: body.event,
    url: target,
    created_utc: formatDateTime(now),
    secret_sealed: account.secrets.seal(plain, id),
  };
  setSubscriptions(account, [...subscriptionsOf(account), subscription]);
  return generated ? { ...publicView(subscription), secret: plain } : publicView(subscription);
}

export function unregister(account: Account, webhookId: string): void {
  const at = subscriptionsOf(account).findIndex((s) => s.webhook_id === webhookId.toLowerCase());
  if (at < 0) throw errors.recordDoesNotExist(RECORD_RULES.recordExists);
  setSubscriptions(account, subscriptionsOf(account).toSpliced(at, 1));
}
