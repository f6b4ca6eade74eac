import { randomBytes } from 'node:crypto';
import type { WorldSize } from '../world/index.js';
import { controlPlane, type InProcessFetch } from './control-plane.js';
import { type AccountInfo, snapshotKeyHeader, TestAccount } from './test-account.js';

export interface NewTestAccount {
  /**
   * Default: a generated unique name (`test-` and 10 hex digits). An account of that name that exists with the
   * same settings is taken as it is; with another seed, size, rate limiting, relaxed rules or scenario it is an
   * error.
   */
  name?: string;
  seed?: number;
  size?: WorldSize;
  now?: Date | string | number;
  rateLimit?: boolean;
  /**
   * Ids of rules the account switches off from the start (assumed or convention ones, e.g. `body.text-length`):
   * see `account.relax()`. An existing account of the name must have the same ones, in any order.
   */
  relaxedRules?: string[];
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

/**
 * Creates an account by the name in the path (`PUT /__admin/accounts/<name>`), so that a proxy routing by account
 * name sends the creation to the node that serves it; `base` is the URL its `baseUrl` starts with.
 */
export async function createTestAccount(
  control: InProcessFetch,
  base: string,
  options: NewTestAccount,
): Promise<TestAccount> {
  const { now, frozen = false, name = generatedName(), snapshotKey, ...rest } = options;
  const body = now === undefined ? rest : { ...rest, now: new Date(now).toISOString() };
  const created = await controlPlane<Omit<AccountInfo, 'baseUrl'>>(
    control,
    'PUT',
    `/accounts/${name}`,
    body,
    snapshotKeyHeader(snapshotKey),
  );
  const account = accountHandle(control, base, created);
  if (!frozen) return account;
  // Frozen and put back at `now`, so it stands there to the millisecond whatever the creation took.
  if (now === undefined) await account.clock.freeze();
  else
    await controlPlane(control, 'POST', `/accounts/${created.name}/clock`, {
      frozen: true,
      now: new Date(now).toISOString(),
    });
  return account;
}

/** A handle on an account whose credential is known; its `baseUrl` is `<base>/accounts/<name>`. */
export function accountHandle(control: InProcessFetch, base: string, info: Omit<AccountInfo, 'baseUrl'>): TestAccount {
  const { name, clientId, secret, apiKey } = info;
  return new TestAccount({ name, clientId, secret, apiKey, baseUrl: `${base}/accounts/${name}` }, control);
}

/** A fresh account name, `test-` and 10 random letters and digits. */
function generatedName(): string {
  return `test-${randomBytes(8).toString('hex').slice(0, 10)}`;
}
