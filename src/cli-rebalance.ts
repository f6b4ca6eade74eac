import { DEFAULT_ACCOUNT, isAccountName } from './accounts/host.js';
import { UsageError } from './cli-options.js';
import {
  ACCESS_OPTIONS,
  accessHeaders,
  baseUrlOf,
  type CommandIo,
  messageOf,
  parse,
  run,
  send,
} from './cli-snapshot.js';

// `business-api-sim rebalance`: after the proxy's servers changed, moves every account to the node the
// proxy now routes its name to. A client of the nodes' control planes (directly, to list and take
// snapshots) and of the proxy (to learn each account's node and restore it there).

/** The header a node names itself in (`--node-name`); `NODE_HEADER` of app.ts. */
export const NODE_HEADER = 'X-Business-Api-Sim-Node';
/** Time each request has to be answered. */
const REQUEST_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_MOVES = 1000;
const MOST_MOVES = 100_000;
/** Accounts whose node is asked of the proxy at once. */
const ROUTE_QUERIES_AT_ONCE = 8;

export const REBALANCE_HELP = `Usage: business-api-sim rebalance --proxy <url> --node <url> ... [--dry-run] [--replace]

Moves every account to the node the proxy now routes its name to, after the proxy's servers changed
(docs/fleet.md). Each node is known by the name it answers with (--node-name, in the header
${NODE_HEADER}); an account's owner is the node that answers GET /__admin/accounts/<name>
through the proxy, which creates nothing. An account another node holds is taken as a snapshot from
that node, restored on its owner through the proxy, checked (the owner's snapshot equals the one
taken, but for the time it was taken) and deleted from the node it left. A run that failed part way
is finished by running it again. The default account (${DEFAULT_ACCOUNT}), which every node makes for itself,
is not moved; nor is any account's request journal.

Options:
  --proxy <url>            The proxy in front of the nodes, e.g. http://127.0.0.1:8080
  --node <url>             A node, reached directly; repeat it for every node, old and new
  --dry-run                Print the moves and change nothing
  --replace                Replace an account of that name its owner already holds, when it differs
                           (otherwise that account is refused and left where it is)
  --max-moves <n>          Accounts moved in one run (default ${DEFAULT_MAX_MOVES}, at most ${MOST_MOVES}); the rest are
                           left for the next run
${ACCESS_OPTIONS}

Every request has ${REQUEST_TIMEOUT_MS / 1000} s to be answered; moves are made one at a time. Exit code: 0 when every
account is on its owner (or, with --dry-run, the plan was made), 1 when a move failed, was refused or
was left for the next run, or a node could not be reached, 2 for a bad flag.`;

interface Node {
  url: string;
  name: string;
  accounts: Set<string>;
}

interface Move {
  account: string;
  from: Node;
  to: Node;
}

/** A request that could not be made or was not answered as expected; the message says which and why. */
class StepError extends Error {}

