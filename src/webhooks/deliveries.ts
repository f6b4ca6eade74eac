import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Account } from '../accounts/account.js';
import { areaTable } from '../accounts/tables.js';
import { formatDateTime } from '../datetime.js';
import { guidFromHex } from '../random.js';
import { EMPTY_GUID } from '../world/common.js';
import type { AccountingDocument } from '../world/sales.js';
import { DeliverySchedule, type Turns } from './delivery-turns.js';
import { DELIVERY_HEADER, guardedLookup, literalOwnTarget, OwnTargetError, portOf } from './own-target.js';
import { type EventKind, type Subscription, signingSecret, subscriptionsOf } from './subscriptions.js';

// Outgoing deliveries: one per (event, subscription). Each subscription has its own queue, so its
// deliveries arrive in order (a later one waits for the earlier, retries included). Retries back
// off exponentially in real time: base, 2×base, 4×base… up to MAX_ATTEMPTS attempts in all. Which
// attempt of which account goes next, and how many run at once, is delivery-turns.ts's.

export const MAX_ATTEMPTS = 5;

export interface Delivery {
  id: string;
  /** The event's id, the same for every delivery and replay of it: the generated document's id. */
  eventId: string;
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

// Deliveries are a table of the account, written in the same write as the change that produced
// their event: an event is sent only once that change is durable, and after a restart every
// delivery still pending is sent again (at least once; receivers de-duplicate on x-event-id).
// Each attempt's outcome is a write of its own. What runs in memory is only each subscription's
// queue of sends.

interface Sender {
  /** Tail of each subscription's queue. */
  queues: Map<string, Promise<void>>;
  /** Deliveries queued or being sent. */
  inFlight: Set<string>;
  /** The account's attempts running and waiting for a turn. */
  turns: Turns;
}

const senders = new WeakMap<Account, Sender>();

/** The account's sender, made with a turn in `schedule` (its simulator's); an account never prepared has one alone. */
function senderOf(account: Account, schedule?: DeliverySchedule): Sender {
  let sender = senders.get(account);
  if (!sender) {
    const turns = (schedule ?? new DeliverySchedule()).turnsFor(account.closedSignal);
    senders.set(account, (sender = { queues: new Map(), inFlight: new Set(), turns }));
  }
  return sender;
}

/** The schedule the account's delivery attempts take their turns in (its simulator's). */
export const deliveryScheduleOf = (account: Account): DeliverySchedule => senderOf(account).turns.schedule;

/** The origin a URL's attempts count against: scheme, host as written (lower case) and port. */
function originOf(url: string): string {
  try {
    const target = new URL(url);
    return `${target.protocol}//${target.hostname}:${portOf(target)}`;
  } catch {
    return url;
  }
}

/** The account's table of deliveries. */
const DELIVERIES = areaTable<Delivery>('deliveries', 'id');

export function listDeliveries(account: Account): readonly Delivery[] {
  return DELIVERIES.rows(account.store.data);
}

function setDeliveries(account: Account, rows: readonly Delivery[]): void {
  DELIVERIES.set(account.store.data, bounded(account, rows));
}

const appendDeliveries = (account: Account, added: readonly Delivery[]) =>
  setDeliveries(account, [...listDeliveries(account), ...added]);

const subscriptionOf = (account: Account, webhookId: string) =>
  subscriptionsOf(account).find((s) => s.webhook_id === webhookId);

/** Sends an account's deliveries once a write is durable, and now the ones a restart left pending. */
export function prepareDeliveries(account: Account, schedule: DeliverySchedule): void {
  senderOf(account, schedule);
  account.onCommit = () => sendPending(account);
  sendPending(account);
}

/** An invoice a recurring invoice made: the event subscribers hear of, at the run date. */
export interface InvoiceEvent {
  event: EventKind;
  /** The run date: the generated invoice's DocumentDate, and the event's occurred_utc. */
  at: number;
  document: AccountingDocument;
  recurring: AccountingDocument;
}

/**
 * The id of the event of a generated invoice: the invoice's id, in an account never restored. A
 * restored account continues the snapshot's ids, so it generates the invoices the account it was taken
 * of may already have announced; its events take an id of their own instead, a Guid from a SHA-256 of
 * the invoice's id, the account's name, the life of the name and the restores its events have been
 * through (a replacing restore goes past the replaced account's): so a receiver that drops an event id
 * it has seen never drops one of theirs, and copies of one snapshot under other names differ too.
 */
export function eventIdOf(account: Account, invoiceId: string): string {
  const restores = account.settings.eventLife ?? 0;
  if (restores === 0) return invoiceId;
  const salt = `${invoiceId}:${account.name}:life-${account.life}:restore-${restores}`;
  return guidFromHex(createHash('sha256').update(salt).digest('hex'), 5);
}

/** Adds one delivery per subscription of each generated invoice's event, in run order, in the write that made it. */
export function enqueueEvents(account: Account, generated: readonly InvoiceEvent[]): void {
  if (generated.length === 0) return;
  const subscriptions = subscriptionsOf(account);
  const added: Delivery[] = [];
  for (const g of generated) {
    for (const s of subscriptions) {
      if (s.event !== g.event) continue;
      const id = account.random.guid();
      const eventId = eventIdOf(account, g.document.AccountingDocumentId);
      const payload = JSON.stringify({
        event: g.event,
        event_id: eventId,
        webhook_id: s.webhook_id,
        delivery_id: id,
        occurred_utc: formatDateTime(g.at),
        data: {
          accounting_document_id: g.document.AccountingDocumentId,
          accounting_document_type_id: g.document.AccountingDocumentTypeId,
          document_number: g.document.DocumentNumber,
          document_date: g.document.DocumentDate,
          site_id: g.document.SiteId,
          // Guids with no value are the empty Guid here too, as in every answer (http/empty-guids.ts).
          client_id: g.document.ClientId ?? EMPTY_GUID,
          supplier_id: g.document.SupplierId ?? EMPTY_GUID,
          total: g.document.Total,
          recurring_accounting_document_id: g.recurring.AccountingDocumentId,
          next_run_date: g.recurring.NextRunDate,
        },
      });
      added.push({
        id,
        eventId,
        webhookId: s.webhook_id,
        event: g.event,
        url: s.url,
        status: 'pending',
        attempts: 0,
        lastStatus: null,
        lastError: null,
        createdAt: formatDateTime(g.at),
        deliveredAt: null,
        payload,
      });
    }
  }
  if (added.length > 0) appendDeliveries(account, added);
}

/** Fails waiting deliveries beyond the per-subscription cap (oldest first); drops finished ones beyond the log size. */
function bounded(account: Account, rows: readonly Delivery[]): readonly Delivery[] {
  const cap = account.limits.pendingDeliveries;
  const excess = new Map<string, number>();
  for (const d of rows) if (d.status === 'pending') excess.set(d.webhookId, (excess.get(d.webhookId) ?? -cap) + 1);
  let out = rows;
  if ([...excess.values()].some((n) => n > 0)) {
    out = rows.map((d) => {
      const n = excess.get(d.webhookId) ?? 0;
      if (d.status !== 'pending' || n <= 0) return d;
      excess.set(d.webhookId, n - 1);
      return { ...d, status: 'failed', lastError: `dropped: more than ${cap} deliveries waiting for this webhook` };
    });
  }
  let drop = out.length - account.limits.deliveryLogSize;
  if (drop > 0) {
    out = out.filter((d) => {
      if (drop <= 0 || d.status === 'pending') return true;
      drop--;
      return false;
    });
  }
  return out;
}

/** Sends a delivery again as a new delivery record (same payload and event id), behind that subscription's queue. */
export function replay(account: Account, deliveryId: string): Delivery | 'unknown' | 'unsubscribed' {
  const original = listDeliveries(account).find((d) => d.id === deliveryId);
  if (!original) return 'unknown';
  const subscription = subscriptionOf(account, original.webhookId);
  if (!subscription) return 'unsubscribed';
  const copy: Delivery = {
    ...original,
    id: account.random.guid(),
    status: 'pending',
    attempts: 0,
    lastStatus: null,
    lastError: null,
    createdAt: formatDateTime(account.clock.now()),
    deliveredAt: null,
  };
  appendDeliveries(account, [copy]);
  return copy;
}

/** Resolves when every queued delivery of the account has finished (tests, shutdown). */
export async function settled(account: Account): Promise<void> {
  for (;;) {
    const queues = [...senderOf(account).queues.values()];
    if (queues.length === 0) return;
    await Promise.all(queues);
  }
}

/** Queues every pending delivery that is not queued yet; called after each write and when an account is loaded. */
export function sendPending(account: Account): void {
  const sender = senderOf(account);
  for (const delivery of listDeliveries(account)) {
    if (delivery.status !== 'pending' || sender.inFlight.has(delivery.id)) continue;
    const subscription = subscriptionOf(account, delivery.webhookId);
    if (!subscription) continue;
    sender.inFlight.add(delivery.id);
    const previous = sender.queues.get(subscription.webhook_id) ?? Promise.resolve();
    const tail = previous.then(() => send(account, subscription, delivery.id));
    sender.queues.set(subscription.webhook_id, tail);
    void tail.finally(() => {
      sender.inFlight.delete(delivery.id);
      if (sender.queues.get(subscription.webhook_id) === tail) sender.queues.delete(subscription.webhook_id);
    });
  }
}

/** Records an attempt's outcome as a write; false when the delivery is gone (account reset or deleted). */
async function record(account: Account, id: string, patch: Partial<Delivery>): Promise<Delivery | undefined> {
  try {
    return await account.write(() => {
      const rows = listDeliveries(account);
      const at = rows.findIndex((d) => d.id === id);
      if (at < 0) return undefined;
      const next = { ...rows[at]!, ...patch };
      setDeliveries(account, rows.with(at, next));
      return next;
    });
  } catch {
    return undefined;
  }
}

async function send(account: Account, subscription: Subscription, id: string): Promise<void> {
  const sender = senderOf(account);
  let delivery = listDeliveries(account).find((d) => d.id === id);
  while (delivery && delivery.status === 'pending' && !account.isClosed) {
    const attempts = delivery.attempts + 1;
    let patch: Partial<Delivery>;
    const { schedule } = sender.turns;
    const done = await schedule.turn(sender.turns, originOf(delivery.url));
    try {
      if (account.isClosed) return;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const status = await postJson(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'business-api-simulator-webhooks',
          [DELIVERY_HEADER]: '1',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: sign(signingSecret(account, subscription), timestamp, delivery.payload),
          'x-webhook-id': delivery.webhookId,
          'x-delivery-id': delivery.id,
          'x-event-id': delivery.eventId,
        },
        delivery.payload,
        account.closedSignal,
        schedule.timing.attemptDeadlineMs,
      );
      const ok = status >= 200 && status < 300;
      patch = { attempts, lastStatus: status, lastError: ok ? null : `HTTP ${status}` };
      if (ok) Object.assign(patch, { status: 'delivered', deliveredAt: new Date().toISOString() });
    } catch (error) {
      const message =
        error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
      patch = { attempts, lastStatus: null, lastError: message };
      // A target that is this simulator stays so: no retry.
      if (error instanceof OwnTargetError) patch.status = 'failed';
    } finally {
      done();
    }
    if (patch.status === undefined && attempts >= MAX_ATTEMPTS) patch.status = 'failed';
    delivery = await record(account, id, patch);
    if (delivery?.status !== 'pending') return;
    const backoff = schedule.timing.retryBaseMs * 2 ** (attempts - 1);
    await sleep(backoff, undefined, { signal: account.closedSignal }).catch(() => undefined);
  }
}

