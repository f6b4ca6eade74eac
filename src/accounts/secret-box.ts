import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// Secrets the simulator must be able to read back (webhook signing keys: HMAC needs the key itself)
// are sealed with AES-256-GCM under a key kept outside the account files. With a data directory
// the key is `<dataDir>/.secrets-key` (mode 0600, created on first start); without one it lives in
// memory only, as the accounts do.

export const SECRETS_KEY_FILE = '.secrets-key';
const PREFIX = 'v1';

export class SecretBox {
  constructor(private readonly key: Buffer) {}

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url); `context` (e.g. the webhook id) is bound as associated data. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain secret; throws when the sealed value was made under another key or altered. */
  open(sealed: string, context: string): string {
    const [prefix, iv, tag, body] = sealed.split('.');
    if (prefix !== PREFIX || iv === undefined || tag === undefined || body === undefined)
      throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

const inMemory = new SecretBox(randomBytes(32));
const byDir = new Map<string, SecretBox>();

/** The box of a data directory (its key file read, or created when missing), or the in-memory one. */
export function secretBox(dataDir: string | undefined): SecretBox {
  if (dataDir === undefined) return inMemory;
  const dir = path.resolve(dataDir);
  let box = byDir.get(dir);
  if (!box) {
    box = new SecretBox(readOrCreateKey(path.join(dir, SECRETS_KEY_FILE)));
    byDir.set(dir, box);
  }
  return box;
}

/**
 * A missing key file is created only when nothing needs the old one: while an account file holds a
 * sealed secret, it is an error naming both files (a new key could never open those secrets).
 */
export async function checkKeyPresent(dataDir: string, accountFiles: readonly string[]): Promise<void> {
  const dir = path.resolve(dataDir);
  const keyFile = path.join(dir, SECRETS_KEY_FILE);
  if (byDir.has(dir) || existsSync(keyFile)) return;
  for (const name of accountFiles) {
    const file = path.join(dir, name);
    if ((await readFile(file, 'utf8')).includes('"secret_sealed"')) {
      throw new Error(
        `${keyFile}: missing, but ${file} holds webhook secrets sealed ` +
          `with it; restore the key file (a new key cannot open them)`,
      );
    }
  }
}

function readOrCreateKey(file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${file}: not readable (${(error as Error).message})`);
    const key = randomBytes(32);
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${key.toString('base64')}\n`);
      fsyncSync(fd);
    } catch (failed) {
      // A full disk made the file but refused its bytes: an empty key file would stop every later start.
      closeSync(fd);
      rmSync(file, { force: true });
      throw failed;
    }
    closeSync(fd);
    return key;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32 || key.toString('base64') !== text.trim()) {
    throw new Error(`${file}: not a secrets key (expected 32 bytes in base64 on one line)`);
  }
  return key;
}
