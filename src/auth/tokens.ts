import type { AuthData, Credential, TokenRecord } from './credentials.js';
import { randomSecret, sha256 } from './hash.js';

/** Six months, as the token endpoint reports it in `expires_in`. */
export const TOKEN_LIFETIME_SECONDS = 15_768_000;

/**
 * Tokens kept per credential: issuing one more revokes the oldest. Far above what a client that
 * stores its token and asks again on expiry ever holds (one or two), so such a client never sees
 * a valid token revoked, while a client that asks before every call cannot grow the account
 * without end.
 */
export const TOKENS_PER_CREDENTIAL = 10_000;

/**
 * Expired tokens dropped per issue from the front of each of the two queues swept (the issuing
 * credential's and one other's in turn): the sweep is bounded, and amortised over issues.
 */
export const SWEEP_STEP = 64;

/**
 * One credential's token hashes in issue order: `hashes[head..]` are held, the slots before
 * `head` are spent (compacted away once they are the larger part).
 */
interface Queue {
  hashes: string[];
  head: number;
}

/**
 * The tokens of one `auth.tokens` object by credential, in issue order, so issuing, capping and
 * sweeping never scan every token. Built from the object on first use (its keys keep insertion
 * order, which is issue order) and kept beside it in memory only; the stored data stays the
 * plain `{hash: record}` map. Every change to the map goes through this module.
 */
interface TokenIndex {
  /**
   * The map's rollback count when the index was built (see accounts/tokens-map.ts): a rollback changes the map behind
   * the index.
   */
  generation: number;
  queues: Map<string, Queue>;
  /** Round-robin over the credentials for sweeping the expired tokens of the others. */
  cursor: Iterator<[string, Queue]>;
}

const indexes = new WeakMap<Record<string, TokenRecord>, TokenIndex>();
const GENERATION = Symbol.for('business-api-sim.tokens-generation');

function indexOf(tokens: Record<string, TokenRecord>): TokenIndex {
  let index = indexes.get(tokens);
  const generation = (tokens as Record<symbol, number>)[GENERATION] ?? 0;
  if (index === undefined || index.generation !== generation) {
    const queues = new Map<string, Queue>();
    for (const [hash, record] of Object.entries(tokens)) queueOf(queues, record.credentialId).hashes.push(hash);
    index = { generation, queues, cursor: queues.entries() };
    indexes.set(tokens, index);
  }
  return index;
}

function queueOf(queues: Map<string, Queue>, credentialId: string): Queue {
  let queue = queues.get(credentialId);
  if (queue === undefined) {
    queue = { hashes: [], head: 0 };
    queues.set(credentialId, queue);
  }
  return queue;
}

const held = (queue: Queue): number => queue.hashes.length - queue.head;

function compact(queue: Queue): void {
  if (queue.head > 1024 && queue.head * 2 > queue.hashes.length) {
    queue.hashes = queue.hashes.slice(queue.head);
    queue.head = 0;
  }
}

/** Drops up to SWEEP_STEP expired tokens from the front of a queue (the oldest issued). */
function sweep(tokens: Record<string, TokenRecord>, queue: Queue, now: number): void {
  for (let i = 0; i < SWEEP_STEP && queue.head < queue.hashes.length; i++) {
    const hash = queue.hashes[queue.head]!;
    const record = tokens[hash];
    if (record !== undefined && record.expiresAt > now) break;
    delete tokens[hash];
    queue.head++;
  }
  compact(queue);
}

/** The next credential's queue in turn, starting over at the end; undefined when there is none. */
function nextQueue(index: TokenIndex): [string, Queue] | undefined {
  let next = index.cursor.next();
  if (next.done) {
    index.cursor = index.queues.entries();
    next = index.cursor.next();
  }
  return next.done ? undefined : next.value;
}

/**
 * Sweeps another credential's queue than the issuing one, in turn, so the tokens of credentials
 * no longer used expire away too; an emptied queue is forgotten.
 */
function sweepAnother(tokens: Record<string, TokenRecord>, index: TokenIndex, issuing: string, now: number): void {
  let next = nextQueue(index);
  if (next?.[0] === issuing) next = nextQueue(index);
  if (next === undefined || next[0] === issuing) return;
  const [credentialId, queue] = next;
  sweep(tokens, queue, now);
  if (held(queue) === 0) index.queues.delete(credentialId);
}

/** Stores a token record under its hash, as the newest of its credential, dropping the oldest beyond the cap. */
export function storeToken(auth: AuthData, hash: string, record: TokenRecord): void {
  // Already held: 32 random bytes never repeat, and a scenario's token given twice is refused before.
  if (auth.tokens[hash] !== undefined) return;
  const queue = queueOf(indexOf(auth.tokens).queues, record.credentialId);
  while (held(queue) >= TOKENS_PER_CREDENTIAL) delete auth.tokens[queue.hashes[queue.head++]!];
  compact(queue);
  auth.tokens[hash] = record;
  queue.hashes.push(hash);
}

/**
 * Issues a token for the credential; only its hash is kept. Beyond TOKENS_PER_CREDENTIAL the
 * oldest of the credential is revoked. Expired tokens are dropped on the way, a bounded number
 * per issue: the oldest of this credential and of one other credential in turn.
 */
export function issueToken(auth: AuthData, credential: Credential, now: number): { token: string; expiresAt: number } {
  const index = indexOf(auth.tokens);
  sweep(auth.tokens, queueOf(index.queues, credential.id), now);
  sweepAnother(auth.tokens, index, credential.id, now);
  const token = randomSecret(32);
  const expiresAt = now + TOKEN_LIFETIME_SECONDS * 1000;
  storeToken(auth, sha256(token), { credentialId: credential.id, issuedAt: now, expiresAt });
  return { token, expiresAt };
}

/** Revokes every active token of the credential: anything still using one fails at once. */
export function revokeTokens(auth: AuthData, credentialId: string): void {
  const index = indexOf(auth.tokens);
  const queue = index.queues.get(credentialId);
  if (queue === undefined) return;
  for (let i = queue.head; i < queue.hashes.length; i++) delete auth.tokens[queue.hashes[i]!];
  index.queues.delete(credentialId);
}

export type TokenCheck = { ok: true; credential: Credential } | { ok: false; reason: 'invalidToken' | 'unauthorized' };

/** Unknown, revoked or expired → invalidToken; a token whose credential is gone or inactive → unauthorized. */
export function checkToken(auth: AuthData, token: string, now: number): TokenCheck {
  const record = auth.tokens[sha256(token)];
  if (!record || record.expiresAt <= now) return { ok: false, reason: 'invalidToken' };
  const credential = auth.credentials.find((c) => c.id === record.credentialId);
  if (!credential?.active) return { ok: false, reason: 'unauthorized' };
  return { ok: true, credential };
}
