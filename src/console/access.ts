import type { Context } from 'hono';
import type { BrowserAccess } from '../admin/token.js';
import type { ConsoleSessions } from './sessions.js';

// With an admin token: what the console lets through without the Authorization header, and where
// a refused page goes. The login form and the assets hold no data; everything else needs a session.

export const CONSOLE_BASE = '/__admin/console';
const LOGIN = `${CONSOLE_BASE}/login`;

export function consoleAccess(sessions: ConsoleSessions): BrowserAccess {
  return {
    admits: (c) => isPublic(c) || sessions.holds(c),
    refusal: (c) => {
      if (c.req.method !== 'GET' || !c.req.path.startsWith(CONSOLE_BASE)) return undefined;
      return c.redirect(`${LOGIN}?next=${encodeURIComponent(c.req.path)}`, 303);
    },
    admitted: (c) => {
      const cookie = sessions.renewal(c);
      if (cookie === undefined) return;
      try {
        c.res.headers.append('set-cookie', cookie);
      } catch {
        // A response whose headers cannot change (one a handler passed through) is copied first.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.append('set-cookie', cookie);
      }
    },
  };
}

function isPublic(c: Context): boolean {
  if (c.req.method !== 'GET') return false;
  return c.req.path === LOGIN || /^\/__admin\/console\/assets\/[a-z]+\.(js|css)$/.test(c.req.path);
}
