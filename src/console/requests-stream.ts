import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Account } from '../accounts/account.js';
import type { JournalEntry } from '../accounts/journal.js';

// GET /__admin/accounts/<name>/requests/stream: the journal as Server-Sent Events. First a `reset`
// event, then the latest entries (oldest first), then each new entry as it is recorded, all as
// `entry` events holding what GET /__admin/accounts/<name>/requests lists. A reconnecting client
// gets the reset and the backlog again. The journal formats entries only while a stream listens.

/** Entries sent on connecting; the journal may hold more. */
const BACKLOG = 200;
/** New entries waiting for a slow reader, beyond which the oldest are dropped. */
const MAX_WAITING = 1000;
const KEEP_ALIVE_MS = 15_000;

export function journalStream(c: Context, account: Account): Response {
  return streamSSE(c, async (stream) => {
    const waiting: JournalEntry[] = account.journal.list().slice(-BACKLOG);
    let wake: (() => void) | undefined;
    const stop = account.journal.listen((entry) => {
      waiting.push(entry);
      if (waiting.length > MAX_WAITING) waiting.shift();
      wake?.();
    });
    let open = true;
    stream.onAbort(() => {
      open = false;
      wake?.();
    });
    try {
      await stream.writeSSE({ event: 'reset', data: '' });
      while (open) {
        for (let entry = waiting.shift(); entry !== undefined; entry = waiting.shift()) {
          await stream.writeSSE({ event: 'entry', data: JSON.stringify(entry) });
        }
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
    }
  });
}
