import type { Account } from '../accounts/account.js';
import { ClockBoundError } from '../accounts/clock.js';
import { type AccountRegistry, type CreateAccount, generatedAccountName } from '../accounts/registry.js';
import { runInSlices } from '../accounts/slices.js';
import { SNAPSHOT_KEY_HEADER, SnapshotError } from '../accounts/snapshot.js';
import { collectionTable, type Table } from '../accounts/tables.js';
import { COLLECTIONS, type Collection } from '../accounts/worlds.js';
import { type AuthData, DEMO_CLIENT_ID } from '../auth/credentials.js';
import { sha256 } from '../auth/hash.js';
import { storeToken, TOKEN_LIFETIME_SECONDS } from '../auth/tokens.js';
import { DAY } from '../datetime.js';
import { endpoints } from '../endpoints.js';
import { endpointNamed } from '../http/invoke.js';
import { subscriptionsOf } from '../webhooks/subscriptions.js';
import type { WorldSize } from '../world/sizes.js';
import type { Steps } from '../world/steps.js';
import { setAppointmentStates } from './appointment-states.js';
import { fullyBookDays } from './fully-book.js';
import { INLINE, type LoadedScenario, loadScenario, pathText, ScenarioError, type SnapshotKey } from './load.js';
import { applyRecords } from './scenario-records.js';
import type { Scenario } from './schemas.js';

/** A snapshot file re-read by a reset after a restart has no passphrase for sealed secrets. */
const AFTER_RESTART: SnapshotKey = {
  passphrase: undefined,
  givenBy: `a reset after a restart has none: apply the snapshot again, with the ${SNAPSHOT_KEY_HEADER} header`,
};

/** The scenario each account was last built from, in memory only (it may hold credential secrets). */
const scenarios = new WeakMap<Account, LoadedScenario>();

/** The account a scenario was applied to (a snapshot replaces the account object) and what it changed. */
export interface Applied {
  account: Account;
  changes: ScenarioChanges;
}

/**
 * Rebuilds the account as the scenario describes it: settings (falling back to the account's own),
 * clock, a freshly seeded world and credentials for that day, then the scenario's changes. One
 * write: a ScenarioError names the file and the path of what could not be applied, and the
 * account is then left exactly as it was. A snapshot replaces the account with its own, as a
 * restore does.
 */
export async function applyScenario(
  registry: AccountRegistry,
  account: Account,
  loaded: LoadedScenario,
): Promise<Applied> {
  if (loaded.snapshot) return applySnapshot(registry, account.name, loaded, account);
  const { scenario, source } = loaded;
  const locks = resolveLocks(scenario, source);
  const previous = scenarios.get(account);
  const changes = await account.write(async () => {
    try {
      const before = { clock: account.clock.now(), size: account.settings.size, seed: account.settings.seed };
      const s = scenario.account ?? {};
      if (s.now !== undefined) setClock(account, Date.parse(s.now), source);
      await registry.rebuild(account, {
        seed: s.seed ?? account.settings.seed,
        size: s.size ?? account.settings.size,
        rateLimit: s.rateLimit ?? account.settings.rateLimit,
        fiscalised: s.fiscalised ?? account.settings.fiscalised ?? false,
        scenario: loaded.reference ?? loaded.name,
        // The scenario's list replaces the account's; left out, the account keeps its own.
        ...(s.relaxedRules !== undefined && { relaxedRules: s.relaxedRules }),
      });
      scenarios.set(account, loaded);
      const now = account.clock.now();
      for (const name of scenario.clear ?? []) collectionTable(name).set(account.store.data, []);
      if (scenario.appointmentStates) setAppointmentStates(account, scenario.appointmentStates, source);
      // The records the scenario makes draw their ids from a stream of the seed and the scenario,
      // not the account's own (salted with its name): the same scenario gives the same ids in any account.
      const salt = await runInSlices(scenarioSaltSteps(scenario));
      await account.random.drawingFrom(account.settings.seed, salt, async () => {
        if (scenario.records) await applyRecords(account, now, scenario.records, source);
        addCredentials(account.auth, scenario, now, source);
        if (scenario.fullyBook) await fullyBookDays(account, now, scenario.fullyBook, source);
      });
      return await runInSlices(changesSince(account, before));
    } catch (error) {
      if (previous) scenarios.set(account, previous);
      else scenarios.delete(account);
      throw error;
    }
  });
  const now = account.clock.now();
  for (const lock of locks) account.throttle.lock(lock.operationId, lock.ip, now + lock.lockedSeconds * 1000);
  account.faults.clear();
  if (scenario.faults) account.faults.add(scenario.faults);
  applied.set(account, { scenario: loaded.reference ?? loaded.name, at: registry.options.realNow(), changes });
  return { account, changes };
}

