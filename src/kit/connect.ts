import { DEFAULT_ACCOUNT } from '../accounts/host.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import { controlPlaneAnswer, type InProcessFetch, ORIGIN, withAdminToken } from './control-plane.js';
import { accountHandle, createTestAccount, type NewTestAccount } from './create-account.js';
import type { TestAccount } from './test-account.js';

export interface ConnectOptions {
  /** Base URL of a running simulator, or of a proxy in front of several (`http://127.0.0.1:4010`). */
  url: string;
  /** The control plane's token, when the simulator requires one (sent as `Authorization: Bearer`). */
  adminToken?: string;
}

/**
 * A simulator running elsewhere (another process, a container, a fleet behind its proxy), driven over HTTP with the
 * same accounts as `TestSimulator`: every call, control plane included, goes to `url` and names its account in the
 * path, so a proxy routing by account name sends it to the node that serves the account.
 */
export class RemoteSimulator {
  private readonly remote: InProcessFetch;

  constructor(
    /** Base URL the simulator was connected at, without a trailing slash. */
    readonly url: string,
    adminToken: string | undefined,
  ) {
    this.remote = withAdminToken(overHttp(url), adminToken);
  }

  /** A request over HTTP: a path alone (`/api/v2/sites`) goes to `url`; `/__admin` paths carry the token. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const request =
      typeof input === 'string' && input.startsWith('/')
        ? new Request(`${ORIGIN}${input}`, init)
        : new Request(input, init);
    return this.remote(request);
  }

  /** A new, isolated account, created by its name in the path (see `TestSimulator.createAccount`). */
  createAccount(options: NewTestAccount = {}): Promise<TestAccount> {
    return createTestAccount(this.remote, this.url, options);
  }

  /** An account that exists already (default: the default account), with the seeded credential. */
  async account(name: string = DEFAULT_ACCOUNT): Promise<TestAccount> {
    const clock = await controlPlaneAnswer(this.remote, 'GET', `/accounts/${name}/clock`);
    if (clock.status === 404) throw new Error(`no account '${name}'`);
    if (clock.status !== 200) throw new Error(`GET /__admin/accounts/${name}/clock: ${clock.status} ${clock.text}`);
    return accountHandle(this.remote, this.url, {
      name,
      clientId: DEMO_CLIENT_ID,
      secret: DEMO_SECRET,
      apiKey: DEMO_API_KEY,
    });
  }
}

/**
 * Connects to a running simulator (or a fleet's proxy) and checks it answers `GET /__admin/health`; with
 * `adminToken` when its control plane requires one. Nothing is started or stopped: the simulator's life is its own.
 */
export async function connectSimulator(options: ConnectOptions): Promise<RemoteSimulator> {
  const url = options.url.replace(/\/+$/, '');
  const simulator = new RemoteSimulator(url, options.adminToken);
  const health = await simulator.fetch('/__admin/health').catch((error: unknown) => {
    throw new Error(`${url}: not reachable (${error instanceof Error ? error.message : String(error)})`);
  });
  await health.body?.cancel();
  if (health.status !== 200) throw new Error(`${url}/__admin/health: ${health.status}`);
  return simulator;
}

/**
 * The kit's requests, made on the in-process origin, sent over HTTP to `base` (its path first): the same path and
 * query, method, headers and body; a request to any other URL is sent as it is. Redirects are answered as they are,
 * as the in-process fetch does.
 */
function overHttp(base: string): InProcessFetch {
  return async (request) => {
    const url = new URL(request.url);
    const target = url.origin === ORIGIN ? `${base}${url.pathname}${url.search}` : request.url;
    const body = request.body === null ? undefined : await request.arrayBuffer();
    return fetch(target, {
      method: request.method,
      headers: request.headers,
      body,
      redirect: 'manual',
      signal: request.signal,
    });
  };
}