/** `business-api-sim rebalance …`; the exit code. */
export function rebalanceCommand(argv: string[], io: CommandIo): Promise<number> {
  return run('rebalance', REBALANCE_HELP, io, async () => {
    const { values, positionals } = parse(argv, {
      proxy: { type: 'string' },
      node: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean' },
      replace: { type: 'boolean' },
      'max-moves': { type: 'string' },
    });
    if (values.help) return 'help';
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    if (values.proxy === undefined) throw new UsageError('--proxy: missing (the base URL of the proxy)');
    const proxy = baseUrlOf('--proxy', values.proxy as string);
    const nodeUrls = [...new Set(((values.node as string[] | undefined) ?? []).map((u) => baseUrlOf('--node', u)))];
    if (nodeUrls.length === 0) throw new UsageError('--node: missing (the base URL of each node)');
    const maxMoves = maxMovesOf(values['max-moves'] as string | undefined);
    const client = new Client(io, accessHeaders(values, io.env));

    let nodes: Node[];
    try {
      nodes = await learnNodes(client, nodeUrls);
      await client.call('GET', `${proxy}/__admin/health`, { expect: [200], step: `${proxy}: health` });
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      io.stderr(`business-api-sim rebalance: ${error.message}\n`);
      return 1;
    }
    io.stdout(`nodes: ${nodes.map((n) => `${n.name} (${n.url}, ${n.accounts.size} accounts)`).join(', ')}\n`);

    const names = [...new Set(nodes.flatMap((n) => [...n.accounts]))].sort();
    const owners = await ownersOf(client, proxy, names, nodes);
    const moves: Move[] = [];
    let failed = 0;
    for (const account of names) {
      const owner = owners.get(account)!;
      if (owner instanceof StepError) {
        io.stdout(`failed   ${account}: ${owner.message}\n`);
        failed++;
        continue;
      }
      for (const from of nodes)
        if (from !== owner && from.accounts.has(account)) moves.push({ account, from, to: owner });
    }
    const now = moves.slice(0, maxMoves);
    const left = moves.length - now.length;
    const placed = names.length - new Set(moves.map((m) => m.account)).size - failed;

    if (values['dry-run']) {
      for (const m of now) {
        const note = m.to.accounts.has(m.account) ? ` (${m.to.name} holds one too: compared when moved)` : '';
        io.stdout(`move     ${m.account}: ${m.from.name} -> ${m.to.name}${note}\n`);
      }
      io.stdout(
        `plan: ${now.length} to move, ${placed} already on their owner, ${failed} failed` +
          `${left > 0 ? `, ${left} left for a later run` : ''} (dry run: nothing changed)\n`,
      );
      return failed > 0 ? 1 : 0;
    }

    let moved = 0;
    let refused = 0;
    for (const m of now) {
      const outcome = await move(client, proxy, m, values.replace === true);
      const route = `${m.from.name} -> ${m.to.name}`;
      if (outcome instanceof StepError) {
        failed++;
        io.stdout(`failed   ${m.account}: ${route}: ${outcome.message}\n`);
      } else if (outcome === 'refused') {
        refused++;
        io.stdout(
          `refused  ${m.account}: ${m.to.name} already holds an account '${m.account}' that differs; ` +
            `left on ${m.from.name} (--replace replaces it)\n`,
        );
      } else {
        moved++;
        io.stdout(`${outcome === 'moved' ? 'moved   ' : 'finished'} ${m.account}: ${route}\n`);
      }
    }
    io.stdout(
      `done: ${moved} moved, ${refused} refused, ${failed} failed, ${placed} already on their owner` +
        `${left > 0 ? `, ${left} left for the next run` : ''}\n`,
    );
    return failed + refused + left > 0 ? 1 : 0;
  });
}

function maxMovesOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_MOVES;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > MOST_MOVES)
    throw new UsageError(`--max-moves: expected a whole number from 1 to ${MOST_MOVES}, got '${text}'`);
  return n;
}

/** Each node's name and the accounts it holds. */
async function learnNodes(client: Client, urls: string[]): Promise<Node[]> {
  const nodes: Node[] = [];
  for (const url of urls) {
    const health = await client.call('GET', `${url}/__admin/health`, { expect: [200], step: `${url}: health` });
    const name = health.node;
    if (!name) throw new StepError(`${url} answers without ${NODE_HEADER}: start each node with --node-name`);
    const twin = nodes.find((n) => n.name === name);
    if (twin) throw new StepError(`${url} and ${twin.url} are both named '${name}': each node needs its own name`);
    const listed = await client.call('GET', `${url}/__admin/accounts`, { expect: [200], step: `${url}: accounts` });
    const accounts = (JSON.parse(listed.text) as { name: string }[])
      .map((a) => a.name)
      .filter((a) => a !== DEFAULT_ACCOUNT);
    nodes.push({ url, name, accounts: new Set(accounts) });
  }
  return nodes;
}

/** The node the proxy routes each account to, or why it could not be told. */
async function ownersOf(
  client: Client,
  proxy: string,
  names: string[],
  nodes: Node[],
): Promise<Map<string, Node | StepError>> {
  const owners = new Map<string, Node | StepError>();
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const account = names[next++]!;
      owners.set(account, await ownerOf(client, proxy, account, nodes).catch((e: unknown) => stepError(e)));
    }
  };
  await Promise.all(Array.from({ length: ROUTE_QUERIES_AT_ONCE }, worker));
  return owners;
}

async function ownerOf(client: Client, proxy: string, account: string, nodes: Node[]): Promise<Node> {
  if (!isAccountName(account)) throw new StepError(`'${account}' is not an account name`);
  // No such control-plane route: every node answers 404 without making the account, naming itself.
  const answer = await client.call('GET', `${proxy}/__admin/accounts/${account}`, { expect: [404], step: 'route' });
  return nodeNamed(answer.node, nodes, 'the proxy routes it to');
}

