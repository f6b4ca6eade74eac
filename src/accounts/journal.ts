import { redactQuery, redactSearch } from '../redact.js';
import {
  type CapturedBody,
  captureBody,
  captureBytes,
  copied,
  MAX_JOURNAL_HEADER,
  MAX_JOURNAL_PATH,
  MAX_JOURNAL_SEARCH,
  readCaptured,
} from './journal-body.js';
import { type JournalQuery, journalFilter } from './journal-query.js';

/** The request headers a journal keeps (never credentials: no Authorization, ServiceApiKey or Cookie). */
export const JOURNAL_HEADERS = ['accept', 'content-type', 'user-agent', 'x-correlation-id', 'x-request-id'] as const;

/** The fault rule that changed an answer: its id, its effect, and the delay it added (ms). */
export interface JournalFault {
  id: string;
  kind: 'latency' | 'status' | 'drop' | 'truncate';
  delayMs?: number;
}

/** A request and its answer as the pipeline hands them over, before anything is redacted or capped. */
export interface JournalCall {
  method: string;
  path: string;
  /** Query string as sent, without `?`. */
  search: string;
  /** 0 when a fault dropped the connection before any answer existed. */
  status: number;
  /** Account clock, epoch ms. */
  at: number;
  fault?: JournalFault;
  /** Reads a request header by lower-case name. */
  header: (name: string) => string | undefined;
  /** The request body's text; undefined when there was none or it was not read. */
  body?: string;
  /** The answer's body: text, or bytes of a reused answer. */
  answer?: string | Uint8Array | null;
  /** The answer's media type, when it had one. */
  answerType?: string;
}

/** A request as recorded: redacted and capped when recorded, parsed only when read. */
interface JournalRecord {
  method: string;
  path: string;
  search: string;
  status: number;
  at: number;
  fault?: JournalFault;
  headers: Record<string, string>;
  body?: CapturedBody;
  answerBody?: CapturedBody;
  /** The kept answer text is JSON (an application/json answer, kept whole), so it can be sent on unparsed. */
  answerIsJson?: true;
}

export interface JournalEntry {
  method: string;
  path: string;
  /** Query values by name, as sent, with secrets redacted. */
  query: Record<string, string[]>;
  /** The kept headers (JOURNAL_HEADERS) that were sent, by lower-case name. */
  headers: Record<string, string>;
  /** The request body: parsed JSON with secrets redacted, text, or a truncation mark; absent when none was sent. */
  body?: unknown;
  status: number;
  /** The answer's body, kept like the request's; absent when the answer had none. */
  answerBody?: unknown;
  /** Account clock, ISO 8601 UTC. */
  at: string;
  fault?: JournalFault;
}

/** The requests an account received, oldest first, bounded as a ring buffer. */
export class Journal {
  private readonly entries: JournalRecord[] = [];
  private start = 0;
  /** Who watches new entries (the console's live view); while none does, recording formats nothing. */
  private readonly listeners = new Set<(entryJson: string) => void>();

  constructor(readonly capacity: number) {}

  record(call: JournalCall): void {
    if (this.capacity <= 0 && this.listeners.size === 0) return;
    const entry = captured(call);
    if (this.listeners.size > 0) {
      const json = entryJson(entry);
      for (const listener of this.listeners) listener(json);
    }
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else {
      this.entries[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
  }

  /** The recorded calls, oldest first; with a query, only those matching it (bodies parsed only when asked about). */
  list(query?: JournalQuery): JournalEntry[] {
    const all = this.ordered();
    if (query === undefined) return all.map(format);
    const matches = journalFilter(query);
    return all.filter(matches.quick).map(format).filter(matches.full);
  }

  count(query?: JournalQuery): number {
    if (query === undefined) return this.entries.length;
    const matches = journalFilter(query);
    const quick = this.entries.filter(matches.quick);
    return matches.rich ? quick.map(format).filter(matches.full).length : quick.length;
  }

  /** Every recorded call, oldest first, as read (for near-miss reports). */
  all(): JournalEntry[] {
    return this.ordered().map(format);
  }

  /** Calls `listener` with each entry recorded from now on, as JSON text (what `list` answers); the answer stops it. */
  listen(listener: (entryJson: string) => void): () => void {
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

  private ordered(): JournalRecord[] {
    return [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
  }
}

function captured(call: JournalCall): JournalRecord {
  const headers: Record<string, string> = {};
  for (const name of JOURNAL_HEADERS) {
    const value = call.header(name);
    if (value !== undefined) headers[name] = cut(value, MAX_JOURNAL_HEADER);
  }
  const entry: JournalRecord = {
    method: call.method,
    path: cut(call.path, MAX_JOURNAL_PATH),
    search: redactSearch(cut(call.search, MAX_JOURNAL_SEARCH)),
    status: call.status,
    at: call.at,
    headers,
  };
  if (call.fault) entry.fault = call.fault;
  if (call.body !== undefined && call.body !== '') entry.body = captureBody(call.body, 'redact');
  const answer = call.answer;
  if (typeof answer === 'string' && answer !== '') entry.answerBody = captureBody(answer, 'keep');
  else if (answer instanceof Uint8Array && answer.byteLength > 0) entry.answerBody = captureBytes(answer);
  if (typeof entry.answerBody === 'string' && call.answerType?.startsWith('application/json'))
    entry.answerIsJson = true;
  return entry;
}

/**
 * The entry as JSON text, equal to JSON.stringify(format(e)) but for the answer's whitespace: a
 * JSON answer's kept text goes in as it is, since parsing and writing again a list of a few
 * kilobytes would cost a watched account more than answering it did.
 */
function entryJson(e: JournalRecord): string {
  if (e.answerIsJson !== true || typeof e.answerBody !== 'string') return JSON.stringify(format(e));
  const text = JSON.stringify(format({ ...e, answerBody: undefined }));
  return `${text.slice(0, -1)},"answerBody":${e.answerBody}}`;
}

/** The text, or a copy of its first `max` characters (see `copied`). */
const cut = (text: string, max: number) => (text.length > max ? copied(text.slice(0, max)) : text);

function format(e: JournalRecord): JournalEntry {
  return {
    method: e.method,
    path: e.path,
    query: redactQuery(e.search),
    headers: { ...e.headers },
    ...(e.body === undefined ? {} : { body: readCaptured(e.body) }),
    status: e.status,
    ...(e.answerBody === undefined ? {} : { answerBody: readCaptured(e.answerBody) }),
    at: new Date(e.at).toISOString(),
    ...(e.fault ? { fault: { ...e.fault } } : {}),
  };
}
