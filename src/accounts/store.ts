import { readFile, truncate } from 'node:fs/promises';
import { type Adapter, Low, Memory } from 'lowdb';
import type { AuthData } from '../auth/credentials.js';
import type { RandomState } from '../random.js';
import type { Guid } from '../world/common.js';
import { earlierStateIds } from '../world/diary.js';
import { runSteps, type Steps } from '../world/steps.js';
import { AccountFiles, type BaseFile, baseFile, FORMAT, type LogLine, logFile } from './account-files.js';
import { allChanges, applyChanges, type Change, type ChangeSet } from './changes.js';
import { baseProblem, lineProblem } from './data-schema.js';
import { deepFreeze } from './freeze.js';
import { migrateLegacy } from './legacy-file.js';
import { recordProblem } from './record-schema.js';
import { type AccountData, type AccountSettings, tables } from './tables.js';
import { rawTokens, trackedTokens } from './tokens-map.js';
import { prepareWorld, worldFor } from './worlds.js';

export type { AccountData, AccountSettings } from './tables.js';

// The account's store is lowdb: `store.data` is the account's data, `store.read()` opens it and
// `store.write()` saves it. In memory (no data directory) the adapter is lowdb's Memory; with a data
// directory it is AccountAdapter below, which keeps the account in its two files (account-files.ts):
// a write appends the change since the last write as one line of the log, fsynced, and a new
// account, data replaced whole (a reset, a scenario) and a compaction write a new base.

export type AccountStore = Low<AccountData>;

/** A store held in memory only: lowdb with its Memory adapter. */
export function memoryStore(data: AccountData): AccountStore {
  return new Low(new Memory<AccountData>(), data);
}

/** A new account's store in the data directory `dir`; its first `write()` writes its base. */
export function fileStore(dir: string, name: string, data: AccountData): AccountStore {
  return new Low(new AccountAdapter(dir, name), data);
}

/** The store's files, when it has a data directory. */
export function filesOf(store: AccountStore): AccountFiles | undefined {
  return store.adapter instanceof AccountAdapter ? store.adapter.files : undefined;
}

/**
 * Opens the account `name` persisted in `dir`: lowdb reads it through AccountAdapter (the base, then
 * the log lines written since). `random` is the id source's saved position, `migrated` when the
 * files never held one (a base migrated from the first format). With `readOnly` (why the directory
 * cannot be written) the files are read as they are, and every later write is refused.
 */
export async function loadStore(
  dir: string,
  name: string,
  readOnly?: string,
): Promise<{ store: AccountStore; random: RandomState | 'migrated' }> {
  const adapter = new AccountAdapter(dir, name);
  adapter.files.readOnly = readOnly;
  // The adapter's read() answers the data or throws, so lowdb's default data is never kept.
  const store = new Low<AccountData>(adapter, null as unknown as AccountData);
  await store.read();
  return { store, random: adapter.loadedRandom ?? 'migrated' };
}

/** What the next `write()` of an AccountAdapter saves, in place of the whole data it is handed. */
export type StagedSave =
  /** The change set of the write: one line of the log. */
  | { line: ChangeSet }
  /** A new base: data replaced whole (a reset, a scenario), with the id source's position. */
  | { base: { settings: AccountSettings; random: RandomState | null; changes: Change[] } };

/**
 * lowdb's adapter for an account in a data directory. `read()` answers the data of the base with
 * the log replayed. `write(data)` saves the save staged for it (`stage`): the write's change set
 * appended to the log, or a new base; with nothing staged, it writes the whole data it is handed as
 * a new base (a new account, a compaction), with the id source's position (`idPosition`). What it
 * saves is taken when `write` is called, before it awaits anything, so the account may show the
 * state before the write while the save is on its way to disk.
 */
export class AccountAdapter implements Adapter<AccountData> {
  readonly files: AccountFiles;
  /** After `read()`: the id source's saved position; null when the files never held one. */
  loadedRandom: RandomState | null = null;
  /** The id source's position, saved with a base of the whole data; set by the account. */
  idPosition: (() => RandomState) | undefined;
  private staged: StagedSave | undefined;

  constructor(
    readonly dir: string,
    readonly name: string,
  ) {
    this.files = new AccountFiles(dir, name);
  }

  /** Sets what the next `write()` saves. */
  stage(save: StagedSave): void {
    this.staged = save;
  }

  /** True when the log has outgrown the base: the next write of the whole data compacts it. */
  get wantsCompaction(): boolean {
    return this.files.wantsCompaction;
  }

  write(data: AccountData): Promise<void> {
    const save = this.staged;
    this.staged = undefined;
    if (save && 'line' in save) return this.files.append(save.line);
    if (save) return this.files.writeBase(save.base.settings, save.base.random, save.base.changes);
    if (!this.idPosition) return Promise.reject(new Error(`account '${this.name}': no id source to save`));
    return this.files.writeBase(data.settings, this.idPosition(), allChanges(data));
  }

