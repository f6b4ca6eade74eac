import type { JournalEntry } from '../accounts/journal.js';
import type { CallCount, JournalQuery } from '../accounts/journal-query.js';
import { SNAPSHOT_KEY_HEADER } from '../accounts/snapshot.js';
import type { AppliedScenario } from '../admin/admin-schemas.js';
import type { FaultRule, FaultRuleInput } from '../faults/schemas.js';
import { type Answer, readAnswer } from './answer.js';
import { controlPlane, controlPlaneAnswer, type InProcessFetch, ORIGIN } from './control-plane.js';

/** What `applyScenario` answers: the account as listed and what the scenario changed. */
export type { AppliedScenario };

/** A length of time to move an account's clock by: seconds, or named parts. */
export type Duration = number | { days?: number; hours?: number; minutes?: number; seconds?: number };

export interface CallOptions {
  method?: string;
  /** Sent as JSON (a string is sent as it is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer token to send; by default the account's demo token; `false` sends none. */
  token?: string | false;
}

export interface AccountInfo {
  name: string;
  clientId: string;
  secret: string;
  /** The seeded version 1 API key (`ServiceApiKey` header). */
  apiKey: string;
  /** Base URL of the account on the socket (`<url>/accounts/<name>`), when the simulator listens. */
  baseUrl: string;
}

/**
 * One account of a running simulator, seen the way a test drives it: its API (in-process),
 * its clock, journal, faults and scenario. Everything goes through the control plane.
 */
export class TestAccount {
  readonly name: string;
  readonly clientId: string;
  readonly secret: string;
  readonly apiKey: string;
  readonly baseUrl: string;
  private token: string | undefined;

  constructor(
    info: AccountInfo,
    private readonly inProcess: InProcessFetch,
  ) {
    this.name = info.name;
    this.clientId = info.clientId;
    this.secret = info.secret;
    this.apiKey = info.apiKey;
    this.baseUrl = info.baseUrl;
  }

  /**
   * A raw request to the account's API, in-process (over HTTP for a connected simulator); `path` starts at
   * `/api/...`.
   */
  fetch(path: string, init?: RequestInit): Promise<Response> {
    return this.inProcess(new Request(`${ORIGIN}/accounts/${this.name}${path}`, init));
  }

  /** A request with the account's token (fetched once) whose answer is read whole. */
  async call<T = unknown>(path: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token ?? (await this.accessToken());
    if (token !== false) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    return readAnswer<T>(await this.fetch(path, { method: options.method ?? 'GET', headers, body }));
  }

  /** An access token of the account's demo credential, issued on first use and reused after. */
  async accessToken(): Promise<string> {
    if (this.token !== undefined) return this.token;
    const answer = await this.call<{ access_token: string }>('/api/v2/token', {
      method: 'POST',
      token: false,
      body: { clientId: this.clientId, secret: this.secret },
    });
    if (answer.status !== 200) throw new Error(`POST /api/v2/token: ${answer.status} ${answer.text}`);
    this.token = answer.body.access_token;
    return this.token;
  }

  /**
   * Rebuilds the account from a scenario: a shipped scenario's name, a file path in the simulator's `scenarioDir`, or
   * the scenario itself; or makes it an account snapshot's state (a snapshot file or object), with `snapshotKey`
   * the passphrase when the snapshot holds webhook signing secrets. Answers what the control plane answers: the
   * account as listed and `changes`, what applying changed (clock and world size before and after, the seed when it
   * changed, and per table the records added, replaced and removed against the freshly seeded world).
   */
  async applyScenario(
    scenario: string | Record<string, unknown>,
    options: { snapshotKey?: string } = {},
  ): Promise<AppliedScenario> {
    const path = `/accounts/${this.name}/scenario`;
    const headers = snapshotKeyHeader(options.snapshotKey);
    const applied = await controlPlane<AppliedScenario>(this.inProcess, 'POST', path, { scenario }, headers);
    this.token = undefined;
    return applied;
  }

