import type { AuthData } from '../auth/credentials.js';
import { Faults } from '../faults/fault-rules.js';
import type { RandomState } from '../random.js';
import { Random } from '../random.js';
import type { World } from '../world/index.js';
import type { AccountFiles } from './account-files.js';
import { allChanges, type Change, changesSince, rollback, snapshot } from './changes.js';
import { Clock } from './clock.js';
import { IdSource } from './ids.js';
import { Journal } from './journal.js';
import { foldRows, type RowFold } from './row-fold.js';
import { type SecretBox, secretBox } from './secret-box.js';
import type { AccountData, AccountSettings, AccountStore } from './store.js';
import { type Row, TOKENS, tables } from './tables.js';
import { Throttle } from './throttle.js';
import { partIds, templateHasId } from './worlds.js';

/** Sizes of the per-account records kept in memory only (the request journal, the webhook delivery log). */
export interface AccountLimits {
  journalSize: number;
  deliveryLogSize: number;
  /** Webhook deliveries waiting per subscription; beyond it the oldest waiting one is dropped. */
  pendingDeliveries: number;
}

export const DEFAULT_LIMITS: AccountLimits = { journalSize: 1000, deliveryLogSize: 500, pendingDeliveries: 1000 };

/** A write on an account that has been deleted (or a simulator that has stopped). */
export class AccountClosedError extends Error {}

