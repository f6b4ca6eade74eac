/** Caller IP: the first address of X-Forwarded-For when present, else the socket's address. */
export function callerIp(forwardedFor: string | undefined, socketAddress: string | undefined): string {
  const forwarded = forwardedFor?.split(',')[0]?.trim();
  const ip = forwarded || socketAddress || '127.0.0.1';
  // Node reports IPv4 peers on a dual-stack socket as IPv4-mapped IPv6.
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}

/**
 * The version 1 API key a request carries: the spec's `ServiceApiKey` header when present and not
 * blank, else `ChiDeskApiKey`, the name the vendor's support article "API Keys" gives (and a public
 * booking site on the real service sends). Header names are read in lower case (any case on the wire).
 */
export function apiKeyHeader(header: (name: string) => string | undefined): string | undefined {
  const key = header('serviceapikey');
  return key !== undefined && key.trim() !== '' ? key : (header('chideskapikey') ?? key);
}