  /**
   * Reads the base, then the log lines written since. A file that is not valid JSON, not shaped as
   * account data, or holds a record of the wrong shape is an error naming the file and the
   * problem; the files are left as they are. A last log line cut short by a crash (never
   * acknowledged) is cut away. A base of the first format is rewritten in the current one.
   */
  async read(): Promise<AccountData> {
    const { dir, name, files } = this;
    const file = baseFile(dir, name);
    const baseText = await readText(file);
    const parsed = parseJson(file, baseText);
    // A first-format file becomes a base without a saved id position; it is rewritten once it has passed every check.
    const legacy = isLegacy(parsed);
    const base = legacy
      ? { format: FORMAT, seq: 0, random: null, ...(await migrateLegacy(file, parsed, name)) }
      : parsed;
    const problem = baseProblem(base);
    if (problem) throw new Error(`${file}: ${problem}`);
    const b = base as BaseFile;
    if (b.settings.name !== name)
      throw new Error(`${file}: settings.name: expected '${name}' (the file's name), got '${b.settings.name}'`);
    await prepareWorld(b.settings.seed, b.settings.size, b.settings.day);
    const data = freshData(b.settings, { credentials: [], apiKeys: [] });
    const earlier = earlierStateIds(b.settings.seed);
    const changes = withFixedStateIds(b.changes, earlier);
    checkRecords(file, 'changes', changes, data);
    applyChanges(data, changes);
    let random = b.random;
    let seq = b.seq;

    const log = logFile(dir, name);
    const text = await readText(log, true);
    let good = 0;
    let lineNo = 0;
    for (let start = 0; start < text.length; ) {
      const end = text.indexOf('\n', start);
      lineNo++;
      const last = end < 0;
      const lineText = last ? text.slice(start) : text.slice(start, end);
      let line: LogLine;
      try {
        line = JSON.parse(lineText) as LogLine;
      } catch (error) {
        if (last) break; // cut short by a crash before it was acknowledged
        throw new Error(`${log}: line ${lineNo}: not valid JSON (${(error as Error).message})`);
      }
      const lineIssue = lineProblem(line);
      if (lineIssue) throw new Error(`${log}: line ${lineNo}: ${lineIssue}`);
      if (line.seq > seq) {
        if (line.seq !== seq + 1) throw new Error(`${log}: line ${lineNo}: seq: expected ${seq + 1}, got ${line.seq}`);
        const lineChanges = withFixedStateIds(line.changes, earlier);
        checkRecords(log, `line ${lineNo}: changes`, lineChanges, data);
        applyChanges(data, lineChanges);
        if (line.settings) data.settings = { ...line.settings, name };
        random = line.random;
        seq = line.seq;
      }
      good = last ? text.length : end + 1;
      if (last) break;
      start = end + 1;
    }
    const bytes = Buffer.byteLength(text.slice(0, good));
    // Read-only, the cut line and a migrated base are left on disk as they are (and read so again).
    const writable = files.readOnly === undefined;
    if (bytes < Buffer.byteLength(text) && writable) await truncate(log, bytes);
    files.resume(seq, bytes, Buffer.byteLength(baseText));
    if (legacy && writable) await files.writeBase(b.settings, null, changes);
    this.loadedRandom = random;
    return data;
  }
}

/** A fresh account's data: the world of (seed, size, day) and the given credentials. */
export function freshData(settings: AccountSettings, auth: Pick<AuthData, 'credentials' | 'apiKeys'>): AccountData {
  return {
    settings,
    auth: { credentials: deepFreeze(auth.credentials), apiKeys: deepFreeze(auth.apiKeys), tokens: trackedTokens({}) },
    world: worldFor(settings.seed, settings.size, settings.day),
    tables: {},
  };
}

/** An independent copy of the data (records are frozen values, so only the tables are copied). */
export function copyData(data: AccountData): AccountData {
  const copy = freshData({ ...data.settings }, data.auth);
  for (const table of tables()) {
    const held = table.held(data);
    if (held) table.set(copy, held);
  }
  Object.assign(rawTokens(copy.auth.tokens), data.auth.tokens);
  return copy;
}

/**
 * Appointment states once had ids drawn from the seed; an appointment saved then is read in the same
 * state under its fixed id, so an account keeps its diary across the change.
 */
function withFixedStateIds(changes: readonly Change[], earlier: ReadonlyMap<Guid, Guid>): Change[] {
  return changes.map((change) => {
    const [table, key, row] = change;
    if (table !== 'appointments' || row === null) return change;
    const fixed = earlier.get((row as { AppointmentStateId?: Guid }).AppointmentStateId ?? '');
    return fixed ? [table, key, { ...row, AppointmentStateId: fixed }] : change;
  });
}

function checkRecords(file: string, where: string, changes: BaseFile['changes'], data: AccountData): void {
  const problem = recordsProblem(changes, data, where);
  if (problem) throw new Error(`${file}: ${problem}`);
}

/** The first record of the wrong shape among changes over `data`, as `<where>[n] (<table> <key>): <problem>`. */
function recordsProblem(changes: readonly Change[], data: AccountData, where = 'changes'): string | undefined {
  return runSteps(recordsProblemInSteps(changes, data, where));
}

/** `recordsProblem` as steps, a record a step. */
export function* recordsProblemInSteps(
  changes: readonly Change[],
  data: AccountData,
  where = 'changes',
): Steps<string | undefined> {
  for (let n = 0; n < changes.length; n++) {
    yield;
    const [table, key, row] = changes[n]!;
    const problem = row === null ? undefined : recordProblem(table, row, data.world);
    if (problem) return `${where}[${n}] (${table} ${key}): ${problem}`;
  }
  return undefined;
}

function isLegacy(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !('format' in value) && 'world' in value;
}

async function readText(file: string, optional = false): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new Error(`${file}: not readable (${(error as Error).message})`);
  }
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: ${jsonProblem(text, (error as Error).message)}`);
  }
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

export { FORMAT };
