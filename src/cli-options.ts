import { parseArgs } from 'node:util';
import { DEFAULT_LIMITS } from './accounts/account.js';
import { clockTimeProblem, MAX_CLOCK_SKEW_YEARS } from './accounts/clock.js';
import { DEFAULT_ACCOUNT } from './accounts/host.js';
import { DEFAULT_JOURNAL_MEMORY } from './accounts/journal-budget.js';
import { DEFAULT_MAX_ACCOUNTS, MAX_ACCOUNTS_LIMIT } from './accounts/registry.js';
import { MAX_PEERS, PeersError, parsePeers } from './admin/fleet.js';
import { ADMIN_TOKEN_ENV, isLoopback } from './admin/token.js';
import { PACKAGE_VERSION } from './package-version.js';
import { adminTokenNeeded, type ServerOptions } from './server.js';
import { WORLD_SIZES } from './world/sizes.js';

const MIB = 1024 * 1024;
/** The environment variable `--node-name` falls back to (a StatefulSet pod can set it from its name). */
export const NODE_NAME_ENV = 'BUSINESS_API_SIM_NODE_NAME';
/** The environment variable a snapshot passphrase comes from, kept out of the process list. */
export const SNAPSHOT_KEY_ENV = 'BUSINESS_API_SIM_SNAPSHOT_KEY';
/** The environment variable `--peers` falls back to. */
export const PEERS_ENV = 'BUSINESS_API_SIM_PEERS';

/** The highest `--journal-memory`, in MiB: 64 GiB. */
const MAX_JOURNAL_MEMORY_MIB = 65_536;

export const HELP = `business-api-sim ${PACKAGE_VERSION}: a stateful simulator of the Business API (v2)

Usage: business-api-sim [options]
       business-api-sim conform --help   (check the simulator against your own account)
       business-api-sim snapshot --help  (save an account of a running simulator to a file)
       business-api-sim restore --help   (make an account from a snapshot file, here or elsewhere)
       business-api-sim rebalance --help (move accounts to their nodes after a fleet's nodes changed)

Options:
  --port <n>               Port to listen on (env PORT; default 4010; 0 = any free port)
  --host <address>         Address to bind (default 127.0.0.1; 0.0.0.0 inside a container)
  --seed <n>               World seed of new accounts (default 42)
  --now <ISO 8601>         Initial virtual time of new accounts, within ${MAX_CLOCK_SKEW_YEARS} years of real time
                           (default: real time)
  --rate-limit <on|off>    Enforce 4 requests/s (8 on version 1) per endpoint and caller with the 120 s
                           lockout (default on)
  --size <small|standard|large>
                           World size of new accounts (default standard)
  --data-dir <dir>         Persist each account to <dir>/<name>.json and <name>.log and reload them on
                           start; every write is on disk before it is answered
  --no-auto-accounts       Answer 404 for unknown accounts instead of creating them on first request
  --scenario <file-or-name>
                           Build the default account from a scenario: a shipped name (e.g. expired-token)
                           or a YAML/JSON file inside --scenario-dir (see scenarios/README.md); a snapshot
                           file there too (its webhook secrets open with env ${SNAPSHOT_KEY_ENV})
  --scenario-dir <dir>     Directory scenario files are read from, here and on the control plane: a path is
                           taken from it and must stay inside it (symlinks resolved), name a regular file
                           and hold at most 1 MiB (default: the shipped scenarios/)
  --admin-token <token>    Token the control plane requires (Authorization: Bearer <token>) on every call
                           but GET /__admin/health (env ${ADMIN_TOKEN_ENV}); required when --host is
                           not a loopback address
  --node-name <name>       This simulator's name in a fleet, sent in X-Business-Api-Sim-Node on every answer
                           (env ${NODE_NAME_ENV}; default none: no such header, or <hostname>:<port>
                           with --peers)
  --peers <list>           The other nodes of the fleet, comma-separated: base URLs (http://sim-1:4010) and
                           dns+http://<name>:<port> (every address the name resolves to, looked up at each
                           listing); at most ${MAX_PEERS} (env ${PEERS_ENV}). GET /__admin/fleet/accounts and the
                           console then list every node's accounts
  --journal-size <n>       Requests kept per account in the request journal, oldest dropped first
                           (default 1000; 0 = none)
  --journal-memory <MiB>   Memory the request journals of all accounts may hold together (default
                           ${DEFAULT_JOURNAL_MEMORY / MIB}, at most ${MAX_JOURNAL_MEMORY_MIB}); beyond it the oldest
                           entries of the largest journals are dropped
  --delivery-log-size <n>  Webhook deliveries kept per account in the delivery log, oldest finished
                           dropped first (default 500)
  --max-accounts <n>       Accounts held at once, created or auto-provisioned (default ${DEFAULT_MAX_ACCOUNTS}, at most
                           ${MAX_ACCOUNTS_LIMIT}); beyond it new accounts are refused with 503
  --max-pending-deliveries <n>
                           Webhook deliveries waiting per subscription (default
                           ${DEFAULT_LIMITS.pendingDeliveries}); beyond it the oldest waiting one is dropped and
                           marked failed
  -v, --version            Print the version and exit
  -h, --help               Show this help

Accounts: the Host's first label names the account (acme.localhost → acme); an IP or bare host is
the default account '${DEFAULT_ACCOUNT}'. Any account is also reachable at /accounts/<name>/api/v2/...
Control plane: /__admin (see docs/control-plane.md).`;

export class UsageError extends Error {}

