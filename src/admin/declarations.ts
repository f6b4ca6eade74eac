import { z } from 'zod';
import { FaultRuleInput } from '../faults/schemas.js';
import type { AdminAnswer, AdminParam, AdminRoute } from './admin-route.js';
import {
  AccountSummary,
  AdminError,
  ApiKeyInfo,
  Clock,
  CreatedAccount,
  Health,
  IssuedApiKey,
  IssuedCredential,
  ListedFaultRule,
  ScenarioInfo,
  Stats,
  WebhookDelivery,
} from './admin-schemas.js';
import { FaultRuleList } from './fault-routes.js';
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
  ApplyScenarioBody,
  accountName,
  ClockBody,
  CreateAccountBody,
  CreateApiKeyBody,
  CreateCredentialBody,
  PatchAccountBody,
} from './schemas.js';

// Every /__admin route, declared once: openapi/admin.json is generated from this table, the guards
// read which routes are open from it, and a test keeps it equal to the routes the router serves.

const refused = (description: string): AdminAnswer => ({ description, schema: AdminError });
const empty = (description: string): AdminAnswer => ({ description });

const named = { name: { description: 'The account name (a DNS label).', schema: accountName } };
const withId = (what: string): Record<string, AdminParam> => ({
  ...named,
  id: { description: `The ${what} id.`, schema: z.string() },
});

/** What every route on a named account may answer: the account is resolved (and, by a write, created) first. */
const onAccount: Record<number, AdminAnswer> = {
  400: refused('The account name is not a DNS label.'),
  404: refused(
    'No such account: a read (GET) never creates one (but the default account), and a write creates an unknown ' +
      'name unless the simulator runs with `--no-auto-accounts`.',
  ),
  503: refused('A write would create the account, but the simulator holds `--max-accounts` already.'),
};

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

