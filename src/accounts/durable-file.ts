import { open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// steno (lowdb's writer) writes a temp file and renames it, but never fsyncs the file or the
// directory, and the promise of a write that arrives during another resolves on a later write's
// completion. This writer keeps the temp-file-and-rename shape and adds the fsyncs, so a resolved
// write is on disk: rename is the commit point, the file is either the old or the new document.

let tempCounter = 0;

/** Temp files are `.<file>.<pid>-<n>.tmp` (steno's were `.<file>.tmp`): never account data. */
export const TEMP_FILE = /^\.[^/]+\.json(\.\d+-\d+)?\.tmp$/;

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * One file, rewritten whole. Writes never overlap: a write asked for while another runs waits,
 * and every write waiting at that moment is served by one rewrite of the latest document (which
 * holds all their changes). A write's promise resolves only once a rewrite that started after it
 * was asked for is on disk.
 */
export class DurableFile {
  private running = false;
  private waiting: Waiter[] = [];
  private removed = false;

  constructor(
    readonly file: string,
    /** Produces the document's text when a rewrite starts, so a coalesced rewrite holds the newest state. */
    private readonly text: () => string,
  ) {}

  write(): Promise<void> {
    if (this.removed) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ resolve, reject }));
    if (!this.running) void this.drain();
    return done;
  }

  /** Deletes the file after any rewrite in progress, and ignores later writes (the account is gone). */
  async remove(): Promise<void> {
    this.removed = true;
    while (this.running) await new Promise((resolve) => setImmediate(resolve));
    await rm(this.file, { force: true });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0 && !this.removed) {
        const batch = this.waiting;
        this.waiting = [];
        try {
          await writeDurably(this.file, this.text());
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
      for (const w of this.waiting.splice(0)) w.resolve();
    } finally {
      this.running = false;
    }
  }
}

/** Writes `text` to a temp file in the same directory, fsyncs it, renames it over `file`, fsyncs the directory. */
export async function writeDurably(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}-${++tempCounter}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (and Windows) refuse fsync on a directory; the rename still happened.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  } finally {
    await handle.close();
  }
}

/** Removes temp files a crash left behind: the rename never happened, so they were never acknowledged. */
export async function removeTempFiles(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (TEMP_FILE.test(name)) await rm(path.join(dir, name), { force: true });
  }
}
