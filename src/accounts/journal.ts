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
import type { BudgetedJournal, JournalBudget } from './journal-budget.js';
import { type JournalQuery, journalFilter } from './journal-query.js';

/** The request headers a journal keeps (never credentials: no Authorization, ServiceApiKey or Cookie). */
export const JOURNAL_HEADERS = ['accept', 'content-type', 'user-agent', 'x-correlation-id', 'x-request-id'] as const;

/** The fault rule that changed an answer: its id, its effect, and the delay it added (ms). */
export interface JournalFault {
  id: string;
  kind: 'latency' | 'status' | 'drop' | 'truncate';
  delayMs?: number;
}

/** A rule that refused a request (errors/rules.ts): its id, and where the belief in it comes from. */
export interface JournalRule {
  id: string;
  /** `spec`, `client`, `vendor`, `convention` or `assumed`. */
  source: string;
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
  /** The rules that refused the request (those its answer's rule header names); none for an answer no rule refused. */
  rules?: readonly JournalRule[];
}

/** A request as recorded: redacted and capped when recorded, parsed only when read. */
interface JournalRecord {
  seq: number;
  method: string;
  path: string;
  search: string;
  status: number;
  at: number;
  fault?: JournalFault;
  headers: Record<string, string>;
  body?: CapturedBody;
  answerBody?: CapturedBody;
  /** Absent when no rule refused the request. */
  rules?: JournalRule[];
  /** The memory the entry retains, as the journal budget counts it. */
  bytes: number;
}

export interface JournalEntry {
  /** The entry's number in its account's journal: 1, 2, 3… in the order recorded, never reused while it runs. */
  seq: number;
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
  /** The rules that refused the request, as its answer's rule header names them; absent when none did. */
  rules?: JournalRule[];
}

/** An entry without headers and bodies: what a live view shows per row (its seq fetches the rest). */
export type JournalSummary = Pick<
  JournalEntry,
  'seq' | 'method' | 'path' | 'query' | 'status' | 'at' | 'fault' | 'rules'
>;

/**
 * The requests an account received, oldest first: at most `capacity` of them, and fewer when the
 * process's journal budget (shared by every account) drops the oldest for memory.
 */
export class Journal implements BudgetedJournal {
  /** Kept entries from `head` on, oldest first; the slots before `head` are dropped ones. */
  private entries: (JournalRecord | undefined)[] = [];
  private head = 0;
  private nextSeq = 1;
  private retained = 0;
  private droppedForMemory = 0;
  private released = false;
  /** Who watches new entries (the console's live view); while none does, recording formats nothing. */
  private readonly listeners = new Set<(summaryJson: string) => void>();

  constructor(
    readonly capacity: number,
    private readonly budget?: JournalBudget,
  ) {}

  /** The memory the kept entries retain, as counted (bodies, headers, query, path and a fixed part). */
  get bytes(): number {
    return this.retained;
  }

  /** Entries dropped for the process's journal budget since the journal started or was cleared. */
  get dropped(): number {
    return this.droppedForMemory;
  }

  private get size(): number {
    return this.entries.length - this.head;
  }

  record(call: JournalCall): void {
    if (this.capacity <= 0 && this.listeners.size === 0) return;
    const entry = captured(call, this.nextSeq++);
    if (this.listeners.size > 0) {
      const json = JSON.stringify(summary(entry));
      for (const listener of this.listeners) listener(json);
    }
    if (this.capacity <= 0 || this.released) return;
    let delta = entry.bytes;
    if (this.size >= this.capacity) delta -= this.dropOldest();
    this.entries.push(entry);
    this.retained += delta;
    this.budget?.changed(this, delta);
  }

  shed(target: number): number {
    let freed = 0;
    while (this.retained - freed > target && this.size > 0) {
      freed += this.dropOldest();
      this.droppedForMemory++;
    }
    this.retained -= freed;
    return freed;
  }

