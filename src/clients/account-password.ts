import { randomBytes } from 'node:crypto';
import {
  isLegacyHash,
  PBKDF2_KEY_BYTES,
  passwordHashing,
  pbkdf2Hash,
  pbkdf2IterationsOf,
  verifyPasswordHash,
} from '../world/passwords.js';

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

/** Salt of the PBKDF2 runs that stand in for a check: fixed, as their result is thrown away. */
const STAND_IN_SALT = Buffer.alloc(16);

/**
 * Verifies a sign-in password against the stored hash (null when there is no client to check, or
 * none with a password) with the PBKDF2 work of a password set through the API whatever the
 * outcome: a miss runs that work on a stand-in, and a cheaper stored hash (the seeded ones, the
 * legacy SHA-1) is topped up to it. So an unknown client, an inactive one and a wrong password
 * take the same hashing time.
 */
export function checkSignInPassword(stored: string | null, password: string): PasswordCheck {
  const check = checkPassword(stored, password);
  const done = stored === null ? 0 : pbkdf2IterationsOf(stored);
  if (done < API_PBKDF2_ITERATIONS)
    passwordHashing.pbkdf2(normalisePassword(password), STAND_IN_SALT, API_PBKDF2_ITERATIONS - done, PBKDF2_KEY_BYTES);
  return check;
}
