import type { HttpBindings } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { DEFAULT_LIMITS } from './accounts/account.js';
import { checkClockTime } from './accounts/clock.js';
import { DEFAULT_ACCOUNT, type NameSpellingFault, nameSpellingFault } from './accounts/host.js';
import { DEFAULT_JOURNAL_MEMORY } from './accounts/journal-budget.js';
import { AccountRegistry, DEFAULT_MAX_ACCOUNTS } from './accounts/registry.js';
import { Fleet, NODE_HEADER, PeersError, parsePeers } from './admin/fleet.js';
import { refuseCrossSiteWrites, requireJsonBodies, requireLocalHost } from './admin/guards.js';
import { adminRoutes } from './admin/router.js';
import { requireAdminToken } from './admin/token.js';
import { appointmentLookupsReady } from './appointments/appointment.js';
import { classBookingLookupsReady } from './classes/class-booking.js';
import { historyLookupsReady } from './clients/appointment-history.js';
import { consoleAccess } from './console/access.js';
import { consoleRoutes } from './console/router.js';
import { ConsoleSessions } from './console/sessions.js';
import { docsRoutes } from './docs/docs-page.js';
import { frontDoorRoutes } from './docs/front-door.js';
import { endpoints } from './endpoints.js';
import { errors } from './errors/errors.js';
import { RULE_HEADER, ruleHeaderValue } from './errors/rules.js';
import { DroppedConnection, deliver } from './faults/transport.js';
import { apiKeyHeader, callerIp } from './http/caller.js';
import { createApi } from './http/pipeline.js';
import { ROUTING_RULES } from './http/rules.js';
import { openApiRoutes } from './openapi/serve.js';
import { documentLookupsReady } from './sales/document.js';
import { entryLookupsReady } from './sales/entry.js';
import { partiesReady } from './sales/ledger.js';
import { recurringReady } from './sales/recurring.js';
import { prepareRecurring } from './sales/recurring-clock.js';
import { applyScenario, createAccount } from './scenarios/apply.js';
import { loadScenario, scenarioDirectory } from './scenarios/load.js';
import { voucherLookupsReady } from './vouchers/voucher.js';
import { DEFAULT_DELIVERY_TIMING, DeliverySchedule, type DeliveryTiming } from './webhooks/delivery-turns.js';
import { DELIVERY_HEADER } from './webhooks/own-target.js';
import { WEBHOOK_RULES } from './webhooks/rules.js';
import { checkSealedSecrets } from './webhooks/subscriptions.js';
import type { World, WorldSize } from './world/index.js';
import type { Steps } from './world/steps.js';

const DELIVERY_REFUSED =
  `a webhook delivery (${DELIVERY_HEADER}) cannot call the simulator: ` +
  `webhooks never reach its control plane, console or API`;

export interface SimulatorOptions {
  /**
   * This simulator's name among the nodes of a fleet (`--node-name`): every answer carries it in
   * `X-Business-Api-Sim-Node`, so a user sees which node serves an account. None by default.
   */
  nodeName?: string;
  /**
   * The other nodes of the fleet (`--peers`): base URLs (`http://sim-1:4010`) and `dns+http://<name>:<port>`
   * entries (every address the name resolves to, at each listing), comma-separated or as a list. With
   * peers, `GET /__admin/fleet/accounts` and the console list every node's accounts, and every answer
   * carries the node's name (`nodeName`, else `<hostname>:<port>`).
   */
  peers?: string | readonly string[];
  /** World seed of new accounts (default 42). */
  seed?: number;
  size?: WorldSize;
  /** Initial virtual time of new accounts, epoch ms, within 10 years of real time (default: real time). */
  now?: number;
  rateLimit?: boolean;
  /** Create unknown accounts on first request (default true). */
  autoAccounts?: boolean;
  /** Persist each account to `<dataDir>/<name>.json`. */
  dataDir?: string;
  /** Accounts held at once, created or auto-provisioned (default 1000). */
  maxAccounts?: number;
  /** Webhook deliveries waiting per subscription, oldest dropped beyond it (default 1000). */
  maxPendingDeliveries?: number;
  /** Webhook delivery timing: the first retry delay (default 1 s) and an attempt's deadline (default 10 s). */
  deliveries?: Partial<DeliveryTiming>;
  /** Requests kept per account in the journal, oldest dropped first (default 1000; 0 keeps none). */
  journalSize?: number;
  /**
   * Bytes the request journals of all accounts may retain together (default 64 MiB); beyond it the
   * oldest entries of the largest journals are dropped.
   */
  journalMemoryBytes?: number;
  /** Webhook deliveries kept per account for the control plane, oldest finished dropped first (default 500). */
  deliveryLogSize?: number;
  /** Real time source; tests may pin it. */
  realNow?: () => number;
  /** Scenario (shipped name, or file path in `scenarioDir`) the default account is built from at start. */
  scenario?: string;
  /**
   * When `scenario` is a snapshot holding webhook signing secrets: the passphrase it was taken with
   * (the CLI reads it from BUSINESS_API_SIM_SNAPSHOT_KEY).
   */
  snapshotKey?: string;
  /**
   * Directory scenario files are read from (default: the shipped `scenarios/`): a path given for
   * a scenario is taken from it and must name a regular file of at most 1 MiB inside it.
   */
  scenarioDir?: string;
  /** When set, every control-plane call but GET /__admin/health needs `Authorization: Bearer <adminToken>`. */
  adminToken?: string;
}

