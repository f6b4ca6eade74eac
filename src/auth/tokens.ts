import type { AuthData, Credential } from './credentials.js';
import { randomSecret, sha256 } from './hash.js';

/** Six months, as the token endpoint reports it in `expires_in`. */
export const TOKEN_LIFETIME_SECONDS = 15_768_000;

/**
 * Active tokens kept per credential: issuing one more revokes the oldest, so a client that asks
 * for a token before every call cannot grow the account without end.
 */
export const TOKENS_PER_CREDENTIAL = 100;

/** Issues a token for the credential; only its hash is kept. Expired tokens are dropped on the way. */
export function issueToken(auth: AuthData, credential: Credential, now: number): { token: string; expiresAt: number } {
  const own: string[] = [];
  for (const [hash, record] of Object.entries(auth.tokens)) {
    if (record.expiresAt <= now) delete auth.tokens[hash];
    else if (record.credentialId === credential.id) own.push(hash);
  }
  // Keys keep issue order (a hex hash is never an integer-like key), so the first are the oldest.
  for (const hash of own.slice(0, Math.max(0, own.length - TOKENS_PER_CREDENTIAL + 1))) delete auth.tokens[hash];
  const token = randomSecret(32);
  const expiresAt = now + TOKEN_LIFETIME_SECONDS * 1000;
  auth.tokens[sha256(token)] = { credentialId: credential.id, issuedAt: now, expiresAt };
  return { token, expiresAt };
}

/** Revokes every active token of the credential: anything still using one fails at once. */
export function revokeTokens(auth: AuthData, credentialId: string): void {
  for (const [hash, record] of Object.entries(auth.tokens)) {
    if (record.credentialId === credentialId) delete auth.tokens[hash];
  }
}

export type TokenCheck =
  | { ok: true; credential: Credential }
  | { ok: false; reason: 'invalidToken' | 'unauthorized' };

/** Unknown, revoked or expired → invalidToken; a token whose credential is gone or inactive → unauthorized. */
export function checkToken(auth: AuthData, token: string, now: number): TokenCheck {
  const record = auth.tokens[sha256(token)];
  if (!record || record.expiresAt <= now) return { ok: false, reason: 'invalidToken' };
  const credential = auth.credentials.find((c) => c.id === record.credentialId);
  if (!credential || !credential.active) return { ok: false, reason: 'unauthorized' };
  return { ok: true, credential };
}
