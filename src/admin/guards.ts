import type { MiddlewareHandler } from 'hono';
import { errors } from '../errors/errors.js';
import { isOpenAdminCall } from './declarations.js';

// A simulator on a developer's machine can be reached by any web page open in their browser: a
// form or fetch to http://127.0.0.1:4010 (cross-site), or the page's own host name re-pointed at
// 127.0.0.1 (DNS rebinding, which makes it same-origin to the browser). The control plane creates
// credentials and keys, so it refuses what such a page can send. Callers that are not browsers
// (curl, test suites, the kit) send no Origin and are unaffected.

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Without an admin token, every control-plane call but the open ones (health, the document) must
 * name a local host (127.0.0.0/8, [::1], localhost, *.localhost, any port): a page that rebinds its own name to
 * 127.0.0.1 still sends that name as Host. With a token the token is the protection, and this is off.
 */
export const requireLocalHost: MiddlewareHandler = async (c, next) => {
  if (isOpenAdminCall(c.req.method, c.req.path)) return next();
  const hosts = [new URL(c.req.url).host, c.req.header('host')].filter((h) => h !== undefined);
  if (!hosts.every(isLocalHost)) {
    return errors
      .admin(
        403,
        'without an admin token the control plane answers only a local Host: 127.0.0.1 (any 127.x.x.x), [::1], ' +
          'localhost or *.localhost',
      )
      .toResponse();
  }
  return next();
};

/**
 * Writes (POST, PUT, PATCH, DELETE) are refused when the browser says they come from elsewhere:
 * an Origin that is not the request's own origin, or a Sec-Fetch-Site of `cross-site` or
 * `same-site` (another port of localhost is the same site, but not the same origin).
 */
export const refuseCrossSiteWrites: MiddlewareHandler = async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const own = new URL(c.req.url).origin;
  const site = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  const origin = c.req.header('origin');
  if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && !sameOrigin(origin, own))) {
    return errors
      .admin(
        403,
        `control-plane writes from another origin are refused: send them from ${own} or without an Origin header`,
      )
      .toResponse();
  }
  return next();
};

/**
 * A write that carries a body must say it is JSON (`Content-Type: application/json`, parameters
 * allowed): a page can send text/plain or a form across sites without asking the server first,
 * but not application/json. A bodyless write (a reset) needs no content type.
 */
export const requireJsonBodies: MiddlewareHandler = async (c, next) => {
  if (!WITH_BODY.has(c.req.method) || !(await carriesBody(c.req.raw))) return next();
  if (/^application\/json\s*(;|$)/i.test(c.req.header('content-type')?.trim() ?? '')) return next();
  return errors
    .admin(415, 'a control-plane body must be JSON: send it with Content-Type: application/json')
    .toResponse();
};

/** A loopback address or a localhost name, with or without a port, as a Host header gives it. */
export function isLocalHost(host: string): boolean {
  // Anything a URL's authority could hide another host behind is refused outright.
  if (host === '' || /[\s/\\?#@]/.test(host)) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname; // lowercased, IPv4 and IPv6 in canonical form
  } catch {
    return false;
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname) // 127.x.x.x written as IPv4-mapped IPv6
  );
}

function sameOrigin(origin: string, own: string): boolean {
  try {
    const url = new URL(origin.trim());
    return (
      url.origin === own && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.username === ''
    );
  } catch {
    return false;
  }
}

/**
 * Whether the request carries a body: a Content-Length other than 0, or any Transfer-Encoding (a
 * chunked body counts even if it turns out empty). With neither header (a Request built in
 * process) the body stream itself is asked for a first byte, on a copy, so the handler still
 * reads all of it.
 */
async function carriesBody(request: Request): Promise<boolean> {
  const length = request.headers.get('content-length');
  if (length !== null) return Number(length) !== 0;
  if (request.headers.has('transfer-encoding')) return true;
  if (request.body === null) return false;
  const reader = request.clone().body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    // Not awaited: a branch of a tee settles its cancel only once the other branch is done too.
    reader.cancel().catch(() => {});
  }
}
