import type { Reply } from './reply.js';

// Read-only endpoints whose answer depends only on the account's world and the request (the
// catalogue, the sites) are answered again from the bytes built last time, until the account is
// next saved. Building and serialising the rows is most of such a request's cost.

const MAX_ENTRIES = 512;

export class ReplyCache {
  private readonly replies = new Map<string, Reply>();
  private version = -1;

  get(version: number, key: string): Reply | undefined {
    if (version !== this.version) {
      this.replies.clear();
      this.version = version;
      return undefined;
    }
    return this.replies.get(key);
  }

  set(version: number, key: string, reply: Reply): void {
    if (version !== this.version) return;
    if (this.replies.size >= MAX_ENTRIES) this.replies.clear();
    // Kept encoded, so a reused answer is not turned into UTF-8 again on every send.
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
    this.replies.set(key, { ...reply, body });
  }
}