/**
 * Makes the account of `name` the snapshot's state, replacing `replacing` (the account of that name)
 * when given: the restore's code, its refusals a ScenarioError naming the source. The account
 * records the snapshot's file (or `(inline)`) as its scenario, so a reset brings the snapshot back.
 */
async function applySnapshot(
  registry: AccountRegistry,
  name: string,
  loaded: Extract<LoadedScenario, { snapshot: object }>,
  replacing: Account | undefined,
): Promise<Applied> {
  const was = replacing && {
    clock: replacing.clock.now(),
    size: replacing.settings.size,
    seed: replacing.settings.seed,
  };
  let account: Account;
  try {
    account = await registry.restoreSnapshot(loaded.snapshot, name, {
      transfer: loaded.transfer,
      replace: replacing !== undefined,
      scenario: loaded.reference ?? loaded.name,
    });
  } catch (error) {
    if (error instanceof SnapshotError) throw new ScenarioError(`${loaded.source}: ${error.message}`);
    throw error;
  }
  scenarios.set(account, loaded);
  const { size, seed } = account.settings;
  const changes = await runInSlices(changesSince(account, was ?? { clock: account.clock.now(), size, seed }));
  applied.set(account, { scenario: loaded.reference ?? loaded.name, at: registry.options.realNow(), changes });
  return { account, changes };
}

/** What applying a scenario changed, as the control plane answers it. */
export interface ScenarioChanges {
  /** The account clock before and after (epoch ms). */
  clock: { before: number; after: number };
  size: { before: WorldSize; after: WorldSize };
  /** Only when the scenario changed the seed. */
  seed?: { before: number; after: number };
  /**
   * Per table, against the freshly seeded world: records the scenario added, seeded records it
   * replaced (changed), seeded records it removed (`clear`). Tables it left as seeded are absent.
   */
  records: Partial<Record<Collection | 'webhooks', { added: number; replaced: number; removed: number }>>;
}

/** The scenario last applied to each account (in memory only): its name or path, when (real time), what changed. */
export interface AppliedScenario {
  scenario: string;
  at: number;
  changes: ScenarioChanges;
}

const applied = new WeakMap<Account, AppliedScenario>();

/** The scenario last applied to the account since the process started, if any. */
export function lastApplied(account: Account): AppliedScenario | undefined {
  return applied.get(account);
}

/** Rows read in one step of `changesSince`. */
const CHANGES_STEP = 2048;

/**
 * What the account's tables hold against the freshly seeded world, in steps of a few thousand rows
 * (run in slices: a large world's diary is tens of thousands of rows).
 */
function* changesSince(
  account: Account,
  before: { clock: number; size: WorldSize; seed: number },
): Steps<ScenarioChanges> {
  const { size, seed } = account.settings;
  const changes: ScenarioChanges = {
    clock: { before: before.clock, after: account.clock.now() },
    size: { before: before.size, after: size },
    ...(seed !== before.seed && { seed: { before: before.seed, after: seed } }),
    records: {},
  };
  for (const key of COLLECTIONS) {
    const table: Table = collectionTable(key);
    const seeded = table.base(account.store.data);
    const rows = table.rows(account.store.data);
    if (rows === seeded) continue;
    const seededById = new Map<unknown, object>();
    for (let i = 0; i < seeded.length; i++) {
      if (i % CHANGES_STEP === 0) yield;
      seededById.set(table.keyOf(seeded[i]!), seeded[i]!);
    }
    let added = 0;
    let replaced = 0;
    let kept = 0;
    for (let i = 0; i < rows.length; i++) {
      if (i % CHANGES_STEP === 0) yield;
      const row = rows[i]!;
      const was = seededById.get(table.keyOf(row));
      if (was === undefined) added++;
      else {
        kept++;
        if (was !== row) replaced++;
      }
    }
    const removed = seeded.length - kept;
    if (added + replaced + removed > 0) changes.records[key] = { added, replaced, removed };
  }
  // A freshly seeded account has no webhook subscriptions.
  const webhooks = subscriptionsOf(account).length;
  if (webhooks > 0) changes.records.webhooks = { added: webhooks, replaced: 0, removed: 0 };
  return changes;
}

