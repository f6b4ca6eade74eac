import { z } from 'zod';
import { RECORD_RESOURCES } from '../scenarios/schemas.js';
import { WORLD_SIZES } from '../world/sizes.js';

// Control-plane answers (camelCase), as the routes build them. They feed openapi/admin.json only:
// the routes answer plain objects, and the tests check every answer against the document.

const instant = z.string().describe('ISO 8601 UTC, e.g. `2026-03-16T09:00:00.000Z`.');

export const AdminError = z
  .strictObject({ error: z.string().describe('What was refused and why, in words.') })
  .meta({ id: 'AdminError', description: 'Every control-plane refusal.' });

export const Health = z.strictObject({
  status: z.literal('ok'),
  dataDir: z
    .strictObject({
      readOnly: z.literal(true),
      reason: z
        .string()
        .describe('Why the data directory could not be written at the start, e.g. `ENOSPC: no space left on device`.'),
    })
    .optional()
    .describe(
      'Present when the data directory is used read-only: it could not be written when the simulator started. ' +
        'Reads answer; every write answers 500 until a restart on a disk that takes writes.',
    ),
});

export const Stats = z.strictObject({
  heapUsed: z.number().int(),
  heapTotal: z.number().int(),
  rss: z.number().int(),
  heapAfterMajorGc: z
    .number()
    .int()
    .nullable()
    .describe('The old generation right after the latest full collection the runtime made itself, else null.'),
  majorGcs: z.number().int().describe('Full collections seen since the first stats call.'),
  collected: z.boolean().describe('Whether the asked collection ran (Node started with --expose-gc).'),
  accounts: z.number().int().describe('Accounts held.'),
  journalBytes: z
    .number()
    .int()
    .describe('The memory the request journals of all accounts retain together, as counted (worst case).'),
  journalMemory: z
    .number()
    .int()
    .describe('Their budget (`--journal-memory`), in bytes: beyond it the oldest entries of the largest go.'),
});

export const RelaxedRules = z
  .array(z.string())
  .describe('Ids of the rules an account has switched off (docs/rules.md lists every rule), in the order set.')
  .meta({ id: 'RelaxedRules' });

export const AccountSummary = z
  .strictObject({
    name: z.string(),
    seed: z.number().int(),
    size: z.enum(WORLD_SIZES),
    rateLimit: z.boolean(),
    fiscalised: z.boolean(),
    scenario: z.string().nullable().describe('The scenario the account was built from, if any.'),
    now: instant.describe("The account's clock."),
    relaxedRules: RelaxedRules.optional().describe(
      'The rules the account has switched off, in the order set; absent when none.',
    ),
  })
  .meta({ id: 'AccountSummary' });

export const FleetAccounts = z
  .strictObject({
    nodes: z
      .array(
        z.union([
          z.strictObject({
            node: z.string().describe("The node's name (`--node-name`, else `<hostname>:<port>`)."),
            url: z.string().describe('Where it was asked (this node: the address it was called at).'),
            answered: z.literal(true),
            accounts: z.number().int().describe('Accounts it holds.'),
          }),
          z.strictObject({
            url: z.string().describe('The peer asked: a base URL, or `dns+http://<name>:<port>` that did not resolve.'),
            answered: z.literal(false),
            error: z.string().describe('Why, e.g. `no answer within 2000 ms`, `connection refused`, `answered 401`.'),
          }),
        ]),
      )
      .describe('This node first, then each peer asked.'),
    accounts: z
      .array(AccountSummary.extend({ node: z.string().describe('The node that holds it.') }))
      .describe('Every account of the nodes that answered, by name.'),
  })
  .meta({ id: 'FleetAccounts' });

const beforeAndAfter = <T extends z.ZodType>(value: T) => z.strictObject({ before: value, after: value });

const TableCounts = z.strictObject({
  added: z.number().int().describe('Records the scenario created.'),
  replaced: z.number().int().describe('Seeded records the scenario changed.'),
  removed: z.number().int().describe('Seeded records the scenario removed (`clear`).'),
});

export const AppliedScenario = AccountSummary.extend({
  changes: z
    .strictObject({
      clock: beforeAndAfter(instant).describe("The account's clock before the scenario and after it."),
      size: beforeAndAfter(z.enum(WORLD_SIZES)).describe('The world size before and after.'),
      seed: beforeAndAfter(z.number().int())
        .optional()
        .describe('The world seed before and after; only when the scenario changed it.'),
      records: z
        .partialRecord(z.enum(RECORD_RESOURCES), TableCounts)
        .describe(
          'Per table, counted against the freshly seeded world of the scenario; a table the scenario left ' +
            'as seeded is absent.',
        ),
    })
    .describe('What applying the scenario changed.'),
}).meta({ id: 'AppliedScenario' });

export type AppliedScenario = z.output<typeof AppliedScenario>;

export const CreatedAccount = z
  .strictObject({
    name: z.string(),
    clientId: z.string().describe('The seeded credential, for POST /api/v2/token.'),
    secret: z.string(),
    apiKey: z.string().describe('The seeded version 1 API key (ServiceApiKey header).'),
    baseUrl: z.string().describe('The account under this simulator: `<origin>/accounts/<name>`.'),
  })
  .meta({ id: 'CreatedAccount' });

export const ScenarioInfo = z.strictObject({ name: z.string(), description: z.string() }).meta({ id: 'ScenarioInfo' });

export const IssuedCredential = z.strictObject({
  clientId: z.string(),
  secret: z.string().describe('Shown only here.'),
});

export const IssuedApiKey = z.strictObject({ apiKey: z.string().describe('Shown only here.') });

export const ApiKeyInfo = z
  .strictObject({
    id: z.string(),
    active: z.boolean(),
    ips: z.string().describe('The IP allow-list the key is limited to, as stored; empty: any address.'),
    createdAt: instant,
  })
  .meta({ id: 'ApiKeyInfo' });

export const Clock = z
  .strictObject({
    now: instant,
    frozen: z.literal(true).optional().describe('Present while the clock stands still between moves.'),
  })
  .meta({ id: 'Clock' });

export const WebhookDelivery = z
  .strictObject({
    id: z.string(),
    eventId: z.string().describe('The same for every delivery and replay of one event.'),
    webhookId: z.string(),
    event: z.string(),
    url: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery', description: 'A delivery without its payload (the receiver has the body).' });

// A listed rule is the rule as stated (defaults filled in) with its id and counters; the stated
// part is described by the request schema, so it is left open here.
export const ListedFaultRule = z
  .looseObject({
    id: z.string(),
    method: z.string(),
    path: z.string(),
    hits: z.number().int().describe('Calls the rule has affected.'),
    remaining: z.number().int().optional().describe('Calls left for a rule with `times`.'),
  })
  .meta({ id: 'ListedFaultRule' });
