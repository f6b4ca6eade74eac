import type { Context } from 'hono';
import { Hono } from 'hono';
import { type Account, AccountClosedError } from '../accounts/account.js';
import { ClockBoundError } from '../accounts/clock.js';
import { DEFAULT_ACCOUNT, isAccountName } from '../accounts/host.js';
import { AccountExistsError, AccountLimitError, type AccountRegistry } from '../accounts/registry.js';
import { addCredential, DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { ApiError, errors } from '../http/errors.js';
import { applyScenario, createAccount, resetAccount } from '../scenarios/apply.js';
import { listScenarios, ScenarioError, scenarioFrom } from '../scenarios/load.js';
import { apiKeyAdminRoutes } from './apikeys.js';
import { adminDocumentRoutes } from './document-routes.js';
import { faultAdminRoutes } from './fault-routes.js';
import { journalAdminRoutes } from './journal-routes.js';
import { bodyOf } from './json-body.js';
import { memoryStats } from './memory.js';
import {
  ApplyScenarioBody,
  accountName,
  ClockBody,
  CreateAccountBody,
  CreateCredentialBody,
  PatchAccountBody,
} from './schemas.js';
import { webhookAdminRoutes } from './webhooks.js';

// The control plane: camelCase JSON, the same on every host, no API credential.

export function adminRoutes(registry: AccountRegistry): Hono {
  const admin = new Hono();
  webhookAdminRoutes(admin, (c) => accountOf(c, registry));
  faultAdminRoutes(admin, (c) => accountOf(c, registry));
  apiKeyAdminRoutes(admin, (c) => accountOf(c, registry));
  adminDocumentRoutes(admin);
  journalAdminRoutes(admin, (c) => accountOf(c, registry));

  admin.get('/health', (c) => c.json({ status: 'ok' }));

  // Memory of the whole process, for soak tests and capacity checks: `?gc=full` or `?gc=minor`.
  admin.get('/stats', (c) => {
    const asked = c.req.query('gc');
    const collection = asked === 'full' || asked === '1' ? 'full' : asked === 'minor' ? 'minor' : undefined;
    const budget = registry.journalBudget;
    return c.json({
      ...memoryStats(collection),
      accounts: registry.list().length,
      journalBytes: budget.used,
      journalMemory: budget.limit,
    });
  });

  admin.get('/accounts', (c) => c.json(registry.list().map(summary)));

  admin.post('/accounts', async (c) => {
    const { scenario, ...body } = await bodyOf(c, CreateAccountBody);
    try {
      const loaded = scenario === undefined ? undefined : await scenarioFrom(scenario, registry.options.scenarioDir);
      const account = await createAccount(registry, body, loaded);
      const baseUrl = `${new URL(c.req.url).origin}/accounts/${account.name}`;
      return c.json(
        { name: account.name, clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET, apiKey: DEMO_API_KEY, baseUrl },
        201,
      );
    } catch (error) {
      if (error instanceof AccountExistsError) throw errors.admin(409, `account '${body.name}' already exists`);
      throw error;
    }
  });

  admin.delete('/accounts/:name', async (c) => {
    const name = nameOf(c);
    if (!(await registry.delete(name))) throw unknownAccount(name);
    return c.body(null, 204);
  });

  admin.patch('/accounts/:name', async (c) => {
    const account = await accountOf(c, registry);
    const body = await bodyOf(c, PatchAccountBody);
    await account.write(() => {
      if (body.rateLimit === undefined) return;
      account.settings.rateLimit = body.rateLimit;
      account.throttle.clear();
    });
    return c.json(summary(account));
  });

  admin.post('/accounts/:name/reset', async (c) => {
    await resetAccount(registry, await accountOf(c, registry));
    return c.body(null, 204);
  });

  admin.post('/accounts/:name/scenario', async (c) => {
    const account = await accountOf(c, registry);
    const { scenario } = await bodyOf(c, ApplyScenarioBody);
    await applyScenario(registry, account, await scenarioFrom(scenario, registry.options.scenarioDir));
    return c.json(summary(account));
  });

  admin.get('/scenarios', async (c) => c.json(await listScenarios()));

  admin.post('/accounts/:name/credentials', async (c) => {
    const account = await accountOf(c, registry);
    const body = await bodyOf(c, CreateCredentialBody);
    const { credential, secret } = await account.write(() => addCredential(account.auth, body));
    return c.json({ clientId: credential.clientId, secret }, 201);
  });

  admin.get('/accounts/:name/clock', async (c) => c.json(clockOf(await accountOf(c, registry))));

  admin.post('/accounts/:name/clock', async (c) => {
    const account = await accountOf(c, registry);
    const body = await bodyOf(c, ClockBody);
    await account.write(() => {
      if (body.frozen === true) account.clock.freeze();
      else if (body.frozen === false) account.clock.unfreeze();
      if (body.advanceSeconds !== undefined) account.clock.advance(body.advanceSeconds);
      else if (body.now !== undefined) account.clock.set(body.now);
    });
    return c.json(clockOf(account));
  });

  // Last, so it answers only what no route above did (a mounted app's notFound is never called).
  admin.all('*', (c) => errors.admin(404, `no control-plane route ${c.req.method} ${c.req.path}`).toResponse());
  admin.onError((error) => {
    if (error instanceof ApiError) return error.toResponse();
    if (error instanceof ScenarioError) return errors.admin(400, error.message).toResponse();
    if (error instanceof AccountLimitError) return errors.admin(503, error.message).toResponse();
    if (error instanceof AccountClosedError) return errors.admin(404, error.message).toResponse();
    // A clock move or an account's `now` outside the window around real time; nothing was changed.
    if (error instanceof ClockBoundError) return errors.admin(400, error.message).toResponse();
    throw error;
  });
  return admin;
}

function summary(account: Account) {
  const { name, seed, size, rateLimit, fiscalised, scenario } = account.settings;
  return {
    name,
    seed,
    size,
    rateLimit,
    fiscalised: fiscalised ?? false,
    scenario: scenario ?? null,
    now: new Date(account.clock.now()).toISOString(),
  };
}

function clockOf(account: Account) {
  const now = new Date(account.clock.now()).toISOString();
  return account.clock.frozen ? { now, frozen: true as const } : { now };
}

function nameOf(c: Context): string {
  const name = c.req.param('name') ?? '';
  const parsed = accountName.safeParse(name);
  if (!parsed.success) throw errors.admin(400, `invalid account name '${name}': ${parsed.error.issues[0]?.message}`);
  return name;
}

const unknownAccount = (name: string) => errors.admin(404, `no account '${name}'`);

/**
 * The named account. A read (GET, HEAD) never creates one but the default account (which a server
 * holds from its start): an `<img>` on any page can send it, so an unknown name is a 404. Other
 * calls create an unknown name as on first API use (unless auto-creation is off), so a test can
 * set the clock before its first API call.
 */
async function accountOf(c: Context, registry: AccountRegistry): Promise<Account> {
  const name = nameOf(c);
  const creates = (c.req.method !== 'GET' && c.req.method !== 'HEAD') || name === DEFAULT_ACCOUNT;
  const account = !isAccountName(name) ? undefined : creates ? await registry.resolve(name) : registry.get(name);
  if (!account) throw unknownAccount(name);
  return account;
}
