import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Account } from '../accounts/account.js';
import { AccountExistsError, type AccountRegistry } from '../accounts/registry.js';
import { runInSlices, slicePauses } from '../accounts/slices.js';
import {
  AccountSnapshot,
  isSnapshot,
  MAX_RECORD_CHARS,
  MAX_SNAPSHOT_CHANGES,
  readSnapshotSteps,
  SNAPSHOT_KEY_HEADER,
  SNAPSHOT_VERSION,
  SnapshotError,
  takeSnapshot,
  transferBox,
} from '../accounts/snapshot.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { BODY_TOO_LARGE, errors } from '../errors/errors.js';
import { jsonParts } from '../json-steps.js';
import { createAccount, ScenarioConflictError } from '../scenarios/apply.js';
import { type LoadedScenario, type SnapshotKey, scenarioFrom } from '../scenarios/load.js';
import { relaxedRulesProblem } from '../scenarios/rule-ids.js';
import { type AdminRoute, adminGroup, named, onAccount, refused } from './admin-route.js';
import { AccountSummary, CreatedAccount } from './admin-schemas.js';
import { checked } from './json-body.js';
import { CreateAccountBody } from './schemas.js';

// Creating an account by the name in its path, from settings or from a snapshot, and taking a
// snapshot: the calls a proxy routing by account name can send to the node that serves the name.

const accounts = adminGroup('Accounts');

const PutAccountSettings = CreateAccountBody.omit({ name: true });

/**
 * A snapshot is a bigger body than any other: the whole account. It is read, parsed, checked and
 * restored in slices of the event loop's time, so the bound is one of memory: a restore of the
 * largest holds the body's text and the records parsed from it at once (docs/bounds.md).
 */
export const SNAPSHOT_BODY_LIMIT = 64 * 1024 * 1024;

const SNAPSHOT_TOO_LARGE =
  `${BODY_TOO_LARGE.slice(0, -1)}: a snapshot to restore is at most ${SNAPSHOT_BODY_LIMIT} bytes ` +
  `(${SNAPSHOT_BODY_LIMIT / 2 ** 20} MiB)`;

const keyHeader: Record<string, { description: string; schema: z.ZodType }> = {
  [SNAPSHOT_KEY_HEADER]: {
    description:
      "A passphrase: webhook signing secrets, sealed with this simulator's key, travel in the snapshot sealed under " +
      'it; the same passphrase restores them. Needed only when the account has webhooks.',
    schema: z.string().min(1),
  },
};

/** The header of the routes that take a scenario: a snapshot given as the scenario opens its sealed secrets with it. */
export const scenarioKeyHeader: Record<string, { description: string; schema: z.ZodType }> = {
  [SNAPSHOT_KEY_HEADER]: {
    description: 'When the scenario is a snapshot holding webhook signing secrets: the passphrase it was taken with.',
    schema: z.string().min(1),
  },
};

/** The passphrase a snapshot given as a scenario opens with: the request's header. */
export function scenarioKeyOf(c: Context): SnapshotKey {
  return { passphrase: c.req.header(SNAPSHOT_KEY_HEADER), givenBy: `the ${SNAPSHOT_KEY_HEADER} header` };
}