export interface Simulator {
  app: Hono<{ Bindings: HttpBindings }>;
  registry: AccountRegistry;
  /** The control-plane token, when one is required (in-process callers such as the test kit send it). */
  adminToken?: string;
  /** In-process fetch, no socket. */
  fetch(request: Request): Promise<Response>;
  /**
   * Waits for the accounts' queued writes, refuses later ones and lets go of the data directory, so
   * that another simulator can start on it.
   */
  close(): Promise<void>;
}

const noSniff: MiddlewareHandler = async (c, next) => {
  await next();
  try {
    c.res.headers.set('x-content-type-options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res); // headers of a fetched answer cannot change: a copy's can
    c.res.headers.set('x-content-type-options', 'nosniff');
  }
};

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  if (options.adminToken === '') throw new Error('adminToken: must not be empty');
  const realNow = options.realNow ?? Date.now;
  const fleet = fleetOf(options);
  if (options.now !== undefined) checkClockTime(options.now, realNow(), 'now');
  const journalMemory = options.journalMemoryBytes ?? DEFAULT_JOURNAL_MEMORY;
  if (!Number.isSafeInteger(journalMemory) || journalMemory < 0)
    throw new Error(`journalMemoryBytes: expected a whole number of bytes, got ${journalMemory}`);
  const scenarioDir = await scenarioDirectory(options.scenarioDir);
  // The turns of this simulator's webhook deliveries: its own, whatever other simulators the process holds.
  const deliveries = new DeliverySchedule({ ...DEFAULT_DELIVERY_TIMING, ...options.deliveries });
  const registry = new AccountRegistry({
    seed: options.seed ?? 42,
    size: options.size ?? 'standard',
    rateLimit: options.rateLimit ?? true,
    clockOffsetMs: options.now === undefined ? 0 : options.now - realNow(),
    autoAccounts: options.autoAccounts ?? true,
    maxAccounts: options.maxAccounts ?? DEFAULT_MAX_ACCOUNTS,
    dataDir: options.dataDir,
    prepare: (account) => prepareRecurring(account, deliveries),
    ready: lookupsReady,
    checkLoaded: checkSealedSecrets,
    scenarioDir,
    realNow,
    journalMemory,
    ...(fleet.hasPeers ? { beforeAutoCreate: (name: string) => fleet.refuseIfElsewhere(name) } : {}),
    limits: {
      journalSize: options.journalSize ?? DEFAULT_LIMITS.journalSize,
      deliveryLogSize: options.deliveryLogSize ?? DEFAULT_LIMITS.deliveryLogSize,
      pendingDeliveries: options.maxPendingDeliveries ?? DEFAULT_LIMITS.pendingDeliveries,
    },
  });
  try {
    await registry.load();
    if (options.scenario !== undefined) {
      // Loaded before anything listens, so a bad file stops the start with its error.
      const loaded = await loadScenario(options.scenario, scenarioDir, {
        passphrase: options.snapshotKey,
        givenBy: 'env BUSINESS_API_SIM_SNAPSHOT_KEY, or the snapshotKey option',
      });
      const existing = registry.get(DEFAULT_ACCOUNT);
      if (existing) await applyScenario(registry, existing, loaded);
      else await createAccount(registry, { name: DEFAULT_ACCOUNT }, loaded);
    }
  } catch (error) {
    await registry.close();
    throw error;
  }
  const api = createApi(endpoints, registry);

  const app = new Hono<{ Bindings: HttpBindings }>();
  const sessions = new ConsoleSessions(options.adminToken, realNow);
  if (fleet.named) app.use('*', nodeNamed(fleet));
  // A webhook delivery of this (or another) simulator never acts here, whatever name or path reached us.
  app.use('*', async (c, next) => {
    // On a socket, Node's parsed headers are read: building Fetch Headers on every call would cost more.
    const incoming = c.env?.incoming;
    const marked = incoming ? incoming.headers[DELIVERY_HEADER] !== undefined : c.req.raw.headers.has(DELIVERY_HEADER);
    if (marked) {
      return c.json({ error: DELIVERY_REFUSED }, 403, {
        [RULE_HEADER]: ruleHeaderValue([WEBHOOK_RULES.deliveryMarker]),
      });
    }
    await next();
  });
  // Without a token (loopback) the Host must be local, against DNS rebinding; with one, the token is the guard.
  const guards = [
    options.adminToken === undefined
      ? requireLocalHost
      : requireAdminToken(options.adminToken, consoleAccess(sessions)),
    refuseCrossSiteWrites,
    requireJsonBodies,
  ];
  // Every control-plane answer, refusals included: a browser must not read its JSON as anything else.
  app.use('/__admin/*', noSniff);
  for (const guard of guards) app.use('/__admin/*', guard); // also matches /__admin itself
  // One spelling per account name, read from the target as it came in (accounts/host.ts), before any
  // route reads the name: on a socket Node's own text, whose `..` and `%2e` no URL parser has resolved yet.
  app.use('*', async (c, next) => {
    const incoming = c.env?.incoming;
    const host = incoming ? incoming.headers.host : (c.req.raw.headers.get('host') ?? undefined);
    const fault = nameSpellingFault(incoming?.url ?? c.req.raw.url, host);
    if (fault === undefined) return next();
    return refuseSpelling(fault);
  });
  app.route('/__admin', consoleRoutes(registry, { sessions, tokenRequired: options.adminToken !== undefined, fleet }));
  app.route('/__admin', adminRoutes(registry, fleet));
  app.route('/', openApiRoutes());
  // Account names are as open as the control plane: listed only without an admin token.
  app.route('/', frontDoorRoutes(registry, options.adminToken === undefined));
  app.route('/docs', docsRoutes());
  app.all('*', async (c) => {
    // On a socket, Node has parsed the headers already; building a Fetch Headers object would cost more.
    const incoming = c.env?.incoming;
    const header = (name: string): string | undefined => {
      const value = incoming ? incoming.headers[name] : c.req.raw.headers.get(name);
      return Array.isArray(value) ? value.join(', ') : (value ?? undefined);
    };
    const ip = callerIp(header('x-forwarded-for'), incoming?.socket?.remoteAddress);
    const caller = { ip, authorization: header('authorization'), serviceApiKey: apiKeyHeader(header), header };
    const { response, cut } = await api.handle(c.req.raw, caller);
    return deliver(response, cut, c.env);
  });
  app.onError((error, c) => {
    // In-process, a dropped connection is the caller's rejected fetch, not a 500.
    if (error instanceof DroppedConnection) throw error;
    console.error(error);
    // The control plane answers in its own shape, its failures too.
    const path = c.req.path;
    if (path === '/__admin' || path.startsWith('/__admin/')) return errors.adminInternal().toResponse();
    return errors.internal().toResponse();
  });

  const simulator: Simulator = {
    app,
    registry,
    fetch: async (request) => app.fetch(request),
    close: () => registry.close(),
  };
  if (options.adminToken !== undefined) simulator.adminToken = options.adminToken;
  return simulator;
}

