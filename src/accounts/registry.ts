import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { seededAuth } from '../auth/credentials.js';
import { randomSecret } from '../auth/hash.js';
import { formatDate } from '../datetime.js';
import type { RandomState } from '../random.js';
import type { World, WorldSize } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import { Account, type AccountLimits } from './account.js';
import { baseFile, finishDeletions } from './account-files.js';
import { applyChanges } from './changes.js';
import { checkClockTime, clockTimeProblem } from './clock.js';
import { type DataDirLock, lockDataDir } from './data-lock.js';
import { problemOf, Settings } from './data-schema.js';
import { removeTempFiles } from './durable-file.js';
import { DEFAULT_ACCOUNT, isAccountName } from './host.js';
import { JournalBudget } from './journal-budget.js';
import { AccountLives } from './lives.js';
import { checkKeyPresent, type SecretBox, secretBox } from './secret-box.js';
import { runInSlices } from './slices.js';
import { type AccountImage, type AccountSnapshot, imageOf, SnapshotError } from './snapshot.js';
import {
  type AccountData,
  type AccountSettings,
  type AccountStore,
  fileStore,
  freshData,
  loadStore,
  memoryStore,
  recordsProblem,
} from './store.js';
import { loadWorldGenerator, prepareWorld } from './worlds.js';

export interface RegistryOptions {
  seed: number;
  size: WorldSize;
  rateLimit: boolean;
  /** Offset of every new account's clock from real time (from `--now`). */
  clockOffsetMs: number;
  autoAccounts: boolean;
  /** Accounts held at once, created or auto-provisioned (`--max-accounts`). */
  maxAccounts: number;
  dataDir?: string;
  /** Scenario files named by path are read from inside this directory only (absolute). */
  scenarioDir: string;
  realNow: () => number;
  limits: AccountLimits;
  /** Bytes the request journals of all accounts may retain together (`--journal-memory`). */
  journalMemory: number;
  /** Checks a loaded account with the rules of the areas above the store; a message stops the start. */
  checkLoaded?: (account: Account) => string | undefined;
  /** Prepares every account as it is created or loaded (the areas above hook in here). */
  prepare?: (account: Account) => void;
  /**
   * Makes the lookups the areas keep beside a world's tables (accounts/row-fold.ts), run in slices
   * when an account is created, reset or loaded, so that the first list read of a large world does
   * not read whole tables while other accounts wait.
   */
  ready?: (world: World) => Steps<void>;
  /**
   * Asked before an unknown name is created on first use (never for the default account, nor for an
   * explicit creation): it may refuse, throwing (a fleet's node whose peer holds the account).
   */
  beforeAutoCreate?: (name: string) => Promise<void>;
}

export interface CreateAccount {
  name?: string;
  seed?: number;
  size?: WorldSize;
  rateLimit?: boolean;
  /** Initial virtual time, epoch ms. */
  now?: number;
  /** Ids of the rules the account switches off, checked by the caller (scenarios/rule-ids.ts). */
  relaxedRules?: readonly string[];
}

export class AccountExistsError extends Error {}

/** A name this node does not hold and will not create on first use: another node of the fleet holds it. */
export class AccountElsewhereError extends Error {
  constructor(
    readonly account: string,
    readonly node: string,
    readonly self: string,
  ) {
    super(`Account '${account}' is held by node '${node}'; this is node '${self}'.`);
  }
}

/** The simulator already holds `--max-accounts` accounts. */
export class AccountLimitError extends Error {
  constructor(readonly limit: number) {
    super(`the simulator holds ${limit} accounts, its limit: delete accounts or start it with a higher --max-accounts`);
  }
}

export const DEFAULT_MAX_ACCOUNTS = 1000;
/** The highest `--max-accounts` accepted. */
export const MAX_ACCOUNTS_LIMIT = 100_000;

