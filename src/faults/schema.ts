import { z } from 'zod';

// A fault rule as a scenario file or the control plane states it. Strict, so a misspelt field is
// an error rather than a rule that silently never fires.

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] as const;

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
        'Path pattern over the API path (without /accounts/<name>), case-insensitive: `*` matches within one segment, `**` matches any rest. E.g. /api/v2/clients, /api/v2/clients/*, /api/**',
      ),
    latencyMs: latency.optional(),
    status: z.number().int().min(100).max(599).optional().describe('Answer with this status instead of the real answer; the request is not processed.'),
    body: z.unknown().optional().describe('Body of the status override: a string is sent as is, anything else as JSON.'),
    contentType: z.string().optional().describe('Content type of the status override (default: JSON, or text/plain for a string body).'),
    headers: z.record(z.string(), z.string()).optional().describe('Extra headers of the status override.'),
    drop: z
      .enum(['before', 'after'])
      .optional()
      .describe('Close the connection without an answer: `before` processing (nothing is written) or `after` it (the write is kept, the answer is lost).'),
    truncateBytes: z.number().int().min(0).optional().describe('Process the request, then send only this many bytes of the answer and close the connection.'),
    times: z.number().int().min(1).optional().describe('The rule applies to the next N matching calls only.'),
    probability: z.number().min(0).max(1).optional().describe('Chance (seeded, per account) that a matching call is affected; default 1.'),
  })
  .refine((r) => r.latencyMs !== undefined || r.status !== undefined || r.drop !== undefined || r.truncateBytes !== undefined, {
    message: 'a fault needs at least one of latencyMs, status, drop, truncateBytes',
  })
  .refine((r) => [r.status, r.drop, r.truncateBytes].filter((v) => v !== undefined).length <= 1, {
    message: 'status, drop and truncateBytes exclude one another',
  });

export type FaultRuleInput = z.input<typeof FaultRuleInput>;
export type FaultRuleSpec = z.output<typeof FaultRuleInput>;

/** A rule as held by an account: the input plus its id and how many calls it has affected. */
export interface FaultRule extends FaultRuleSpec {
  id: string;
  hits: number;
}
