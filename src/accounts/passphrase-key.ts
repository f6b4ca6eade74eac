import { createHmac, randomBytes, scrypt } from 'node:crypto';
import { performance } from 'node:perf_hooks';

// A key derived from a caller's passphrase (the snapshot's `X-Snapshot-Key`) with scrypt: 16 MiB
// and about 60 ms of CPU a derivation, by design. It runs on libuv's thread pool, never on the event
// loop, and at most MAX_DERIVING derivations run at once in the process, the others waiting their
// turn: the pool has 4 threads by default, which file reads and writes (every account's data files,
// scenario files) wait for too. A derived key is kept a short while (KEPT_MS, at most KEPT_KEYS of
// them), so a snapshot and its restore, retries and callers sending one passphrase at once derive
// it once. What is kept is the derived key only, found by an HMAC of the passphrase under a key made
// at random for this process, never the passphrase itself; the process holds the secrets such a key
// opens in any case (with the key of the data directory).

/** Derivations running at once in the process, at most. */
const MAX_DERIVING = 2;
/** Derived keys kept, at most; beyond it, the one kept longest is dropped. */
const KEPT_KEYS = 16;
/** How long a derived key is kept, in ms. */
const KEPT_MS = 60_000;

const SCRYPT_KEY_BYTES = 32;

/** The key the cache finds a passphrase by: the passphrase never stays in memory. */
const cacheKey = randomBytes(32);
const kept = new Map<string, { key: Promise<Buffer>; until: number }>();

let deriving = 0;
const waiting: (() => void)[] = [];

/** The 32-byte key scrypt derives from `passphrase` and `salt`, off the event loop; a key derived lately is reused. */
export function passphraseKey(passphrase: string, salt: string): Promise<Buffer> {
  const now = performance.now();
  for (const [id, k] of kept) if (k.until <= now) kept.delete(id);
  const id = createHmac('sha256', cacheKey).update(salt).update('\0').update(passphrase).digest('base64');
  const found = kept.get(id);
  if (found) return found.key;
  const key = inTurn(() => derive(passphrase, salt));
  kept.set(id, { key, until: now + KEPT_MS });
  // A failed derivation is not kept: the next caller tries again.
  key.catch(() => kept.delete(id));
  if (kept.size > KEPT_KEYS) kept.delete(kept.keys().next().value as string);
  return key;
}

function derive(passphrase: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase, salt, SCRYPT_KEY_BYTES, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Runs `work` once fewer than MAX_DERIVING others run; the slot of one that ends goes to the longest waiting. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (deriving < MAX_DERIVING) deriving++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else deriving--;
  }
}
