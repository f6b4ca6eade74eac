import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AuthData } from '../auth/credentials.js';
import { Faults } from '../faults/fault-rules.js';
import type { RandomState } from '../random.js';
import { Random } from '../random.js';
import type { World } from '../world/index.js';
import type { Steps } from '../world/steps.js';
import type { AccountFiles } from './account-files.js';
import {
  allChanges,
  allChangesInSteps,
  type Change,
  changesSince,
  markOf,
  putBack,
  redo,
  rollback,
  setAside,
  snapshot,
} from './changes.js';
import { Clock } from './clock.js';
import { IdSource } from './ids.js';
import { Journal } from './journal.js';
import type { JournalBudget } from './journal-budget.js';
import { isStored, stepOf } from './lineage.js';
import { lifeSalt } from './lives.js';
import { foldRows, type RowFold } from './row-fold.js';
import { type SecretBox, secretBox } from './secret-box.js';
import { AccountAdapter, type AccountData, type AccountSettings, type AccountStore, filesOf } from './store.js';
import { TOKENS, tables } from './tables.js';
import { Throttle } from './throttle.js';
import { hasPartId, partIds, templateHasId } from './worlds.js';

/** Sizes of the per-account records kept in memory only (the request journal, the webhook delivery log). */
export interface AccountLimits {
  journalSize: number;
  deliveryLogSize: number;
  /** Webhook deliveries waiting per subscription; beyond it the oldest waiting one is dropped. */
  pendingDeliveries: number;
}

