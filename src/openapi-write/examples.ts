import { createSimulator } from '../app.js';
import { DEMO_API_KEY, DEMO_CLIENT_ID, DEMO_SECRET } from '../auth/credentials.js';
import type { Endpoint } from '../http/endpoint.js';
import type { Example } from './openapi-document.js';

// Examples are real answers of a seeded world at a fixed time, so the document shows what the
// simulator really sends, and regenerating it gives the same bytes.

export const EXAMPLE_SEED = 42;
export const EXAMPLE_NOW = Date.parse('2026-03-16T09:00:00Z');
const MAX_ITEMS = 2;

export async function collectExamples(table: readonly Endpoint[]): Promise<Map<string, Example>> {
  const sim = await createSimulator({
    seed: EXAMPLE_SEED,
    size: 'small',
    rateLimit: false,
    realNow: () => EXAMPLE_NOW,
  });
  const examples = new Map<string, Example>();
  let n = 0;
  for (const endpoint of table) {
    if (!endpoint.example) continue;
    // Each call gets a fresh account, so writes never change what a later example sees.
    const account = await sim.registry.create({ name: `example-${++n}` });
    const request = endpoint.example(account.world, account.clock.now());
    if (endpoint.exampleResponse !== undefined) {
      examples.set(endpoint.operationId, { request, response: endpoint.exampleResponse });
      continue;
    }
    const token = await tokenOf(sim.fetch, account.name);
    const res = await sim.fetch(
      new Request(urlOf(account.name, endpoint, request), {
        method: endpoint.method,
        // Each endpoint reads only its own version's header.
        headers: { authorization: `Bearer ${token}`, serviceapikey: DEMO_API_KEY, 'content-type': 'application/json' },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
      }),
    );
    const text = await res.text();
    if (res.status !== 200) throw new Error(`example of ${endpoint.operationId} answered ${res.status}: ${text}`);
    examples.set(endpoint.operationId, { request, response: text === '' ? undefined : shorten(JSON.parse(text)) });
  }
  return examples;
}

function urlOf(account: string, endpoint: Endpoint, request: Example['request']): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => request.route?.[name] ?? '');
  const search = new URLSearchParams(request.query ?? {}).toString();
  return `http://127.0.0.1/accounts/${account}${path}${search ? `?${search}` : ''}`;
}

async function tokenOf(fetch: (r: Request) => Promise<Response>, account: string): Promise<string> {
  const res = await fetch(
    new Request(`http://127.0.0.1/accounts/${account}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: DEMO_CLIENT_ID, secret: DEMO_SECRET }),
    }),
  );
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Long lists are cut to their first items; an example shows the shape, not the whole world. */
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shorten);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
}
