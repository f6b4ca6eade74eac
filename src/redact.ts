// Names whose values are credentials, in any case: those holding password, passphrase, secret, token,
// apikey, api_key, api-key, authorization or pwd anywhere, and those whose whole name, or a part set
// off by `_`, `-` or `.`, is pass (`pass`, `db_pass`; not `ClassPass` or `Passenger`).
const SECRET_NAME =
  /password|passphrase|secret|token|apikey|api_key|api-key|authorization|pwd|(?:^|[_.-])pass(?:$|[_.-])/i;

/** Whether a member or parameter name bears a secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** Text in which a secret-bearing name may appear (a superset of the names, for a quick look at whole text). */
export const SECRET_NAMES = /password|passphrase|secret|token|apikey|api_key|api-key|authorization|pwd|pass/i;
export const REDACTED = '[redacted]';

/** The URL as sent, with the values of secret-bearing query names replaced (for answers that echo it). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const search = url.slice(q + 1, hash < 0 ? undefined : hash);
  return `${url.slice(0, q)}?${redactSearch(search)}${hash < 0 ? '' : url.slice(hash)}`;
}

/** A query string (without `?`) with the values of secret-bearing names replaced, the rest as sent. */
export function redactSearch(search: string): string {
  // A name can be spelt with escapes (`pass%77ord`), so only a query without any is passed over unread.
  if (!search.includes('%') && !SECRET_NAMES.test(search)) return search;
  const parts = search.split('&').map((part) => {
    const eq = part.indexOf('=');
    const raw = eq < 0 ? part : part.slice(0, eq);
    let name = raw;
    try {
      name = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judge the name as sent.
    }
    return isSecretName(name) ? `${raw}=${REDACTED}` : part;
  });
  return parts.join('&');
}

/** The query as sent, by name, with the values of secret-bearing names redacted. */
export function redactQuery(search: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (search === '') return out;
  for (const [name, value] of new URLSearchParams(search)) {
    (out[name] ??= []).push(isSecretName(name) ? REDACTED : value);
  }
  return out;
}

/** A parsed JSON value with the value of every secret-bearing member name replaced, at any depth (a copy). */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    // Defined, not assigned: a member named `__proto__` stays a member.
    const kept = isSecretName(name) ? REDACTED : redactJson(member);
    Object.defineProperty(out, name, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
