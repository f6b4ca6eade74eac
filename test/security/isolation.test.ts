import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src/accounts/account.js';
import type { Simulator } from '../../src/app.js';
import { endpoints, v2Endpoints } from '../../src/endpoints.js';
import type { Endpoint } from '../../src/http/endpoint.js';
import { call, simulator, tokenFor } from '../helpers.js';

// A credential opens its own account only: a bearer token (v2) or an API key (v1) issued by
// account A, sent to account B, is refused whatever the endpoint, and B's data does not move.

const RUNS = {
  numRuns: Number(process.env.FC_RUNS ?? 40),
  seed: Number(process.env.FC_SEED ?? 20261122),
  endOnFailure: true,
};

const bearer = v2Endpoints.filter((e) => e.auth === 'bearer');
const apiKey = endpoints.filter((e) => e.auth === 'apiKey');

let sim: Simulator;
beforeAll(async () => {
  sim = await simulator();
});

const accountName = fc.stringMatching(/^[a-z][a-z0-9-]{1,10}[a-z0-9]$/);
const pair = fc.tuple(accountName, accountName).filter(([a, b]) => a !== b);
const seed = fc.integer({ min: 1, max: 6 });

/** The named account, created once with the given seed (a name drawn again keeps its first seed). */
async function account(name: string, worldSeed: number): Promise<Account> {
  const existing = sim.registry.get(name);
  if (existing) return existing;
  const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name, seed: worldSeed, size: 'small' } });
  expect(res.status).toBe(201);
  return sim.registry.get(name)!;
}

/**
 * A request the endpoint matches on account B: its declared example from B's world where it has
 * one, otherwise every required query name with an empty value and a drawn Guid for each route id.
 */
function requestFor(endpoint: Endpoint, target: Account, guid: string): { path: string; body: unknown } {
  const example = endpoint.example?.(target.world, target.clock.now()) ?? {};
  const route = example.route ?? {};
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => route[name] ?? guid);
  const query = new URLSearchParams(example.query ?? {});
  for (const [name, param] of Object.entries(endpoint.query ?? {})) {
    if ((param as { required?: boolean }).required && !query.has(name)) query.set(name, '');
  }
  const search = query.toString();
  return {
    path: search === '' ? path : `${path}?${search}`,
    body: example.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {}),
  };
}

/** B's whole document (settings, credentials and tokens, world, webhooks) and its save count. */
const snapshot = (b: Account) => ({ version: b.version, data: JSON.stringify(b.store.data) });

/** Sends to B by host (`<b>.localhost`) or by the `/accounts/<b>` path prefix. */
const toB = (b: string, byHost: boolean, path: string) =>
  byHost ? { path, host: `${b}.localhost` } : { path: `/accounts/${b}${path}`, host: undefined };

describe('a credential never crosses accounts', () => {
  it("a bearer token issued by account A is refused by account B on every v2 endpoint, and B's data is unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        seed,
        seed,
        fc.constantFrom(...bearer),
        fc.boolean(),
        fc.uuid(),
        async ([a, b], seedA, seedB, endpoint, byHost, guid) => {
          await account(a, seedA);
          const target = await account(b, seedB);
          const token = await tokenFor(sim, `/accounts/${a}`);
          expect((await call(sim, `/accounts/${a}/api/v2/ping`, { token })).status).toBe(200);
          // One call without a credential first, so B's recurring-invoice catch-up is done before the snapshot.
          await call(sim, `/accounts/${b}/api/v2/ping`);
          const { path, body } = requestFor(endpoint, target, guid);
          const before = snapshot(target);
          const sent = toB(b, byHost, path);
          const res = await call(sim, sent.path, { method: endpoint.method, token, body, host: sent.host });
          expect(res.status).toBe(403);
          expect(res.text).toBe('Unauthorized - Invalid or expired token.');
          expect(snapshot(target)).toEqual(before);
        },
      ),
      RUNS,
    );
  });

  it('a version 1 API key issued to account A is refused by account B with 403 on every v1 endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(
        pair,
        seed,
        seed,
        fc.constantFrom(...apiKey),
        fc.boolean(),
        fc.uuid(),
        async ([a, b], seedA, seedB, endpoint, byHost, guid) => {
          await account(a, seedA);
          const target = await account(b, seedB);
          const issued = await call(sim, `/__admin/accounts/${a}/apikeys`, { method: 'POST', body: {} });
          expect(issued.status).toBe(201);
          const { apiKey: key } = issued.body;
          expect((await call(sim, `/accounts/${a}/api/sites`, { headers: { ServiceApiKey: key } })).status).toBe(200);
          await call(sim, `/accounts/${b}/api/sites`);
          const { path, body } = requestFor(endpoint, target, guid);
          const before = snapshot(target);
          const sent = toB(b, byHost, path);
          const res = await call(sim, sent.path, {
            method: endpoint.method,
            body,
            host: sent.host,
            headers: { ServiceApiKey: key },
          });
          expect(res.status).toBe(403);
          expect(res.text).toBe('Unauthorized');
          expect(snapshot(target)).toEqual(before);
        },
      ),
      RUNS,
    );
  });
});