const NONE_RELAXED: ReadonlySet<string> = new Set();

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
  /** Writes run one at a time; this is the last one queued. */
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * Set while a write is changing the data in place (its work, and putting back what it made once
   * that is durable); reads wait for it to resolve. Never set while a write is being saved.
   */
  private changing: Promise<void> | undefined;
  /** Reads running now; a write changes nothing until they have ended. */
  private readers = 0;
  private readersEnded: (() => void) | undefined;
  private closed = false;
  /** Aborted when the account is deleted (or its simulator stops): work in flight for it (deliveries) stops. */
  private readonly closing = new AbortController();

  constructor(
    readonly store: AccountStore,
    realNow: () => number,
    readonly limits: AccountLimits = DEFAULT_LIMITS,
    /** The id source's saved position; `migrated` for a file that never saved one (a stream of its own then). */
    random?: RandomState | 'migrated',
    /** Seals the secrets the account must read back (webhook signing keys). */
    readonly secrets: SecretBox = secretBox(undefined),
    /** The process's memory budget for every account's journal. */
    journalBudget?: JournalBudget,
    /** Which life of its name the account begins (0 unless an account of the name was deleted); see lives.ts. */
    readonly life = 0,
    /**
     * The ids its data holds are noted later, in slices (`noteDataIds`), before it is served: a restored
     * account's tens of thousands of records, noted here at once, held the event loop 100 ms.
     */
    idsLater = false,
  ) {
    this.clock = new Clock(
      realNow,
      () => this.settings.clockOffsetMs,
      (ms) => {
        this.settings.clockOffsetMs = ms;
      },
      () => this.settings.clockFrozenAtMs,
      (ms) => {
        if (ms === undefined) delete this.settings.clockFrozenAtMs;
        else this.settings.clockFrozenAtMs = ms;
      },
    );
    this.journal = new Journal(limits.journalSize, journalBudget);
    const { seed, name } = this.settings;
    const salt = random === 'migrated' ? `${name}:migrated` : lifeSalt(name, life);
    this.random = new IdSource(seed, salt, (id, dataOnly) => this.idTaken(id, dataOnly));
    if (Array.isArray(random)) this.random.restore(random);
    this.faultRandom = this.newFaultRandom();
    if (!idsLater) this.noteIds(allChanges(store.data));
    // A write of the whole data (the first base, a compaction) saves the id source's position with it.
    if (store.adapter instanceof AccountAdapter) store.adapter.idPosition = () => this.random.state();
  }

  /** The account's files, with a data directory. */
  get files(): AccountFiles | undefined {
    return filesOf(this.store);
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

  /** The ids of the rules this account has switched off (errors/rules.ts), as a set. */
  get relaxedRules(): ReadonlySet<string> {
    const ids = this.settings.relaxedRules;
    if (ids === undefined || ids.length === 0) return NONE_RELAXED;
    if (this.relaxedSet?.from !== ids) this.relaxedSet = { from: ids, set: new Set(ids) };
    return this.relaxedSet.set;
  }
  private relaxedSet?: { from: readonly string[]; set: ReadonlySet<string> };

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
   * disk) and, for a failed save, rejects. No other write runs on the account meanwhile, and no read
   * sees the change before it is durable: while it is being saved, the data shows the state before it.
   */
  write<T>(work: () => T | Promise<T>, keep: (result: T) => boolean = () => true): Promise<T> {
    return this.enqueue(() => this.transact(work, keep));
  }

  /**
   * Runs `work`, which must change nothing, on the last committed data: it waits only while a write
   * is changing the data in memory, never for a save, so a read answers while a write on the same
   * account is being made durable, and never sees a change that is not durable yet.
   */
  async read<T>(work: () => T | Promise<T>): Promise<T> {
    while (this.changing) await this.changing;
    if (this.closed) throw new AccountClosedError(`account '${this.name}' was deleted`);
    const data = this.store.data;
    const mark = markOf(data);
    this.readers++;
    try {
      const result = await work();
      // A read must not change the data: a change here would never be saved, so it is undone and refused.
      if (putBack(data, mark) || this.store.data !== data) {
        this.store.data = data;
        throw new Error(`account '${this.name}': a read changed the data (it must be declared as a write)`);
      }
      return result;
    } finally {
      if (--this.readers === 0) this.readersEnded?.();
    }
  }

  /**
   * Runs what the clock has made due by `now`, as a write of its own. A catch-up that cannot be
   * saved is rolled back and done again by a later call: the request goes on over the data without
   * it (a read answers, a write is refused by its own save).
   */
  async catchUp(now: number): Promise<void> {
    const clock = this.onClock;
    if (!clock) return;
    while (this.changing) await this.changing;
    if (!clock.due(now)) return;
    await this.enqueue(() =>
      this.transact(
        () => clock.run(now),
        () => true,
        (error) => console.error(`account '${this.name}': a catch-up could not be saved; a later call does it`, error),
      ),
    );
  }

  /**
   * Queues a write behind the account's others. One that waited for another starts a turn of the
   * event loop after it ended: a write of a large body takes tens of ms of CPU, and writes queued one
   * behind the other would otherwise run in one stretch, the other accounts waiting for all of them.
   */
  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const behind = this.queued > 0;
    this.queued++;
    const start = behind ? () => nextTurn().then(run) : run;
    const result = this.tail.then(start, start);
    const done = () => {
      this.queued--;
    };
    this.tail = result.then(done, done);
    return result;
  }
  /** Writes queued or running. */
  private queued = 0;

  /** Waits for every queued write, then refuses new ones (the account is being deleted). */
  async close(): Promise<void> {
    this.closed = true;
    this.journal.release();
    this.closing.abort();
    await this.tail;
    await this.files?.close();
  }

  /**
   * Ends the account for good (a deletion, a restore replacing it): after the writes queued before
   * it, runs `commit`, the step that ends the account on disk, and only once that has succeeded
   * closes it as close() does (later writes are refused, work in flight for it stops). A commit that
   * fails (the disk refused) leaves the account open and as it was, and rejects; so does an account
   * closed already (AccountClosedError).
   */
  async end(commit: () => Promise<void>): Promise<void> {
    await this.enqueue(async () => {
      if (this.closed) throw new AccountClosedError(`account '${this.name}' was deleted`);
      await commit();
      this.closed = true;
    });
    await this.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Aborts once the account is closed. */
  get closedSignal(): AbortSignal {
    return this.closing.signal;
  }

  /** Keeps reads out until the returned function is called, once the reads running have ended. */
  private async exclusive(): Promise<() => void> {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.changing = gate;
    while (this.readers > 0) {
      await new Promise<void>((resolve) => {
        this.readersEnded = resolve;
      });
      this.readersEnded = undefined;
    }
    return () => {
      if (this.changing === gate) this.changing = undefined;
      open();
    };
  }

  private async transact<T>(
    work: () => T | Promise<T>,
    keep: (result: T) => boolean,
    /** Called instead of rejecting when the save fails (the change is undone all the same). */
    unsaved?: (error: unknown) => void,
  ): Promise<T> {
    if (this.closed) throw new AccountClosedError(`account '${this.name}' was deleted`);
    let open = await this.exclusive();
    try {
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
      const after = this.store.data;
      const replaced = after !== before;
      const set = replaced ? undefined : changesSince(snap, this.random);
      if (!replaced && !set) return result;
      // The whole data replaced (reset, scenario) is a new base; anything else a line of the log.
      const changes = set ? set.changes : allChanges(after);
      const adapter = this.store.adapter;
      if (adapter instanceof AccountAdapter) {
        const random = this.random.state();
        // lowdb hands the adapter the data as the write left it; the adapter saves the write's change
        // set as a line of the log, or the data replaced whole as a new base, taken before it awaits.
        adapter.stage(set ? { line: set } : { base: { settings: after.settings, random, changes } });
        const saving = this.store.write();
        // While the change is being saved, the data shows the state before it, which reads may use.
        const made = setAside(snap, this.random);
        this.store.data = before;
        open();
        try {
          await saving;
        } catch (error) {
          if (!unsaved) throw error;
          unsaved(error);
          return result;
        }
        open = await this.exclusive();
        this.store.data = after;
        if (set) redo(snap, made, this.random);
        else this.random.restore(random);
      } else await this.store.write();
      this.noteIds(changes);
      this.savedVersion++;
      open();
      this.onCommit?.(changes);
      if (set && adapter instanceof AccountAdapter && adapter.wantsCompaction) await this.compact();
      return result;
    } finally {
      this.writeIds.clear();
      open();
    }
  }

  /**
   * Writes the whole data as a new base (a write with nothing staged); a failure here loses nothing
   * (the log still holds every write) and is retried later.
   */
  private async compact(): Promise<void> {
    await this.store.write().catch(() => undefined);
  }

  private undo(before: AccountData, snap: ReturnType<typeof snapshot>): void {
    this.store.data = before;
    rollback(snap, this.random);
  }

  /** Notes the ids the data holds, as steps, a few hundred records a step (an account built with `idsLater`). */
  *noteDataIds(): Steps<void> {
    const changes = yield* allChangesInSteps(this.store.data);
    for (let n = 0; n < changes.length; n += 256) {
      yield;
      this.noteIds(changes.slice(n, n + 256));
    }
  }

  private noteIds(changes: readonly Change[]): void {
    // Token keys are hashes, not ids the source hands out.
    for (const [table, key, row] of changes) {
      if (table === TOKENS) continue;
      this.usedIds.add(key);
      if (row) for (const id of partIds(table, row)) this.usedIds.add(id);
    }
  }

  private idTaken(id: string, dataOnly: boolean): boolean {
    if ((!dataOnly && this.usedIds.has(id)) || templateHasId(this.world, id)) return true;
    // A record added in the running write is not noted yet: the ids of the tables it replaced are
    // gathered once per array (the frozen rows, which cannot change) and the rest read each time.
    for (const table of tables()) {
      const rows = table.held(this.store.data);
      if (!rows || isStored(rows)) continue;
      // The rows of the stored array a write's first step was made from are noted already.
      const from = stepOf(rows)?.from;
      if (from && isStored(from) && !this.writeIds.has(from))
        this.writeIds.set(from, { state: new Set(), upTo: from.length, open: [] });
      const { state, open } = foldRows(
        this.writeIds,
        rows,
        () => new Set<string>(),
        (ids, row) => {
          ids.add(table.keyOf(row) as string);
          for (const part of partIds(table.name, row)) ids.add(part);
        },
        // Ids stay taken within the write, also of a row it took out again.
        (ids) => ids,
      );
      if (state.has(id) || open.some((r) => table.keyOf(r) === id || hasPartId(table.name, r, id))) return true;
    }
    return false;
  }
}