  /**
   * The account's virtual clock. Each call answers the clock's time right after it as a Date: after `advance` and
   * `set` the time moved to, exactly on a frozen clock and a few milliseconds on for a running one. The clock runs on
   * in real time between calls, unless it is frozen (`freeze()`, an account created `frozen`, or a simulator started
   * `frozen`).
   */
  readonly clock = {
    now: async (): Promise<Date> => new Date((await this.admin<{ now: string }>('GET', '/clock')).now),
    advance: async (by: Duration): Promise<Date> =>
      new Date((await this.admin<{ now: string }>('POST', '/clock', { advanceSeconds: seconds(by) })).now),
    set: async (to: Date | string | number): Promise<Date> =>
      new Date((await this.admin<{ now: string }>('POST', '/clock', { now: new Date(to).toISOString() })).now),
    /** Stops the clock where it is: from then on only `advance` and `set` move it. Answers the time it stands at. */
    freeze: async (): Promise<Date> =>
      new Date((await this.admin<{ now: string }>('POST', '/clock', { frozen: true })).now),
    /** Lets the clock run on in real time from where it stands. */
    unfreeze: async (): Promise<Date> =>
      new Date((await this.admin<{ now: string }>('POST', '/clock', { frozen: false })).now),
  };

  readonly journal = {
    /**
     * Requests the account received, oldest first; with a query, only those matching all of it: method, path
     * pattern, status, query parameters, headers, a part of the JSON body and the id of a rule that refused the
     * request (each entry's `rules` names those).
     */
    list: (query: JournalQuery = {}): Promise<JournalEntry[]> => this.admin('POST', '/requests/find', query),
    count: async (query: JournalQuery = {}): Promise<number> =>
      (await this.admin<{ count: number }>('POST', '/requests/count', query)).count,
    /**
     * Throws unless the number of matching requests is as expected (default: at least one); the error lists the
     * nearest requests and what differed in each.
     */
    verify: async (query: JournalQuery, expected: CallCount = { atLeast: 1 }): Promise<void> => {
      const path = `/accounts/${this.name}/requests/verify`;
      const answer = await controlPlaneAnswer<{ error?: string }>(this.inProcess, 'POST', path, {
        query,
        count: expected,
      });
      if (answer.status === 200) return;
      // 422: the report of what came nearest; anything else: the query itself was refused.
      if (answer.status === 422 && answer.body?.error) throw new Error(answer.body.error);
      throw new Error(`POST /__admin${path}: ${answer.status} ${answer.body?.error ?? answer.text}`);
    },
    clear: (): Promise<void> => this.admin('DELETE', '/requests'),
  };

  readonly faults = {
    add: (rules: FaultRuleInput | FaultRuleInput[]): Promise<FaultRule[]> =>
      this.admin('POST', '/faults', Array.isArray(rules) ? { rules } : rules),
    list: (): Promise<FaultRule[]> => this.admin('GET', '/faults'),
    clear: (): Promise<void> => this.admin('DELETE', '/faults'),
  };

  /**
   * Switches rules off for this account, added to those already off: ids from the `X-Business-Api-Sim-Rule` header
   * of a refusal (docs/rules.md lists every rule). Only rules whose source is `assumed` or `convention` and that are
   * not fixed may be; any other id is an error saying why. Answers the account's list of relaxed rules after it.
   */
  async relax(...ids: string[]): Promise<string[]> {
    return this.admin<string[]>('PUT', '/relaxed-rules', [...(await this.relaxedRules()), ...ids]);
  }

  /** The ids of the rules this account has switched off, in the order set. */
  relaxedRules(): Promise<string[]> {
    return this.admin<string[]>('GET', '/relaxed-rules');
  }

  /** Re-seeds the account (or re-applies its scenario); tokens issued before no longer work. */
  async reset(): Promise<void> {
    await this.admin('POST', '/reset');
    this.token = undefined;
  }

  async delete(): Promise<void> {
    await controlPlane(this.inProcess, 'DELETE', `/accounts/${this.name}`);
  }

  private admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    return controlPlane<T>(this.inProcess, method, `/accounts/${this.name}${path}`, body);
  }
}

function seconds(by: Duration): number {
  if (typeof by === 'number') return by;
  return (by.days ?? 0) * 86_400 + (by.hours ?? 0) * 3600 + (by.minutes ?? 0) * 60 + (by.seconds ?? 0);
}

/** The header a snapshot given as a scenario opens its sealed secrets with, when a passphrase is given. */
export function snapshotKeyHeader(passphrase: string | undefined): Record<string, string> {
  return passphrase === undefined ? {} : { [SNAPSHOT_KEY_HEADER]: passphrase };
}
