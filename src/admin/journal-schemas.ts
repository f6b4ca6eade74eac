import { z } from 'zod';
import { JOURNAL_HEADERS } from '../accounts/journal.js';

// The request journal's control-plane bodies and answers (camelCase, strict like every control-plane body).

const httpStatus = z.number().int().min(100).max(599);

const KEPT = new Set<string>(JOURNAL_HEADERS);

/** Headers to match, named among those the journal keeps (in any case). */
const keptHeaders = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const name of Object.keys(headers)) {
    if (KEPT.has(name.toLowerCase())) continue;
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `the journal keeps only the headers ${JOURNAL_HEADERS.join(', ')}`,
    });
  }
});

/** What to look for: every field given must match (POST …/requests/find, …/count, and `query` of …/verify). */
export const JournalQueryBody = z.strictObject({
  method: z.string().min(1).optional().describe('HTTP method, any case.'),
  path: z
    .string()
    .min(1)
    .optional()
    .describe('Path pattern: `*` within a segment, `**` for any rest; matched in any case.'),
  status: z
    .union([httpStatus, z.array(httpStatus).min(1)])
    .optional()
    .describe('One status or any of several.'),
  query: z
    .record(z.string(), z.union([z.string(), z.array(z.string()).min(1)]))
    .optional()
    .describe('Query parameters: each name (any case) sent with each value given among its values, exactly.'),
  headers: keptHeaders
    .optional()
    .describe('Kept headers: each name (any case) sent with a value that contains the text given, in any case.'),
  body: z
    .unknown()
    .optional()
    .describe(
      'A part of the request body: objects need at least the members given (recursively), arrays each element ' +
        'given matched by some element, anything else an equal value.',
    ),
  rule: z
    .string()
    .min(1)
    .optional()
    .describe("A rule id (`routing.required-name`), exactly: only calls that rule refused (see the entry's `rules`)."),
});

/** How many matching requests a verification expects. */
const CallCountBody = z.union([
  z.number().int().nonnegative(),
  z.strictObject({
    atLeast: z.number().int().nonnegative().optional(),
    atMost: z.number().int().nonnegative().optional(),
  }),
]);

export const VerifyBody = z.strictObject({
  query: JournalQueryBody.default({}),
  count: CallCountBody.default({ atLeast: 1 }).describe('Exactly n, or `{atLeast?, atMost?}`; default at least 1.'),
});

export const JournalEntrySchema = z
  .object({
    seq: z
      .number()
      .int()
      .describe("The entry's number in the journal: 1, 2, 3… in the order recorded; GET …/requests/{seq} reads it."),
    method: z.string(),
    path: z.string(),
    query: z.record(z.string(), z.array(z.string())).describe('Query values by name, secrets redacted.'),
    headers: z.record(z.string(), z.string()).describe(`The kept headers sent: ${JOURNAL_HEADERS.join(', ')}.`),
    body: z
      .unknown()
      .optional()
      .describe(
        'The request body: JSON with secrets redacted, text, or over 16 KiB the mark `{_truncated: true, bytes, ' +
          'prefix}`; absent without a body.',
      ),
    status: z.number().int().describe('0 when a fault dropped the connection before any answer.'),
    answerBody: z.unknown().optional().describe('The answer body, kept like the request body.'),
    at: z.string().describe('Account clock, ISO 8601 UTC.'),
    fault: z
      .object({
        id: z.string(),
        kind: z.enum(['latency', 'status', 'drop', 'truncate']),
        delayMs: z.number().optional(),
      })
      .optional()
      .describe('The fault rule that changed the answer.'),
    rules: z
      .array(
        z.object({
          id: z.string().describe('The rule id, `<area>.<name>`, e.g. `routing.required-name`.'),
          source: z
            .string()
            .describe(
              'Where the belief in the rule comes from: `spec`, `client`, `vendor`, `convention` or `assumed`.',
            ),
        }),
      )
      .optional()
      .describe(
        "The rules that refused the call, as the answer's `X-Business-Api-Sim-Rule` header names them; absent when " +
          'no rule did (a success, a fault).',
      ),
  })
  .meta({ id: 'JournalEntry' });

export const JournalEntriesAnswer = z.array(JournalEntrySchema);

export const CountAnswer = z.object({ count: z.number().int() });

export const VerifiedAnswer = z.object({ matched: z.number().int() });

export const NearMissReport = z.object({
  error: z.string().describe('The outcome in words, one line per near miss and difference.'),
  matched: z.number().int(),
  expected: z.string().describe('`exactly 1`, `at least 1`, …'),
  nearMisses: z.array(
    z.object({
      request: JournalEntrySchema,
      distance: z.number().describe('0 (a match) to 1: the average over the criteria given of the share missed.'),
      differences: z.array(z.string()).describe('`body.FirstName: expected "Jane", got "Janet"`, …'),
    }),
  ),
});

/** The header of a journal listing that says how many entries the process's journal budget dropped. */
export const DROPPED_FOR_MEMORY_HEADER = 'X-Journal-Dropped-For-Memory';
