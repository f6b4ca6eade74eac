import { isSecretName as namesSecret, REDACTED } from '../redact.js';

// Credentials never reach an output: values under secret-bearing names are replaced in JSON, and every
// secret the run knows of (the secret, the API key, each token seen) is replaced wherever it appears.

// token_type names a kind of token, not one.
const isSecretName = (name: string): boolean => namesSecret(name) && !/^token_type$/i.test(name);

/** A copy of a JSON value, the text values of secret-bearing names redacted (flags like HasAccountPassword stay). */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      isSecretName(k) && typeof v === 'string' && v !== '' ? REDACTED : redactJson(v),
    ]),
  );
}

export class Secrets {
  private readonly known = new Set<string>();

  add(value: string | undefined): void {
    // Too short a value would redact ordinary words.
    if (value && value.length >= 6) this.known.add(value);
  }

  /** Learns the secrets of an answer (tokens, new secrets) from its secret-bearing names. */
  learn(json: unknown): void {
    if (Array.isArray(json)) for (const item of json) this.learn(item);
    else if (typeof json === 'object' && json !== null) {
      for (const [k, v] of Object.entries(json)) {
        if (isSecretName(k) && typeof v === 'string') this.add(v);
        else this.learn(v);
      }
    }
  }

  scrub(text: string): string {
    let out = text;
    for (const secret of this.known) out = out.split(secret).join(REDACTED);
    return out;
  }
}
