import { randomBytes } from 'node:crypto';
import { isLegacyHash, pbkdf2Hash, verifyPasswordHash } from '../world/passwords.js';

// Passwords set through the API. Only a PBKDF2 hash is kept. The salt comes from the OS CSPRNG,
// not the account's seed: a seeded salt would be predictable to anyone who knows the seed.

/** Iterations for hashes made through the API (seeded hashes use fewer, to keep seeding quick). */
export const API_PBKDF2_ITERATIONS = 10_000;

/** Sign-in strips surrounding whitespace, so a password is set as its trimmed text, or it could never match. */
export const normalisePassword = (password: string): string => password.trim();

export function hashPassword(password: string): string {
  return pbkdf2Hash(normalisePassword(password), randomBytes(16), API_PBKDF2_ITERATIONS);
}

export type PasswordCheck = 'valid' | 'validLegacy' | 'invalid';

/** Verifies a password (surrounding whitespace stripped) and says whether the stored hash is the legacy kind. */
export function checkPassword(stored: string | null, password: string): PasswordCheck {
  if (stored === null || !verifyPasswordHash(stored, normalisePassword(password))) return 'invalid';
  return isLegacyHash(stored) ? 'validLegacy' : 'valid';
}
