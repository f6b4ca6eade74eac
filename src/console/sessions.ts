import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';

// A browser cannot put the admin token in the Authorization header of a page it navigates to, nor
// of an EventSource. So the console's login form sends the token once, from the client script, and
// gets a session cookie: HttpOnly, SameSite=Strict and scoped to /__admin. The cookie carries when the
// session was opened, when it was last used and a random id, signed (HMAC-SHA256) with a key derived
// from the admin token under a fixed label, never the token itself: every node of a fleet sharing the
// token accepts a session any of them opened, and a node with another token refuses it. A session ends
// after an hour unused, and 12 hours after it was opened in any case; each use re-issues the cookie with
// the time of that use. Logging out clears the cookie, and the node that answers it remembers the id as
// revoked until the session's lifetime is over. Without an admin token none of this is used.

const COOKIE = 'console_session';
/** A session not used for this long has ended: 1 hour. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** A session ends this long after it was opened, used or not: 12 hours. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Ids of logged-out sessions remembered at once; the one that ends first is forgotten beyond it. */
export const MAX_REVOKED_SESSIONS = 10_000;
/** The label the signing key is derived under (HKDF-SHA256 of the admin token). */
const KEY_LABEL = 'business-api-simulator console session v1';
const ID_BYTES = 16;
const MAC_BYTES = 32;
/** Opened and last used, 6 bytes each (epoch ms), then the id, then the MAC over all three: 80 base64url characters. */
const TIMES_BYTES = 12;
const COOKIE_BYTES = TIMES_BYTES + ID_BYTES + MAC_BYTES;

interface Session {
  opened: number;
  lastUsed: number;
  id: string;
}

export class ConsoleSessions {
  private readonly key: Buffer;
  /** Logged-out session ids, with the time each session's lifetime ends, in the order revoked. */
  private readonly revoked = new Map<string, number>();
  /** The cookie re-issued to a request a session admitted, set on its answer once it is made. */
  private readonly renewed = new WeakMap<Request, string>();

  /**
   * `adminToken`: the key is derived from it (a random key when there is none: sessions are then
   * never used). `now`: real time, epoch ms (the simulator's, which tests may pin).
   */
  constructor(
    adminToken?: string,
    private readonly now: () => number = Date.now,
  ) {
    const secret = adminToken === undefined ? randomBytes(32) : Buffer.from(adminToken, 'utf8');
    this.key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_LABEL, 32));
  }

  /** A new session on the answer being built. */
  open(c: Context): void {
    const now = this.now();
    this.renewed.delete(c.req.raw);
    c.header('set-cookie', this.cookie(c, { opened: now, lastUsed: now, id: randomBytes(ID_BYTES).toString('hex') }), {
      append: true,
    });
  }

  /**
   * Whether the request carries a live session cookie: signed with this key, opened less than
   * SESSION_LIFETIME_MS ago, used less than SESSION_IDLE_MS ago and not logged out. Using it keeps it
   * alive: `renewal` then gives the cookie with this use's time.
   */
  holds(c: Context): boolean {
    const session = this.verified(c);
    if (session === undefined) return false;
    const now = this.now();
    if (now - session.lastUsed >= SESSION_IDLE_MS || now - session.opened >= SESSION_LIFETIME_MS) return false;
    if (now < session.opened) return false;
    this.renewed.set(c.req.raw, this.cookie(c, { ...session, lastUsed: Math.max(now, session.lastUsed) }));
    return true;
  }

  /** The cookie to send back to a request `holds` admitted (the session with the time of this use), if any. */
  renewal(c: Context): string | undefined {
    return this.renewed.get(c.req.raw);
  }

  close(c: Context): void {
    const session = this.verified(c);
    this.renewed.delete(c.req.raw);
    if (session !== undefined) this.revoke(session);
    deleteCookie(c, COOKIE, { path: '/__admin' });
  }

  private revoke(session: Session): void {
    const now = this.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    this.revoked.set(session.id, session.opened + SESSION_LIFETIME_MS);
    if (this.revoked.size > MAX_REVOKED_SESSIONS) {
      // The one whose lifetime ends first: forgetting it shortens the time a copied cookie could be replayed most.
      let first: [string, number] | undefined;
      for (const entry of this.revoked) if (first === undefined || entry[1] < first[1]) first = entry;
      if (first) this.revoked.delete(first[0]);
    }
  }

  /** The session of the request's cookie, when its signature is this key's and it was not logged out. */
  private verified(c: Context): Session | undefined {
    const value = getCookie(c, COOKIE);
    // Exactly the characters of COOKIE_BYTES: a multiple of 3 bytes, so no character is padding a decoder ignores.
    if (value === undefined || value.length !== (COOKIE_BYTES / 3) * 4 || !/^[\w-]+$/.test(value)) return undefined;
    const bytes = Buffer.from(value, 'base64url');
    const signed = bytes.subarray(0, TIMES_BYTES + ID_BYTES);
    const mac = bytes.subarray(TIMES_BYTES + ID_BYTES);
    if (!timingSafeEqual(mac, this.mac(signed))) return undefined;
    const session = {
      opened: signed.readUIntBE(0, 6),
      lastUsed: signed.readUIntBE(6, 6),
      id: signed.subarray(TIMES_BYTES).toString('hex'),
    };
    if (this.revoked.has(session.id)) return undefined;
    return session;
  }

  private mac(signed: Buffer): Buffer {
    return createHmac('sha256', this.key).update(signed).digest();
  }

  /** The Set-Cookie value for a session. */
  private cookie(c: Context, session: Session): string {
    const signed = Buffer.alloc(TIMES_BYTES + ID_BYTES);
    signed.writeUIntBE(session.opened, 0, 6);
    signed.writeUIntBE(session.lastUsed, 6, 6);
    Buffer.from(session.id, 'hex').copy(signed, TIMES_BYTES);
    const value = Buffer.concat([signed, this.mac(signed)]).toString('base64url');
    const secure = new URL(c.req.url).protocol === 'https:';
    return serialize(COOKIE, value, { path: '/__admin', httpOnly: true, sameSite: 'Strict', secure });
  }
}