export const snapshotDeclarations: AdminRoute[] = [
  accounts.put('/accounts/{name}', {
    operationId: 'putAccount',
    summary: 'Create an account by name, or restore a snapshot',
    description:
      'Idempotent. With settings (the fields of `POST /accounts` but the name): creates the account (201), or, ' +
      'when it exists with the settings given, answers 200 and leaves it as it is; a seed, size, rate limiting, ' +
      'relaxed rules (in any order) or scenario that differs is a 409 naming it (`now` is not compared: the clock ' +
      'has moved on). With a snapshot (a body whose `format` is `business-api-simulator/account-snapshot`): ' +
      'creates the account from it, or replaces an existing one with `?replace=true` (200).',
    route: named,
    resolvesAccount: false,
    query: {
      replace: {
        description: '`true`: a snapshot replaces the account of that name when it exists.',
        schema: z.enum(['true', 'false']),
      },
    },
    headers: keyHeader,
    body: {
      schema: z.union([PutAccountSettings, AccountSnapshot]),
      required: false,
      description: 'Account settings, or a snapshot taken with `GET /accounts/{name}/snapshot`.',
      example: { size: 'small', rateLimit: true },
      limit: SNAPSHOT_BODY_LIMIT,
      tooLarge: SNAPSHOT_TOO_LARGE,
      members: MAX_SNAPSHOT_CHANGES,
      // No value of a snapshot is larger than its largest record: each is parsed at once.
      valueBytes: MAX_RECORD_CHARS,
      parse: async (json) => {
        if (!isSnapshot(json)) return checked(PutAccountSettings, json);
        try {
          const snapshot = await runInSlices(readSnapshotSteps(json));
          const relaxed = relaxedRulesProblem(snapshot.settings.relaxedRules, 'settings.relaxedRules');
          if (relaxed) throw new SnapshotError(relaxed);
          return snapshot;
        } catch (error) {
          if (error instanceof SnapshotError) throw errors.admin(400, error.message);
          throw error;
        }
      },
    },
    answers: {
      200: {
        description: 'The account existed with these settings (left as it is), or a snapshot replaced it.',
        schema: z.union([CreatedAccount, AccountSummary]),
      },
      201: {
        description:
          'Created: from settings, the account, its seeded credential and API key, and its base URL (as `POST ' +
          '/accounts` answers); from a snapshot, the account as listed.',
        schema: z.union([CreatedAccount, AccountSummary]),
      },
      400: refused(
        'A bad name, a scenario that cannot be read, a setting sent that the scenario pins to another value, a ' +
          '`now` more than 10 years from real time, a relaxed rule that is not declared or cannot be relaxed, or a ' +
          'snapshot that ' +
          `cannot be restored (a newer format version than ${SNAPSHOT_VERSION}, a record of the wrong shape or ` +
          `of more than ${MAX_RECORD_CHARS} characters of JSON, more than ${MAX_SNAPSHOT_CHANGES} changes, a ` +
          'sealed secret without the right passphrase).',
      ),
      409: refused(
        'The account exists with other settings (named in the message), or a snapshot names an existing account ' +
          'without `?replace=true`.',
      ),
      503: refused('The simulator holds `--max-accounts` already.'),
    },
    handler: async ({ c, registry, route, body }) => {
      const name = route.name ?? '';
      if (isSnapshot(body)) return restore(c, registry, name, body as AccountSnapshot);
      const { scenario, ...settings } = body as z.infer<typeof PutAccountSettings>;
      const loaded =
        scenario === undefined
          ? undefined
          : await scenarioFrom(scenario, registry.options.scenarioDir, scenarioKeyOf(c));
      const created = (account: Account, status: 200 | 201) =>
        c.json(
          {
            name: account.name,
            clientId: DEMO_CLIENT_ID,
            secret: DEMO_SECRET,
            apiKey: DEMO_API_KEY,
            baseUrl: `${new URL(c.req.url).origin}/accounts/${account.name}`,
          },
          status,
        );
      try {
        return created(await createAccount(registry, { ...settings, name }, loaded), 201);
      } catch (error) {
        if (error instanceof ScenarioConflictError) throw errors.admin(400, error.message);
        if (!(error instanceof AccountExistsError)) throw error;
      }
      const existing = await registry.resolve(name);
      if (!existing) throw errors.admin(409, `account '${name}' is being deleted; try again`);
      const differences = differencesOf(existing, settings, loaded);
      if (differences.length > 0)
        throw errors.admin(409, `account '${name}' exists with other settings: ${differences.join('; ')}`);
      return created(existing, 200);
    },
  }),
  accounts.get('/accounts/{name}/snapshot', {
    operationId: 'getAccountSnapshot',
    summary: 'The whole account as a snapshot',
    description:
      "Seed, size, settings, clock, the id source's position and every change since the seeded world (records, " +
      'credentials and API keys as hashes, access tokens by hash, webhooks and waiting deliveries); the request ' +
      'journal with `?journal=true`. `PUT /accounts/{name}` with it as the body restores the account here or on ' +
      'another simulator.',
    route: named,
    query: {
      journal: {
        description: '`true`: the request journal too (as `GET …/requests` lists it).',
        schema: z.enum(['true', 'false']),
      },
      download: {
        description:
          '`true`: answered as a file to save, with ' +
          '`Content-Disposition: attachment; filename="<name>.snapshot.json"`.',
        schema: z.enum(['true', 'false']),
      },
    },
    headers: keyHeader,
    answers: {
      200: { description: 'The snapshot.', schema: AccountSnapshot },
      ...onAccount,
      400: refused(
        `The account name is not a DNS label, or the account has webhooks and no \`${SNAPSHOT_KEY_HEADER}\` was sent.`,
      ),
    },
    handler: async ({ c, registry, account }) => {
      try {
        const snapshot = await takeSnapshot(account, {
          journal: c.req.query('journal') === 'true',
          transfer: await transferOf(c),
          realNow: registry.options.realNow(),
        });
        // The name is a DNS label: nothing in it needs quoting.
        if (c.req.query('download') === 'true')
          c.header('content-disposition', `attachment; filename="${account.name}.snapshot.json"`);
        return snapshotAnswer(c, snapshot satisfies z.infer<typeof AccountSnapshot>);
      } catch (error) {
        if (error instanceof SnapshotError) throw errors.admin(400, error.message);
        throw error;
      }
    },
  }),
];