/** Creates an account, built from the scenario when one is given; an account whose scenario fails is not kept. */
export async function createAccount(
  registry: AccountRegistry,
  request: CreateAccount,
  scenario: LoadedScenario | undefined,
): Promise<Account> {
  const conflicts = conflictsWithScenario(request, scenario);
  if (conflicts.length > 0) {
    throw new ScenarioConflictError(
      `the settings sent differ from what the scenario ${scenario?.reference ?? scenario?.name ?? '(inline)'} ` +
        `pins: ${conflicts.join('; ')}; send one or the other`,
    );
  }
  if (scenario?.snapshot)
    return (await applySnapshot(registry, request.name ?? generatedAccountName(), scenario, undefined)).account;
  const account = await registry.create(request);
  if (!scenario) return account;
  try {
    await applyScenario(registry, account, scenario);
  } catch (error) {
    await registry.delete(account.name);
    throw error;
  }
  return account;
}

/** Settings sent beside a scenario that it pins to another value: creating would silently keep one of the two. */
export class ScenarioConflictError extends Error {}

/**
 * Each setting of `request` that the scenario (or the snapshot given as one) pins otherwise, as
 * `seed: sent 7, pinned 42`.
 */
function conflictsWithScenario(request: CreateAccount, scenario: LoadedScenario | undefined): string[] {
  if (!scenario) return [];
  const pinned = scenario.snapshot
    ? { seed: scenario.snapshot.seed, size: scenario.snapshot.size }
    : {
        ...scenario.scenario.account,
        now: scenario.scenario.account?.now === undefined ? undefined : Date.parse(scenario.scenario.account.now),
      };
  const out: string[] = [];
  const compare = (field: string, sent: unknown, pins: unknown) => {
    if (sent !== undefined && pins !== undefined && JSON.stringify(sent) !== JSON.stringify(pins))
      out.push(`${field}: sent ${JSON.stringify(sent)}, pinned ${JSON.stringify(pins)}`);
  };
  compare('seed', request.seed, pinned.seed);
  compare('size', request.size, pinned.size);
  if (!scenario.snapshot) {
    const account = scenario.scenario.account;
    compare('rateLimit', request.rateLimit, account?.rateLimit);
    compare('now', request.now, 'now' in pinned ? pinned.now : undefined);
    const sorted = (ids: readonly string[] | undefined) => (ids === undefined ? undefined : [...ids].sort());
    compare('relaxedRules', sorted(request.relaxedRules), sorted(account?.relaxedRules));
  }
  return out;
}

/**
 * Re-seeds the world and credentials for the account's current day and drops its fault rules;
 * settings and clock stay. An account built from a scenario gets its scenario again (re-read
 * by its name or path after a restart, under the same rules as when it was first given).
 */
export async function resetAccount(registry: AccountRegistry, account: Account): Promise<void> {
  const reference = account.settings.scenario;
  const scenario =
    scenarios.get(account) ??
    (reference && reference !== INLINE
      ? await loadScenario(reference, registry.options.scenarioDir, AFTER_RESTART)
      : undefined);
  if (scenario) {
    await applyScenario(registry, account, scenario);
    return;
  }
  await account.write(() => registry.rebuild(account));
}

