import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { Account } from '../accounts/account.js';
import type { JournalQuery } from '../accounts/journal-query.js';
import { verifyJournal } from '../accounts/journal-verify.js';
import { errors } from '../http/errors.js';
import {
  type CountAnswer,
  DROPPED_FOR_MEMORY_HEADER,
  type JournalEntriesAnswer,
  type JournalEntrySchema,
  JournalQueryBody,
  type NearMissReport,
  type VerifiedAnswer,
  VerifyBody,
} from './journal-schemas.js';
import { checked, jsonOf } from './json-body.js';

// The request journal on the control plane: simple filters in a GET's query string, richer queries
// (query parameters, headers, a part of the body) as a POSTed JSON body.

/** The largest find, count or verify body: a query is a few fields, and each is matched against every entry. */
export const MAX_JOURNAL_QUERY_BYTES = 65_536;

/** A verification that does not hold: the request was understood, the journal does not bear it out (see decisions). */
const VERIFICATION_FAILED = 422;

export function journalAdminRoutes(admin: Hono, accountOf: (c: Context) => Promise<Account>): void {
  admin.get('/accounts/:name/requests', async (c) => {
    const account = await accountOf(c);
    c.header(DROPPED_FOR_MEMORY_HEADER, String(account.journal.dropped));
    return c.json(account.journal.list(simpleQueryOf(c)) satisfies z.infer<typeof JournalEntriesAnswer>);
  });

  admin.get('/accounts/:name/requests/count', async (c) => {
    const account = await accountOf(c);
    return c.json({ count: account.journal.count(simpleQueryOf(c)) } satisfies z.infer<typeof CountAnswer>);
  });

  // After the routes under /requests/ with names of their own (count; stream is the console's, mounted first).
  admin.get('/accounts/:name/requests/:seq', async (c) => {
    const account = await accountOf(c);
    const text = c.req.param('seq');
    if (!/^[1-9]\d{0,15}$/.test(text))
      throw errors.admin(400, `seq: expected an entry number (1, 2, …), got '${text}'`);
    const entry = account.journal.get(Number(text));
    if (!entry) throw errors.admin(404, `entry ${text} is not in the journal of ${account.name}`);
    return c.json(entry satisfies z.infer<typeof JournalEntrySchema>);
  });

  admin.delete('/accounts/:name/requests', async (c) => {
    (await accountOf(c)).journal.clear();
    return c.body(null, 204);
  });

  admin.post('/accounts/:name/requests/find', async (c) => {
    const account = await accountOf(c);
    const query = await bodyQueryOf(c);
    c.header(DROPPED_FOR_MEMORY_HEADER, String(account.journal.dropped));
    return c.json(account.journal.list(query) satisfies z.infer<typeof JournalEntriesAnswer>);
  });

  admin.post('/accounts/:name/requests/count', async (c) => {
    const account = await accountOf(c);
    const query = await bodyQueryOf(c);
    return c.json({ count: account.journal.count(query) } satisfies z.infer<typeof CountAnswer>);
  });

  admin.post('/accounts/:name/requests/verify', async (c) => {
    const account = await accountOf(c);
    const { query, count } = checked(VerifyBody, await jsonOf(c, MAX_JOURNAL_QUERY_BYTES));
    const outcome = verifyJournal(account.journal, normalised(query), count);
    if (outcome.holds) return c.json({ matched: outcome.matched } satisfies z.infer<typeof VerifiedAnswer>);
    const { report, matched, expected, nearMisses } = outcome;
    const body: z.infer<typeof NearMissReport> = { error: report, matched, expected, nearMisses };
    return c.json(body, VERIFICATION_FAILED);
  });
}

async function bodyQueryOf(c: Context): Promise<JournalQuery> {
  return normalised(checked(JournalQueryBody, await jsonOf(c, MAX_JOURNAL_QUERY_BYTES)));
}

/** The query with its path made absolute, as the journal records paths. */
function normalised(query: z.infer<typeof JournalQueryBody>): JournalQuery {
  const { path, ...rest } = query;
  return path === undefined ? rest : { ...rest, path: path.startsWith('/') ? path : `/${path}` };
}

/** `?method=&path=&status=` (status may repeat) as a journal query. */
function simpleQueryOf(c: Context): JournalQuery {
  const query: JournalQuery = {};
  const method = c.req.query('method');
  const path = c.req.query('path');
  const statuses = c.req.queries('status') ?? [];
  if (method) query.method = method;
  if (path) query.path = path.startsWith('/') ? path : `/${path}`;
  if (statuses.length > 0) {
    query.status = statuses.map((text) => {
      if (!/^\d{3}$/.test(text)) throw errors.admin(400, `status: expected a three-digit HTTP status, got '${text}'`);
      return Number(text);
    });
  }
  return query;
}
