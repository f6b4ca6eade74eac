import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

// A webhook is registered by any caller of an account's API, so its URL must never reach this
// simulator itself: a delivery to `/__admin/accounts/<other>/reset` would act on another account
// without the admin token. Two guards: every delivery carries DELIVERY_HEADER, which the simulator
// refuses on every incoming request (that holds behind a proxy or under any name); and a delivery
// whose target address is one of this machine's, on a port a simulator of this process listens
// on, is never sent (checked on the address actually connected to, so a name re-pointed between a
// check and the connection changes nothing).

/** Every delivery carries this header; the simulator refuses any request that does. */
export const DELIVERY_HEADER = 'x-business-api-sim-delivery';

/** Ports a simulator of this process listens on (a count per port: two servers may share one in tests). */
const listening = new Map<number, number>();

/** Notes a port the simulator listens on; the function returned forgets it (when the server closes). */
export function noteListening(port: number): () => void {
  listening.set(port, (listening.get(port) ?? 0) + 1);
  let forgotten = false;
  return () => {
    if (forgotten) return;
    forgotten = true;
    const left = (listening.get(port) ?? 1) - 1;
    if (left > 0) listening.set(port, left);
    else listening.delete(port);
  };
}

/** The port a URL connects to: its own, or its scheme's default. */
export function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** An address text in one form: IPv4 dotted (also from an IPv4-mapped IPv6), IPv6 compressed, lower case. */
function canonical(address: string): string {
  let a = address.toLowerCase();
  if (a.startsWith('[') && a.endsWith(']')) a = a.slice(1, -1);
  const zone = a.indexOf('%');
  if (zone >= 0) a = a.slice(0, zone);
  if (isIP(a) !== 6) return a;
  const v6 = new URL(`http://[${a}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (!mapped) return v6;
  const [hi, lo] = [Number.parseInt(mapped[1]!, 16), Number.parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Loopback (127.0.0.0/8, ::1), unspecified (0.0.0.0/8, ::), or an address of one of this machine's interfaces. */
export function isOwnAddress(address: string): boolean {
  const a = canonical(address);
  if (isIP(a) === 4 && (a.startsWith('127.') || a.startsWith('0.'))) return true;
  if (a === '::1' || a === '::') return true;
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) if (canonical(info.address) === a) return true;
  }
  return false;
}

/** A target this simulator listens on: never connected to. */
export class OwnTargetError extends Error {}

function refusal(host: string, address: string, port: number): OwnTargetError {
  const via = canonical(host) === canonical(address) ? '' : ` (${address})`;
  return new OwnTargetError(
    `refused: ${host}${via} port ${port} is this simulator; a webhook cannot reach its own control plane or API`,
  );
}

/**
 * Why a delivery to this URL is never sent, or undefined: its host, an address literal, is one of
 * this machine's and its port one the simulator listens on. Names are checked as they resolve, by
 * `guardedLookup`.
 */
export function literalOwnTarget(url: URL): OwnTargetError | undefined {
  const port = portOf(url);
  if (!listening.has(port)) return undefined;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) !== 0 && isOwnAddress(host) ? refusal(url.hostname, host, port) : undefined;
}

/** A host a registration can tell is this machine without resolving it: an address literal or a localhost name. */
export function isOwnHostName(url: URL): boolean {
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  return isIP(bare) !== 0 && isOwnAddress(bare);
}

/** Whether a simulator of this process listens on the URL's port. */
export function listensOn(url: URL): boolean {
  return listening.has(portOf(url));
}

/** dns.lookup, refusing a name that resolves to one of this machine's addresses on a port the simulator listens on. */
export function guardedLookup(port: number): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const own = listening.has(port) ? addresses.find((a) => isOwnAddress(a.address)) : undefined;
      if (own) return callback(refusal(hostname, own.address, port), '', 0);
      if (options.all) return (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}
