import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sha256 } from '../auth/hash.js';
import { errors } from '../errors/errors.js';
import { isOpenAdminCall } from './declarations.js';

// The control plane can create accounts, credentials and keys, so off loopback it needs a token:
// `Authorization: Bearer <token>` on every /__admin call but the open ones (the health probe and the
// control plane's own document, see declarations.ts). Only the token's hash is held, and it is compared
// in constant time.

export const ADMIN_TOKEN_ENV = 'BUSINESS_API_SIM_ADMIN_TOKEN';

/** Addresses only this machine can reach: no token is needed when the server binds one of them. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** How a browser gets through without the header: the console's login page, its assets, its session cookie. */
export interface BrowserAccess {
  admits(c: Context): boolean;
  /** What a refused request gets instead of the 401 (a console page: a redirect to the login form), if anything. */
  refusal(c: Context): Response | undefined;
  /** Called once the answer to a request it admitted is made (the console re-issues its session cookie). */
  admitted?(c: Context): void;
}

export function requireAdminToken(token: string, browser?: BrowserAccess): MiddlewareHandler {
  const expected = Buffer.from(sha256(token), 'hex');
  return async (c, next) => {
    if (isOpenAdminCall(c.req.method, c.req.path)) return next();
    if (browser?.admits(c)) {
      await next();
      browser.admitted?.(c);
      return;
    }
    const header = c.req.header('authorization')?.trim() ?? '';
    const given = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : '';
    if (given === '' || !timingSafeEqual(Buffer.from(sha256(given), 'hex'), expected)) {
      return (
        browser?.refusal(c) ??
        errors.admin(401, 'the control plane needs its token: Authorization: Bearer <admin token>').toResponse()
      );
    }
    return next();
  };
}
