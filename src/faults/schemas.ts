import { z } from 'zod';

// A fault rule as a scenario file or the control plane states it. Strict, so a misspelt field is
// an error rather than a rule that silently never fires.

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] as const;

// Header names are HTTP tokens and values printable ASCII (visible characters, space and tab), so
// an override can always be sent as it is stated.
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { message: 'must be an HTTP header name' });
const headerValue = z
  .string()
  .regex(/^[\t\x20-\x7e]*$/, { message: 'must be printable ASCII (visible characters, space and tab)' });

/** Headers that frame the answer on the connection: the simulator sets them, a rule may not. */
export const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection'] as const;

/** Largest body of a status override, in bytes as sent (a string's UTF-8, anything else its JSON). */
export const MAX_FAULT_BODY_BYTES = 64 * 1024;

/** Largest rule, in bytes of its JSON: the body plus as much again for path, headers and the rest. */
export const MAX_FAULT_RULE_BYTES = 2 * MAX_FAULT_BODY_BYTES;

const headers = z.record(headerName, headerValue).superRefine((record, ctx) => {
  for (const name of Object.keys(record)) {
    if ((FRAMING_HEADERS as readonly string[]).includes(name.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          'must not be set by a fault rule: Content-Length, Transfer-Encoding and Connection frame the answer ' +
          'and are set by the simulator',
      });
    }
  }
});

/** Bytes of a value as the override sends it: a string as is (UTF-8), anything else as JSON. */
function sentBytes(value: unknown): number {
  return Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), 'utf8');
}

// Statuses whose answers carry no body (the Fetch standard refuses one).
const NULL_BODY_STATUSES = [204, 205, 304];

const latency = z.union([
  z.number().int().min(0).max(60_000).describe('Fixed delay in milliseconds.'),
  z
    .strictObject({ min: z.number().int().min(0).max(60_000), max: z.number().int().min(0).max(60_000) })
    .refine((r) => r.min <= r.max, { message: 'min must not exceed max' })
    .describe('Random delay drawn (seeded, per account) between min and max milliseconds.'),
]);

export const FaultRuleInput = z
  .strictObject({
    method: z.enum(METHODS).default('*').describe('HTTP method the rule applies to; `*` for any.'),
    path: z
      .string()
      .min(1)
      .startsWith('/', { message: 'must start with /' })
      .describe(
        'Path pattern over the API path (without /accounts/<name>), case-insensitive: `*` matches within one ' +
          'segment, `**` matches any rest. E.g. /api/v2/clients, /api/v2/clients/*, /api/**',
      ),
    latencyMs: latency.optional(),
    status: z
      .number()
      .int()
      .min(200)
      .max(599)
      .optional()
      .describe('Answer with this status instead of the real answer; the request is not processed.'),
    body: z
      .unknown()
      .optional()
      .refine((b) => b === undefined || sentBytes(b) <= MAX_FAULT_BODY_BYTES, {
        message: `must be at most ${MAX_FAULT_BODY_BYTES} bytes as sent (a string as is, anything else as JSON)`,
      })
      .describe(
        `Body of the status override: a string is sent as is, anything ` +
          `else as JSON; at most ${MAX_FAULT_BODY_BYTES} bytes as sent.`,
      ),
    contentType: headerValue
      .min(1)
      .optional()
      .describe('Content type of the status override (default: JSON, or text/plain for a string body).'),
    headers: headers
      .optional()
      .describe('Extra headers of the status override; not Content-Length, Transfer-Encoding or Connection.'),
    drop: z
      .enum(['before', 'after'])
      .optional()
      .describe(
        'Close the connection without an answer: `before` processing (nothing is written) or `after` it (the ' +
          'write is kept, the answer is lost).',
      ),
    truncateBytes: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Process the request, then send only this many bytes of the answer and close the connection.'),
    times: z.number().int().min(1).optional().describe('The rule applies to the next N matching calls only.'),
    probability: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('Chance (seeded, per account) that a matching call is affected; default 1.'),
  })
  .refine(
    (r) => r.latencyMs !== undefined || r.status !== undefined || r.drop !== undefined || r.truncateBytes !== undefined,
    {
      message: 'a fault needs at least one of latencyMs, status, drop, truncateBytes',
    },
  )
  .refine((r) => [r.status, r.drop, r.truncateBytes].filter((v) => v !== undefined).length <= 1, {
    message: 'status, drop and truncateBytes exclude one another',
  })
  .refine(
    (r) => r.status !== undefined || (r.body === undefined && r.contentType === undefined && r.headers === undefined),
    {
      message: 'body, contentType and headers belong to a status override',
      path: ['status'],
    },
  )
  .refine((r) => r.status === undefined || !NULL_BODY_STATUSES.includes(r.status) || r.body === undefined, {
    message: 'statuses 204, 205 and 304 carry no body',
    path: ['body'],
  })
  .refine((r) => sentBytes(r) <= MAX_FAULT_RULE_BYTES, {
    message: `a fault rule must be at most ${MAX_FAULT_RULE_BYTES} bytes as JSON`,
  });

export type FaultRuleInput = z.input<typeof FaultRuleInput>;
export type FaultRuleSpec = z.output<typeof FaultRuleInput>;

/** A rule as held by an account: the input plus its id and how many calls it has affected. */
export interface FaultRule extends FaultRuleSpec {
  id: string;
  hits: number;
  /** Calls left for a rule with `times`; a spent rule stays listed with 0 and no longer applies. */
  remaining?: number;
}

/** What a fault did to a call: the effect other than latency, or latency alone. */
export type FaultKind = 'latency' | 'status' | 'drop' | 'truncate';

export function faultKind(spec: FaultRuleSpec): FaultKind {
  if (spec.status !== undefined) return 'status';
  if (spec.drop !== undefined) return 'drop';
  if (spec.truncateBytes !== undefined) return 'truncate';
  return 'latency';
}