  /** Drops the oldest entry; answers its bytes (the caller counts them). */
  private dropOldest(): number {
    const oldest = this.entries[this.head]!;
    this.entries[this.head++] = undefined;
    // The dropped slots are let go once they are half the array: O(1) per entry, amortised.
    if (this.head >= 64 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return oldest.bytes;
  }

  /** The recorded calls, oldest first; with a query, only those matching it (bodies parsed only when asked about). */
  list(query?: JournalQuery): JournalEntry[] {
    const all = this.ordered();
    if (query === undefined) return all.map(format);
    const matches = journalFilter(query);
    return all.filter(matches.quick).map(format).filter(matches.full);
  }

  count(query?: JournalQuery): number {
    if (query === undefined) return this.size;
    const matches = journalFilter(query);
    const quick = this.ordered().filter(matches.quick);
    return matches.rich ? quick.map(format).filter(matches.full).length : quick.length;
  }

  /** The entry numbered `seq`, while the journal still holds it. */
  get(seq: number): JournalEntry | undefined {
    const oldest = this.entries[this.head];
    if (oldest === undefined || seq < oldest.seq || seq >= oldest.seq + this.size) return undefined;
    // Kept entries are numbered without gaps from the oldest on.
    return format(this.entries[this.head + seq - oldest.seq]!);
  }

  /** The newest `count` entries as summaries, oldest first. */
  recent(count: number): JournalSummary[] {
    return this.ordered().slice(-count).map(summary);
  }

  /** Every recorded call, oldest first, as read (for near-miss reports). */
  all(): JournalEntry[] {
    return this.ordered().map(format);
  }

  /**
   * Calls `listener` with the summary of each entry recorded from now on, as JSON text; the answer
   * stops it. Summaries, not whole entries: a watched account's answers would otherwise be sent again.
   */
  listen(listener: (summaryJson: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many listen; while none does, recording formats nothing. */
  get listening(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.entries = [];
    this.head = 0;
    this.droppedForMemory = 0;
    const freed = this.retained;
    this.retained = 0;
    this.budget?.changed(this, -freed);
  }

  /** Empties the journal for good and leaves the budget (the account is deleted). */
  release(): void {
    this.released = true;
    this.entries = [];
    this.head = 0;
    this.budget?.remove(this, this.retained);
    this.retained = 0;
  }

  private ordered(): JournalRecord[] {
    return this.entries.slice(this.head) as JournalRecord[];
  }
}

function captured(call: JournalCall, seq: number): JournalRecord {
  const headers: Record<string, string> = {};
  for (const name of JOURNAL_HEADERS) {
    const value = call.header(name);
    if (value !== undefined) headers[name] = cut(value, MAX_JOURNAL_HEADER);
  }
  const entry: JournalRecord = {
    bytes: 0,
    seq,
    method: call.method,
    path: cut(call.path, MAX_JOURNAL_PATH),
    search: redactSearch(cut(call.search, MAX_JOURNAL_SEARCH)),
    status: call.status,
    at: call.at,
    headers,
  };
  if (call.fault) entry.fault = call.fault;
  if (call.rules && call.rules.length > 0) {
    entry.rules = call.rules.map((r) => ({ id: cut(r.id, MAX_JOURNAL_RULE), source: cut(r.source, MAX_JOURNAL_RULE) }));
  }
  if (call.body !== undefined && call.body !== '') entry.body = captureBody(call.body, 'redact');
  const answer = call.answer;
  if (typeof answer === 'string' && answer !== '') entry.answerBody = captureBody(answer, 'keep');
  else if (answer instanceof Uint8Array && answer.byteLength > 0) entry.answerBody = captureBytes(answer);
  entry.bytes = retainedBytes(entry);
  return entry;
}

/** The fixed part of an entry: the record, its headers object and the numbers, generously. */
const ENTRY_OVERHEAD = 320;
/** A rule's id or source is kept up to this many characters (declared ids are far shorter). */
const MAX_JOURNAL_RULE = 256;
/** The fixed part of each rule an entry keeps: its object, and its slot in the array. */
const RULE_OVERHEAD = 64;

/**
 * What an entry retains, counted as the worst case: 2 bytes a character, a reused answer's body as
 * if it were the entry's own. O(1): string lengths only.
 */
function retainedBytes(e: JournalRecord): number {
  let bytes = ENTRY_OVERHEAD + 2 * (e.method.length + e.path.length + e.search.length);
  for (const [name, value] of Object.entries(e.headers)) bytes += 2 * (name.length + value.length) + 32;
  for (const rule of e.rules ?? []) bytes += 2 * (rule.id.length + rule.source.length) + RULE_OVERHEAD;
  return bytes + bodyBytes(e.body) + bodyBytes(e.answerBody);
}

const bodyBytes = (body: CapturedBody | undefined): number =>
  body === undefined ? 0 : typeof body === 'string' ? 2 * body.length : 2 * body.prefix.length + 96;

/** The text, or a copy of its first `max` characters (see `copied`). */
const cut = (text: string, max: number) => (text.length > max ? copied(text.slice(0, max)) : text);

function summary(e: JournalRecord): JournalSummary {
  return {
    seq: e.seq,
    method: e.method,
    path: e.path,
    query: redactQuery(e.search),
    status: e.status,
    at: new Date(e.at).toISOString(),
    ...(e.fault ? { fault: { ...e.fault } } : {}),
    ...(e.rules ? { rules: e.rules.map((r) => ({ ...r })) } : {}),
  };
}

/** The whole entry: the summary's fields with the headers and bodies in their places. */
function format(e: JournalRecord): JournalEntry {
  const { seq, method, path, query, status, ...rest } = summary(e);
  return {
    seq,
    method,
    path,
    query,
    headers: { ...e.headers },
    ...(e.body === undefined ? {} : { body: readCaptured(e.body) }),
    status,
    ...(e.answerBody === undefined ? {} : { answerBody: readCaptured(e.answerBody) }),
    ...rest,
  };
}
