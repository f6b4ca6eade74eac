import { z } from 'zod';
import type { RandomState } from '../random.js';
import { WORLD_SIZES } from '../world/sizes.js';
import type { Steps } from '../world/steps.js';
import type { Account } from './account.js';
import { allChangesInSteps, type Change } from './changes.js';
import { problemOf, Settings } from './data-schema.js';
import { passphraseKey } from './passphrase-key.js';
import { SecretBox } from './secret-box.js';
import { runInSlices } from './slices.js';
import type { AccountSettings } from './store.js';
import { tableNamed } from './tables.js';

// An account snapshot: the whole account as one versioned JSON document, to restore it on this or
// another simulator. It holds what the account's files hold (settings, the id source's position,
// every change since the seeded world: records, credentials, API keys, access tokens, webhooks and
// waiting deliveries) and, when asked, the request journal. Credentials, API keys and access tokens
// are stored as hashes and travel as such. A webhook's signing secret is sealed with the data
// directory's key, which another simulator does not have: it travels re-sealed under a key derived
// from a passphrase the caller gives (`X-Snapshot-Key`) with both the snapshot and the restore.

export const SNAPSHOT_FORMAT = 'business-api-simulator/account-snapshot';
/** The newest format version this simulator writes and reads. */
export const SNAPSHOT_VERSION = 1;
/** The header carrying the passphrase sealed secrets travel under. */
export const SNAPSHOT_KEY_HEADER = 'X-Snapshot-Key';
/** The field of a record holding a secret sealed with the data directory's key. */
const SEALED = 'secret_sealed';

/** A snapshot that cannot be taken or restored as asked; the message says why. */
export class SnapshotError extends Error {}

/**
 * The most changes a snapshot may hold: more than an account of 64 MiB holds (that many access
 * tokens, the smallest records, take 75 MiB), and no longer than its JSON parsed allows.
 */
export const MAX_SNAPSHOT_CHANGES = 500_000;
/**
 * The most characters of JSON one record of a snapshot may take: the API's body limit, larger than
 * any record a request or a scenario can make. Every record is read, frozen and written a record at
 * a time (a restore, a snapshot, the data files, list answers): its size is the longest of those steps.
 */
export const MAX_RECORD_CHARS = 1024 * 1024;

const word = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 32 - 1);

const ChangeRecord = z.tuple([z.string(), z.string(), z.record(z.string(), z.unknown()).nullable()]);

export const AccountSnapshot = z
  .object({
    format: z.literal(SNAPSHOT_FORMAT),
    version: z.literal(SNAPSHOT_VERSION).describe('The format version; a newer one is refused.'),
    name: z.string().describe('The name of the account the snapshot was taken of.'),
    takenAt: z.string().describe('Real time the snapshot was taken, ISO 8601.'),
    seed: Settings.shape.seed,
    size: z.enum(WORLD_SIZES),
    settings: z
      .object({
        day: Settings.shape.day.describe('The UTC day the world was generated for.'),
        rateLimit: z.boolean(),
        fiscalised: z.boolean().optional(),
        scenario: z.string().optional().describe('The scenario the account was built from.'),
        relaxedRules: Settings.shape.relaxedRules.describe(
          'Ids of the rules the account has switched off, in the order set; absent: none.',
        ),
        eventLife: Settings.shape.eventLife.describe(
          "How many restores the account's webhook events have been through; a restore adds one, so the " +
            'restored account never sends an event id the account it was taken of may have sent.',
        ),
      })
      .describe('The settings besides seed and size.'),
    clock: z
      .object({
        now: z.string().describe('The account time when the snapshot was taken, ISO 8601.'),
        frozen: z.boolean(),
        offsetMs: Settings.shape.clockOffsetMs.describe('A running clock: its distance from real time.'),
        frozenAtMs: z.number().finite().optional().describe('A frozen clock: the time it stands at, epoch ms.'),
      })
      .describe('A running clock is restored at the same distance from real time, a frozen one at the same time.'),
    ids: z.tuple([word, word, word, word]).describe("The id source's position: ids continue where it stood."),
    changes: z
      .array(ChangeRecord)
      .describe(
        'Every change since the seeded world, as the data files record it: `[table, key, record or null]`, the ' +
          'world tables and `credentials`, `apiKeys`, `tokens` (by token hash), `webhooks` and `deliveries`.',
      ),
    sealedWith: z
      .literal('snapshot-key')
      .optional()
      .describe('Present when records hold secrets sealed under the key of `X-Snapshot-Key`.'),
    journal: z.array(z.record(z.string(), z.unknown())).optional().describe('The request journal, when asked for.'),
  })
  .meta({ id: 'AccountSnapshot' });

