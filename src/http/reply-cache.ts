import type { Reply } from './reply.js';

// Read-only endpoints whose answer depends only on the account's world and the request (the
// catalogue, the sites) are answered again from the bytes built last time, until the account is
// next saved. Building and serialising the rows is most of such a request's cost.

const MAX_ENTRIES = 512;
/** Bytes of answers kept per account; a large world's lists would otherwise let 512 entries reach tens of MiB. */
export const MAX_REPLY_BYTES = 2 * 1024 * 1024;

const caches = new WeakMap<object, ReplyCache>();

/** The account's cache of answers (kept beside the account, which knows nothing of answers). */
export function repliesOf(account: object): ReplyCache {
  let cache = caches.get(account);
  if (!cache) caches.set(account, (cache = new ReplyCache()));
  return cache;
}

export class ReplyCache {
  private readonly replies = new Map<string, Reply>();
  private version = -1;
  private bytes = 0;

  get size(): number {
    return this.replies.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  get(version: number, key: string): Reply | undefined {
    if (version !== this.version) {
      this.clear();
      this.version = version;
      return undefined;
    }
    return this.replies.get(key);
  }

  set(version: number, key: string, reply: Reply): void {
    if (version !== this.version) return;
    // Kept encoded, so a reused answer is not turned into UTF-8 again on every send.
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    const length = body?.byteLength ?? 0;
    if (length > MAX_REPLY_BYTES) return;
    if (this.replies.size >= MAX_ENTRIES || this.bytes + length > MAX_REPLY_BYTES) this.clear();
    const previous = this.replies.get(key);
    if (previous) this.bytes -= (previous.body as Uint8Array | null)?.byteLength ?? 0;
    this.replies.set(key, { ...reply, body });
    this.bytes += length;
  }

  private clear(): void {
    this.replies.clear();
    this.bytes = 0;
  }
}