export const adminDeclarations: readonly AdminRoute[] = [
  // Process
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    tag: 'Process',
    summary: 'Health probe',
    description: 'Always open: no admin token, any Host.',
    open: true,
    answers: { 200: { description: 'The simulator is up.', schema: Health } },
  },
  {
    operationId: 'getStats',
    method: 'GET',
    path: '/stats',
    tag: 'Process',
    summary: 'Memory of the process and the number of accounts',
    query: {
      gc: {
        description:
          '`full` (or `1`): a full garbage collection first; `minor`: the young generation only. Runs only when ' +
          'Node was started with --expose-gc; other values are ignored.',
        schema: z.enum(['full', 'minor', '1']),
      },
    },
    answers: { 200: { description: 'Bytes, and the accounts held.', schema: Stats } },
  },
  {
    operationId: 'getAdminDocumentJson',
    method: 'GET',
    path: '/openapi.json',
    tag: 'Process',
    summary: 'This document (JSON)',
    description: 'Open, like the health probe: it holds nothing but the committed openapi/admin.json.',
    open: true,
    answers: {
      200: {
        description: 'OpenAPI 3.1, listing this simulator as its first server.',
        schema: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
      },
    },
  },
  {
    operationId: 'getAdminDocumentYaml',
    method: 'GET',
    path: '/openapi.yaml',
    tag: 'Process',
    summary: 'This document (YAML)',
    open: true,
    answers: { 200: { description: 'The committed openapi/admin.yaml.', mediaType: 'application/yaml' } },
  },
  // Accounts
  {
    operationId: 'listAccounts',
    method: 'GET',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'The accounts held',
    answers: { 200: { description: 'Every account, with its settings and clock.', schema: z.array(AccountSummary) } },
  },
  {
    operationId: 'createAccount',
    method: 'POST',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Create an isolated account',
    description: 'Its own world, clock, credentials, journal and fault rules. Every field is optional.',
    body: {
      schema: CreateAccountBody,
      required: false,
      description: 'Name (generated when absent), world seed and size, rate limiting, start time, scenario.',
      example: { name: 'test-1', size: 'small', rateLimit: true, now: '2026-03-16T09:00:00Z' },
    },
    answers: {
      201: { description: 'The account, its seeded credential and API key, and its base URL.', schema: CreatedAccount },
      400: refused('A scenario that cannot be read, or a `now` more than 10 years from real time.'),
      409: refused('An account of that name exists.'),
      503: refused('The simulator holds `--max-accounts` already.'),
    },
  },
  {
    operationId: 'deleteAccount',
    method: 'DELETE',
    path: '/accounts/{name}',
    tag: 'Accounts',
    summary: 'Forget an account (and its file)',
    route: named,
    answers: {
      204: empty('Deleted.'),
      400: refused('The account name is not a DNS label.'),
      404: refused('No such account.'),
    },
  },
  {
    operationId: 'updateAccount',
    method: 'PATCH',
    path: '/accounts/{name}',
    tag: 'Accounts',
    summary: 'Change settings (rate limiting)',
    description: 'Turning rate limiting on or off also clears every lockout.',
    route: named,
    body: {
      schema: PatchAccountBody,
      required: false,
      description: 'The settings to change.',
      example: { rateLimit: false },
    },
    answers: { 200: { description: 'The account as listed.', schema: AccountSummary }, ...onAccount },
  },
  {
    operationId: 'resetAccount',
    method: 'POST',
    path: '/accounts/{name}/reset',
    tag: 'Accounts',
    summary: 'Re-seed an account',
    description:
      'World, credentials and API keys seeded again, fault rules dropped; an account built from a scenario gets ' +
      'its scenario again.',
    route: named,
    answers: { 204: empty('Reset.'), ...onAccount },
  },
  {
    operationId: 'applyScenario',
    method: 'POST',
    path: '/accounts/{name}/scenario',
    tag: 'Scenarios',
    summary: 'Rebuild an account from a scenario',
    route: named,
    body: {
      schema: ApplyScenarioBody,
      required: true,
      description: 'A shipped scenario name, a file path in the scenario directory, or the scenario object.',
      example: { scenario: 'fully-booked-day' },
    },
    answers: {
      200: { description: 'The account as listed.', schema: AccountSummary },
      ...onAccount,
      400: refused('The account name is not a DNS label, or the scenario cannot be read: `<file>: <path>: <problem>`.'),
    },
  },
  {
    operationId: 'listScenarios',
    method: 'GET',
    path: '/scenarios',
    tag: 'Scenarios',
    summary: 'The shipped scenarios',
    answers: { 200: { description: 'Name and description of each.', schema: z.array(ScenarioInfo) } },
  },
  // Credentials
  {
    operationId: 'createCredential',
    method: 'POST',
    path: '/accounts/{name}/credentials',
    tag: 'Credentials',
    summary: 'Issue an API credential',
    description: 'Optionally restricted to endpoint allow-list lines and caller addresses.',
    route: named,
    body: {
      schema: CreateCredentialBody,
      required: false,
      description: 'Allow-lists and state.',
      example: { endpoints: ['api/v2/sites', 'api/v2/services'], ips: '127.0.0.1' },
    },
    answers: { 201: { description: 'The credential.', schema: IssuedCredential }, ...onAccount },
  },
  {
    operationId: 'createApiKey',
    method: 'POST',
    path: '/accounts/{name}/apikeys',
    tag: 'Credentials',
    summary: 'Issue a version 1 API key',
    description:
      'Optionally limited to an address range: a version 1 call from an address the list does not hold answers ' +
      '403 `Unauthorized - Invalid client IP address.`, as a credential with an IP allow-list does.',
    route: named,
    body: {
      schema: CreateApiKeyBody,
      required: false,
      description: 'Its IP allow-list and state.',
      example: { ips: '203.0.113.7' },
    },
    answers: { 201: { description: 'The key, shown only here.', schema: IssuedApiKey }, ...onAccount },
  },
  {
    operationId: 'listApiKeys',
    method: 'GET',
    path: '/accounts/{name}/apikeys',
    tag: 'Credentials',
    summary: 'The version 1 API keys, never the keys themselves',
    route: named,
    answers: {
      200: { description: 'Id, state, IP allow-list and creation time.', schema: z.array(ApiKeyInfo) },
      ...onAccount,
    },
  },
  {
    operationId: 'deleteApiKey',
    method: 'DELETE',
    path: '/accounts/{name}/apikeys/{id}',
    tag: 'Credentials',
    summary: 'Withdraw a version 1 API key',
    route: withId('API key'),
    answers: {
      204: empty('The key is refused from now on.'),
      ...onAccount,
      404: refused('No such account, or no such API key.'),
    },
  },
  // Clock
  {
    operationId: 'getClock',
    method: 'GET',
    path: '/accounts/{name}/clock',
    tag: 'Clock',
    summary: "The account's clock",
    route: named,
    answers: { 200: { description: 'The time now.', schema: Clock }, ...onAccount },
  },
  {
    operationId: 'setClock',
    method: 'POST',
    path: '/accounts/{name}/clock',
    tag: 'Clock',
    summary: 'Move, freeze or unfreeze the clock',
    description:
      'Recurring invoices and webhook events due by the new time are produced at once. A frozen clock stands still ' +
      '(token expiry, rate-limit windows and lockouts with it) until it is moved or unfrozen.',
    route: named,
    body: {
      schema: ClockBody,
      required: true,
      description: '`{advanceSeconds}` or `{now}` (at most one), and or `{frozen}`.',
      example: { advanceSeconds: 15768000 },
    },
    answers: {
      200: { description: 'The time now.', schema: Clock },
      ...onAccount,
      400: refused('A bad name or body, or a time more than 10 years from real time (nothing is changed).'),
    },
  },
  // Journal
  {
    operationId: 'listRequests',
    method: 'GET',
    path: '/accounts/{name}/requests',
    tag: 'Journal',
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
  },
  {
    operationId: 'countRequests',
    method: 'GET',
    path: '/accounts/{name}/requests/count',
    tag: 'Journal',
    summary: 'How many calls match',
    route: named,
    query: journalFilters,
    answers: { 200: { description: 'The count.', schema: CountAnswer }, ...onAccount, 400: badStatus },
  },
  {
    operationId: 'getRequest',
    method: 'GET',
    path: '/accounts/{name}/requests/{seq}',
    tag: 'Journal',
    summary: 'One call, by its number',
    description: "What the list answers for that call; the console's live view fetches an entry when a row is opened.",
    route: { ...named, seq: { description: 'The entry number (`seq`).', schema: z.string() } },
    answers: {
      200: { description: 'The entry.', schema: JournalEntrySchema },
      400: refused('The account name is not a DNS label, or seq is not an entry number.'),
      404: refused('No such account, or the journal no longer holds that entry (dropped as the oldest, or cleared).'),
      503: onAccount[503]!,
    },
  },
  {
    operationId: 'clearRequests',
    method: 'DELETE',
    path: '/accounts/{name}/requests',
    tag: 'Journal',
    summary: 'Empty the journal',
    route: named,
    answers: { 204: empty('Emptied.'), ...onAccount },
  },
  {
    operationId: 'findRequests',
    method: 'POST',
    path: '/accounts/{name}/requests/find',
    tag: 'Journal',
    summary: 'The calls that match a query on query parameters, headers and a part of the body',
    route: named,
    body: {
      schema: JournalQueryBody,
      required: true,
      description: 'Every field given must match; `{}` matches every call.',
      example: { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane' } },
    },
    answers: {
      200: { description: 'The matching calls, oldest first.', schema: JournalEntriesAnswer, headers: droppedHeader },
      ...onAccount,
      400: refused('A bad name or query.'),
    },
  },
  {
    operationId: 'countRequestsMatching',
    method: 'POST',
    path: '/accounts/{name}/requests/count',
    tag: 'Journal',
    summary: 'How many calls match a query on query parameters, headers and a part of the body',
    route: named,
    body: { schema: JournalQueryBody, required: true, description: 'As for find.' },
    answers: {
      200: { description: 'The count.', schema: CountAnswer },
      ...onAccount,
      400: refused('A bad name or query.'),
    },
  },
  {
    operationId: 'verifyRequests',
    method: 'POST',
    path: '/accounts/{name}/requests/verify',
    tag: 'Journal',
    summary: 'Check that the account received the calls a test expects',
    description: 'When it does not hold: 422 with the nearest calls (up to 3) and what differed in each.',
    route: named,
    body: {
      schema: VerifyBody,
      required: true,
      description: '`query` as for find; `count` exactly n or `{atLeast?, atMost?}` (default at least 1).',
      example: { query: { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane' } }, count: 1 },
    },
    answers: {
      200: { description: 'It holds: the number of matching calls.', schema: VerifiedAnswer },
      ...onAccount,
      400: refused('A bad name or body.'),
      422: { description: 'It does not hold: the near-miss report.', schema: NearMissReport },
    },
  },
  {
    operationId: 'streamRequests',
    method: 'GET',
    path: '/accounts/{name}/requests/stream',
    tag: 'Journal',
    summary: 'The journal live, as Server-Sent Events',
    description:
      'A `reset` event, the latest 200 entries kept (oldest first), then each new call as it is recorded, one ' +
      '`entry` event each holding the summary of the entry as JSON: `seq`, `method`, `path`, `query`, `status`, ' +
      '`at` and `fault`, without headers and bodies (`GET …/requests/{seq}` answers the whole entry). ' +
      "The console's live view reads it.",
    route: named,
    answers: { 200: { description: 'The event stream.', mediaType: 'text/event-stream' }, ...onAccount },
  },
  // Webhooks
  {
    operationId: 'listDeliveries',
    method: 'GET',
    path: '/accounts/{name}/webhooks/deliveries',
    tag: 'Webhooks',
    summary: 'The webhook delivery log',
    description: 'The last `--delivery-log-size` (500); payloads and secrets are never shown.',
    route: named,
    answers: { 200: { description: 'The deliveries.', schema: z.array(WebhookDelivery) }, ...onAccount },
  },
  {
    operationId: 'replayDelivery',
    method: 'POST',
    path: '/accounts/{name}/webhooks/deliveries/{id}/replay',
    tag: 'Webhooks',
    summary: 'Send a delivery again',
    route: withId('delivery'),
    answers: {
      202: { description: 'The delivery, queued again.', schema: WebhookDelivery },
      ...onAccount,
      404: refused('No such account, or no such delivery.'),
      409: refused('The webhook of the delivery was deleted.'),
    },
  },
  // Faults
  {
    operationId: 'addFaults',
    method: 'POST',
    path: '/accounts/{name}/faults',
    tag: 'Faults',
    summary: 'Add fault rules',
    route: named,
    body: {
      schema: z.union([FaultRuleInput, FaultRuleList]),
      required: true,
      description: 'A rule, or `{rules}`.',
      example: { method: 'GET', path: '/api/v2/clients', status: 503, times: 2 },
    },
    answers: {
      201: { description: 'The rules added (always a list), with their ids.', schema: z.array(ListedFaultRule) },
      ...onAccount,
      400: refused('A bad name or rule, or more rules than an account holds.'),
    },
  },
  {
    operationId: 'listFaults',
    method: 'GET',
    path: '/accounts/{name}/faults',
    tag: 'Faults',
    summary: 'The fault rules, in order, with their counters',
    route: named,
    answers: { 200: { description: 'The rules.', schema: z.array(ListedFaultRule) }, ...onAccount },
  },
  {
    operationId: 'clearFaults',
    method: 'DELETE',
    path: '/accounts/{name}/faults',
    tag: 'Faults',
    summary: 'Drop every fault rule',
    route: named,
    answers: { 204: empty('Dropped.'), ...onAccount },
  },
  {
    operationId: 'deleteFault',
    method: 'DELETE',
    path: '/accounts/{name}/faults/{id}',
    tag: 'Faults',
    summary: 'Drop one fault rule',
    route: withId('fault rule'),
    answers: { 204: empty('Dropped.'), ...onAccount, 404: refused('No such account, or no such rule.') },
  },
];

const OPEN_PATHS = new Set(adminDeclarations.filter((r) => r.open).map((r) => `GET /__admin${r.path}`));

/** A call the guards let through without a token or a local Host. */
export const isOpenAdminCall = (method: string, path: string): boolean => OPEN_PATHS.has(`${method} ${path}`);