export type AccountSnapshot = z.infer<typeof AccountSnapshot>;

/** What an account is built from: its settings, the id source's position and the changes over its world. */
export interface AccountImage {
  settings: AccountSettings;
  random: RandomState;
  changes: Change[];
}

/**
 * The key sealed secrets travel under, from the caller's passphrase: scrypt, derived off the event
 * loop, a few at a time in the process, and kept a short while (accounts/passphrase-key.ts).
 */
export async function transferBox(passphrase: string): Promise<SecretBox> {
  return new SecretBox(await passphraseKey(passphrase, SNAPSHOT_FORMAT));
}

/**
 * The account's snapshot, taken as a read (the committed state), its changes gathered in slices of the
 * event loop's time (the account's writes wait meanwhile, other accounts are answered). Sealed secrets
 * are re-sealed under `transfer`; without it, an account holding any is refused.
 */
export async function takeSnapshot(
  account: Account,
  options: { journal: boolean; transfer: SecretBox | undefined; realNow: number },
): Promise<AccountSnapshot> {
  return account.read(async () => {
    const s = account.settings;
    const { changes, sealed } = await runInSlices(snapshotChanges(account, options.transfer));
    const now = account.clock.now();
    return {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      name: s.name,
      takenAt: new Date(options.realNow).toISOString(),
      seed: s.seed,
      size: s.size,
      settings: {
        day: s.day,
        rateLimit: s.rateLimit,
        ...(s.fiscalised === undefined ? {} : { fiscalised: s.fiscalised }),
        ...(s.scenario === undefined ? {} : { scenario: s.scenario }),
        ...(s.relaxedRules?.length ? { relaxedRules: [...s.relaxedRules] } : {}),
        ...(s.eventLife === undefined ? {} : { eventLife: s.eventLife }),
      },
      clock: {
        now: new Date(now).toISOString(),
        frozen: s.clockFrozenAtMs !== undefined,
        offsetMs: s.clockOffsetMs,
        ...(s.clockFrozenAtMs === undefined ? {} : { frozenAtMs: s.clockFrozenAtMs }),
      },
      ids: account.random.state(),
      changes: changes as AccountSnapshot['changes'],
      ...(sealed ? { sealedWith: 'snapshot-key' as const } : {}),
      ...(options.journal ? { journal: account.journal.all() as unknown as Record<string, unknown>[] } : {}),
    };
  });
}

/** The account's changes as a snapshot carries them, as steps: sealed secrets sealed again under `transfer`. */
function* snapshotChanges(
  account: Account,
  transfer: SecretBox | undefined,
): Steps<{ changes: Change[]; sealed: boolean }> {
  const changes = yield* allChangesInSteps(account.store.data);
  let sealed = false;
  for (let n = 0; n < changes.length; n++) {
    if (n % 256 === 0) yield;
    const [table, key, row] = changes[n]!;
    if (row === null || typeof (row as Record<string, unknown>)[SEALED] !== 'string') continue;
    if (!transfer)
      throw new SnapshotError(
        `${table} ${key} holds a secret sealed with this simulator's key: send ${SNAPSHOT_KEY_HEADER}: ` +
          '<passphrase> to carry it sealed under that passphrase (give the same one to the restore)',
      );
    sealed = true;
    const plain = account.secrets.open((row as Record<string, string>)[SEALED]!, key);
    changes[n] = [table, key, { ...row, [SEALED]: transfer.seal(plain, key) }];
  }
  return { changes, sealed };
}

