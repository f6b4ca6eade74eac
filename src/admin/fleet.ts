import { lookup as dnsLookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import type { Context } from 'hono';
import { z } from 'zod';
import { AccountElsewhereError } from '../accounts/registry.js';
import { readText } from '../http/body.js';
import { AccountSummary } from './admin-schemas.js';

// The nodes of a fleet (`--peers`): the simulators beside this one behind a proxy that routes by
// account name. A node asks its peers for their accounts (GET /__admin/accounts, with its own admin
// token, which every node shares) to list the whole fleet, and, before it creates an account on first
// use, whether a peer holds it already. Peers are named by base URL, or by a DNS name whose every
// address is a peer (a Kubernetes headless Service, a compose network alias), resolved again at each
// listing since pods come and go.

/** The header every answer of a named node carries (`--node-name`, or the default name with `--peers`). */
export const NODE_HEADER = 'X-Business-Api-Sim-Node';

/** Peers asked at once, after DNS names are resolved; those beyond are left out of the listing. */
export const MAX_PEERS = 64;
/** How long a peer (and a DNS lookup) has to answer whole. */
export const PEER_TIMEOUT_MS = 2000;
/** The most bytes read of one peer's answer: a listing of 100 000 accounts (`--max-accounts` at most). */
export const MAX_PEER_ANSWER_BYTES = 32 * 1024 * 1024;
/** How long the peers' answer to "who holds this name" is reused by the owner check. */
export const HOLDER_MEMO_MS = 5000;
/** Names whose answer is kept at once; the oldest is dropped beyond it. */
export const MAX_HOLDER_MEMOS = 1024;

/** One entry of `--peers`: a base URL, or every address a DNS name resolves to. */
export type PeerEntry = { url: string } | { dns: { scheme: 'http' | 'https'; host: string; port: number } };

export class PeersError extends Error {}

/** Parses `--peers`: comma-separated base URLs (`http://sim-1:4010`) and `dns+http://<name>:<port>` entries. */
export function parsePeers(list: string | readonly string[]): PeerEntry[] {
  const items = (typeof list === 'string' ? list.split(',') : list.flatMap((l) => l.split(',')))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new PeersError('no peer given: expected base URLs such as http://sim-1:4010');
  if (items.length > MAX_PEERS) throw new PeersError(`at most ${MAX_PEERS} peers, got ${items.length}`);
  return items.map(parsePeer);
}

function parsePeer(item: string): PeerEntry {
  const dns = /^dns\+/i.test(item);
  let url: URL;
  try {
    url = new URL(dns ? item.slice(4) : item);
  } catch {
    throw new PeersError(`'${item}' is not a URL: expected http://<host>:<port> or dns+http://<name>:<port>`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PeersError(`'${item}': expected an http or https URL, got the scheme ${url.protocol.slice(0, -1)}`);
  if (url.username !== '' || url.password !== '')
    throw new PeersError(`'${item}': a peer URL holds no user or password`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '')
    throw new PeersError(`'${item}': a peer is a base URL, with no path, query or fragment`);
  if (!dns) return { url: url.origin };
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port === '' ? (scheme === 'https' ? 443 : 80) : Number(url.port);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return { dns: { scheme, host, port } };
}

/** What a peer's account listing holds of each account: the summary's fields, anything else left out. */
const PeerSummary = z.object(AccountSummary.shape);
const PeerListing = z.array(PeerSummary);

export type NodeState =
  | { node: string; url: string; answered: true; accounts: number }
  | { url: string; answered: false; error: string };

export interface FleetListing {
  nodes: NodeState[];
  accounts: (z.infer<typeof PeerSummary> & { node: string })[];
}

export interface FleetOptions {
  nodeName?: string;
  peers?: readonly PeerEntry[];
  adminToken?: string;
}

interface PeerAnswer {
  url: string;
  /** The node's name, from its X-Business-Api-Sim-Node header (its URL's host when it sends none). */
  node?: string;
  status?: number;
  body?: unknown;
  error?: string;
}

export class Fleet {
  private readonly peers: readonly PeerEntry[];
  /** The machine's name, read once, for the default node name. */
  private readonly host = hostname();
  /** The port answers were last sent from, for the default name outside a request. */
  private port: number | undefined;
  /**
   * The owner check's answers by name, asked or being asked, for HOLDER_MEMO_MS: calls for a name held
   * elsewhere, at once or one after another, ask the peers once instead of once each.
   */
  private readonly holders = new Map<string, { until: number; holder: Promise<string | undefined> }>();
  /** The peers' account lists being asked for, while a listing is under way. */
  private listingUnderWay: Promise<PeerAnswer[]> | undefined;

  constructor(private readonly options: FleetOptions = {}) {
    this.peers = options.peers ?? [];
  }

  /** Whether peers are configured. */
  get hasPeers(): boolean {
    return this.peers.length > 0;
  }

  /** Whether answers carry the node's name: with `--node-name`, and with `--peers` (to tell a node itself apart). */
  get named(): boolean {
    return this.options.nodeName !== undefined || this.hasPeers;
  }

  /**
   * This node's name: `--node-name`, else `<hostname>:<port>` (the port the request came in on, or the
   * last one seen without a request; the host name alone in process, where there is no socket).
   */
  selfName(c?: Context): string {
    if (this.options.nodeName !== undefined) return this.options.nodeName;
    const env = c?.env as { incoming?: { socket?: { localPort?: number } } } | undefined;
    const port = env?.incoming?.socket?.localPort ?? this.port;
    if (port !== undefined) this.port = port;
    return port === undefined ? this.host : `${this.host}:${port}`;
  }

  /**
   * Refuses to create `name` on first use when a peer holds it (AccountElsewhereError): a proxy sent
   * the request to the wrong node. Peers that do not answer are taken as not holding it.
   */
  async refuseIfElsewhere(name: string): Promise<void> {
    if (!this.hasPeers) return;
    const self = this.selfName();
    const holder = await this.memoHolderOf(name, self);
    if (holder !== undefined) throw new AccountElsewhereError(name, holder, self);
  }

  /**
   * Every peer's account list. Listings asked while one is under way share its answers, so peers'
   * answers are held for one listing at a time (at most MAX_PEERS × MAX_PEER_ANSWER_BYTES).
   */
  private peerListings(): Promise<PeerAnswer[]> {
    this.listingUnderWay ??= this.ask('/__admin/accounts').finally(() => {
      this.listingUnderWay = undefined;
    });
    return this.listingUnderWay;
  }

  private memoHolderOf(name: string, self: string): Promise<string | undefined> {
    const now = performance.now();
    const kept = this.holders.get(name);
    if (kept !== undefined && kept.until > now) return kept.holder;
    this.holders.delete(name);
    if (this.holders.size >= MAX_HOLDER_MEMOS) this.holders.delete(this.holders.keys().next().value!);
    const holder = this.holderOf(name, self);
    this.holders.set(name, { until: now + HOLDER_MEMO_MS, holder });
    return holder;
  }

  /** This node's accounts (`summaries`, as GET /__admin/accounts lists them) and every peer's. Creates nothing. */
  async listing(c: Context, summaries: readonly z.infer<typeof PeerSummary>[]): Promise<FleetListing> {
    const self = this.selfName(c);
    const own = summaries.map((summary) => ({ ...summary, node: self }));
    const nodes: NodeState[] = [{ node: self, url: new URL(c.req.url).origin, answered: true, accounts: own.length }];
    const accounts: FleetListing['accounts'] = [...own];
    const seen = new Set([self]);
    for (const answer of await this.peerListings()) {
      if (answer.node !== undefined && seen.has(answer.node)) continue; // this node, or one reached twice
      if (answer.error !== undefined || answer.node === undefined) {
        nodes.push({ url: answer.url, answered: false, error: answer.error ?? 'answered without a node name' });
        continue;
      }
      if (answer.status !== 200) {
        nodes.push({ url: answer.url, answered: false, error: `answered ${answer.status}` });
        continue;
      }
      const parsed = PeerListing.safeParse(answer.body);
      if (!parsed.success) {
        nodes.push({ url: answer.url, answered: false, error: 'answered something other than an account list' });
        continue;
      }
      seen.add(answer.node);
      nodes.push({ node: answer.node, url: answer.url, answered: true, accounts: parsed.data.length });
      for (const summary of parsed.data) accounts.push({ ...summary, node: answer.node });
    }
    accounts.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.node < b.node ? -1 : 1));
    return { nodes, accounts };
  }

  /**
   * The peer that holds the named account, if one answers that it does; `self` (this node's name) is
   * never an answer. Peers that do not answer are taken as not holding it.
   */
  private async holderOf(name: string, self: string): Promise<string | undefined> {
    const answers = await this.ask(`/__admin/accounts/${encodeURIComponent(name)}/clock`);
    return answers.find((a) => a.status === 200 && a.node !== undefined && a.node !== self)?.node;
  }

  /** Every peer's answer to a GET of the control plane, asked in parallel, each within PEER_TIMEOUT_MS. */
  private async ask(path: string): Promise<PeerAnswer[]> {
    const targets = (await Promise.all(this.peers.map((peer) => this.urlsOf(peer)))).flat();
    const unique: ({ url: string } | PeerAnswer)[] = [];
    const urls = new Set<string>();
    for (const target of targets) {
      if ('error' in target) unique.push(target);
      else if (!urls.has(target.url)) {
        urls.add(target.url);
        unique.push(target);
      }
    }
    return Promise.all(
      unique.slice(0, MAX_PEERS).map((t) => ('error' in t ? (t as PeerAnswer) : this.get(t.url, path))),
    );
  }

  /** The base URLs of one entry: itself, or one per address of its DNS name (an error when it does not resolve). */
  private async urlsOf(peer: PeerEntry): Promise<({ url: string } | PeerAnswer)[]> {
    if ('url' in peer) return [{ url: peer.url }];
    const { scheme, host, port } = peer.dns;
    const named = `dns+${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
    try {
      const addresses = await withTimeout(
        dnsLookup(host, { all: true, verbatim: true }),
        `no DNS answer within ${PEER_TIMEOUT_MS} ms`,
      );
      return addresses.map(({ address, family }) => ({
        url: `${scheme}://${family === 6 ? `[${address}]` : address}:${port}`,
      }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      return [{ url: named, error: code ? `the name did not resolve: ${code}` : (error as Error).message }];
    }
  }

  private async get(url: string, path: string): Promise<PeerAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.adminToken !== undefined) headers.authorization = `Bearer ${this.options.adminToken}`;
    try {
      const response = await fetch(`${url}${path}`, {
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
      });
      const node = response.headers.get(NODE_HEADER) ?? undefined;
      const answer: PeerAnswer = { url, status: response.status, node: node ?? new URL(url).host };
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => {});
        return answer;
      }
      const text = await readText(response, () => new TooLarge(), MAX_PEER_ANSWER_BYTES);
      try {
        answer.body = JSON.parse(text);
      } catch {
        answer.body = undefined;
      }
      return answer;
    } catch (error) {
      return { url, error: failureOf(error) };
    }
  }
}

class TooLarge extends Error {}

/** Why a peer gave no answer, in words (never its body, never a header sent). */
function failureOf(error: unknown): string {
  if (error instanceof TooLarge) return `answered more than ${MAX_PEER_ANSWER_BYTES} bytes`;
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${PEER_TIMEOUT_MS} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `no answer within ${PEER_TIMEOUT_MS} ms`;
  if (code) return `no answer: ${code}`;
  // Fetch's own refusals, such as a port it never calls ('bad port').
  return typeof cause?.message === 'string' && cause.message !== '' ? `no answer: ${cause.message}` : 'no answer';
}

function withTimeout<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), PEER_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
