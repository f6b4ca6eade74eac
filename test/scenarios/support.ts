import type { Simulator } from '../../src/app.js';
import { type Answer, call, answer as parse, simulator } from '../helpers.js';

// Scenario tests: the default account built from a shipped scenario, read through the public API.

export const LONDON = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
export const SOHO = 'ce5d7f5a-5a59-4173-9305-f33c2faf0cbe';

export type { Answer };

export interface ScenarioApi {
  sim: Simulator;
  get(path: string, token: string, headers?: Record<string, string>): Promise<Answer>;
  post(path: string, body: unknown, token?: string): Promise<Answer>;
  admin(path: string, method?: string, body?: unknown): Promise<Answer>;
}

export async function withScenario(name: string): Promise<ScenarioApi> {
  const sim = await simulator({ scenario: name });
  return api(sim);
}

export function api(sim: Simulator): ScenarioApi {
  return {
    sim,
    get: async (path, token, headers) => parse(await call(sim, path, { token, headers })),
    post: async (path, body, token) => parse(await call(sim, path, { method: 'POST', body, token })),
    admin: async (path, method = 'GET', body) => parse(await call(sim, `/__admin${path}`, { method, body })),
  };
}

/** A token for a credential of the scenario. */
export async function tokenOf(s: ScenarioApi, clientId: string, secret: string): Promise<string> {
  const res = await s.post('/api/v2/token', { clientId, secret });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.access_token;
}
