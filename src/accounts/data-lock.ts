import { readFileSync } from 'node:fs';
import { link, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// One simulator per data directory. Two would both acknowledge writes to the same logs, each
// numbering its lines from its own count, and the next start would refuse every account they shared.
// The holder is named in `<dir>/.simulator.lock` (its PID, host, when it took the directory and a
// marker of its process's start); a second simulator finds it and refuses to start. A lock whose
// holder is gone (killed, crashed) does not block: its PID is no longer running, or runs another
// process (a different start marker), or is this very process without holding it (the same PID
// after a container restart).

export const LOCK_FILE = '.simulator.lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** When the holder took the directory, ISO 8601. */
  since: string;
  /** The holder process's start (boot id and start tick, from /proc), or null where it cannot be read. */
  marker: string | null;
}

/** Another simulator, still running, holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const elsewhere =
      holder.host === os.hostname()
        ? ''
        : `; its process cannot be checked from this host: if it has stopped, remove ${path.join(dir, LOCK_FILE)}`;
    super(
      `the data directory ${dir} is in use by another simulator (PID ${holder.pid} on host ${holder.host}, ` +
        `since ${holder.since})${elsewhere}: stop it first, or give this one another data directory`,
    );
  }
}

export interface DataDirLock {
  /** Lets go of the directory (removes the lock file if it is still this one's). */
  release(): Promise<void>;
}

/** Lock files this process holds: a second simulator in the same process is refused too. */
const heldHere = new Set<string>();
let tempCounter = 0;

/** Takes `dir` (which exists) for this simulator, or throws DataDirLockedError naming the holder. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = path.join(await realpath(dir), LOCK_FILE);
  const text = `${JSON.stringify(currentHolder())}\n`;
  for (let attempt = 0; !(await create(file, text)); attempt++) {
    const seen = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (seen === undefined) continue; // released meanwhile
    const holder = parseHolder(seen);
    if (holder && isAlive(file, holder)) throw new DataDirLockedError(dir, holder);
    if (attempt >= 5) throw new Error(`${file}: could not take the data directory`);
    await removeStale(file, seen);
  }
  heldHere.add(file);
  return {
    release: async () => {
      if (!heldHere.delete(file)) return;
      const now = await readFile(file, 'utf8').catch(() => undefined);
      if (now === text) await rm(file, { force: true });
    },
  };
}

/**
 * For a data directory this process cannot write (a full disk, a read-only file system), where
 * lockDataDir fails for want of a lock file: throws DataDirLockedError, as lockDataDir would, when
 * the lock file there names a simulator still running (by the same rule); otherwise no running
 * simulator holds the directory, and it may be read (never written: no lock is taken or removed).
 */
export async function checkNotHeld(dir: string): Promise<void> {
  const file = path.join(await realpath(dir), LOCK_FILE);
  const seen = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const holder = seen === undefined ? undefined : parseHolder(seen);
  if (holder && isAlive(file, holder)) throw new DataDirLockedError(dir, holder);
}

/** Creates the lock file whole (a temp file linked to its name), or answers false when it exists. */
async function create(file: string, text: string): Promise<boolean> {
  const temp = `${file}.${process.pid}-${++tempCounter}.tmp`;
  // A full disk may create the temp file and refuse its bytes: it is not left behind.
  await writeFile(temp, text, { flag: 'wx', mode: 0o600 }).catch(async (error: unknown) => {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: exclusive creation instead.
    return writeFile(file, text, { flag: 'wx', mode: 0o600 }).then(
      () => true,
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'EEXIST') return false;
        throw e;
      },
    );
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * Removes a lock judged stale: moved aside first, and put back if what was moved is not the lock
 * that was judged (another starter replaced it meanwhile).
 */
async function removeStale(file: string, seen: string): Promise<void> {
  const aside = `${file}.${process.pid}-${++tempCounter}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(() => seen);
  if (moved !== seen) await link(aside, file).catch(() => undefined);
  await rm(aside, { force: true });
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0 || typeof value.host !== 'string')
      return undefined;
    return {
      pid: value.pid as number,
      host: value.host,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      marker: typeof value.marker === 'string' ? value.marker : null,
    };
  } catch {
    return undefined; // not a lock this simulator wrote: nobody holds the directory through it
  }
}

function isAlive(file: string, holder: LockHolder): boolean {
  // Processes of another host cannot be seen from here: the lock holds until removed there or by hand.
  if (holder.host !== os.hostname()) return true;
  // The same PID as this process: held only if this process holds it (else left by an earlier one).
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // no such process
  }
  // The PID runs: the same process unless its start differs (the PID was reused).
  const marker = startMarker(holder.pid);
  return marker === null || holder.marker === null || marker === holder.marker;
}

function currentHolder(): LockHolder {
  return { pid: process.pid, host: os.hostname(), since: new Date().toISOString(), marker: startMarker(process.pid) };
}

/** `<boot id>:<start tick>` of a process on Linux, from /proc; null elsewhere. */
function startMarker(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); the start time is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return null;
  }
}
