import { RULE_HEADER, rulesInHeader } from '../errors/rules.js';
import { operation } from './operations.js';
import { LOCKOUT_MS, type Pacer } from './pacing.js';
import type { ProbeRequest, Seen, SkipCause } from './probe.js';
import type { Secrets } from './scrub.js';

// One side of the comparison over HTTP: the target account, or the simulator account made in process. It
// authenticates each request as the probe asks, keeps to the pace, and waits out a 429 and sends again.

export interface SideOptions {
  label: 'target' | 'simulator';
  baseUrl: string;
  clientId: string;
  secret: string;
  /** Version 1 probes are skipped without one. */
  apiKey?: string;
  fetch: (request: Request) => Promise<Response>;
  /** Undefined: no pacing (the in-process simulator, rate limiting off). */
  pacer?: Pacer;
  secrets: Secrets;
  /** Sends of one request after a 429 before it is given up as throttled. */
  maxRetries?: number;
}

/** What one request came to. */
export type Outcome =
  | { kind: 'answered'; seen: Seen; request: ProbeRequest; url: string }
  | { kind: 'skipped'; why: string; cause?: SkipCause }
  | { kind: 'throttled' };

const WRONG_SECRET = 'not-the-secret-of-this-credential';
const FOREIGN_TOKEN = 'no-account-issued-this-token';
const FOREIGN_KEY = 'no-account-issued-this-key';

export class ConformError extends Error {}

export class Side {
  private token: string | undefined;
  /** Requests sent, retries included, and 429s waited out. */
  readonly counts = { sent: 0, throttled: 0 };

  constructor(readonly options: SideOptions) {}

  get label(): string {
    return this.options.label;
  }

  /** Gets the access token every probe of this side uses. */
  async connect(): Promise<void> {
    const issue = operation('issueToken');
    const out = await this.send(issue.id, { method: issue.method, path: issue.path, auth: 'credential' });
    const token = out.kind === 'answered' ? (out.seen.json as { access_token?: unknown } | null)?.access_token : '';
    if (out.kind !== 'answered' || out.seen.status !== 200 || typeof token !== 'string') {
      const what =
        out.kind !== 'answered' ? out.kind : out.seen.status === 0 ? out.seen.text : `status ${out.seen.status}`;
      throw new ConformError(`${this.label}: no access token from POST /api/v2/token (${what})`);
    }
    this.token = token;
  }

  url(request: ProbeRequest): string {
    const query = (request.query ?? []).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
    return `${this.options.baseUrl}${request.path}${query.length ? `?${query.join('&')}` : ''}`;
  }

  async send(operationId: string, request: ProbeRequest): Promise<Outcome> {
    const o = this.options;
    if ((request.auth === 'apikey' || request.auth === 'bad-apikey') && !o.apiKey) {
      return { kind: 'skipped', why: 'no --api-key for version 1' };
    }
    const url = this.url(request);
    const limit = operation(operationId).version === 1 ? 8 : 4;
    for (let attempt = 0; ; attempt++) {
      await o.pacer?.slot(operationId, limit);
      this.counts.sent++;
      let response: Response;
      try {
        response = await o.fetch(new Request(url, this.init(request)));
      } catch (error) {
        const seen = { status: 0, contentType: '', text: `no answer: ${(error as Error).message}`, json: undefined };
        return { kind: 'answered', seen, request, url };
      }
      const text = await response.text();
      if (response.status === 429) {
        this.counts.throttled++;
        if (attempt >= (o.maxRetries ?? 3)) return { kind: 'throttled' };
        const after = Number(response.headers.get('retry-after'));
        o.pacer?.lock(operationId, Number.isFinite(after) && after > 0 ? after * 1000 : LOCKOUT_MS);
        continue;
      }
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      o.secrets.learn(json);
      const seen: Seen = {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text,
        json,
      };
      const rules = rulesInHeader(response.headers.get(RULE_HEADER));
      if (rules.length > 0) seen.rules = rules;
      return { kind: 'answered', seen, request, url };
    }
  }

  private init(request: ProbeRequest): RequestInit {
    const o = this.options;
    const headers: Record<string, string> = {};
    let body: string | undefined;
    switch (request.auth) {
      case 'token':
        if (this.token) headers.authorization = `Bearer ${this.token}`;
        break;
      case 'bad-token':
        headers.authorization = `Bearer ${FOREIGN_TOKEN}`;
        break;
      case 'apikey':
        headers.serviceapikey = o.apiKey!;
        break;
      case 'bad-apikey':
        headers.serviceapikey = FOREIGN_KEY;
        break;
      case 'credential':
        body = JSON.stringify({ clientId: o.clientId, secret: o.secret });
        break;
      case 'wrong-secret':
        body = JSON.stringify({ clientId: o.clientId, secret: WRONG_SECRET });
        break;
      default:
        break;
    }
    if (request.raw) {
      body = request.raw.text;
      headers['content-type'] = request.raw.contentType;
    } else if (request.body !== undefined) body = JSON.stringify(request.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    return { method: request.method, headers, ...(body === undefined ? {} : { body }) };
  }
}