/** One isolated world: its store, clock, credentials, journal, throttle state and id source. */
export class Account {
  readonly clock: Clock;
  readonly journal: Journal;
  readonly throttle = new Throttle();
  readonly random: IdSource;
  /** Fault rules; kept in memory only, like the journal and throttle state. */
  readonly faults = new Faults();
  /** Draws for fault probabilities and random latency, apart from `random` so faults never shift generated ids. */
  faultRandom: Random;
  /** Called after each durable write that changed something (deliveries start here). */
  onCommit: ((changes: readonly Change[]) => void) | undefined;
  /** Brings the data up to the clock (recurring invoices); set by the areas above the store. */
  onClock: { due(now: number): boolean; run(now: number): void } | undefined;
  /** Moves on every write that changes the data, so anything derived from the data can tell it is stale. */
  private savedVersion = 0;
  /** Ids any record has had since the account was seeded (deleted ones too), beyond the template's. */
  private readonly usedIds = new Set<string>();
  /** The ids in the tables the running write replaced, by array (emptied when the write ends). */
  private readonly writeIds = new Map<readonly object[], RowFold<Set<string>>>();
  /** Writes (and reads) run one at a time; this is the last one queued. */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    readonly store: AccountStore,
    realNow: () => number,
    readonly limits: AccountLimits = DEFAULT_LIMITS,
    readonly files?: AccountFiles,
    /** The id source's saved position; `migrated` for a file that never saved one (a stream of its own then). */
    random?: RandomState | 'migrated',
    /** Seals the secrets the account must read back (webhook signing keys). */
    readonly secrets: SecretBox = secretBox(undefined),
  ) {
    this.clock = new Clock(
      realNow,
      () => this.settings.clockOffsetMs,
      (ms) => {
        this.settings.clockOffsetMs = ms;
      },
    );
    this.journal = new Journal(limits.journalSize);
    const { seed, name } = this.settings;
    this.random = new IdSource(seed, random === 'migrated' ? `${name}:migrated` : name, (id) => this.idTaken(id));
    if (Array.isArray(random)) this.random.restore(random);
    this.faultRandom = this.newFaultRandom();
    this.noteIds(allChanges(store.data));
  }

  get name(): string {
    return this.store.data.settings.name;
  }
  get settings(): AccountSettings {
    return this.store.data.settings;
  }
  get auth(): AuthData {
    return this.store.data.auth;
  }
  get world(): World {
    return this.store.data.world;
  }
  get version(): number {
    return this.savedVersion;
  }

  /** Replaces the account's data (reset, scenario), keeping the clock and journal; only inside `write`. */
  replace(data: AccountData): void {
    this.store.data = data;
  }

  /** Drops every fault rule and restarts the fault draws, as on a new account. */
  resetFaults(): void {
    this.faults.clear();
    this.faultRandom = this.newFaultRandom();
  }

  private newFaultRandom(): Random {
    return new Random(this.settings.seed, `${this.name}:faults`);
  }

  /**
   * Runs `work` alone on the account and keeps what it changed only if it succeeds and `keep`
   * accepts its result: with a data directory, the change is on disk before this resolves. A
   * refusal, a throw or a failed save puts the account back exactly as it was (in memory and on
   * disk) and, for a failed save, rejects. Nothing else runs on the account meanwhile, so no one
   * sees a write that may still be undone.
   */
  write<T>(work: () => T | Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
    const run = () => this.transact(work, keep);
    const result = this.tail.then(run, run);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Runs what the clock has made due by `now`, as a write of its own. */
  catchUp(now: number): Promise<void> {
    const clock = this.onClock;
    return clock?.due(now) ? this.write(() => clock.run(now)) : Promise.resolve();
  }

  /** Waits for every queued write, then refuses new ones (the account is being deleted). */
  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    await this.files?.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private async transact<T>(work: () => T | Promise<T>, keep: (result: T) => boolean): Promise<T> {
    try {
      return await this.attempt(work, keep);
    } finally {
      this.writeIds.clear();
    }
  }

  private async attempt<T>(work: () => T | Promise<T>, keep: (result: T) => boolean): Promise<T> {
    if (this.closed) throw new AccountClosedError(`account '${this.name}' was deleted`);
    const before = this.store.data;
    const snap = snapshot(before, this.random);
    let result: T;
    try {
      result = await work();
    } catch (error) {
      this.undo(before, snap);
      throw error;
    }
    if (!keep(result)) {
      this.undo(before, snap);
      return result;
    }
    try {
      if (this.store.data !== before) {
        await this.rewrite();
      } else {
        const set = changesSince(snap, this.random);
        if (!set) return result;
        await this.files?.append(set);
        this.noteIds(set.changes);
        this.savedVersion++;
        this.onCommit?.(set.changes);
        if (this.files?.wantsCompaction) await this.compact();
        return result;
      }
    } catch (error) {
      this.undo(before, snap);
      throw error;
    }
    return result;
  }

  /** The whole data replaced (reset, scenario): a new base. */
  private async rewrite(): Promise<void> {
    const changes = allChanges(this.store.data);
    await this.files?.writeBase(this.settings, this.random.state(), changes);
    this.noteIds(changes);
    this.savedVersion++;
    this.onCommit?.(changes);
  }

  /** Writes a new base; a failure here loses nothing (the log still holds every write) and is retried later. */
  private async compact(): Promise<void> {
    await this.files?.writeBase(this.settings, this.random.state(), allChanges(this.store.data)).catch(() => undefined);
  }

  private undo(before: AccountData, snap: ReturnType<typeof snapshot>): void {
    this.store.data = before;
    rollback(snap, this.random);
  }

  private noteIds(changes: readonly Change[]): void {
    // Token keys are hashes, not ids the source hands out.
    for (const [table, key, row] of changes) {
      if (table === TOKENS) continue;
      this.usedIds.add(key);
      if (row) for (const id of partIds(table, row)) this.usedIds.add(id);
    }
  }

  private idTaken(id: string): boolean {
    if (this.usedIds.has(id) || templateHasId(this.world, id)) return true;
    // A record added in the running write is not noted yet: the ids of the tables it replaced are
    // gathered once per array (the frozen rows, which cannot change) and the rest read each time.
    for (const table of tables()) {
      const rows = table.held(this.store.data);
      if (!rows || Object.isFrozen(rows)) continue;
      const { state, open } = foldRows(
        this.writeIds,
        rows,
        () => new Set<string>(),
        (ids, row) => {
          ids.add((row as Row)[table.key] as string);
          for (const part of partIds(table.name, row)) ids.add(part);
        },
      );
      if (state.has(id) || open.some((r) => (r as Row)[table.key] === id || partIds(table.name, r).includes(id)))
        return true;
    }
    return false;
  }
}
