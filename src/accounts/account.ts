import type { AuthData } from '../auth/credentials.js';
import { Faults } from '../faults/faults.js';
import { ReplyCache } from '../http/reply-cache.js';
import { Throttle } from '../http/throttle.js';
import type { LoadedScenario } from '../scenarios/load.js';
import type { World } from '../world/index.js';
import { Clock } from './clock.js';
import { Journal } from './journal.js';
import { Random } from '../random.js';
import type { AccountData, AccountSettings, AccountStore } from './store.js';

/** Sizes of the per-account records kept in memory only (the request journal, the webhook delivery log). */
export interface AccountLimits {
  journalSize: number;
  deliveryLogSize: number;
}

export const DEFAULT_LIMITS: AccountLimits = { journalSize: 1000, deliveryLogSize: 500 };

/** One isolated world: its store, clock, credentials, journal, throttle state and random source. */
export class Account {
  readonly clock: Clock;
  readonly journal: Journal;
  readonly throttle = new Throttle();
  readonly random: Random;
  readonly replies = new ReplyCache();
  /** Fault rules; kept in memory only, like the journal and throttle state. */
  readonly faults = new Faults();
  /** Draws for fault probabilities and random latency, apart from `random` so faults never shift generated ids. */
  faultRandom: Random;
  /** The scenario the account was last built from, kept in memory (it may hold credential secrets). */
  scenario: LoadedScenario | undefined;
  /** Moves on every save, so anything derived from the data can tell it is stale. */
  private savedVersion = 0;

  constructor(
    readonly store: AccountStore,
    realNow: () => number,
    readonly limits: AccountLimits = DEFAULT_LIMITS,
  ) {
    this.clock = new Clock(realNow, store.data.settings.clockOffsetMs);
    this.journal = new Journal(limits.journalSize);
    this.random = new Random(store.data.settings.seed, store.data.settings.name);
    this.faultRandom = this.newFaultRandom();
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

  /** Replaces the account's data (reset), keeping the clock and journal. */
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

  /** Records a change to the account and persists it (only the version moves in memory). */
  async save(): Promise<void> {
    this.savedVersion++;
    this.store.data.settings.clockOffsetMs = this.clock.offset;
    await this.store.write();
  }
}