// Deliveries are signed with HMAC-SHA256 over `<timestamp>.<raw body>` with the subscription's
// secret; the timestamp is in its own header so a receiver can refuse replays of old requests.

const SIGNATURE_HEADER = 'x-signature';
const TIMESTAMP_HEADER = 'x-signature-timestamp';

function sign(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

// Each attempt opens a connection of its own and closes it when it ends: no keep-alive pool, which
// would hand a freed socket to another request of the same origin ahead of everyone else's turn.
// How many attempts run at once, and whose goes next, is delivery-turns.ts's.

/**
 * Posts a JSON body; resolves with the status once the whole answer is read. Rejects on a network
 * error, on a target that is this simulator, when the attempt passes its deadline (counted from the
 * call, made once the attempt has its turn: the name looked up, connect, send and the whole answer,
 * however slowly it trickles in), or when `signal` aborts (the account is deleted). Redirects are
 * answers like any other: never followed.
 */
function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  deadline: number,
): Promise<number> {
  const target = new URL(url);
  const refused = literalOwnTarget(target);
  if (refused) return Promise.reject(refused);
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const stop = (error: Error) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      reject(error);
      request.destroy();
    };
    const aborted = () => stop(new Error('stopped: the account was deleted'));
    const request = send(
      target,
      {
        method: 'POST',
        // A connection of its own, closed once the answer is read.
        agent: false,
        lookup: guardedLookup(portOf(target)),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', aborted);
          resolve(response.statusCode ?? 0);
        });
        response.on('error', stop);
      },
    );
    const timer = setTimeout(() => stop(new Error(`no whole answer within ${deadline / 1000} s`)), deadline);
    request.on('error', stop);
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    request.end(body);
  });
}
