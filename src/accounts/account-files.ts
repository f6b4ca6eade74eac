import { type FileHandle, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RandomState } from '../random.js';
import type { Change, ChangeSet } from './changes.js';
import { syncDirectory, writeDurably } from './durable-file.js';
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

export const FORMAT = 2;

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
 * Test-only: `BUSINESS_API_SIM_TEST_DELETE_CRASH=<k>` stops the process with SIGKILL right after
 * step k of a deletion (0: before the first), so that the crash tests can stop it between any two
 * steps. Nothing else reads it; it is not an option of the simulator.
 */
function crashPoint(step: number): void {
  if (process.env.BUSINESS_API_SIM_TEST_DELETE_CRASH === String(step)) process.kill(process.pid, 'SIGKILL');
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
    if (this.closed) throw new Error(`account '${this.name}' is closed`);
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
    if (this.closed) throw new Error(`account '${this.name}' is closed`);
    const base: BaseFile = { format: FORMAT, seq: this.seq, settings, random, changes };
    const text = JSON.stringify(base);
    await writeDurably(this.base, text);
    this.baseBytes = Buffer.byteLength(text);
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

  /** Removes what a deleted account of this name may have left, before the first base is written. */
  async clearLeftovers(): Promise<void> {
    await rm(this.log, { force: true });
    await rm(tombstoneFile(this.dir, this.name), { force: true });
    await syncDirectory(this.dir);
  }

  /**
   * Closes and deletes both files, crash-atomically: the base becomes a tombstone (the commit
   * point), then the log goes, then the tombstone; a start finishes a deletion a crash cut short.
   */
  async remove(): Promise<void> {
    await this.close();
    crashPoint(0);
    const tombstone = tombstoneFile(this.dir, this.name);
    await rename(this.base, tombstone).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await syncDirectory(this.dir);
    crashPoint(1);
    await rm(this.log, { force: true });
    await syncDirectory(this.dir);
    crashPoint(2);
    await rm(tombstone, { force: true });
    await syncDirectory(this.dir);
    crashPoint(3);
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
