/** Caller IP: the first address of X-Forwarded-For when present, else the socket's address. */
export function callerIp(forwardedFor: string | undefined, socketAddress: string | undefined): string {
  const forwarded = forwardedFor?.split(',')[0]?.trim();
  const ip = forwarded || socketAddress || '127.0.0.1';
  // Node reports IPv4 peers on a dual-stack socket as IPv4-mapped IPv6.
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
