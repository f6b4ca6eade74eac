import path from 'node:path';
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { type AuthData, withApiKeys } from '../auth/credentials.js';
import { parseDateTime } from '../datetime.js';
import type { World, WorldSize } from '../world/index.js';

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

/** In memory, or (with a data directory) one JSON file per account written atomically by steno. */
export function openStore(data: AccountData, dataDir: string | undefined): AccountStore {
  if (dataDir === undefined) return new Low(new Memory<AccountData>(), data);
  return new Low(fileAdapter(dataDir, data.settings.name), data);
}

export function fileAdapter(dataDir: string, name: string): DataFile<AccountData> {
  return new DataFile<AccountData>(accountFile(dataDir, name), {
    parse: JSON.parse,
    stringify: (d) => JSON.stringify(d),
  });
}

export function accountFile(dataDir: string, name: string): string {
  return path.join(dataDir, `${name}.json`);
}

/** Reads a persisted account; a file that is not an account's data is an error naming it. */
export async function loadStore(dataDir: string, name: string): Promise<AccountStore> {
  const file = accountFile(dataDir, name);
  let data: AccountData | null;
  try {
    data = await fileAdapter(dataDir, name).read();
  } catch (error) {
    throw new Error(`${file}: not readable as account data (${(error as Error).message})`);
  }
  if (!data || typeof data !== 'object' || !data.settings || !data.auth || !data.world) {
    throw new Error(`${file}: not account data (settings, auth and world are required)`);
  }
  withApiKeys(data.auth, parseDateTime(data.settings.day) ?? 0);
  return new Low(fileAdapter(dataDir, name), data);
}
