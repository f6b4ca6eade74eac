import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Adapter, Low, Memory } from 'lowdb';
import { type AuthData, withApiKeys } from '../auth/credentials.js';
import { parseDateTime } from '../datetime.js';
import { checkSealedSecrets, sealPlainSecrets } from '../webhooks/subscriptions.js';
import type { World, WorldSize } from '../world/index.js';
import { dataProblem } from './data-schema.js';
import { DurableFile } from './durable-file.js';
import { type SecretBox, secretBox } from './secret-box.js';

export interface AccountSettings {
  name: string;
  seed: number;
  size: WorldSize;
  /** UTC day (`yyyy-MM-dd`) the world was generated relative to. */
  day: string;
  rateLimit: boolean;
  /** Virtual clock offset from real time, kept so a restart resumes the same virtual time. */
  clockOffsetMs: number;
  /** Fiscalised accounts report a FiscalStatus on accounting documents; absent (older files) = not fiscalised. */
  fiscalised?: boolean;
  /** The scenario the account was built from (its name, file path or `(inline)`). */
  scenario?: string;
}

/** Everything an account holds, in one lowdb document. */
export interface AccountData {
  settings: AccountSettings;
  auth: AuthData;
  world: World;
}

export type AccountStore = Low<AccountData>;

/** The account's file: each write is on disk (fsynced, renamed into place) when its promise resolves. */
export class AccountFile implements Adapter<AccountData> {
  private latest: AccountData | undefined;
  private readonly file: DurableFile;

  constructor(
    readonly path: string,
    readonly secrets: SecretBox,
  ) {
    this.file = new DurableFile(path, () => JSON.stringify(this.latest));
  }

  async read(): Promise<AccountData | null> {
    return this.latest ?? null;
  }

  write(data: AccountData): Promise<void> {
    this.latest = data;
    return this.file.write();
  }

  remove(): Promise<void> {
    return this.file.remove();
  }
}

/** In memory, or (with a data directory) one JSON file per account. */
export function openStore(data: AccountData, dataDir: string | undefined): AccountStore {
  if (dataDir === undefined) return new Low(new Memory<AccountData>(), data);
  return new Low(new AccountFile(accountFile(dataDir, data.settings.name), secretBox(dataDir)), data);
}

/** The key that seals the account's readable secrets (webhook signing keys). */
export function secretsOf(store: AccountStore): SecretBox {
  return store.adapter instanceof AccountFile ? store.adapter.secrets : secretBox(undefined);
}

export function accountFile(dataDir: string, name: string): string {
  return path.join(dataDir, `${name}.json`);
}

/**
 * Reads a persisted account. A file that is not valid JSON or not shaped as account data is an
 * error naming the file and the problem; the file is left as it is.
 */
export async function loadStore(dataDir: string, name: string): Promise<AccountStore> {
  const file = accountFile(dataDir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`${file}: not readable (${(error as Error).message})`);
  }
  let data: AccountData;
  try {
    data = JSON.parse(text) as AccountData;
  } catch (error) {
    throw new Error(`${file}: ${jsonProblem(text, (error as Error).message)}`);
  }
  const problem = dataProblem(data);
  if (problem) throw new Error(`${file}: ${problem}`);
  if (data.settings.name !== name) {
    throw new Error(`${file}: settings.name: expected '${name}' (the file's name), got '${data.settings.name}'`);
  }
  const box = secretBox(dataDir);
  const sealed = checkSealedSecrets(data, box);
  if (sealed) throw new Error(`${file}: ${sealed}`);
  withApiKeys(data.auth, parseDateTime(data.settings.day) ?? 0);
  const store = new Low(new AccountFile(file, box), data);
  // A file from before secrets were sealed is rewritten at once, so no plain secret stays on disk.
  if (sealPlainSecrets(data, box)) await store.write();
  return store;
}

/** `not valid JSON at position 1234 (line 1, column 1235): Unexpected token ...`, from JSON.parse's message. */
function jsonProblem(text: string, message: string): string {
  const at = /\s*(?:in JSON )?at position (\d+)/.exec(message);
  if (!at) return `not valid JSON (${message})`;
  const position = Number(at[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `not valid JSON at position ${position} (line ${line}, column ${column}): ${message.replace(at[0], '')}`;
}
