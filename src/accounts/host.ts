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

// One spelling per name. A proxy in front of a fleet hashes the name it reads in the path as sent,
// while a URL parser resolves `.` and `..` segments and a router decodes percent-encoding: spelt
// another way (`/accounts/zz/../acme`, `/__admin/./accounts/acme`, `/accounts/ac%6De`), one name
// could reach a node the proxy did not choose for it, and be made there a second time. So a request
// names its account in one form only, read from its target as it came in (before any URL parsing):
// the prefix and the name literal, no `.` or `..` segment anywhere in the path, no empty segment and
// no percent-encoding up to the name, and the name in lower case; the Host's first label, when it
// names the account, in lower case too. Anything else is refused and creates nothing.

/** The path prefixes that name an account (`/accounts/<name>`, …), as segments. */
const NAMED_BY_PATH: readonly (readonly string[])[] = [
  ['accounts'],
  ['__admin', 'accounts'],
  ['__admin', 'console', 'accounts'],
];

/** Why a request does not name its account in canonical form. */
export interface NameSpellingFault {
  /** What is not canonical, as a phrase: "a '..' segment", "percent-encoding", … */
  why: string;
  /** The path, resolved, is the control plane's (`/__admin…`), which answers in its own form. */
  controlPlane: boolean;
}

/**
 * Why the request target (as sent: `/path?query`, or an absolute URL) and its Host header do not name
 * the account in canonical form; undefined when they do, or name none.
 */
export function nameSpellingFault(target: string, host: string | undefined): NameSpellingFault | undefined {
  const path = pathOf(target);
  if (path === undefined) return undefined;
  const raw = path.split('/').slice(1);
  // The common case, a path with nothing to resolve or decode, is its own resolved form.
  const plain = !/%|\/\.|\/\/|\\/.test(path);
  const resolved = plain ? raw : resolve(raw);
  const controlPlane = resolved[0] === '__admin';
  const named = namedBy(resolved) ?? namedBy(raw);
  if (named === undefined) {
    if (controlPlane || host === undefined) return undefined;
    const label = hostLabel(host);
    // Upper case in what would be a name in lower case: another spelling of it (a name it could never be is no name).
    return label !== undefined && label !== label.toLowerCase() && isAccountName(label.toLowerCase())
      ? { why: `upper-case letters in the Host's first label '${label}'`, controlPlane }
      : undefined;
  }
  const fault = (why: string): NameSpellingFault => ({ why, controlPlane });
  if (!plain && raw.some((segment) => isDotSegment(decoded(segment)))) return fault("a '.' or '..' segment");
  const head = raw.slice(0, named + 1);
  if (head.includes('')) return fault("an empty segment ('//')");
  if (head.some((segment) => segment.includes('%') || segment.includes('\\'))) return fault('percent-encoding');
  const name = head[named]!;
  if (head.join('/') !== resolved.slice(0, named + 1).join('/')) return fault('a path that resolves to another');
  if (name !== name.toLowerCase() && isAccountName(name.toLowerCase())) {
    return fault(`upper-case letters in the name '${name}'`);
  }
  return undefined;
}

/** The path of a request target, without its query and fragment; undefined for `*` and the like. */
function pathOf(target: string): string | undefined {
  let path = target;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(path);
  if (scheme) {
    const slash = path.indexOf('/', scheme[0].length);
    path = slash < 0 ? '/' : path.slice(slash);
  }
  if (!path.startsWith('/')) return undefined;
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

/**
 * The path's segments as the most lenient reader takes them: percent-decoded (an encoded slash, or
 * a backslash, splitting the segment), empty segments dropped, `.` and `..` resolved.
 */
function resolve(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const segment of raw) {
    for (const piece of decoded(segment).split(/[/\\]/)) {
      if (piece === '' || piece === '.') continue;
      if (piece === '..') out.pop();
      else out.push(piece);
    }
  }
  return out;
}

function decoded(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed: kept as sent, and refused for its '%' if it is where a name is read
  }
}

const isDotSegment = (segment: string): boolean => segment === '.' || segment === '..';

/** The index of the name segment when the segments begin with a prefix that names an account. */
function namedBy(segments: readonly string[]): number | undefined {
  for (const prefix of NAMED_BY_PATH) {
    const at = prefix.length;
    if ((segments[at] ?? '') !== '' && prefix.every((p, i) => segments[i] === p)) return at;
  }
  return undefined;
}

/** The Host's first label when it names an account (as accountFromHost reads it, case kept). */
function hostLabel(host: string): string | undefined {
  let h = host.trim();
  if (h.startsWith('[')) return undefined;
  const colon = h.indexOf(':');
  if (colon >= 0) h = h.slice(0, colon);
  const dot = h.indexOf('.');
  if (dot < 0 || IPV4.test(h)) return undefined;
  return h.slice(0, dot);
}
