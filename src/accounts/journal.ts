import { redactQuery } from '../redact.js';
import { type JournalQuery, journalFilter } from './journal-query.js';

/** The fault rule that changed an answer: its id, its effect, and the delay it added (ms). */
export interface JournalFault {
  id: string;
  kind: 'latency' | 'status' | 'drop' | 'truncate';
  delayMs?: number;
}

/** A request as recorded: cheap to keep, formatted only when read. */
export interface JournalRecord {
  method: string;
  path: string;
  /** Query string as sent, without `?`. */
  search: string;
  /** 0 when a fault dropped the connection before any answer existed. */
  status: number;
  /** Account clock, epoch ms. */
  at: number;
  fault?: JournalFault;
}

export interface JournalEntry {
  method: string;
  path: string;
  /** Query values by name, as sent, with secrets redacted. */
  query: Record<string, string[]>;
  status: number;
  /** Account clock, ISO 8601 UTC. */
  at: string;
  fault?: JournalFault;
}

/** The requests an account received, oldest first, bounded as a ring buffer. */
export class Journal {
  private readonly entries: JournalRecord[] = [];
  private start = 0;
  /** Who watches new entries (the console's live view); while none does, recording formats nothing. */
  private readonly listeners = new Set<(entry: JournalEntry) => void>();

  constructor(readonly capacity: number) {}

  record(entry: JournalRecord): void {
    if (this.listeners.size > 0) {
      const shown = format(entry);
      for (const listener of this.listeners) listener(shown);
    }
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else {
      this.entries[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** The recorded calls, oldest first; with a query, only those matching it (filtered before formatting). */
  list(query?: JournalQuery): JournalEntry[] {
    return this.matching(query).map(format);
  }

  count(query?: JournalQuery): number {
    return this.matching(query).length;
  }

  private matching(query: JournalQuery | undefined): JournalRecord[] {
    const ordered = [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
    return query === undefined ? ordered : ordered.filter(journalFilter(query));
  }

  /** Calls `listener` with every entry recorded from now on; the answer stops it. */
  listen(listener: (entry: JournalEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many listen; while none does, recording formats nothing. */
  get listening(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.entries.length = 0;
    this.start = 0;
  }
}

function format(e: JournalRecord): JournalEntry {
  return {
    method: e.method,
    path: e.path,
    query: redactQuery(e.search),
    status: e.status,
    at: new Date(e.at).toISOString(),
    ...(e.fault ? { fault: { ...e.fault } } : {}),
  };
}
