import { existsSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { seededAuth } from '../auth/credentials.js';
import { randomSecret } from '../auth/hash.js';
import { formatDate } from '../datetime.js';
import type { RandomState } from '../random.js';
import type { World, WorldSize } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import { Account, AccountClosedError, type AccountLimits } from './account.js';
import { baseFile, finishDeletions, ReadOnlyDataDirError } from './account-files.js';
import { allChangesInSteps, applyChangesInSteps } from './changes.js';
import { checkClockTime, clockTimeProblem } from './clock.js';
import { checkNotHeld, type DataDirLock, lockDataDir } from './data-lock.js';
import { problemOf, Settings } from './data-schema.js';
import { removeTempFiles } from './durable-file.js';
import { DEFAULT_ACCOUNT, isAccountName } from './host.js';
import { JournalBudget } from './journal-budget.js';
import { AccountLives } from './lives.js';
import { checkKeyPresent, SECRETS_KEY_FILE, type SecretBox, secretBox } from './secret-box.js';
import { runInSlices } from './slices.js';
import { type AccountImage, type AccountSnapshot, imageOf, SnapshotError } from './snapshot.js';
import {
  AccountAdapter,
  type AccountData,
  type AccountSettings,
  type AccountStore,
  fileStore,
  freshData,
  loadStore,
  memoryStore,
  recordsProblemInSteps,
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

/** Errors of a data directory that cannot be written, by code: a start meeting one uses the directory read-only. */
const UNWRITABLE = new Map([
  ['ENOSPC', 'no space left on device'],
  ['EDQUOT', 'disk quota exceeded'],
  ['EROFS', 'read-only file system'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EIO', 'input/output error'],
]);

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
  /**
   * Why the data directory is used read-only (it could not be written at the start: `ENOSPC: no
   * space left on device`), or undefined when it is written as usual.
   */
  readOnly: string | undefined;
  /** The life each name's next account begins, so a re-created account never repeats its ids. */
  private readonly lives: AccountLives;
  constructor(readonly options: RegistryOptions) {
    this.journalBudget = new JournalBudget(options.journalMemory);
    this.lives = new AccountLives(options.dataDir);
  }

  /** The data directory's secrets key, read (or made) on first use: after load() has checked it is safe to make one. */
  get secrets(): SecretBox {
    const dir = this.options.dataDir;
    // Read-only, a missing key is not made: no account holds a sealed secret (checked on load), and none can be
    // written.
    if (dir !== undefined && this.readOnly !== undefined && !existsSync(path.join(dir, SECRETS_KEY_FILE)))
      return secretBox(undefined);
    return secretBox(dir);
  }

  /**
   * Takes the data directory (another simulator holding it stops the start with DataDirLockedError)
   * and reloads every account persisted in it; the first bad file stops the start. A directory that
   * cannot be written (a full disk, a read-only file system: the lock file cannot be made) and that
   * no running simulator holds is used read-only: its accounts are served as they are on disk, and
   * every write is refused as a failed save (`readOnly` says why).
   */
  async load(): Promise<void> {
    const dir = this.options.dataDir;
    if (dir === undefined) return;
    await mkdir(dir, { recursive: true });
    try {
      this.lock = await lockDataDir(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined || !UNWRITABLE.has(code)) throw error;
      // Without a lock of its own, the directory is read only when no running simulator holds it.
      await checkNotHeld(dir);
      this.readOnly = `${code}: ${UNWRITABLE.get(code)}`;
    }
    if (this.readOnly === undefined) {
      await removeTempFiles(dir);
      await finishDeletions(dir, isAccountName);
    }
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
      const { store, random } = await loadStore(dir, name, this.readOnly);
      const account = this.account(store, random);
      const problem = this.options.checkLoaded?.(account);
      if (problem) throw new Error(`${baseFile(dir, name)}: ${problem}`);
      this.accounts.set(name, account);
    }
    if (this.readOnly !== undefined)
      console.warn(
        `business-api-sim: the data directory ${dir} cannot be written (${this.readOnly}): its ${names.length} ` +
          'account(s) are served read-only, every write answers 500 until the simulator is restarted on a disk ' +
          'that takes writes',
      );
    // Made after the start, one account after another in slices; a request comes first meanwhile.
    void (async () => {
      for (const account of this.list()) if (!account.isClosed) await this.ready(account).catch(() => undefined);
    })();
  }

  /** Waits for every account's queued writes, refuses later ones and lets go of the data directory. */
  async close(): Promise<void> {
    await Promise.all(this.list().map((account) => account.close()));
    await Promise.allSettled(this.deleting.values());
    // A lock that cannot be removed (the disk turned read-only) is left: a process that is gone holds nothing.
    await this.lock?.release().catch((error: unknown) => {
      console.error(`business-api-sim: the lock of the data directory could not be removed (${error})`);
    });
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
    // Checked whole before an account it replaces is touched: a bad image leaves that account as it was.
    const data = await this.imageData(image);
    for (;;) {
      const old = this.accounts.get(name);
      if (!replace || !old) return this.adding(name, () => this.buildFrom(data, image.random));
      const account = await this.replacing(old, data, image.random);
      if (account) return account;
      // The old account ended meanwhile (deleted, or replaced by another restore): again, over what holds the name now.
    }
  }

  /**
   * Puts a new account built from `data` in the place of `old`, all or nothing: the new account is
   * built and checked beside the old one, which is served meanwhile; then, after the old one's
   * queued writes, the new base is written over the old files (account-files.ts `replace`, the
   * commit point) and the name serves the new account. A save the disk refuses leaves the old
   * account as it was, in memory and on disk, and rejects. Answers undefined when `old` had ended
   * meanwhile.
   */
  private async replacing(old: Account, data: AccountData, random: RandomState): Promise<Account | undefined> {
    const o = this.options;
    const name = old.name;
    this.checkWritable();
    // Its events begin a life past the replaced account's, which may have announced the same invoices.
    data.settings.eventLife = Math.max(data.settings.eventLife ?? 0, (old.settings.eventLife ?? 0) + 1);
    const store = o.dataDir === undefined ? memoryStore(data) : fileStore(o.dataDir, name, data);
    // Prepared only once it is committed: until then it must not send its deliveries, nor write.
    const account = this.account(store, random, this.lives.of(name), false, true);
    try {
      await runInSlices(account.noteDataIds());
      const loadProblem = o.checkLoaded?.(account);
      if (loadProblem) throw new SnapshotError(loadProblem);
      await this.ready(account);
      // Found before the old account is ended, in slices: the new one is not served, its data does not change.
      const changes = account.files ? await runInSlices(allChangesInSteps(data)) : [];
      await old.end(async () => {
        const [files, previous] = [account.files, old.files];
        if (files && previous) await files.replace(previous, data.settings, account.random.state(), changes);
        o.prepare?.(account);
        this.accounts.set(name, account);
      });
      return account;
    } catch (error) {
      // Never served: anything its preparation started stops.
      await account.close();
      if (error instanceof AccountClosedError && old.isClosed) return undefined;
      throw error;
    }
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
    const image = await runInSlices(imageOf(snapshot, name, options.transfer, this.secrets));
    // Refused before the image's world is made: an account of that name stays unless it is to be replaced.
    if (!options.replace && (this.accounts.has(name) || this.pending.has(name))) throw new AccountExistsError(name);
    if (options.scenario !== undefined) image.settings.scenario = options.scenario;
    return this.restore(image, options.replace);
  }

  private async adding(name: string, build: () => Promise<Account>): Promise<Account> {
    if (this.accounts.has(name) || this.pending.has(name)) throw new AccountExistsError(name);
    this.checkWritable();
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
   * files are gone before an account of the same name can be created again. The account is served
   * until its base has become a tombstone (the commit point, account-files.ts `bury`): a deletion
   * the disk refuses leaves it as it was, in memory and on disk, and rejects.
   */
  async delete(name: string): Promise<boolean> {
    const account = this.accounts.get(name);
    if (!account) return false;
    this.checkWritable();
    let removing: Promise<void> | undefined;
    try {
      await account.end(async () => {
        // The life is ended before the files go: a crash in between leaves the account, never a repeated life.
        await this.lives.ended(name);
        await account.files?.bury();
        // Deleted from here. The name is free, and a new account of it waits until the old files are gone.
        if (this.accounts.get(name) === account) this.accounts.delete(name);
        const files = account.files;
        if (!files) return;
        const done = files.finishRemoval().catch((error: unknown) => {
          // The account is deleted all the same: a start, or the next account of the name, removes what is left.
          console.error(`account '${name}': deleted, but its files could not all be removed yet`, error);
        });
        removing = done.finally(() => {
          if (this.deleting.get(name) === removing) this.deleting.delete(name);
        });
        this.deleting.set(name, removing);
      });
    } catch (error) {
      // Ended meanwhile by another deletion or a restore: not this call's to delete.
      if (error instanceof AccountClosedError && account.isClosed) return false;
      throw error;
    }
    await removing;
    return true;
  }

  /** Throws ReadOnlyDataDirError when the data directory is used read-only: nothing may be written. */
  private checkWritable(): void {
    if (this.readOnly !== undefined) throw new ReadOnlyDataDirError(this.options.dataDir ?? '', this.readOnly);
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
    const recordIssue = await runInSlices(recordsProblemInSteps(image.changes, data));
    if (recordIssue) throw new SnapshotError(recordIssue);
    await runInSlices(applyChangesInSteps(data, image.changes));
    return data;
  }

  private async buildFrom(data: AccountData, random: RandomState): Promise<Account> {
    const o = this.options;
    const name = data.settings.name;
    await this.deleting.get(name);
    const store = o.dataDir === undefined ? memoryStore(data) : fileStore(o.dataDir, name, data);
    const account = this.account(store, random, this.lives.of(name), false, true);
    // Its ids noted before it is prepared: from then on it may write (its waiting deliveries start).
    await runInSlices(account.noteDataIds());
    o.prepare?.(account);
    const loadProblem = o.checkLoaded?.(account);
    if (loadProblem) throw new SnapshotError(loadProblem);
    await account.files?.clearLeftovers();
    // The first base, its changes found in slices (a write with nothing staged finds them at once).
    if (store.adapter instanceof AccountAdapter) {
      const changes = await runInSlices(allChangesInSteps(data));
      store.adapter.stage({ base: { settings: data.settings, random: account.random.state(), changes } });
    }
    await store.write();
    await this.ready(account);
    return account;
  }

  /** An account over the store; with `idsLater`, its ids are noted by `noteDataIds`, to be run before it is served. */
  private account(
    store: AccountStore,
    random: RandomState | 'migrated' | undefined,
    life = 0,
    prepare = true,
    idsLater = false,
  ): Account {
    const account = new Account(
      store,
      this.options.realNow,
      this.options.limits,
      random,
      this.secrets,
      this.journalBudget,
      life,
      idsLater,
    );
    if (prepare) this.options.prepare?.(account);
    return account;
  }
}
