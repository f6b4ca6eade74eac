import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Account } from '../accounts/account.js';

// GET /__admin/accounts/<name>/requests/stream: the journal as Server-Sent Events. First a `reset`
// event, then the latest entries (oldest first), then each new entry as it is recorded, all as
// `entry` events holding the entry's summary (the rules that refused the call included; no headers,
// no bodies: GET …/requests/<seq> has the whole entry). A reconnecting client gets the reset and the
// backlog again. The journal formats summaries only while a stream listens.

/** Entries sent on connecting; the journal may hold more. */
const BACKLOG = 200;
/** New entries waiting for a slow reader, beyond which the oldest are dropped. */
const MAX_WAITING = 1000;
const KEEP_ALIVE_MS = 15_000;
/** How long a woken stream waits for more entries before it writes. */
const GATHER_MS = 50;

export function journalStream(c: Context, account: Account): Response {
  return streamSSE(c, async (stream) => {
    const waiting: string[] = account.journal.recent(BACKLOG).map((entry) => JSON.stringify(entry));
    let wake: (() => void) | undefined;
    // A new entry wakes the writer a moment later, so a busy account's entries go out a few dozen per
    // write rather than one write each.
    let gathering: NodeJS.Timeout | undefined;
    const stop = account.journal.listen((entry) => {
      waiting.push(entry);
      if (waiting.length > MAX_WAITING) waiting.shift();
      gathering ??= setTimeout(() => {
        gathering = undefined;
        wake?.();
      }, GATHER_MS);
    });
    let open = true;
    stream.onAbort(() => {
      open = false;
      // At once: a write to a reader that went away may never settle, and the journal must not keep it.
      stop();
      clearTimeout(gathering);
      wake?.();
    });
    try {
      await stream.writeSSE({ event: 'reset', data: '' });
      while (open) {
        // Everything waiting goes out in one write: one chunk per entry would cost more than the entry.
        if (waiting.length > 0) {
          const batch = waiting.splice(0, waiting.length);
          await stream.write(batch.map((json) => `event: entry\ndata: ${json}\n\n`).join(''));
        }
        // Entries that came in during the write go out at once: their wake-up found nobody waiting.
        if (waiting.length > 0) continue;
        const idle = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), KEEP_ALIVE_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        if (idle && open) await stream.write(': keep-alive\n\n');
      }
    } finally {
      stop();
      clearTimeout(gathering);
    }
  });
}
