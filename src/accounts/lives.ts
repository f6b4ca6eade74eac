import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeDurably } from './durable-file.js';

// An account name can be deleted and created again; each creation begins a new life of the name.
// The first life draws its ids exactly as before (salt: the name), so a fresh account is
// deterministic; a later life mixes its number into the id source's salt, so it never repeats the
// ids, and so the event ids, of an earlier life. The registry remembers, per name, the life the
// next creation begins; with a data directory that is on disk too, so a restart does not forget.

/** Names whose next life is remembered; beyond it the oldest is forgotten into `floor`. */
export const MAX_REMEMBERED_NAMES = 10_000;

/** The file in the data directory; its temp files match TEMP_FILE, and it is no account's name. */
export const LIVES_FILE = '.account-lives.json';

interface LivesFile {
  floor: number;
  next: [string, number][];
}

export class AccountLives {
  /** The life the next account of each name begins, least recently ended first. */
  private readonly next = new Map<string, number>();
  /** Every name not remembered begins at least this life (0 until a name is forgotten). */
  private floor = 0;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly dataDir?: string) {}

  private get file(): string | undefined {
    return this.dataDir === undefined ? undefined : path.join(this.dataDir, LIVES_FILE);
  }

  /** Reads the data directory's file, if any; a damaged one stops the start naming it. */
  async load(): Promise<void> {
    const file = this.file;
    if (file === undefined) return;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw new Error(`${file}: not readable (${(error as Error).message})`);
    }
    let parsed: LivesFile;
    try {
      parsed = JSON.parse(text) as LivesFile;
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
    }
    const life = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
    if (typeof parsed !== 'object' || parsed === null || !life(parsed.floor) || !Array.isArray(parsed.next))
      throw new Error(`${file}: expected {"floor": <life>, "next": [[<name>, <life>], ...]}`);
    this.floor = parsed.floor;
    for (const [at, entry] of parsed.next.entries()) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !life(entry[1]))
        throw new Error(`${file}: next[${at}]: expected [<name>, <life>]`);
      this.next.set(entry[0], entry[1]);
    }
  }

  /** The life an account of this name created now begins: 0 for a name never deleted. */
  of(name: string): number {
    return this.next.get(name) ?? this.floor;
  }

  /** An account of this name is deleted: the next one begins a later life (durable before this resolves). */
  async ended(name: string): Promise<void> {
    const later = this.of(name) + 1;
    this.next.delete(name);
    this.next.set(name, later);
    for (const [oldest, life] of this.next) {
      if (this.next.size <= MAX_REMEMBERED_NAMES) break;
      // A forgotten name begins at the floor, which is then past every life it had.
      this.floor = Math.max(this.floor, life);
      this.next.delete(oldest);
    }
    const file = this.file;
    if (file === undefined) return;
    // One save at a time, each writing the map as it is when it runs: the last write holds every end.
    const save = this.saving.then(async () => {
      await writeDurably(file, `${JSON.stringify({ floor: this.floor, next: [...this.next] } satisfies LivesFile)}\n`);
    });
    this.saving = save.catch(() => undefined);
    await save;
  }
}

/** The id source's salt of a life: the name alone for the first, as every account had before lives were counted. */
export function lifeSalt(name: string, life: number): string {
  return life === 0 ? name : `${name}:life-${life}`;
}