function nodeNamed(name: string | undefined, nodes: Node[], what: string): Node {
  if (!name) throw new StepError(`${what} an answer without ${NODE_HEADER}`);
  const node = nodes.find((n) => n.name === name);
  if (!node) throw new StepError(`${what} node '${name}', which is not one of --node`);
  return node;
}

/**
 * Moves one account: snapshot from its holder, restore on its owner through the proxy, check, delete
 * from the holder. 'finished' when the owner already held the same account (a run that stopped before
 * the delete); 'refused' when it holds one that differs and `replace` is off.
 */
async function move(
  client: Client,
  proxy: string,
  m: Move,
  replace: boolean,
): Promise<'moved' | 'finished' | 'refused' | StepError> {
  try {
    const taken = await client.call('GET', `${m.from.url}/__admin/accounts/${m.account}/snapshot`, {
      expect: [200],
      step: 'snapshot',
    });
    let outcome: 'moved' | 'finished' = 'moved';
    const restored = await client.call(
      'PUT',
      `${proxy}/__admin/accounts/${m.account}${replace ? '?replace=true' : ''}`,
      {
        body: taken.text,
        expect: [200, 201, 409],
        step: 'restore',
      },
    );
    if (restored.node !== m.to.name)
      throw new StepError(`restore: answered by '${restored.node ?? 'no node'}', not ${m.to.name}`);
    if (restored.status === 409) {
      const theirs = await ownersSnapshot(client, proxy, m);
      if (comparable(theirs) !== comparable(taken.text)) return 'refused';
      outcome = 'finished';
    } else if (comparable(await ownersSnapshot(client, proxy, m)) !== comparable(taken.text)) {
      throw new StepError(
        `check: the snapshot ${m.to.name} answers differs from the one taken; left on ${m.from.name}`,
      );
    }
    await client.call('DELETE', `${m.from.url}/__admin/accounts/${m.account}`, { expect: [204, 404], step: 'delete' });
    return outcome;
  } catch (error) {
    return stepError(error);
  }
}

async function ownersSnapshot(client: Client, proxy: string, m: Move): Promise<string> {
  const answer = await client.call('GET', `${proxy}/__admin/accounts/${m.account}/snapshot`, {
    expect: [200],
    step: 'check',
  });
  nodeNamed(answer.node, [m.to], 'check: answered by');
  return answer.text;
}

/**
 * A snapshot without what differs between two snapshots of the same account: the time it was taken,
 * the clock's reading, the restores its events have been through (a restore raises it), and the
 * sealing of webhook secrets (sealed anew each time).
 */
function comparable(text: string): string {
  const snapshot = JSON.parse(text) as {
    takenAt?: unknown;
    clock?: { now?: unknown };
    settings?: { eventLife?: unknown };
    changes?: [string, string, Record<string, unknown> | null][];
  };
  delete snapshot.takenAt;
  if (snapshot.clock) delete snapshot.clock.now;
  if (snapshot.settings) delete snapshot.settings.eventLife;
  for (const change of snapshot.changes ?? []) {
    const row = change[2];
    if (row && typeof row.secret_sealed === 'string') row.secret_sealed = 'sealed';
  }
  return JSON.stringify(snapshot);
}

function stepError(error: unknown): StepError {
  if (error instanceof StepError) return error;
  throw error;
}

/** Requests with the access headers and a time limit; an answer names the node that gave it. */
class Client {
  constructor(
    private readonly io: CommandIo,
    private readonly headers: Record<string, string>,
  ) {}

  async call(
    method: string,
    url: string,
    options: { expect: number[]; step: string; body?: string },
  ): Promise<{ status: number; text: string; node: string | undefined }> {
    const headers = { ...this.headers, ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) };
    let res: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      res = await send(this.io, new Request(url, { method, headers, body: options.body ?? null, signal }));
      text = await res.text();
    } catch (error) {
      const e = error as Error;
      const why = e.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : e.message;
      throw new StepError(`${options.step}: ${why}${e.cause ? ` (${String(e.cause)})` : ''}`);
    }
    if (!options.expect.includes(res.status))
      throw new StepError(`${options.step}: ${res.status} ${messageOf(text).slice(0, 300)}`);
    return { status: res.status, text, node: res.headers.get(NODE_HEADER) ?? undefined };
  }
}
