import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomSecret, sha256 } from '../auth/hash.js';

// A browser cannot put the admin token in the Authorization header of a page it navigates to, nor
// of an EventSource. So the console's login form sends the token once, from the client script, and
// gets a session cookie: random, HttpOnly, SameSite=Strict and scoped to /__admin. Only its hash
// is held, in memory (a restart logs everyone out). A session ends after an hour unused, and 12 hours
// after it was opened in any case. Without an admin token none of this is used.

const COOKIE = 'console_session';
/** Sessions held at once; the oldest is dropped beyond it. */
const MAX_SESSIONS = 100;
/** A session not used for this long has ended: 1 hour. */
const SESSION_IDLE_MS = 60 * 60 * 1000;
/** A session ends this long after it was opened, used or not: 12 hours. */
const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

interface Session {
  opened: number;
  lastUsed: number;
}

export class ConsoleSessions {
  /** Sessions by the hash of their cookie, oldest opened first. */
  private readonly sessions = new Map<string, Session>();

  /** `now`: real time, epoch ms (the simulator's, which tests may pin). */
  constructor(private readonly now: () => number = Date.now) {}

  /** A new session on the answer being built. */
  open(c: Context): void {
    const value = randomSecret();
    const now = this.now();
    this.sessions.set(sha256(value), { opened: now, lastUsed: now });
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value ?? '');
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, COOKIE, value, { path: '/__admin', httpOnly: true, sameSite: 'Strict', secure });
  }

  /**
   * Whether the request carries a live session cookie: one opened less than SESSION_LIFETIME_MS ago
   * and used less than SESSION_IDLE_MS ago. Using it keeps it alive; an ended one is forgotten.
   */
  holds(c: Context): boolean {
    const value = getCookie(c, COOKIE);
    if (value === undefined) return false;
    const hash = sha256(value);
    const session = this.sessions.get(hash);
    if (session === undefined) return false;
    const now = this.now();
    if (now - session.lastUsed >= SESSION_IDLE_MS || now - session.opened >= SESSION_LIFETIME_MS) {
      this.sessions.delete(hash);
      return false;
    }
    session.lastUsed = now;
    return true;
  }

  close(c: Context): void {
    const value = getCookie(c, COOKIE);
    if (value !== undefined) this.sessions.delete(sha256(value));
    deleteCookie(c, COOKIE, { path: '/__admin' });
  }
}