/** Whether a JSON body is a snapshot (rather than account settings): it names a format. */
export const isSnapshot = (json: unknown): boolean => typeof json === 'object' && json !== null && 'format' in json;

/** The members of a snapshot besides its changes and journal, checked at once. */
const SnapshotHead = AccountSnapshot.omit({ changes: true, journal: true });
const JournalEntry = z.record(z.string(), z.unknown());

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change as ChangeRecord takes it, told without zod: most snapshots hold tens of thousands. */
const isChange = (value: unknown): value is Change =>
  Array.isArray(value) &&
  value.length === 3 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string' &&
  (value[2] === null || isRecord(value[2]));

/**
 * The snapshot in `json`, checked, as steps: a newer version is refused naming both versions, a wrong
 * format or shape naming the field, more than MAX_SNAPSHOT_CHANGES changes or a record of more than
 * MAX_RECORD_CHARS naming the bound. The changes are checked one at a time and kept as they are
 * (never copied: the records of a large snapshot are most of its memory); the journal is checked and
 * left out, as no restore reads it.
 */
export function* readSnapshotSteps(json: unknown): Steps<AccountSnapshot> {
  const { format, version } = json as { format?: unknown; version?: unknown };
  if (format !== SNAPSHOT_FORMAT)
    throw new SnapshotError(`format: expected '${SNAPSHOT_FORMAT}', got ${JSON.stringify(format) ?? 'nothing'}`);
  if (typeof version === 'number' && Number.isInteger(version) && version > SNAPSHOT_VERSION)
    throw new SnapshotError(
      `made by a newer simulator: format version ${version}; this one reads version ${SNAPSHOT_VERSION}`,
    );
  const { changes, journal, ...rest } = json as Record<string, unknown>;
  const problem = problemOf(SnapshotHead, rest);
  if (problem) throw new SnapshotError(problem);
  const head = SnapshotHead.parse(rest);
  if (!Array.isArray(changes)) throw new SnapshotError(problemOf(AccountSnapshot.shape.changes, changes, ['changes'])!);
  if (changes.length > MAX_SNAPSHOT_CHANGES)
    throw new SnapshotError(
      `changes: ${changes.length} changes, more than the ${MAX_SNAPSHOT_CHANGES} a snapshot may hold`,
    );
  for (let n = 0; n < changes.length; n++) {
    yield;
    const change: unknown = changes[n];
    if (!isChange(change)) throw new SnapshotError(problemOf(ChangeRecord, change, ['changes', n])!);
    const [table, key, row] = change;
    if (row !== null && jsonLonger(row, MAX_RECORD_CHARS))
      throw new SnapshotError(
        `changes[${n}] (${table} ${key}): more than ${MAX_RECORD_CHARS} characters of JSON, the most a record may take`,
      );
  }
  if (journal !== undefined) {
    if (!Array.isArray(journal))
      throw new SnapshotError(problemOf(AccountSnapshot.shape.journal, journal, ['journal'])!);
    for (let n = 0; n < journal.length; n++) {
      if (n % 256 === 0) yield;
      if (!isRecord(journal[n])) throw new SnapshotError(problemOf(JournalEntry, journal[n], ['journal', n])!);
    }
  }
  return { ...head, changes: changes as Change[] as AccountSnapshot['changes'] };
}

/** Whether the JSON of a parsed value is longer than `max` characters: counted until it is. */
function jsonLonger(value: unknown, max: number): boolean {
  let left = max;
  const count = (v: unknown): boolean => {
    if (v === null) left -= 4;
    else if (typeof v === 'string') left -= v.length + 2;
    else if (typeof v === 'number' || typeof v === 'boolean') left -= String(v).length;
    else if (Array.isArray(v)) {
      left -= v.length + 1;
      for (const item of v) if (left < 0 || count(item)) return true;
    } else if (typeof v === 'object') {
      left -= 2;
      for (const key in v) {
        left -= key.length + 4;
        if (left < 0 || count((v as Record<string, unknown>)[key])) return true;
      }
    }
    return left < 0;
  };
  return count(value);
}

