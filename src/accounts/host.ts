// Which account a request is for: `/accounts/<name>/…` first, then the Host's first label.
// A host with no account label (an IP literal, bare `localhost`, or any single-label name such as
// a container's service name) is the default account.

export const DEFAULT_ACCOUNT = 'demo';

/** DNS label: a–z, 0–9 and inner hyphens, at most 63 characters. */
export const ACCOUNT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function isAccountName(name: string): boolean {
  return ACCOUNT_NAME.test(name);
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** The account label of a Host header value (port and case ignored). */
export function accountFromHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return DEFAULT_ACCOUNT; // IPv6 literal
  const colon = h.indexOf(':');
  if (colon >= 0) h = h.slice(0, colon);
  const dot = h.indexOf('.');
  if (dot < 0 || IPV4.test(h)) return DEFAULT_ACCOUNT;
  return h.slice(0, dot);
}

const PATH_PREFIX = '/accounts/';

/** Splits `/accounts/<name>/rest` into the name and `/rest`; undefined when the path has no prefix. */
export function accountFromPath(path: string): { name: string; rest: string } | undefined {
  if (!path.startsWith(PATH_PREFIX)) return undefined;
  const end = path.indexOf('/', PATH_PREFIX.length);
  const name = path.slice(PATH_PREFIX.length, end < 0 ? undefined : end);
  return { name: name.toLowerCase(), rest: end < 0 ? '/' : path.slice(end) };
}