/**
 * The lookups the areas' reads keep beside a world's tables (a row by id, clients by e-mail, sums
 * paid), made in steps when an account is created, reset or loaded (`RegistryOptions.ready`).
 */
function* lookupsReady(world: World): Steps<void> {
  yield* partiesReady(world);
  yield* documentLookupsReady(world);
  yield* entryLookupsReady(world);
  yield* historyLookupsReady(world);
  yield* recurringReady(world);
  yield* appointmentLookupsReady(world);
  yield* classBookingLookupsReady(world);
  yield* voucherLookupsReady(world);
}

export { NODE_HEADER };

/** A request that names its account in a form that is not canonical: 400, in the API's or the control plane's form. */
function refuseSpelling(fault: NameSpellingFault): Response {
  const how =
    'name it as /accounts/<name>/…, /__admin/accounts/<name>… or <name>.<host>, the name in lower case, ' +
    "the path with no '.', '..' or empty segment and no percent-encoding up to the name";
  if (fault.controlPlane) {
    const response = errors
      .admin(400, `the account is not named in canonical form (${fault.why}): ${how}`)
      .toResponse();
    response.headers.set(RULE_HEADER, ruleHeaderValue([ROUTING_RULES.accountNameCanonical]));
    return response;
  }
  const message = `The account is not named in canonical form (${fault.why}): ${how}.`;
  return errors.badRequest(message, ROUTING_RULES.accountNameCanonical).toResponse();
}

/** The node and its peers, the options checked. */
function fleetOf(options: SimulatorOptions): Fleet {
  const name = options.nodeName;
  if (name !== undefined && (name === '' || !/^[\x21-\x7e]+$/.test(name)))
    throw new Error(`nodeName: expected visible ASCII, got '${name}'`);
  let peers;
  try {
    peers = options.peers === undefined ? undefined : parsePeers(options.peers);
  } catch (error) {
    if (error instanceof PeersError) throw new Error(`peers: ${error.message}`);
    throw error;
  }
  return new Fleet({
    ...(name === undefined ? {} : { nodeName: name }),
    ...(peers === undefined ? {} : { peers }),
    ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
  });
}

/** Adds the node's name to every answer, whatever route or refusal made it. */
function nodeNamed(fleet: Fleet): MiddlewareHandler {
  return async (c, next) => {
    // Before the call is served: the default name learns this node's port from it.
    const name = fleet.selfName(c);
    await next();
    try {
      c.res.headers.set(NODE_HEADER, name);
    } catch {
      // A response whose headers cannot change (one a handler passed through) is copied first.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(NODE_HEADER, name);
    }
  };
}