/** The name of an account created without one: `account-` and six random letters and digits. */
export function generatedAccountName(): string {
  return `account-${randomSecret(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
}

/** All accounts of one simulator, by name. */
export class AccountRegistry {
  private readonly accounts = new Map<string, Account>();
  private readonly pending = new Map<string, Promise<Account>>();
  /** Names whose account is being deleted: a new one waits until the old files are gone. */
  private readonly deleting = new Map<string, Promise<void>>();
  /** The one memory budget of every account's request journal. */
  readonly journalBudget: JournalBudget;
  /** This simulator's hold on the data directory, from load() to close(). */
  private lock: DataDirLock | undefined;
  /** The life each name's next account begins, so a re-created account never repeats its ids. */
  private readonly lives: AccountLives;
  constructor(readonly options: RegistryOptions) {
    this.journalBudget = new JournalBudget(options.journalMemory);
    this.lives = new AccountLives(options.dataDir);
  }

  /** The data directory's secrets key, read (or made) on first use: after load() has checked it is safe to make one. */
  get secrets(): SecretBox {
    return secretBox(this.options.dataDir);
  }

  /**
   * Takes the data directory (another simulator holding it stops the start with DataDirLockedError)
   * and reloads every account persisted in it; the first bad file stops the start.
   */
  async load(): Promise<void> {
    const dir = this.options.dataDir;
    if (dir === undefined) return;
    await mkdir(dir, { recursive: true });
    this.lock = await lockDataDir(dir);
    await removeTempFiles(dir);
    await finishDeletions(dir, isAccountName);
    await this.lives.load();
    const all = await readdir(dir);
    const names = all
      .filter((f) => f.endsWith('.json') && isAccountName(path.basename(f, '.json')))
      .map((f) => path.basename(f, '.json'))
      .sort();
    await checkKeyPresent(
      dir,
      all.filter((f) => /\.(json|log)$/.test(f)),
    );
    await loadWorldGenerator();
    for (const name of names) {
      const { store, random } = await loadStore(dir, name);
      const account = this.account(store, random);
      const problem = this.options.checkLoaded?.(account);
      if (problem) throw new Error(`${baseFile(dir, name)}: ${problem}`);
      this.accounts.set(name, account);
    }
    // Made after the start, one account after another in slices; a request comes first meanwhile.
    void (async () => {
      for (const account of this.list()) if (!account.isClosed) await this.ready(account).catch(() => undefined);
    })();
  }

  /** Waits for every account's queued writes, refuses later ones and lets go of the data directory. */
  async close(): Promise<void> {
    await Promise.all(this.list().map((account) => account.close()));
    await Promise.allSettled(this.deleting.values());
    await this.lock?.release();
    this.lock = undefined;
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
    if (this.options.beforeAutoCreate && name !== DEFAULT_ACCOUNT) {
      await this.options.beforeAutoCreate(name);
      const meanwhile = this.accounts.get(name) ?? this.pending.get(name);
      if (meanwhile) return meanwhile;
    }
    try {
      return await this.create({ name });
    } catch (error) {
      if (error instanceof AccountExistsError) return this.accounts.get(name) ?? this.pending.get(name);
      throw error;
    }
  }

  async create(request: CreateAccount): Promise<Account> {
    const name = request.name ?? generatedAccountName();
    return this.adding(name, () => this.build(name, request));
  }

  /**
   * Creates the account `image.settings.name` from an image (a snapshot's): its settings, clock,
   * id source's position and changes over the seeded world. Records of the wrong shape, and secrets
   * that do not open with this simulator's key, are a SnapshotError naming them.
   */
  async restore(image: AccountImage, replace = false): Promise<Account> {
    const name = image.settings.name;
    // Checked whole before an account it replaces is deleted: a bad image leaves that account as it was.
    const data = await this.imageData(image);
    if (!replace || !this.accounts.has(name)) return this.adding(name, () => this.buildFrom(data, image.random));
    // The name stays taken from the old account's removal to the new one's start: a request for it
    // meanwhile waits for the restored account instead of creating an empty one in between.
    return this.holding(name, async () => {
      await this.delete(name);
      return this.buildFrom(data, image.random);
    });
  }

  /**
   * Makes the account `name` the snapshot's state (a restore, and a snapshot applied as a scenario),
   * replacing the account of that name with `replace`: checked whole first, so a snapshot that cannot
   * be restored (a SnapshotError) leaves that account as it was. `scenario` is what the account
   * records it was built from (default: the snapshot's own).
   */
  async restoreSnapshot(
    snapshot: AccountSnapshot,
    name: string,
    options: { transfer: SecretBox | undefined; replace: boolean; scenario?: string },
  ): Promise<Account> {
    const image = imageOf(snapshot, name, options.transfer, this.secrets);
    // Refused before the image's world is made: an account of that name stays unless it is to be replaced.
    if (!options.replace && (this.accounts.has(name) || this.pending.has(name))) throw new AccountExistsError(name);
    if (options.scenario !== undefined) image.settings.scenario = options.scenario;
    return this.restore(image, options.replace);
  }

  private async adding(name: string, build: () => Promise<Account>): Promise<Account> {
    if (this.accounts.has(name) || this.pending.has(name)) throw new AccountExistsError(name);
    if (this.accounts.size + this.pending.size >= this.options.maxAccounts)
      throw new AccountLimitError(this.options.maxAccounts);
    return this.holding(name, build);
  }

  /** Runs `build` with the name held as pending, so `resolve` waits for it; the account is listed once built. */
  private async holding(name: string, build: () => Promise<Account>): Promise<Account> {
    const creating = build();
    this.pending.set(name, creating);
    try {
      const account = await creating;
      this.accounts.set(name, account);
      return account;
    } finally {
      this.pending.delete(name);
    }
  }

  /**
   * Removes the account: writes already queued on it finish first, later ones are refused, and its
   * files are gone before an account of the same name can be created again.
   */
  async delete(name: string): Promise<boolean> {
    const account = this.accounts.get(name);
    if (!account) return false;
    this.accounts.delete(name);
    const removing = (async () => {
      await account.close();
      // The life is ended before the files go: a crash in between leaves the account, never a repeated life.
      await this.lives.ended(name);
      await account.files?.remove();
    })();
    this.deleting.set(name, removing);
    try {
      await removing;
    } finally {
      if (this.deleting.get(name) === removing) this.deleting.delete(name);
    }
    return true;
  }

  /** Replaces the account's data with a freshly seeded world and credentials for its current day; inside a write. */
  async rebuild(account: Account, settings: Partial<AccountSettings> = {}): Promise<void> {
    const merged = { ...account.settings, ...settings };
    const now = account.clock.now();
    await prepareWorld(merged.seed, merged.size, formatDate(now));
    account.replace(freshData({ ...merged, day: formatDate(now) }, seededAuth(now)));
    account.throttle.clear();
    account.resetFaults();
    await this.ready(account);
  }

  /** Makes the account's lookups in slices (`RegistryOptions.ready`). */
  private async ready(account: Account): Promise<void> {
    if (this.options.ready) await runInSlices(this.options.ready(account.world));
  }

  private async build(name: string, request: CreateAccount): Promise<Account> {
    const o = this.options;
    if (request.now !== undefined) checkClockTime(request.now, o.realNow(), 'now');
    await this.deleting.get(name);
    await loadWorldGenerator();
    const clockOffsetMs = request.now === undefined ? o.clockOffsetMs : request.now - o.realNow();
    const now = o.realNow() + clockOffsetMs;
    const seed = request.seed ?? o.seed;
    const size = request.size ?? o.size;
    const settings: AccountSettings = {
      name,
      seed,
      size,
      day: formatDate(now),
      rateLimit: request.rateLimit ?? o.rateLimit,
      clockOffsetMs,
      ...(request.relaxedRules?.length ? { relaxedRules: [...request.relaxedRules] } : {}),
    };
    // Generated in slices: other accounts are answered meanwhile.
    await prepareWorld(seed, size, settings.day);
    const data = freshData(settings, seededAuth(now));
    const store = o.dataDir === undefined ? memoryStore(data) : fileStore(o.dataDir, name, data);
    const account = this.account(store, undefined, this.lives.of(name));
    await account.files?.clearLeftovers();
    // With a data directory, the account's first base: the whole data.
    await store.write();
    await this.ready(account);
    return account;
  }

  /** The data of an image, checked: settings, clock and records; a SnapshotError names the first problem. */
  private async imageData(image: AccountImage): Promise<AccountData> {
    const o = this.options;
    const { settings } = image;
    const problem = problemOf(Settings, settings);
    if (problem) throw new SnapshotError(problem.replace(/^clockOffsetMs|^clockFrozenAtMs/, 'clock'));
    const real = o.realNow();
    const clockProblem = clockTimeProblem(settings.clockFrozenAtMs ?? real + settings.clockOffsetMs, real);
    if (clockProblem) throw new SnapshotError(`clock: ${clockProblem}`);
    await loadWorldGenerator();
    await prepareWorld(settings.seed, settings.size, settings.day);
    const data = freshData({ ...settings }, { credentials: [], apiKeys: [] });
    const recordIssue = recordsProblem(image.changes, data);
    if (recordIssue) throw new SnapshotError(recordIssue);
    applyChanges(data, image.changes);
    return data;
  }

  private async buildFrom(data: AccountData, random: RandomState): Promise<Account> {
    const o = this.options;
    const name = data.settings.name;
    await this.deleting.get(name);
    const store = o.dataDir === undefined ? memoryStore(data) : fileStore(o.dataDir, name, data);
    const account = this.account(store, random, this.lives.of(name));
    const loadProblem = o.checkLoaded?.(account);
    if (loadProblem) throw new SnapshotError(loadProblem);
    await account.files?.clearLeftovers();
    await store.write();
    await this.ready(account);
    return account;
  }

  private account(store: AccountStore, random: RandomState | 'migrated' | undefined, life = 0): Account {
    const account = new Account(
      store,
      this.options.realNow,
      this.options.limits,
      random,
      this.secrets,
      this.journalBudget,
      life,
    );
    this.options.prepare?.(account);
    return account;
  }
}
