import { createHash, pbkdf2Sync, timingSafeEqual } from 'node:crypto';

// Stored client password formats:
//   $pbkdf2-sha256$<iterations>$<salt base64>$<32-byte key base64>   (current)
//   $sha1$<salt hex>$<hex sha1 of salt bytes followed by UTF-8 password bytes>   (legacy)

/** Plain password of every seeded client that has one; it appears nowhere in the data. */
export const SEEDED_CLIENT_PASSWORD = 'Password1!';

/** Kept low so that seeding and sign-in stay quick in a simulator. */
export const PBKDF2_ITERATIONS = 1000;
const KEY_BYTES = 32;

export function pbkdf2Hash(password: string, salt: Buffer, iterations = PBKDF2_ITERATIONS): string {
  const key = pbkdf2Sync(password, salt, iterations, KEY_BYTES, 'sha256');
  return `$pbkdf2-sha256$${iterations}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function sha1LegacyHash(password: string, salt: Buffer): string {
  const digest = createHash('sha1').update(salt).update(password, 'utf8').digest('hex');
  return `$sha1$${salt.toString('hex')}$${digest}`;
}

export const isLegacyHash = (stored: string): boolean => stored.startsWith('$sha1$');

/** Checks a password against either stored format; false for anything unrecognised. */
export function verifyPasswordHash(stored: string, password: string): boolean {
  const parts = stored.split('$');
  if (parts[1] === 'pbkdf2-sha256' && parts.length === 5) {
    const iterations = Number(parts[2]);
    const salt = Buffer.from(parts[3] ?? '', 'base64');
    const expected = Buffer.from(parts[4] ?? '', 'base64');
    if (!Number.isInteger(iterations) || iterations < 1 || expected.length === 0) return false;
    const actual = pbkdf2Sync(password, salt, iterations, expected.length, 'sha256');
    return timingSafeEqual(actual, expected);
  }
  if (parts[1] === 'sha1' && parts.length === 4) {
    const expected = Buffer.from(parts[3] ?? '', 'hex');
    const actual = createHash('sha1').update(Buffer.from(parts[2] ?? '', 'hex')).update(password, 'utf8').digest();
    return expected.length === actual.length && timingSafeEqual(actual, expected);
  }
  return false;
}