// Both logs are kept per account in memory; a million entries each is already far beyond any test run.
const MAX_LOG_SIZE = 1_000_000;

export function parseCli(argv: string[], env: NodeJS.ProcessEnv): ServerOptions | 'help' | 'version' {
  let parsed;
  try {
    parsed = parseArgs({
      args: negativeValuesJoined(argv),
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        now: { type: 'string' },
        'rate-limit': { type: 'string' },
        size: { type: 'string' },
        'data-dir': { type: 'string' },
        'no-auto-accounts': { type: 'boolean' },
        scenario: { type: 'string' },
        'scenario-dir': { type: 'string' },
        'admin-token': { type: 'string' },
        'journal-size': { type: 'string' },
        'journal-memory': { type: 'string' },
        'node-name': { type: 'string' },
        peers: { type: 'string' },
        'delivery-log-size': { type: 'string' },
        'max-accounts': { type: 'string' },
        'max-pending-deliveries': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (v.version) return 'version';
  const options: ServerOptions = {};
  const port = v.port ?? env.PORT;
  if (port !== undefined) options.port = integer('--port', port, 0, 65535);
  if (v.host !== undefined) options.host = v.host;
  if (v.seed !== undefined) options.seed = integer('--seed', v.seed, 0, 2 ** 32 - 1);
  if (v.now !== undefined) {
    const ms = Date.parse(v.now);
    if (Number.isNaN(ms))
      throw new UsageError(`--now: '${v.now}' is not an ISO 8601 date-time (e.g. 2026-03-21T09:00:00Z)`);
    const problem = clockTimeProblem(ms, Date.now());
    if (problem !== undefined) throw new UsageError(`--now: '${v.now}' is too far from real time: ${problem}`);
    options.now = ms;
  }
  const rate = v['rate-limit'];
  if (rate !== undefined) {
    if (rate !== 'on' && rate !== 'off') throw new UsageError(`--rate-limit: expected on or off, got '${rate}'`);
    options.rateLimit = rate === 'on';
  }
  if (v.size !== undefined) {
    const size = WORLD_SIZES.find((s) => s === v.size);
    if (size === undefined) throw new UsageError(`--size: expected small, standard or large, got '${v.size}'`);
    options.size = size;
  }
  if (v['data-dir'] !== undefined) options.dataDir = v['data-dir'];
  if (v['no-auto-accounts']) options.autoAccounts = false;
  if (v.scenario !== undefined) {
    options.scenario = v.scenario;
    if (env[SNAPSHOT_KEY_ENV]) options.snapshotKey = env[SNAPSHOT_KEY_ENV];
  }
  if (v['scenario-dir'] !== undefined) {
    if (v['scenario-dir'] === '') throw new UsageError('--scenario-dir: must not be empty');
    options.scenarioDir = v['scenario-dir'];
  }
  const adminToken = v['admin-token'] ?? env[ADMIN_TOKEN_ENV];
  if (v['admin-token'] === '') throw new UsageError('--admin-token: must not be empty');
  if (adminToken) options.adminToken = adminToken;
  if (!isLoopback(options.host ?? '127.0.0.1') && !options.adminToken)
    throw new UsageError(adminTokenNeeded(options.host!));
  const nodeName = v['node-name'] ?? env[NODE_NAME_ENV];
  if (nodeName !== undefined) {
    if (!/^[\x21-\x7e]{1,128}$/.test(nodeName))
      throw new UsageError(`--node-name: expected 1 to 128 visible ASCII characters, got '${nodeName}'`);
    options.nodeName = nodeName;
  }
  const peers = v.peers ?? (env[PEERS_ENV] === '' ? undefined : env[PEERS_ENV]);
  if (peers !== undefined) {
    try {
      parsePeers(peers);
    } catch (error) {
      if (error instanceof PeersError) throw new UsageError(`--peers: ${error.message}`);
      throw error;
    }
    options.peers = peers;
  }
  if (v['journal-size'] !== undefined)
    options.journalSize = integer('--journal-size', v['journal-size'], 0, MAX_LOG_SIZE);
  if (v['journal-memory'] !== undefined) {
    options.journalMemoryBytes = MIB * integer('--journal-memory', v['journal-memory'], 1, MAX_JOURNAL_MEMORY_MIB);
  }
  if (v['delivery-log-size'] !== undefined) {
    options.deliveryLogSize = integer('--delivery-log-size', v['delivery-log-size'], 0, MAX_LOG_SIZE);
  }
  if (v['max-accounts'] !== undefined)
    options.maxAccounts = integer('--max-accounts', v['max-accounts'], 1, MAX_ACCOUNTS_LIMIT);
  if (v['max-pending-deliveries'] !== undefined) {
    options.maxPendingDeliveries = integer('--max-pending-deliveries', v['max-pending-deliveries'], 1, MAX_LOG_SIZE);
  }
  return options;
}

/**
 * `--flag -1` as `--flag=-1`: parseArgs takes a value starting with a dash for a forgotten value, and
 * would answer that instead of what is wrong with the number.
 */
function negativeValuesJoined(argv: string[]): string[] {
  const out: string[] = [];
  for (const arg of argv) {
    const previous = out.at(-1);
    const joined = /^-\d/.test(arg) && previous !== undefined && /^--[a-z-]+$/.test(previous);
    if (joined) out[out.length - 1] = `${previous}=${arg}`;
    else out.push(arg);
  }
  return out;
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < min || n > max) {
    throw new UsageError(`${flag}: expected a whole number from ${min} to ${max}, got '${text}'`);
  }
  return n;
}
