import { hash, randomBytes } from 'node:crypto';

// Secrets, tokens and API keys are high-entropy random strings, so one SHA-256 is a sound
// stored form; only client passwords (chosen by people) need a slow hash.

export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/** A URL-safe random string from the OS CSPRNG. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
