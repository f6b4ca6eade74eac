import { createHash, pbkdf2Sync, timingSafeEqual } from 'node:crypto';

// Stored client password formats:
//   $pbkdf2-sha256$<iterations>$<salt base64>$<32-byte key base64>   (current)
//   $sha1$<salt hex>$<hex sha1 of salt bytes followed by UTF-8 password bytes>   (legacy)
//   any other text: a version 1 value, kept as a version 1 client sent it, the hex SHA-512 of the
//   UTF-8 password it computes itself (legacy; compared in any case)

/** Plain password of every seeded client that has one; it appears nowhere in the data. */
export const SEEDED_CLIENT_PASSWORD = 'Password1!';

/** Kept low so that seeding and sign-in stay quick in a simulator. */
export const PBKDF2_ITERATIONS = 1000;
/** Bytes of the derived key of every PBKDF2 hash. */
export const PBKDF2_KEY_BYTES = 32;

/**
 * The two password hash functions, called only through this object, so that the work a check
 * does can be counted (tests spy on it) and is the same whatever the outcome.
 */
export const passwordHashing = {
  /** PBKDF2-HMAC-SHA256 of the password. */
  pbkdf2(password: string, salt: Buffer, iterations: number, keyBytes: number): Buffer {
    return pbkdf2Sync(password, salt, iterations, keyBytes, 'sha256');
  },
  /** SHA-1 of the salt bytes followed by the UTF-8 password (the legacy format). */
  sha1(salt: Buffer, password: string): Buffer {
    return createHash('sha1').update(salt).update(password, 'utf8').digest();
  },
  /** SHA-512 of the UTF-8 password (a version 1 value). */
  sha512(password: string): Buffer {
    return createHash('sha512').update(password, 'utf8').digest();
  },
};

export function pbkdf2Hash(password: string, salt: Buffer, iterations = PBKDF2_ITERATIONS): string {
  const key = passwordHashing.pbkdf2(password, salt, iterations, PBKDF2_KEY_BYTES);
  return `$pbkdf2-sha256$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function sha1LegacyHash(password: string, salt: Buffer): string {
  return `$sha1$${salt.toString('hex')}$${passwordHashing.sha1(salt, password).toString('hex')}`;
}

/** A stored value in neither `$…$` format: the hash a version 1 client computed and sent. */
export const isVersion1Hash = (stored: string): boolean =>
  !stored.startsWith('$pbkdf2-sha256$') && !stored.startsWith('$sha1$');

/** An older form, migrated to PBKDF2 on a first successful sign-in: salted SHA-1, or a version 1 value. */
export const isLegacyHash = (stored: string): boolean => stored.startsWith('$sha1$') || isVersion1Hash(stored);

interface Pbkdf2Parts {
  iterations: number;
  salt: Buffer;
  expected: Buffer;
}

/** The parts of a well-formed PBKDF2 hash, else undefined. */
function pbkdf2Parts(stored: string): Pbkdf2Parts | undefined {
  const parts = stored.split('$');
  if (parts[1] !== 'pbkdf2-sha256' || parts.length !== 5) return undefined;
  const iterations = Number(parts[2]);
  const salt = Buffer.from(parts[3] ?? '', 'base64');
  const expected = Buffer.from(parts[4] ?? '', 'base64');
  if (!Number.isInteger(iterations) || iterations < 1 || expected.length === 0) return undefined;
  return { iterations, salt, expected };
}

/**
 * PBKDF2 iterations that checking a password against this stored hash runs: 0 unless it is a well-formed PBKDF2 hash.
 */
export function pbkdf2IterationsOf(stored: string): number {
  return pbkdf2Parts(stored)?.iterations ?? 0;
}

/** Checks a password against any stored format; false for a malformed one. */
export function verifyPasswordHash(stored: string, password: string): boolean {
  const pbkdf2 = pbkdf2Parts(stored);
  if (pbkdf2 !== undefined) {
    const actual = passwordHashing.pbkdf2(password, pbkdf2.salt, pbkdf2.iterations, pbkdf2.expected.length);
    return timingSafeEqual(actual, pbkdf2.expected);
  }
  if (isVersion1Hash(stored)) {
    // Hex text compared as bytes, in any case: a version 1 client may have sent upper-case digits.
    const expected = Buffer.from(stored.trim().toLowerCase(), 'utf8');
    const actual = Buffer.from(passwordHashing.sha512(password).toString('hex'), 'utf8');
    return expected.length === actual.length && timingSafeEqual(actual, expected);
  }
  const parts = stored.split('$');
  if (parts[1] === 'sha1' && parts.length === 4) {
    const expected = Buffer.from(parts[3] ?? '', 'hex');
    const actual = passwordHashing.sha1(Buffer.from(parts[2] ?? '', 'hex'), password);
    return expected.length === actual.length && timingSafeEqual(actual, expected);
  }
  return false;
}
