// Names whose values are credentials; matched case-insensitively wherever they appear.
export const SECRET_NAMES = /password|secret|token|apikey|api_key/i;
export const REDACTED = '[redacted]';

/** The URL as sent, with the values of secret-bearing query names replaced (for answers that echo it). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = search.split('&').map((part) => {
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    let name = raw;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the name as sent.
    }
    return SECRET_NAMES.test(name) ? `${raw}=${REDACTED}` : part;
  });
  return `${url.slice(0, q)}?${parts.join('&')}${hash < 0 ? '' : url.slice(hash)}`;
}

/** The query as sent, by name, with the values of secret-bearing names redacted. */
export function redactQuery(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (search === '') return out;
  for (const [name, value] of new URLSearchParams(search)) {
    (out[name] ??= []).push(SECRET_NAMES.test(name) ? REDACTED : value);
  }
  return out;
}
