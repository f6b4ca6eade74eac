import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomSecret, sha256 } from '../auth/hash.js';

// A browser cannot put the admin token in the Authorization header of a page it navigates to, nor
// of an EventSource. So the console's login form sends the token once, from the client script, and
// gets a session cookie: random, HttpOnly, SameSite=Strict and scoped to /__admin. Only its hash
// is held, in memory (a restart logs everyone out). Without an admin token none of this is used.

const COOKIE = 'console_session';
/** Sessions held at once; the oldest is dropped beyond it. */
const MAX_SESSIONS = 100;

export class ConsoleSessions {
  private readonly hashes = new Set<string>();

  /** A new session on the answer being built. */
  open(c: Context): void {
    const value = randomSecret();
    this.hashes.add(sha256(value));
    if (this.hashes.size > MAX_SESSIONS) this.hashes.delete(this.hashes.values().next().value ?? '');
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, COOKIE, value, { path: '/__admin', httpOnly: true, sameSite: 'Strict', secure });
  }

  /** Whether the request carries a live session cookie. */
  holds(c: Context): boolean {
    const value = getCookie(c, COOKIE);
    return value !== undefined && this.hashes.has(sha256(value));
  }

  close(c: Context): void {
    const value = getCookie(c, COOKIE);
    if (value !== undefined) this.hashes.delete(sha256(value));
    deleteCookie(c, COOKIE, { path: '/__admin' });
  }
}
