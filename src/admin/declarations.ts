import { z } from 'zod';
import type { Account } from '../accounts/account.js';
import { AccountExistsError } from '../accounts/registry.js';
import { addCredential, DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { errors } from '../errors/errors.js';
import { ADMIN_JSON, ADMIN_YAML } from '../openapi/files.js';
import { documentAnswers } from '../openapi/serve.js';
import {
  applyScenario,
  createAccount,
  resetAccount,
  type ScenarioChanges,
  ScenarioConflictError,
} from '../scenarios/apply.js';
import { listScenarios, scenarioFrom } from '../scenarios/load.js';
import { scenarioKeyHeader, scenarioKeyOf, snapshotDeclarations, summaryOf } from './account-snapshot.js';
import { type AdminRoute, adminGroup, empty, named, onAccount, refused } from './admin-route.js';
import {
  AccountSummary,
  AppliedScenario,
  Clock,
  CreatedAccount,
  FleetAccounts,
  Health,
  IssuedCredential,
  ScenarioInfo,
  Stats,
} from './admin-schemas.js';
import { apiKeyDeclarations } from './apikeys.js';
import { faultDeclarations } from './fault-routes.js';
import { journalDeclarations } from './journal-routes.js';
import { memoryStats } from './memory.js';
import { relaxedRuleDeclarations } from './relaxed-rules.js';
import { ApplyScenarioBody, ClockBody, CreateAccountBody, CreateCredentialBody, PatchAccountBody } from './schemas.js';
import { webhookDeclarations } from './webhooks.js';

// Every /__admin route, declared once with its handler: the router serves this table (admin/router.ts),
// openapi/admin.json is generated from it, and the guards read which routes are open from it. The
// console's pages (console/router.ts) are for a browser and no part of it.

const documents = documentAnswers({ json: ADMIN_JSON, yaml: ADMIN_YAML }, 'This simulator.');

const system = adminGroup('Process');
const accounts = adminGroup('Accounts');
const scenarios = adminGroup('Scenarios');
const credentials = adminGroup('Credentials');
const clock = adminGroup('Clock');

export const adminDeclarations: readonly AdminRoute[] = [
  system.get('/health', {
    operationId: 'getHealth',
    summary: 'Health probe',
    description:
      'Always open: no admin token, any Host. Says when the data directory is used read-only (it could not be ' +
      'written at the start).',
    open: true,
    answers: { 200: { description: 'The simulator is up.', schema: Health } },
    handler: ({ c, registry }) =>
      c.json(
        registry.readOnly === undefined
          ? { status: 'ok' as const }
          : { status: 'ok' as const, dataDir: { readOnly: true as const, reason: registry.readOnly } },
      ),
  }),
  system.get('/stats', {
    operationId: 'getStats',
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
    // Memory of the whole process, for soak tests and capacity checks.
    handler: ({ c, registry }) => {
      const asked = c.req.query('gc');
      const collection = asked === 'full' || asked === '1' ? 'full' : asked === 'minor' ? 'minor' : undefined;
      const budget = registry.journalBudget;
      return c.json({
        ...memoryStats(collection),
        accounts: registry.list().length,
        journalBytes: budget.used,
        journalMemory: budget.limit,
      });
    },
  }),
  system.get('/openapi.json', {
    operationId: 'getAdminDocumentJson',
    summary: 'This document (JSON)',
    description: 'Open, like the health probe: it holds nothing but the committed openapi/admin.json.',
    open: true,
    answers: {
      200: {
        description: 'OpenAPI 3.1, listing this simulator as its first server.',
        schema: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
      },
    },
    handler: ({ c }) => documents.json(c),
  }),
  system.get('/openapi.yaml', {
    operationId: 'getAdminDocumentYaml',
    summary: 'This document (YAML)',
    open: true,
    answers: { 200: { description: 'The committed openapi/admin.yaml.', mediaType: 'application/yaml' } },
    handler: ({ c }) => documents.yaml(c),
  }),
  accounts.get('/accounts', {
    operationId: 'listAccounts',
    summary: 'The accounts held',
    answers: { 200: { description: 'Every account, with its settings and clock.', schema: z.array(AccountSummary) } },
    handler: ({ c, registry }) => c.json(registry.list().map(summary)),
  }),
  accounts.get('/fleet/accounts', {
    operationId: 'listFleetAccounts',
    summary: 'The accounts of every node of the fleet',
    description:
      "This node's accounts and each peer's (`--peers`), asked in parallel with this node's admin token, each " +
      'within 2 s; a peer that does not answer is listed with the reason. Without peers, this node alone. ' +
      'Creates nothing.',
    answers: {
      200: {
        description: 'Each node asked, and every account of those that answered, by name, with its node.',
        schema: FleetAccounts,
      },
    },
    handler: async ({ c, registry, fleet }) => c.json(await fleet.listing(c, registry.list().map(summary))),
  }),
  accounts.post('/accounts', {
    operationId: 'createAccount',
    summary: 'Create an isolated account',
    description: 'Its own world, clock, credentials, journal and fault rules. Every field is optional.',
    body: {
      schema: CreateAccountBody,
      required: false,
      description:
        'Name (generated when absent), world seed and size, rate limiting, start time, relaxed rules, scenario.',
      example: { name: 'test-1', size: 'small', rateLimit: true, now: '2026-03-16T09:00:00Z' },
    },
    headers: scenarioKeyHeader,
    answers: {
      201: { description: 'The account, its seeded credential and API key, and its base URL.', schema: CreatedAccount },
      400: refused(
        'A scenario that cannot be read, a `now` more than 10 years from real time, a relaxed rule that is not ' +
          'declared or cannot be relaxed, or a setting sent that the scenario pins to another value (both named).',
      ),
      409: refused('An account of that name exists.'),
      503: refused('The simulator holds `--max-accounts` already.'),
    },
    handler: async ({ c, registry, body: { scenario, ...body } }) => {
      try {
        const loaded =
          scenario === undefined
            ? undefined
            : await scenarioFrom(scenario, registry.options.scenarioDir, scenarioKeyOf(c));
        const account = await createAccount(registry, body, loaded);
        const baseUrl = `${new URL(c.req.url).origin}/accounts/${account.name}`;
        return c.json(
          { name: account.name, clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET, apiKey: DEMO_API_KEY, baseUrl },
          201,
        );
      } catch (error) {
        if (error instanceof AccountExistsError) throw errors.admin(409, `account '${body.name}' already exists`);
        if (error instanceof ScenarioConflictError) throw errors.admin(400, error.message);
        throw error;
      }
    },
  }),
  ...snapshotDeclarations,
  accounts.delete('/accounts/{name}', {
    operationId: 'deleteAccount',
    summary: 'Forget an account (and its file)',
    route: named,
    // A delete never creates the account it names.
    resolvesAccount: false,
    answers: {
      204: empty('Deleted.'),
      400: refused('The account name is not a DNS label.'),
      404: refused('No such account.'),
    },
    handler: async ({ c, registry, route }) => {
      const name = route.name ?? '';
      if (!(await registry.delete(name))) throw errors.admin(404, `no account '${name}'`);
      return c.body(null, 204);
    },
  }),
  accounts.patch('/accounts/{name}', {
    operationId: 'updateAccount',
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
    handler: async ({ c, account, body }) => {
      await account.write(() => {
        if (body.rateLimit === undefined) return;
        account.settings.rateLimit = body.rateLimit;
        account.throttle.clear();
      });
      return c.json(summary(account));
    },
  }),
  ...relaxedRuleDeclarations,
  accounts.post('/accounts/{name}/reset', {
    operationId: 'resetAccount',
    summary: 'Re-seed an account',
    description:
      'World, credentials and API keys seeded again, fault rules dropped; settings (rate limiting, relaxed rules) ' +
      'stay. An account built from a scenario gets its scenario again.',
    route: named,
    answers: { 204: empty('Reset.'), ...onAccount },
    handler: async ({ c, registry, account }) => {
      await resetAccount(registry, account);
      return c.body(null, 204);
    },
  }),
  scenarios.post('/accounts/{name}/scenario', {
    operationId: 'applyScenario',
    summary: 'Rebuild an account from a scenario',
    route: named,
    body: {
      schema: ApplyScenarioBody,
      required: true,
      description: 'A shipped scenario name, a file path in the scenario directory, or the scenario object.',
      example: { scenario: 'fully-booked-day' },
    },
    headers: scenarioKeyHeader,
    answers: {
      200: {
        description:
          'The account as listed, and what the scenario changed: clock, world size, seed (when changed) and ' +
          'records per table.',
        schema: AppliedScenario,
      },
      ...onAccount,
      400: refused('The account name is not a DNS label, or the scenario cannot be read: `<file>: <path>: <problem>`.'),
    },
    handler: async ({ c, registry, account, body }) => {
      const loaded = await scenarioFrom(body.scenario, registry.options.scenarioDir, scenarioKeyOf(c));
      // A snapshot replaces the account: the answer is of the one that holds it.
      const applied = await applyScenario(registry, account, loaded);
      return c.json({ ...summary(applied.account), changes: changesAnswer(applied.changes) });
    },
  }),
  scenarios.get('/scenarios', {
    operationId: 'listScenarios',
    summary: 'The shipped scenarios',
    answers: { 200: { description: 'Name and description of each.', schema: z.array(ScenarioInfo) } },
    handler: async ({ c }) => c.json(await listScenarios()),
  }),
  credentials.post('/accounts/{name}/credentials', {
    operationId: 'createCredential',
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
    handler: async ({ c, account, body }) => {
      const { credential, secret } = await account.write(() => addCredential(account.auth, body));
      return c.json({ clientId: credential.clientId, secret }, 201);
    },
  }),
  ...apiKeyDeclarations,
  clock.get('/accounts/{name}/clock', {
    operationId: 'getClock',
    summary: "The account's clock",
    route: named,
    answers: { 200: { description: 'The time now.', schema: Clock }, ...onAccount },
    handler: ({ c, account }) => c.json(clockOf(account)),
  }),
  clock.post('/accounts/{name}/clock', {
    operationId: 'setClock',
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
    handler: async ({ c, account, body }) => {
      await account.write(() => {
        if (body.frozen === true) account.clock.freeze();
        else if (body.frozen === false) account.clock.unfreeze();
        if (body.advanceSeconds !== undefined) account.clock.advance(body.advanceSeconds);
        else if (body.now !== undefined) account.clock.set(body.now);
      });
      // Recurring invoices and webhook events due by the new time, without waiting for an API call. The move
      // itself is kept; a catch-up that cannot be saved is done again by the next request.
      await account.catchUp(account.clock.now()).catch((error: unknown) => console.error(error));
      return c.json(clockOf(account));
    },
  }),
  ...journalDeclarations,
  ...webhookDeclarations,
  ...faultDeclarations,
];

const summary = summaryOf;

/** What a scenario changed, its times as ISO text. */
function changesAnswer(changes: ScenarioChanges) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return { ...changes, clock: { before: iso(changes.clock.before), after: iso(changes.clock.after) } };
}

function clockOf(account: Account) {
  const now = new Date(account.clock.now()).toISOString();
  return account.clock.frozen ? { now, frozen: true as const } : { now };
}

const OPEN_PATHS = new Set(adminDeclarations.filter((r) => r.open).map((r) => `GET /__admin${r.path}`));

/** A call the guards let through without a token or a local Host. */
export const isOpenAdminCall = (method: string, path: string): boolean => OPEN_PATHS.has(`${method} ${path}`);
