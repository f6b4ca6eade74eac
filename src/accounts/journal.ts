import { redactQuery, redactSearch } from '../redact.js';
import { runSteps, type Steps } from '../world/steps.js';
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
import { MatchWork } from './journal-match.js';
import { type CallView, CompiledQuery, type JournalQuery } from './journal-query.js';

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
  /** Whether each stored body reads as JSON, once it was read (see `readStored`). */
  bodyIsJson?: boolean;
  answerIsJson?: boolean;
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

  /**
   * The kept entries as a query reads them, oldest first, as they are now (entries recorded or
   * dropped meanwhile change nothing): each view made when asked for, and its parsed body let go
   * with it.
   */
  snapshot(): JournalSnapshot {
    return new JournalSnapshot(this.ordered());
  }

  /** The recorded calls, oldest first; with a query, only those matching it (bodies parsed only when asked about). */
  list(query?: JournalQuery): JournalEntry[] {
    return runSteps(this.matching(query, (view) => view.entry()));
  }

  count(query?: JournalQuery): number {
    if (query === undefined) return this.size;
    return runSteps(this.countSteps(query));
  }

  /** `count` as steps: an entry at a time, and its body compared a few hundred values at a time. */
  *countSteps(query?: JournalQuery): Steps<number> {
    if (query === undefined) return this.size;
    return (yield* this.matching(query, () => 1)).length;
  }

  /**
   * The JSON text of each entry `list` answers, as steps: an entry at a time, its bodies parsed and
   * written once, so the answer is the JSON of the list (`[` the texts joined by `,` `]`) without the
   * entries of the whole list read at once.
   */
  listJsonSteps(query?: JournalQuery): Steps<string[]> {
    return this.matching(query, (view) => JSON.stringify(view.entry()));
  }

  /** What `as` makes of each entry matching the query (of every entry without one), oldest first, as steps. */
  private *matching<T>(query: JournalQuery | undefined, as: (view: JournalView) => T): Steps<T[]> {
    const snapshot = this.snapshot();
    const compiled = query === undefined ? undefined : new CompiledQuery(query);
    const work = new MatchWork();
    const out: T[] = [];
    for (let i = 0; i < snapshot.length; i++) {
      yield;
      const view = snapshot.at(i);
      if (compiled === undefined || (yield* compiled.matches(view, work))) out.push(as(view));
    }
    return out;
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

  /** Every recorded call, oldest first, as read (a snapshot of the account with its journal). */
  all(): JournalEntry[] {
    return this.ordered().map((e) => format(e));
  }

  /**
   * Calls `listener` with the summary of each entry recorded from now on, as JSON text; the answer
   * stops it. Summaries, not whole entries: a watched account's answers would otherwise be sent again.
   * The listener is called as the entry is recorded and must not wait for anyone: the journal stream
   * (admin/journal-stream.ts) bounds what waits for each reader, and how many streams listen.
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

/**
 * The whole entry: the summary's fields with the headers and bodies in their places (the body given when it
 * was read).
 */
function format(e: JournalRecord, body?: { value: unknown }): JournalEntry {
  const { seq, method, path, query, status, ...rest } = summary(e);
  return {
    seq,
    method,
    path,
    query,
    headers: { ...e.headers },
    ...(e.body === undefined ? {} : { body: body ? body.value : readStored(e, 'body') }),
    status,
    ...(e.answerBody === undefined ? {} : { answerBody: readStored(e, 'answerBody') }),
    ...rest,
  };
}

/**
 * A stored body as read (`readCaptured`): parsed JSON, or the text. What the first read found out is
 * kept with the entry, so later reads parse JSON at once and leave text as it is, without looking
 * through the text for nesting too deep to parse again.
 */
function readStored(e: JournalRecord, which: 'body' | 'answerBody'): unknown {
  const stored = e[which];
  if (typeof stored !== 'string') return stored === undefined ? undefined : readCaptured(stored);
  const known = which === 'body' ? e.bodyIsJson : e.answerIsJson;
  if (known === true) return JSON.parse(stored);
  if (known === false) return stored;
  const value = readCaptured(stored);
  // Text that reads as itself is not JSON (or nests too deep); JSON that is a string reads as another one.
  const isJson = value !== stored;
  if (which === 'body') e.bodyIsJson = isJson;
  else e.answerIsJson = isJson;
  return value;
}

/** The kept entries of a journal at one moment, oldest first; `at` makes the view of one. */
export class JournalSnapshot {
  constructor(private readonly records: readonly JournalRecord[]) {}

  get length(): number {
    return this.records.length;
  }

  /** A new view of the entry at `index` (0 the oldest): what it parses is kept as long as the view. */
  at(index: number): JournalView {
    return new JournalView(this.records[index]!);
  }
}

/**
 * An entry as a query reads it: the fields the journal keeps as they are, the query string and the
 * request body read at most once (the body only when a query gets that far), and the whole entry.
 */
export class JournalView implements CallView {
  private parsedQuery: Record<string, string[]> | undefined;
  private parsedBody: { value: unknown } | undefined;

  constructor(private readonly record: JournalRecord) {}

  get seq(): number {
    return this.record.seq;
  }
  get method(): string {
    return this.record.method;
  }
  get path(): string {
    return this.record.path;
  }
  get status(): number {
    return this.record.status;
  }
  get rules(): readonly JournalRule[] | undefined {
    return this.record.rules;
  }
  get headers(): Readonly<Record<string, string>> {
    return this.record.headers;
  }
  get storedBody(): CapturedBody | undefined {
    return this.record.body;
  }

  query(): Record<string, string[]> {
    this.parsedQuery ??= redactQuery(this.record.search);
    return this.parsedQuery;
  }

  body(): unknown {
    const stored = this.record.body;
    this.parsedBody ??= { value: stored === undefined ? undefined : readStored(this.record, 'body') };
    return this.parsedBody.value;
  }

  /** The whole entry, as the journal lists it (the body read once for the query and the entry alike). */
  entry(): JournalEntry {
    return format(this.record, this.parsedBody);
  }
}
