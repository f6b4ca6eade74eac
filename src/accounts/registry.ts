import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { seededAuth } from '../auth/credentials.js';
import { randomSecret } from '../auth/hash.js';
import { formatDate } from '../datetime.js';
import type { WorldSize } from '../world/index.js';
import { Account, type AccountLimits } from './account.js';
import { isAccountName } from './host.js';
import { applyScenario } from '../scenarios/apply.js';
import { INLINE, type LoadedScenario, loadScenario } from '../scenarios/load.js';
import { removeTempFiles } from './durable-file.js';
import { checkKeyPresent, secretBox } from './secret-box.js';
import { type AccountData, AccountFile, type AccountSettings, accountFile, loadStore, openStore } from './store.js';
import { loadWorldGenerator, worldFor } from './worlds.js';

export interface RegistryOptions {
  seed: number;
  size: WorldSize;
  rateLimit: boolean;
  /** Offset of every new account's clock from real time (from `--now`). */
  clockOffsetMs: number;
  autoAccounts: boolean;
  dataDir?: string;
  /** Scenario files named by path are read from inside this directory only (absolute). */
  scenarioDir: string;
  realNow: () => number;
  limits: AccountLimits;
}

export interface CreateAccount {
  name?: string;
  seed?: number;
  size?: WorldSize;
  rateLimit?: boolean;
  /** Initial virtual time, epoch ms. */
  now?: number;
  /** Built from this scenario (its own settings win over the ones above). */
  scenario?: LoadedScenario;
}

export class AccountExistsError extends Error {}

/** All accounts of one simulator, by name. */
export class AccountRegistry {
  private readonly accounts = new Map<string, Account>();
  private readonly pending = new Map<string, Promise<Account>>();

  constructor(readonly options: RegistryOptions) {}

  /** Reloads every account persisted in the data directory; the first bad file stops the start. */
  async load(): Promise<void> {
    const dir = this.options.dataDir;
    if (dir === undefined) return;
    await mkdir(dir, { recursive: true });
    await removeTempFiles(dir);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && isAccountName(path.basename(f, '.json'))).sort();
    await checkKeyPresent(dir, files);
    secretBox(dir);
    for (const file of files) {
      const name = path.basename(file, '.json');
      const store = await loadStore(dir, name);
      this.accounts.set(name, new Account(store, this.options.realNow, this.options.limits));
    }
  }

  get(name: string): Account | undefined {
    return this.accounts.get(name);
  }

  list(): Account[] {
    return [...this.accounts.values()];
  }

  /** The named account, created with the defaults on first use unless auto-creation is off. */
  async resolve(name: string): Promise<Account | undefined> {
    const existing = this.accounts.get(name) ?? this.pending.get(name);
    if (existing) return existing;
    if (!this.options.autoAccounts || !isAccountName(name)) return undefined;
    return this.create({ name }).catch(() => this.accounts.get(name));
  }

  async create(request: CreateAccount): Promise<Account> {
    const name = request.name ?? `account-${randomSecret(6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
    if (this.accounts.has(name) || this.pending.has(name)) throw new AccountExistsError(name);
    const creating = this.build(name, request);
    this.pending.set(name, creating);
    try {
      const account = await creating;
      this.accounts.set(name, account);
      return account;
    } finally {
      this.pending.delete(name);
    }
  }

  async delete(name: string): Promise<boolean> {
    const account = this.accounts.get(name);
    if (!account) return false;
    this.accounts.delete(name);
    // After any write in progress, so a late rename cannot bring the file back.
    if (account.store.adapter instanceof AccountFile) await account.store.adapter.remove();
    else if (this.options.dataDir !== undefined) await rm(accountFile(this.options.dataDir, name), { force: true });
    return true;
  }

  /**
   * Re-seeds the world and credentials for the account's current day and drops its fault rules;
   * settings and clock stay. An account built from a scenario gets its scenario again (re-read
   * by its name or path after a restart, under the same rules as when it was first given).
   */
  async reset(account: Account): Promise<void> {
    const reference = account.settings.scenario;
    const scenario = account.scenario ?? (reference && reference !== INLINE ? await loadScenario(reference, this.options.scenarioDir) : undefined);
    if (scenario) return applyScenario(this, account, scenario);
    await this.rebuild(account);
    await account.save();
  }

  /** Replaces the account's data with a freshly seeded world and credentials for its current day, with the given settings; not saved. */
  async rebuild(account: Account, settings: Partial<AccountSettings> = {}): Promise<void> {
    await loadWorldGenerator();
    const merged = { ...account.settings, ...settings };
    const day = formatDate(account.clock.now());
    account.replace({
      settings: { ...merged, day },
      auth: seededAuth(account.clock.now()),
      world: worldFor(merged.seed, merged.size, day),
    });
    account.throttle.clear();
    account.resetFaults();
  }

  private async build(name: string, request: CreateAccount): Promise<Account> {
    await loadWorldGenerator();
    const o = this.options;
    const clockOffsetMs = request.now === undefined ? o.clockOffsetMs : request.now - o.realNow();
    const seed = request.seed ?? o.seed;
    const size = request.size ?? o.size;
    const day = formatDate(o.realNow() + clockOffsetMs);
    const data: AccountData = {
      settings: { name, seed, size, day, rateLimit: request.rateLimit ?? o.rateLimit, clockOffsetMs },
      auth: seededAuth(o.realNow() + clockOffsetMs),
      world: worldFor(seed, size, day),
    };
    const account = new Account(openStore(data, o.dataDir), o.realNow, o.limits);
    if (request.scenario) await applyScenario(this, account, request.scenario);
    else await account.save();
    return account;
  }
}
