import { randomBytes } from 'node:crypto';
import { DEFAULT_ACCOUNT } from '../accounts/host.js';
import { createSimulator, type Simulator } from '../app.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { type ServerOptions, startServer } from '../server.js';
import type { WorldSize } from '../world/index.js';
import { controlPlane, type InProcessFetch, ORIGIN, withAdminToken } from './control-plane.js';
import { type AccountInfo, snapshotKeyHeader, TestAccount } from './test-account.js';

export interface TestSimulatorOptions extends Omit<ServerOptions, 'now'> {
  /** Listen on a socket (default true, on 127.0.0.1 and a free port unless `port` is given). */
  listen?: boolean;
  /** Initial virtual time of new accounts (default: real time). */
  now?: Date | string | number;
  /**
   * Stop real time inside the simulator at its start: every account's clock then stands still and
   * moves only by `clock.advance` and `clock.set`, for exact time assertions (default false: the
   * clocks run on in real time). Token expiry, rate-limit windows and lockouts read the same clocks.
   */
  frozen?: boolean;
}

export interface NewTestAccount {
  /**
   * Default: a generated unique name (`test-` and 10 hex digits). An account of that name that exists with the
   * same settings is taken as it is; with another seed, size, rate limiting or scenario it is an error.
   */
  name?: string;
  seed?: number;
  size?: WorldSize;
  now?: Date | string | number;
  rateLimit?: boolean;
  /** Start with the account's clock frozen: exactly at `now` when given, else where it stands. See `clock.freeze()`. */
  frozen?: boolean;
  /**
   * A shipped scenario's name, a file path in the simulator's `scenarioDir`, or a scenario object; an account
   * snapshot (file or object) too: the account is then the snapshot's state.
   */
  scenario?: string | Record<string, unknown>;
  /** When the scenario is a snapshot holding webhook signing secrets: the passphrase it was taken with. */
  snapshotKey?: string;
}

/** A simulator started for a test suite: in-process fetch, a socket URL, and per-test accounts. */
export class TestSimulator {
  /** In-process fetch that carries the control-plane token, when the simulator requires one. */
  private readonly inProcess: InProcessFetch;

  constructor(
    /** The app and its account registry, for anything the kit does not cover. */
    readonly simulator: Simulator,
    /** Base URL of the socket (the default account's API), when listening. */
    readonly url: string | undefined,
    private readonly close: () => Promise<void>,
  ) {
    this.inProcess = withAdminToken(simulator.fetch, simulator.adminToken);
  }

  /** In-process fetch, no socket: a path alone (`/api/v2/sites`) goes to the default account. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request =
      typeof input === 'string' && input.startsWith('/')
        ? new Request(`${ORIGIN}${input}`, init)
        : new Request(input, init);
    return this.simulator.fetch(request);
  }

  /** A new, isolated account (its own world, clock, credentials, journal and faults). */
  async createAccount(options: NewTestAccount = {}): Promise<TestAccount> {
    const { now, frozen = false, name = generatedName(), snapshotKey, ...rest } = options;
    const body = now === undefined ? rest : { ...rest, now: new Date(now).toISOString() };
    // Created by the name in the path, so that a proxy routing by account name sends it to the node serving it.
    const created = await controlPlane<Omit<AccountInfo, 'baseUrl'>>(
      this.inProcess,
      'PUT',
      `/accounts/${name}`,
      body,
      snapshotKeyHeader(snapshotKey),
    );
    const account = this.handle(created);
    if (!frozen) return account;
    // Frozen and put back at `now`, so it stands there to the millisecond whatever the creation took.
    if (now === undefined) await account.clock.freeze();
    else
      await controlPlane(this.inProcess, 'POST', `/accounts/${created.name}/clock`, {
        frozen: true,
        now: new Date(now).toISOString(),
      });
    return account;
  }

  /** An account that exists already (default: the default account), with the seeded credential. */
  async account(name: string = DEFAULT_ACCOUNT): Promise<TestAccount> {
    if (!(await this.simulator.registry.resolve(name))) throw new Error(`no account '${name}'`);
    return this.handle({ name, clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET, apiKey: DEMO_API_KEY });
  }

  /** Stops listening, forgets every account and lets go of the data directory. */
  async stop(): Promise<void> {
    await this.close();
  }

  private handle(info: Omit<AccountInfo, 'baseUrl'>): TestAccount {
    const { name, clientId, secret, apiKey } = info;
    const baseUrl = `${this.url ?? ORIGIN}/accounts/${name}`;
    return new TestAccount({ name, clientId, secret, apiKey, baseUrl }, this.inProcess);
  }
}

/** A fresh account name, `test-` and 10 random letters and digits. */
function generatedName(): string {
  return `test-${randomBytes(8).toString('hex').slice(0, 10)}`;
}

/**
 * Starts a simulator for tests: on 127.0.0.1 and a free port (unless `listen: false`), rate limiting on as the real
 * service.
 */
export async function startSimulator(options: TestSimulatorOptions = {}): Promise<TestSimulator> {
  const { listen = true, now, frozen = false, ...rest } = options;
  const serverOptions: ServerOptions = { ...rest, ...(now === undefined ? {} : { now: new Date(now).getTime() }) };
  if (frozen) {
    const stopped = Date.now();
    serverOptions.realNow = () => stopped;
  }
  if (!listen) {
    const simulator = await createSimulator(serverOptions);
    return new TestSimulator(simulator, undefined, () => simulator.close());
  }
  const server = await startServer({ port: 0, ...serverOptions });
  return new TestSimulator(server.simulator, server.url, () => server.close());
}