/**
 * The salt of a scenario's id stream: a hash of its content (keys sorted), so the same scenario,
 * from a file or inline, draws the same ids; `scenario:` and the hash keep it apart from every
 * account's salt (its name, `<name>:life-<n>` or `<name>:migrated`: accounts/lives.ts).
 */
function* scenarioSaltSteps(scenario: Scenario): Steps<string> {
  return `scenario:${sha256(yield* canonicalJson(scenario))}`;
}

/** Elements of a list written in one step (a scenario near 1 MiB lists some 16 000 records). */
const ELEMENTS_PER_STEP = 256;

function* canonicalJson(value: unknown): Steps<string> {
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const [i, v] of value.entries()) {
      if (i % ELEMENTS_PER_STEP === 0) yield;
      parts.push(v !== null && typeof v === 'object' ? yield* canonicalJson(v) : (JSON.stringify(v) ?? 'null'));
    }
    return `[${parts.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const parts: string[] = [];
    for (const [k, v] of entries) {
      const text = v !== null && typeof v === 'object' ? yield* canonicalJson(v) : (JSON.stringify(v) ?? 'null');
      parts.push(`${JSON.stringify(k)}:${text}`);
    }
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The scenario's clock; outside the window around real time it is an error naming `account.now`. */
function setClock(account: Account, ms: number, source: string): void {
  try {
    account.clock.set(ms, pathText(['account', 'now']));
  } catch (error) {
    if (error instanceof ClockBoundError) throw new ScenarioError(`${source}: ${error.message}`);
    throw error;
  }
}

function addCredentials(auth: AuthData, scenario: Scenario, now: number, source: string): void {
  const lifetime = TOKEN_LIFETIME_SECONDS * 1000;
  const seen = new Set<string>([DEMO_CLIENT_ID]);
  const tokens = new Set<string>();
  for (const [i, c] of (scenario.credentials ?? []).entries()) {
    const at = `${source}: ${pathText(['credentials', i])}`;
    if (seen.has(c.clientId)) throw new ScenarioError(`${at}.clientId: already used by another credential`);
    seen.add(c.clientId);
    const credential = {
      id: `credential-${auth.credentials.length + 1}`,
      clientId: c.clientId,
      secretHash: sha256(c.secret),
      active: c.active ?? true,
      endpoints: c.endpoints ?? [],
      ips: c.ips ?? '',
    };
    auth.credentials = [...auth.credentials, credential];
    for (const [j, t] of (c.tokens ?? []).entries()) {
      const tokenAt = `${at}.tokens[${j}]`;
      if (tokens.has(t.token)) throw new ScenarioError(`${tokenAt}.token: the same token is listed twice`);
      tokens.add(t.token);
      // A revoked token is one the account no longer holds: refresh and rotate delete them.
      if (t.state === 'revoked') continue;
      const issuedAt =
        t.issuedAt !== undefined ? Date.parse(t.issuedAt) : t.state === 'expired' ? now - lifetime - DAY : now;
      const expiresAt = issuedAt + lifetime;
      if (t.state === 'expired' && expiresAt > now) {
        throw new ScenarioError(
          `${tokenAt}.issuedAt: an expired token must be issued more than six months before the clock`,
        );
      }
      if (t.state === 'active' && (expiresAt <= now || issuedAt > now)) {
        throw new ScenarioError(
          `${tokenAt}.issuedAt: an active token must be issued within the six months before the clock`,
        );
      }
      storeToken(auth, sha256(t.token), { credentialId: credential.id, issuedAt, expiresAt });
    }
  }
}

/** Throttle entries resolved to endpoints first, so an unknown endpoint fails before anything changes. */
function resolveLocks(scenario: Scenario, source: string) {
  return (scenario.throttle ?? []).map((t, i) => {
    const endpoint = endpointNamed(endpoints, t.endpoint);
    if (!endpoint) {
      throw new ScenarioError(
        `${source}: ${pathText(['throttle', i, 'endpoint'])}: no endpoint ` +
          `${t.endpoint} (method and path template as the API declares ` +
          `it)`,
      );
    }
    return { operationId: endpoint.operationId, ip: t.ip, lockedSeconds: t.lockedSeconds };
  });
}
