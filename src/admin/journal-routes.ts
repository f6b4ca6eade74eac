import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';
import { z } from 'zod';
import type { JournalQuery } from '../accounts/journal-query.js';
import { verifySteps } from '../accounts/journal-verify.js';
import { runInSlices, slicePauses } from '../accounts/slices.js';
import { errors } from '../errors/errors.js';
import { type AdminParam, adminGroup, empty, named, onAccount, refused } from './admin-route.js';
import {
  CountAnswer,
  DROPPED_FOR_MEMORY_HEADER,
  JournalEntriesAnswer,
  JournalEntrySchema,
  JournalQueryBody,
  NearMissReport,
  VerifiedAnswer,
  VerifyBody,
} from './journal-schemas.js';
import {
  journalStream,
  MAX_BEHIND_BYTES,
  MAX_BEHIND_ENTRIES,
  MAX_STREAMS,
  MAX_STREAMS_PER_ACCOUNT,
} from './journal-stream.js';

// The request journal on the control plane: simple filters in a GET's query string, richer queries
// (query parameters, headers, a part of the body) as a POSTed JSON body, and the journal live.

/** The largest find, count or verify body: a query is a few fields, and each is matched against every entry. */
export const MAX_JOURNAL_QUERY_BYTES = 65_536;

/** A verification that does not hold: the request was understood, the journal does not bear it out (see decisions). */
const VERIFICATION_FAILED = 422;

const journalFilters: Record<string, AdminParam> = {
  method: { description: 'Only calls with this method (any case).', schema: z.string() },
  path: {
    description:
      'Only calls whose path (without `/accounts/<name>`) matches this pattern, case-insensitive: `*` within a ' +
      'segment, `**` for any rest.',
    schema: z.string(),
  },
  status: {
    description: 'Only calls answered with one of these statuses (repeat the name for more than one).',
    schema: z.array(z.number().int().min(0).max(599)),
  },
  rule: {
    description: 'Only calls refused by this rule: a rule id (`routing.required-name`), exactly.',
    schema: z.string(),
  },
};
/** A journal listing's header: the entries the memory budget dropped. */
const droppedHeader: Record<string, AdminParam> = {
  [DROPPED_FOR_MEMORY_HEADER]: {
    description:
      "How many of the account's oldest entries were dropped to keep every journal within `--journal-memory` " +
      '(the budget of all accounts together), since the journal started or was emptied; 0 when none was.',
    schema: z.string().regex(/^\d+$/),
  },
};

const badStatus = refused('The account name is not a DNS label, or a `status` is not a three-digit number.');

const queryBody = { schema: JournalQueryBody, required: true, limit: MAX_JOURNAL_QUERY_BYTES } as const;

const journal = adminGroup('Journal');