/**
 * What the account of `name` is built from, as steps: the snapshot's settings under that name, and
 * its changes, a change a step, with sealed secrets opened with `transfer` and sealed again with this
 * simulator's key (`box`).
 */
export function* imageOf(
  snapshot: AccountSnapshot,
  name: string,
  transfer: SecretBox | undefined,
  box: SecretBox,
): Steps<AccountImage> {
  const { settings, clock } = snapshot;
  const accountSettings: AccountSettings = {
    name,
    seed: snapshot.seed,
    size: snapshot.size,
    day: settings.day,
    rateLimit: settings.rateLimit,
    clockOffsetMs: clock.offsetMs,
    ...(clock.frozenAtMs === undefined ? {} : { clockFrozenAtMs: clock.frozenAtMs }),
    ...(settings.fiscalised === undefined ? {} : { fiscalised: settings.fiscalised }),
    ...(settings.scenario === undefined ? {} : { scenario: settings.scenario }),
    ...(settings.relaxedRules?.length ? { relaxedRules: [...settings.relaxedRules] } : {}),
    // The snapshot's ids continue here, the invoices' among them: its events begin a new life.
    eventLife: (settings.eventLife ?? 0) + 1,
  };
  const seen = new Set<string>();
  const changes: Change[] = new Array(snapshot.changes.length);
  for (let n = 0; n < changes.length; n++) {
    yield;
    changes[n] = imageChange(snapshot, snapshot.changes[n] as Change, n, seen, transfer, box);
  }
  return { settings: accountSettings, random: snapshot.ids, changes };
}

/** A change of the image: the snapshot's own, checked, or a copy of its record with its secret sealed again. */
function imageChange(
  snapshot: AccountSnapshot,
  change: Change,
  n: number,
  seen: Set<string>,
  transfer: SecretBox | undefined,
  box: SecretBox,
): Change {
  const [table, key, row] = change as [string, string, Record<string, unknown> | null];
  const held = tableNamed(table);
  if (held === undefined && table !== 'tokens') throw new SnapshotError(`changes[${n}]: unknown table '${table}'`);
  // One change per record, each under its record's own id: two rows with one id would be two records until
  // the next restart, and one after it (the data file keeps rows by their ids), so answers would change.
  if (seen.has(`${table}\u0000${key}`))
    throw new SnapshotError(`changes[${n}] (${table} ${key}): a second change of it`);
  seen.add(`${table}\u0000${key}`);
  if (held && row !== null && String(held.keyOf(row)) !== key) {
    throw new SnapshotError(
      `changes[${n}] (${table} ${key}): ${held.key}: ${JSON.stringify(held.keyOf(row))}, not the change's key`,
    );
  }
  if (row === null || typeof row[SEALED] !== 'string') return change;
  if (snapshot.sealedWith !== 'snapshot-key')
    throw new SnapshotError(`changes[${n}] (${table} ${key}): ${SEALED}: sealed, but the snapshot has no sealedWith`);
  if (!transfer)
    throw new SnapshotError(
      `changes[${n}] (${table} ${key}) holds a sealed secret: send ${SNAPSHOT_KEY_HEADER} with the passphrase the ` +
        'snapshot was taken with',
    );
  let plain: string;
  try {
    plain = transfer.open(row[SEALED] as string, key);
  } catch {
    throw new SnapshotError(
      `changes[${n}] (${table} ${key}): ${SEALED}: does not open with the ${SNAPSHOT_KEY_HEADER} given ` +
        '(another passphrase, or the value was altered)',
    );
  }
  return [table, key, { ...row, [SEALED]: box.seal(plain, key) }];
}