/**
 * The snapshot as its answer, the text of `c.json(snapshot)`. A long one (tens of thousands of records,
 * tens of MiB) is neither written nor joined whole: each read of the answer writes its next part of
 * about 256 KiB, a record at a time (json-steps.ts), handing the event loop back every 10 ms or so.
 */
function snapshotAnswer(c: Context, snapshot: AccountSnapshot): Response {
  if (snapshot.changes.length + (snapshot.journal?.length ?? 0) <= 256) return c.json(snapshot);
  const parts = jsonParts(snapshot);
  const encoder = new TextEncoder();
  // A reader in process takes each part as a promise settles, without a turn of the event loop
  // between parts: the encoding hands the loop back every 10 ms or so itself, from a slice of its own.
  let pause: (() => Promise<void> | undefined) | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pause === undefined) {
        await nextTurn();
        pause = slicePauses();
      }
      const paused = pause();
      if (paused) await paused;
      const part = parts.next();
      if (part.done) controller.close();
      else controller.enqueue(encoder.encode(part.value));
    },
  });
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}

async function restore(c: Context, registry: AccountRegistry, name: string, snapshot: AccountSnapshot) {
  const replace = c.req.query('replace') === 'true';
  // Only a snapshot with sealed secrets needs the key: no derivation otherwise.
  const transfer = snapshot.sealedWith === undefined ? undefined : await transferOf(c);
  const existed = registry.get(name) !== undefined;
  try {
    const account = await registry.restoreSnapshot(snapshot, name, { transfer, replace });
    return c.json(summaryOf(account), existed ? 200 : 201);
  } catch (error) {
    if (error instanceof SnapshotError) throw errors.admin(400, error.message);
    if (error instanceof AccountExistsError)
      throw errors.admin(409, `account '${name}' exists: send ?replace=true to replace it with the snapshot`);
    throw error;
  }
}

/** The key of the request's passphrase, derived off the event loop (accounts/passphrase-key.ts); none without one. */
async function transferOf(c: Context) {
  const passphrase = c.req.header(SNAPSHOT_KEY_HEADER);
  return passphrase === undefined || passphrase === '' ? undefined : await transferBox(passphrase);
}

/** The settings given that the existing account does not have, as `seed: 7, not 42`. */
function differencesOf(
  account: Account,
  given: Omit<z.infer<typeof PutAccountSettings>, 'scenario'>,
  loaded: LoadedScenario | undefined,
): string[] {
  const s = account.settings;
  const out: string[] = [];
  const compare = (field: string, want: unknown, have: unknown) => {
    if (want !== undefined && want !== have)
      out.push(`${field}: asked ${JSON.stringify(want)}, has ${JSON.stringify(have)}`);
  };
  compare('seed', given.seed, s.seed);
  compare('size', given.size, s.size);
  compare('rateLimit', given.rateLimit, s.rateLimit);
  // The same rules in any order are the same setting.
  const relaxed = s.relaxedRules ?? [];
  const asked = given.relaxedRules;
  if (asked !== undefined && (asked.length !== relaxed.length || asked.some((id) => !relaxed.includes(id))))
    out.push(`relaxedRules: asked ${JSON.stringify(asked)}, has ${JSON.stringify(relaxed)}`);
  if (loaded) compare('scenario', loaded.reference ?? loaded.name, s.scenario ?? null);
  return out;
}

/** The account as `GET /accounts` lists it. */
export function summaryOf(account: Account) {
  const { name, seed, size, rateLimit, fiscalised, scenario, relaxedRules } = account.settings;
  return {
    name,
    seed,
    size,
    rateLimit,
    fiscalised: fiscalised ?? false,
    scenario: scenario ?? null,
    now: new Date(account.clock.now()).toISOString(),
    ...(relaxedRules?.length ? { relaxedRules: [...relaxedRules] } : {}),
  };
}