export const journalDeclarations = [
  journal.get('/accounts/{name}/requests', {
    operationId: 'listRequests',
    summary: 'The calls the account received',
    description:
      'Oldest first, the last `--journal-size` (1000), secrets redacted; fewer when the memory budget of every ' +
      'journal (`--journal-memory`) dropped the oldest, as the header says.',
    route: named,
    query: journalFilters,
    answers: {
      200: { description: 'The matching calls.', schema: JournalEntriesAnswer, headers: droppedHeader },
      ...onAccount,
      400: badStatus,
    },
    handler: async ({ c, account }) => {
      const query = simpleQueryOf(c);
      c.header(DROPPED_FOR_MEMORY_HEADER, String(account.journal.dropped));
      return jsonList(c, await runInSlices(account.journal.listJsonSteps(query)));
    },
  }),
  journal.get('/accounts/{name}/requests/count', {
    operationId: 'countRequests',
    summary: 'How many calls match',
    route: named,
    query: journalFilters,
    answers: { 200: { description: 'The count.', schema: CountAnswer }, ...onAccount, 400: badStatus },
    handler: async ({ c, account }) => {
      const count = await runInSlices(account.journal.countSteps(simpleQueryOf(c)));
      return c.json({ count } satisfies z.infer<typeof CountAnswer>);
    },
  }),
  journal.get('/accounts/{name}/requests/{seq}', {
    operationId: 'getRequest',
    summary: 'One call, by its number',
    description: "What the list answers for that call; the console's live view fetches an entry when a row is opened.",
    route: { ...named, seq: { description: 'The entry number (`seq`).', schema: z.string() } },
    answers: {
      200: { description: 'The entry.', schema: JournalEntrySchema },
      400: refused('The account name is not a DNS label, or seq is not an entry number.'),
      404: refused('No such account, or the journal no longer holds that entry (dropped as the oldest, or cleared).'),
      503: onAccount[503]!,
    },
    handler: ({ c, account, route }) => {
      const text = route.seq ?? '';
      if (!/^[1-9]\d{0,15}$/.test(text))
        throw errors.admin(400, `seq: expected an entry number (1, 2, …), got '${text}'`);
      const entry = account.journal.get(Number(text));
      if (!entry) throw errors.admin(404, `entry ${text} is not in the journal of ${account.name}`);
      return c.json(entry satisfies z.infer<typeof JournalEntrySchema>);
    },
  }),
  journal.delete('/accounts/{name}/requests', {
    operationId: 'clearRequests',
    summary: 'Empty the journal',
    route: named,
    answers: { 204: empty('Emptied.'), ...onAccount },
    handler: ({ c, account }) => {
      account.journal.clear();
      return c.body(null, 204);
    },
  }),
  journal.post('/accounts/{name}/requests/find', {
    operationId: 'findRequests',
    summary: 'The calls that match a query on query parameters, headers and a part of the body',
    route: named,
    body: {
      ...queryBody,
      description: 'Every field given must match; `{}` matches every call.',
      example: { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane' } },
    },
    answers: {
      200: { description: 'The matching calls, oldest first.', schema: JournalEntriesAnswer, headers: droppedHeader },
      ...onAccount,
      400: refused('A bad name or query.'),
    },
    handler: async ({ c, account, body }) => {
      c.header(DROPPED_FOR_MEMORY_HEADER, String(account.journal.dropped));
      return jsonList(c, await runInSlices(account.journal.listJsonSteps(normalised(body))));
    },
  }),
  journal.post('/accounts/{name}/requests/count', {
    operationId: 'countRequestsMatching',
    summary: 'How many calls match a query on query parameters, headers and a part of the body',
    route: named,
    body: { ...queryBody, description: 'As for find.' },
    answers: {
      200: { description: 'The count.', schema: CountAnswer },
      ...onAccount,
      400: refused('A bad name or query.'),
    },
    handler: async ({ c, account, body }) => {
      const count = await runInSlices(account.journal.countSteps(normalised(body)));
      return c.json({ count } satisfies z.infer<typeof CountAnswer>);
    },
  }),
  journal.post('/accounts/{name}/requests/verify', {
    operationId: 'verifyRequests',
    summary: 'Check that the account received the calls a test expects',
    description: 'When it does not hold: 422 with the nearest calls (up to 3) and what differed in each.',
    route: named,
    body: {
      schema: VerifyBody,
      required: true,
      limit: MAX_JOURNAL_QUERY_BYTES,
      description: '`query` as for find; `count` exactly n or `{atLeast?, atMost?}` (default at least 1).',
      example: { query: { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane' } }, count: 1 },
    },
    answers: {
      200: { description: 'It holds: the number of matching calls.', schema: VerifiedAnswer },
      ...onAccount,
      400: refused('A bad name or body.'),
      422: { description: 'It does not hold: the near-miss report.', schema: NearMissReport },
    },
    handler: async ({ c, account, body: { query, count } }) => {
      const outcome = await runInSlices(verifySteps(account.journal, normalised(query), count));
      if (outcome.holds) return c.json({ matched: outcome.matched } satisfies z.infer<typeof VerifiedAnswer>);
      const { report, matched, expected, nearMisses } = outcome;
      const body: z.infer<typeof NearMissReport> = { error: report, matched, expected, nearMisses };
      return c.json(body, VERIFICATION_FAILED);
    },
  }),
  journal.get('/accounts/{name}/requests/stream', {
    operationId: 'streamRequests',
    summary: 'The journal live, as Server-Sent Events',
    description:
      'A `reset` event, the latest 200 entries kept (oldest first; fewer when their summaries pass 256 KiB), then ' +
      'each new call as it is recorded, one `entry` event each holding the summary of the entry as JSON: `seq`, ' +
      '`method`, `path`, `query`, `status`, `at`, `fault` and `rules`, without headers and bodies ' +
      '(`GET …/requests/{seq}` answers the whole entry). A reader more than ' +
      `${MAX_BEHIND_ENTRIES} entries or ${MAX_BEHIND_BYTES} bytes of summaries (2 bytes a character) behind is ` +
      'dropped: the stream ends with a `dropped` event holding `{"error"}`, which says why. At most ' +
      `${MAX_STREAMS_PER_ACCOUNT} streams per account and ${MAX_STREAMS} in all are open at once. ` +
      "The console's live view reads it.",
    route: named,
    answers: {
      200: { description: 'The event stream.', mediaType: 'text/event-stream' },
      ...onAccount,
      429: refused(`The account has ${MAX_STREAMS_PER_ACCOUNT} live streams of its journal already.`),
      503: refused(
        `The simulator serves ${MAX_STREAMS} live journal streams already; or, for the default account after it ` +
          'was deleted, it holds `--max-accounts` already.',
      ),
    },
    handler: ({ c, account, registry }) => journalStream(c, account, registry),
  }),
];

/** Characters of a list answer encoded at once: a longer answer is encoded a part at a time, as it is read. */
const LIST_PART_CHARS = 256 * 1024;

/**
 * A list answer (`JournalEntriesAnswer`) from the JSON texts of its entries: the text of
 * `c.json(entries)`. A long one (1 000 entries of 16 KiB bodies are 16 MiB) is neither joined nor
 * encoded whole: each read of the answer encodes its next part, in slices of the event loop's time.
 */
function jsonList(c: Context, entries: string[]): Response {
  const headers = { 'Content-Type': 'application/json' };
  let length = 0;
  for (const text of entries) length += text.length + 1;
  if (length <= LIST_PART_CHARS) return c.body(`[${entries.join(',')}]`, 200, headers);
  const encoder = new TextEncoder();
  // A reader in process takes each part as a promise settles, without a turn of the event loop
  // between parts: the encoding hands the loop back every 10 ms or so itself, from a slice of its own.
  let pause: (() => Promise<void> | undefined) | undefined;
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pause === undefined) {
        await nextTurn();
        pause = slicePauses();
      }
      const paused = pause();
      if (paused) await paused;
      let part = next === 0 ? '[' : '';
      while (next < entries.length && part.length < LIST_PART_CHARS) {
        part += next > 0 ? `,${entries[next]}` : entries[next];
        entries[next++] = ''; // let go of what was sent
      }
      if (next < entries.length) return controller.enqueue(encoder.encode(part));
      controller.enqueue(encoder.encode(`${part}]`));
      controller.close();
    },
  });
  return c.body(body, 200, headers);
}

/** The query with its path made absolute, as the journal records paths. */
function normalised(query: z.infer<typeof JournalQueryBody>): JournalQuery {
  const { path, ...rest } = query;
  return path === undefined ? rest : { ...rest, path: path.startsWith('/') ? path : `/${path}` };
}

/** `?method=&path=&status=&rule=` (status may repeat) as a journal query. */
function simpleQueryOf(c: Context): JournalQuery {
  const query: JournalQuery = {};
  const method = c.req.query('method');
  const path = c.req.query('path');
  const statuses = c.req.queries('status') ?? [];
  const rule = c.req.query('rule');
  if (method) query.method = method;
  if (rule) query.rule = rule;
  if (path) query.path = path.startsWith('/') ? path : `/${path}`;
  if (statuses.length > 0) {
    query.status = statuses.map((text) => {
      if (!/^\d{3}$/.test(text)) throw errors.admin(400, `status: expected a three-digit HTTP status, got '${text}'`);
      return Number(text);
    });
  }
  return query;
}
