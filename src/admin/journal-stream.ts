import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Account } from '../accounts/account.js';
import type { AccountRegistry } from '../accounts/registry.js';
import { errors } from '../errors/errors.js';

// GET /__admin/accounts/<name>/requests/stream: the journal as Server-Sent Events. First a `reset`
// event, then the latest entries (oldest first), then each new entry as it is recorded, all as
// `entry` events holding the entry's summary (the rules that refused the call included; no headers,
// no bodies: GET …/requests/<seq> has the whole entry). A reconnecting client gets the reset and the
// backlog again. The journal formats summaries only while a stream listens.
//
// What waits for a reader is bounded: a reader more than MAX_BEHIND_ENTRIES entries or
// MAX_BEHIND_BYTES behind (what was recorded and it has not taken yet, the write under way included)
// is dropped: the stream stops listening, lets go of what waited, and ends with a `dropped` event
// `{error}` saying why; a reader that does not take even that within DROP_GRACE_MS is cut off.
// Streams are counted from their start to their end: MAX_STREAMS_PER_ACCOUNT on one account (429
// beyond), MAX_STREAMS on the whole simulator (503 beyond).

/** Entries sent on connecting; the journal may hold more (fewer are sent when their summaries pass BACKLOG_BYTES). */
const BACKLOG = 200;
/** The most entries a reader may be behind: one more and its stream is dropped. */
export const MAX_BEHIND_ENTRIES = 1000;
/**
 * The most bytes of summaries (counted at 2 bytes a character) a reader may be behind: past it the stream is
 * dropped.
 */
export const MAX_BEHIND_BYTES = 1024 * 1024;
/** The backlog sent on connecting is at most a quarter of what a reader may be behind. */
const BACKLOG_BYTES = MAX_BEHIND_BYTES / 4;
/** Streams listening to one account's journal at once. */
export const MAX_STREAMS_PER_ACCOUNT = 8;
/** Streams listening at once to every account's journal of one simulator. */
export const MAX_STREAMS = 64;
/** The most characters of summaries one write sends: a reader that takes nothing holds at most one such write. */
const WRITE_CHARS = 64 * 1024;
const KEEP_ALIVE_MS = 15_000;
/** How long a woken stream waits for more entries before it writes. */
const GATHER_MS = 50;

/** A dropped stream's reader that has not taken the final event this long after is cut off. */
const DROP_GRACE_MS = 5_000;

/** The streams open, per simulator (its registry): in all, and per account. */
interface OpenStreams {
  total: number;
  of: WeakMap<Account, number>;
}
const openIn = new WeakMap<AccountRegistry, OpenStreams>();

export function journalStream(c: Context, account: Account, registry: AccountRegistry): Response {
  let open = openIn.get(registry);
  if (open === undefined) openIn.set(registry, (open = { total: 0, of: new WeakMap() }));
  const mine = open.of.get(account) ?? 0;
  if (mine >= MAX_STREAMS_PER_ACCOUNT) {
    throw errors.admin(
      429,
      `the journal of ${account.name} has ${MAX_STREAMS_PER_ACCOUNT} live streams, the most one account may have: ` +
        'close one (a stream ends when its reader goes away, or is dropped when it falls behind)',
    );
  }
  if (open.total >= MAX_STREAMS) {
    throw errors.admin(
      503,
      `the simulator serves ${MAX_STREAMS} live streams of its journals, the most it serves at once: close one`,
    );
  }
  // Counted from here until the stream ends (its reader went away, or it was dropped and has ended).
  const counted = open;
  counted.total++;
  counted.of.set(account, mine + 1);
  let counting = true;
  const uncount = () => {
    if (!counting) return;
    counting = false;
    counted.total--;
    const left = (counted.of.get(account) ?? 1) - 1;
    if (left > 0) counted.of.set(account, left);
    else counted.of.delete(account);
  };
  return streamSSE(c, async (stream) => {
    const waiting: string[] = backlog(account);
    let waitingChars = waiting.reduce((sum, json) => sum + json.length, 0);
    /** The entries and characters of the write under way, not taken by the reader yet. */
    let writing = { entries: 0, chars: 0 };
    let wake: (() => void) | undefined;
    // A new entry wakes the writer a moment later, so a busy account's entries go out a few dozen per
    // write rather than one write each.
    let gathering: NodeJS.Timeout | undefined;
    /** Why the stream was dropped, once it was. */
    let dropped: string | undefined;
    let cutOff: NodeJS.Timeout | undefined;
    let listening = true;
    const stopListening = () => {
      if (!listening) return;
      listening = false;
      stop();
      clearTimeout(gathering);
    };
    const drop = (why: string) => {
      dropped = `the reader is more than ${why} behind: the stream is dropped (connect again for the latest entries)`;
      stopListening();
      waiting.length = 0;
      waitingChars = 0;
      wake?.();
      // A reader that has not taken the final event by then (the write under way first) is cut off.
      cutOff = setTimeout(() => {
        const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
        if (outgoing?.writableFinished) return;
        stream.abort();
        outgoing?.destroy();
      }, DROP_GRACE_MS);
      cutOff.unref();
    };
    const stop = account.journal.listen((entry) => {
      waiting.push(entry);
      waitingChars += entry.length;
      if (waiting.length + writing.entries > MAX_BEHIND_ENTRIES) return drop(`${MAX_BEHIND_ENTRIES} entries`);
      if (2 * (waitingChars + writing.chars) > MAX_BEHIND_BYTES) return drop(`${MAX_BEHIND_BYTES} bytes`);
      gathering ??= setTimeout(() => {
        gathering = undefined;
        wake?.();
      }, GATHER_MS);
    });
    let connected = true;
    stream.onAbort(() => {
      connected = false;
      // At once: a write to a reader that went away may never settle, and the journal must not keep it.
      stopListening();
      uncount();
      clearTimeout(cutOff);
      wake?.();
    });
    try {
      await stream.writeSSE({ event: 'reset', data: '' });
      while (connected && dropped === undefined) {
        // What waits goes out in writes of up to WRITE_CHARS: one chunk per entry would cost more than the entry.
        if (waiting.length > 0) {
          let count = 0;
          let chars = 0;
          while (count < waiting.length && (count === 0 || chars + waiting[count]!.length <= WRITE_CHARS)) {
            chars += waiting[count++]!.length;
          }
          const batch = waiting.splice(0, count);
          waitingChars -= chars;
          writing = { entries: count, chars };
          await stream.write(batch.map((json) => `event: entry\ndata: ${json}\n\n`).join(''));
          writing = { entries: 0, chars: 0 };
          // Entries that came in during the write go out at once: their wake-up found nobody waiting.
          continue;
        }
        const idle = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), KEEP_ALIVE_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        if (idle && connected && dropped === undefined) await stream.write(': keep-alive\n\n');
      }
      if (connected && dropped !== undefined) {
        await stream.writeSSE({ event: 'dropped', data: JSON.stringify({ error: dropped }) });
      }
    } finally {
      // A dropped stream's cut-off stays set: the final event may wait in the socket for a reader that never reads.
      stopListening();
      uncount();
    }
  });
}

/** The latest entries' summaries as JSON, oldest first: at most BACKLOG of them, and BACKLOG_BYTES. */
function backlog(account: Account): string[] {
  const latest = account.journal.recent(BACKLOG).map((entry) => JSON.stringify(entry));
  let chars = 0;
  let from = latest.length;
  while (from > 0 && 2 * (chars + latest[from - 1]!.length) <= BACKLOG_BYTES) chars += latest[--from]!.length;
  return latest.slice(from);
}
