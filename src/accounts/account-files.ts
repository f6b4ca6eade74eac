import { type FileHandle, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { jsonParts } from '../json-steps.js';
import type { RandomState } from '../random.js';
import type { Change, ChangeSet } from './changes.js';
import { syncDirectory, writeDurably } from './durable-file.js';
import { inSlices } from './slices.js';
import type { AccountSettings } from './tables.js';

// An account on disk is two files: `<name>.json`, its base (settings, the id source's position and
// every record that differs from the world generated from the seed), and `<name>.log`, one line per
// acknowledged write since the base was written, appended and fsynced before the write is answered.
// When the log outgrows the base, a new base is written (temp file, fsync, rename) and the log
// emptied; a line whose `seq` the base already holds is skipped, so a crash between the two is safe.
// The account's lowdb store reads and writes them through AccountAdapter (store.ts).
//
// Deleting renames the base to a tombstone, `.<name>.deleted`, then removes the log, then the
// tombstone, fsyncing the directory after each step. The rename is the commit point: before it the
// account is whole, after it the account is gone, and a start finishes what a crash left (a
// tombstone, or a log without its base). Creating removes any such leftover before the first base,
// so an old log is never read as a new account's.
//
// Replacing an account (a restore over it) writes the new account's base over the old one's (temp
// file, fsync, rename, fsync of the directory), numbered with the old log's last line, then empties
// the old log. The rename is the commit point: before it the old account is whole, after it the new
// one is there, and the old log's lines, all at or below the new base's `seq`, are never read over it.
//
// A simulator that could not write its data directory at the start uses it read-only: every write
// is refused (ReadOnlyDataDirError) before anything is written.

export const FORMAT = 2;

/**
 * A base's JSON text in parts, written a record at a time in slices of the event loop's time as the
 * file takes them (a large account's base is tens of MiB): its settings as they are when this is
 * called, its changes, which no one changes.
 */
function baseText(base: BaseFile): AsyncIterable<string> {
  return inSlices(jsonParts(base as unknown as Record<string, unknown>));
}

export interface BaseFile {
  format: typeof FORMAT;
  /** The last log line this base includes. */
  seq: number;
  settings: AccountSettings;
  /** The id source's position; null in a base migrated from an older file (the stream starts from the seed). */
  random: RandomState | null;
  changes: Change[];
}

export interface LogLine {
  seq: number;
  random: RandomState;
  settings?: AccountSettings;
  changes: Change[];
}

/** Log bytes beyond which the next write compacts (at least this, or the base's own size). */
export const COMPACT_AFTER_BYTES = 1024 * 1024;

export function baseFile(dir: string, name: string): string {
  return path.join(dir, `${name}.json`);
}

export function logFile(dir: string, name: string): string {
  return path.join(dir, `${name}.log`);
}

const TOMBSTONE = /^\.(.+)\.deleted$/;

function tombstoneFile(dir: string, name: string): string {
  return path.join(dir, `.${name}.deleted`);
}

/**
 * Test-only: `BUSINESS_API_SIM_TEST_DELETE_CRASH=<k>` (a deletion) and
 * `BUSINESS_API_SIM_TEST_RESTORE_CRASH=<k>` (a restore replacing an account) stop the process with
 * SIGKILL right after step k of that operation (0: before the first), so that the crash tests can
 * stop it between any two steps. Nothing else reads them; they are not options of the simulator.
 */
function crashPoint(operation: 'DELETE' | 'RESTORE', step: number): void {
  if (process.env[`BUSINESS_API_SIM_TEST_${operation}_CRASH`] === String(step)) process.kill(process.pid, 'SIGKILL');
}

/**
 * A write refused because the simulator uses its data directory read-only: the directory could not
 * be written when it started (a full disk, a read-only file system). Answered as a failed save.
 */
export class ReadOnlyDataDirError extends Error {
  readonly code = 'EROFS';
  constructor(dir: string, reason: string) {
    super(
      `the data directory ${dir} is used read-only: it could not be written when the simulator started (${reason}); ` +
        'restart the simulator once the disk takes writes',
    );
  }
}

/**
 * Finishes the deletions a crash interrupted: removes the log of every tombstone, then the tombstone,
 * and every log without its base (the base is removed first, so such a log belongs to a deleted
 * account). Run on start, before the accounts are read; `isName` says which names are accounts'.
 */
export async function finishDeletions(dir: string, isName: (name: string) => boolean): Promise<void> {
  const all = new Set(await readdir(dir));
  let removed = false;
  for (const file of all) {
    const name = TOMBSTONE.exec(file)?.[1];
    if (name === undefined || !isName(name)) continue;
    // A base beside a tombstone is a newer account (created after the deletion): its log is its own.
    if (!all.has(`${name}.json`)) await rm(logFile(dir, name), { force: true });
    await rm(path.join(dir, file), { force: true });
    removed = true;
  }
  for (const file of all) {
    const name = file.endsWith('.log') ? file.slice(0, -'.log'.length) : undefined;
    if (name === undefined || !isName(name) || all.has(`${name}.json`)) continue;
    await rm(path.join(dir, file), { force: true });
    removed = true;
  }
  if (removed) await syncDirectory(dir);
}

export class AccountFiles {
  /** Whether the log exists yet (its creation is followed by an fsync of the directory). */
  private logCreated = false;
  /** Bytes of the log known to be whole lines; a failed append is cut back to this. */
  private logBytes = 0;
  private baseBytes = 0;
  private seq = 0;
  private closed = false;
  /** A failed append that could not be cut back yet: cut before the next append (or refused). */
  private torn = false;
  /**
   * Set when the data directory is used read-only (why it could not be written at the start): every write
   * is refused.
   */
  readOnly: string | undefined;

  constructor(
    readonly dir: string,
    readonly name: string,
  ) {}

  get base(): string {
    return baseFile(this.dir, this.name);
  }
  get log(): string {
    return logFile(this.dir, this.name);
  }

  /** Continues files just loaded: the log holds `logBytes` good bytes and lines up to `seq`. */
  resume(seq: number, logBytes: number, baseBytes: number): void {
    this.seq = seq;
    this.logBytes = logBytes;
    this.baseBytes = baseBytes;
  }

  /** Appends one write; resolves once it is on disk. A failed append leaves the log as it was. */
  async append(set: ChangeSet): Promise<void> {
    this.writable();
    const line: LogLine = {
      seq: this.seq + 1,
      random: set.random,
      ...(set.settings ? { settings: set.settings } : {}),
      changes: set.changes,
    };
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
    // Opened per write, not held: a simulator of thousands of accounts would otherwise hold a
    // descriptor per account and run into the process's limit.
    const handle = await this.openLog();
    try {
      await this.appendTo(handle, bytes);
    } finally {
      await handle.close().catch(() => undefined);
    }
    this.logBytes += bytes.length;
    this.seq = line.seq;
  }

  private async appendTo(handle: FileHandle, bytes: Buffer): Promise<void> {
    if (this.torn) {
      // A failed write left bytes that could not be cut then; cut them now or refuse this write too.
      await handle.truncate(this.logBytes);
      this.torn = false;
    }
    try {
      // A full disk may take part of a write without an error: write on until all is written or it fails.
      for (let done = 0; done < bytes.length; ) {
        const { bytesWritten } = await handle.write(bytes, done, bytes.length - done);
        if (bytesWritten <= 0) throw new Error(`${this.log}: the disk took no more bytes`);
        done += bytesWritten;
      }
      await handle.datasync();
    } catch (error) {
      // Cut a partly written line away, so the next append starts on a line of its own.
      await handle.truncate(this.logBytes).catch(() => {
        this.torn = true;
      });
      throw error;
    }
  }

  /** True when the log has grown past the base enough that rewriting the base is worth it. */
  get wantsCompaction(): boolean {
    return this.logBytes > Math.max(COMPACT_AFTER_BYTES, this.baseBytes);
  }

  /**
   * Writes a new base holding everything, then empties the log. The rename of the base is the
   * commit point: once it is done the write has happened, and a log that could not be emptied is
   * harmless (its lines are at or below the base's `seq`, skipped on load).
   */
  async writeBase(settings: AccountSettings, random: RandomState | null, changes: Change[]): Promise<void> {
    this.writable();
    const base: BaseFile = { format: FORMAT, seq: this.seq, settings, random, changes };
    this.baseBytes = await writeDurably(this.base, baseText(base));
    await this.emptyLog();
  }

  /**
   * Writes this new account's first base over the files of the account it replaces (`previous`, a
   * restore with replace), crash-atomically. The base carries the old log's last line number, so no
   * line of the old log is ever read over it, and this account goes on appending after them. The
   * rename of the base is the commit point: a failure before it leaves the old account's files as
   * they were (and rejects); once it is done the old files take no more writes, and a log that
   * could not be emptied is harmless.
   */
  async replace(
    previous: AccountFiles,
    settings: AccountSettings,
    random: RandomState | null,
    changes: Change[],
  ): Promise<void> {
    previous.writable();
    this.writable();
    this.seq = previous.seq;
    this.logBytes = previous.logBytes;
    this.torn = previous.torn;
    this.logCreated = previous.logCreated;
    crashPoint('RESTORE', 0);
    const base: BaseFile = { format: FORMAT, seq: this.seq, settings, random, changes };
    const bytes = await writeDurably(this.base, baseText(base), () => crashPoint('RESTORE', 1));
    previous.closed = true;
    crashPoint('RESTORE', 2);
    this.baseBytes = bytes;
    await this.emptyLog();
    crashPoint('RESTORE', 3);
  }

  /**
   * Empties the log once a new base holds all of it; a failure is harmless (its lines are skipped) and retried
   * with the next base.
   */
  private async emptyLog(): Promise<void> {
    try {
      const handle = await this.openLog();
      try {
        await handle.truncate(0);
        await handle.datasync();
      } finally {
        await handle.close().catch(() => undefined);
      }
      this.logBytes = 0;
      this.torn = false;
    } catch {
      // Emptied with the next new base.
    }
  }

  /** Later writes fail (the account is being deleted). */
  async close(): Promise<void> {
    this.closed = true;
  }

  /** Throws unless the files may be written: not closed, and the data directory not used read-only. */
  private writable(): void {
    if (this.closed) throw new Error(`account '${this.name}' is closed`);
    if (this.readOnly !== undefined) throw new ReadOnlyDataDirError(this.dir, this.readOnly);
  }

  /** Removes what a deleted account of this name may have left, before the first base is written. */
  async clearLeftovers(): Promise<void> {
    this.writable();
    await rm(this.log, { force: true });
    await rm(tombstoneFile(this.dir, this.name), { force: true });
    await syncDirectory(this.dir);
  }

  /**
   * The commit point of a deletion: the base becomes a tombstone, and the directory is fsynced.
   * Once this resolves the account is deleted (a start finishes the removal); a failure leaves its
   * files as they were (a tombstone whose rename could not be made durable is put back) and rejects.
   */
  async bury(): Promise<void> {
    this.writable();
    crashPoint('DELETE', 0);
    const tombstone = tombstoneFile(this.dir, this.name);
    let renamed = false;
    try {
      await rename(this.base, tombstone);
      renamed = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      await syncDirectory(this.dir);
    } catch (error) {
      if (renamed) await rename(tombstone, this.base).catch(() => undefined);
      throw error;
    }
    this.closed = true;
    crashPoint('DELETE', 1);
  }

  /** After `bury`: removes the log, then the tombstone; what a crash or a failure leaves, a start finishes. */
  async finishRemoval(): Promise<void> {
    const tombstone = tombstoneFile(this.dir, this.name);
    await rm(this.log, { force: true });
    await syncDirectory(this.dir);
    crashPoint('DELETE', 2);
    await rm(tombstone, { force: true });
    await syncDirectory(this.dir);
    crashPoint('DELETE', 3);
  }

  /** The log in append mode (every write lands at the end, after the last whole line), created on first use. */
  private async openLog(): Promise<FileHandle> {
    const created =
      !this.logCreated &&
      (await stat(this.log).then(
        () => false,
        () => true,
      ));
    const handle = await open(this.log, 'a', 0o600);
    if (created) await syncDirectory(this.dir);
    this.logCreated = true;
    return handle;
  }
}
