import { open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

// Writing a whole file safely: a temp file in the same directory, fsynced, renamed over the old
// one, and the directory fsynced, so the file is either the old or the new document, never torn.

let tempCounter = 0;

/** Temp files are `.<file>.<pid>-<n>.tmp` (also `.<file>.tmp` from older versions): never account data. */
export const TEMP_FILE = /^\.[^/]+\.json(\.\d+-\d+)?\.tmp$/;

/**
 * Writes `text` (a string, or its parts in order) to a temp file in the same directory, fsyncs it,
 * renames it over `file`, fsyncs the directory; answers the bytes written. `beforeRename` runs once
 * the temp file is on disk (the crash tests stop there).
 */
export async function writeDurably(
  file: string,
  text: string | AsyncIterable<string>,
  beforeRename?: () => void,
): Promise<number> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}-${++tempCounter}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  let bytes = 0;
  try {
    try {
      for await (const part of typeof text === 'string' ? [text] : text) {
        const buffer = Buffer.from(part, 'utf8');
        // A full disk may take part of a write without an error: write on until all is written or it fails.
        for (let done = 0; done < buffer.length; ) {
          const { bytesWritten } = await handle.write(buffer, done, buffer.length - done);
          if (bytesWritten <= 0) throw new Error(`${temp}: the disk took no more bytes`);
          done += bytesWritten;
        }
        bytes += buffer.length;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    beforeRename?.();
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
  return bytes;
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some file systems (and Windows) refuse fsync on a directory; the rename still happened.
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && (error as NodeJS.ErrnoException).code !== 'EPERM')
      throw error;
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
