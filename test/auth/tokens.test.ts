import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { issueToken, SWEEP_STEP, TOKENS_PER_CREDENTIAL } from '../../src/auth/tokens.js';
import { call, DEMO_CREDENTIAL, simulator, tokenFor } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

const post = (path: string, body?: unknown) => call(sim, path, { method: 'POST', body });
const ping = (token: string) => call(sim, '/api/v2/ping', { token });

describe('POST /api/v2/token', () => {
  it('a valid credential gets a Bearer token valid six months', async () => {
    const res = await post('/api/v2/token', DEMO_CREDENTIAL);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(15768000);
    expect(body.expires_utc).toBe('2026-09-14 21:00');
    expect(typeof body.access_token).toBe('string');
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);
  });

  it('existing tokens stay valid when another is issued', async () => {
    const first = await tokenFor(sim);
    await tokenFor(sim);
    expect((await ping(first)).status).toBe(200);
  });

  it('no body answers 400 invalid_request', async () => {
    const res = await post('/api/v2/token');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request' });
  });

  it('unreadable JSON answers 400 invalid_request', async () => {
    const res = await post('/api/v2/token', '{"clientId": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid_request' });
  });

  it('a wrong secret answers 401 invalid_client', async () => {
    const res = await post('/api/v2/token', { ...DEMO_CREDENTIAL, secret: 'nope' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid_client' });
  });

  it('an unknown client id answers 401 invalid_client', async () => {
    const res = await post('/api/v2/token', { ...DEMO_CREDENTIAL, clientId: 'someone' });
    expect(res.status).toBe(401);
  });

  it('an inactive credential answers 401 invalid_client, not distinguished', async () => {
    const created = await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: { active: false } });
    const { clientId, secret } = created.body;
    const res = await post('/api/v2/token', { clientId, secret });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid_client' });
  });

  it('the token endpoints take no bearer token', async () => {
    const res = await call(sim, '/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL, token: 'garbage' });
    expect(res.status).toBe(200);
  });
});

describe('token lifecycle', () => {
  it('refresh revokes every earlier token at once and issues one new token', async () => {
    const a = await tokenFor(sim);
    const b = await tokenFor(sim);
    const res = await post('/api/v2/token/refresh', DEMO_CREDENTIAL);
    expect(res.status).toBe(200);
    const fresh = res.body.access_token;
    expect((await ping(a)).status).toBe(403);
    expect((await ping(b)).text).toBe('Unauthorized - Invalid or expired token.');
    expect((await ping(fresh)).status).toBe(200);
  });

  it('rotate-secret revokes every token and returns the new secret once', async () => {
    const old = await tokenFor(sim);
    const res = await post('/api/v2/token/rotate-secret', DEMO_CREDENTIAL);
    expect(res.status).toBe(200);
    const { client_secret } = res.body;
    expect(typeof client_secret).toBe('string');
    expect((await ping(old)).status).toBe(403);
    expect((await post('/api/v2/token', DEMO_CREDENTIAL)).status).toBe(401);
    expect((await post('/api/v2/token', { clientId: 'demo-client', secret: client_secret })).status).toBe(200);
  });

  it('rotate-clientid issues a new client id and the old one stops working', async () => {
    const old = await tokenFor(sim);
    const res = await post('/api/v2/token/rotate-clientid', DEMO_CREDENTIAL);
    expect(res.status).toBe(200);
    const { client_id } = res.body;
    expect(client_id).not.toBe('demo-client');
    expect((await post('/api/v2/token', DEMO_CREDENTIAL)).status).toBe(401);
    expect((await post('/api/v2/token', { clientId: client_id, secret: 'demo-secret' })).status).toBe(200);
    expect((await ping(old)).status).toBe(200);
  });

  it('a token expires six months after issue on the account clock', async () => {
    const token = await tokenFor(sim);
    const advance = (seconds: number) =>
      call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: seconds } });
    await advance(15768000 - 60);
    expect((await ping(token)).status).toBe(200);
    await advance(60);
    const res = await ping(token);
    expect(res.status).toBe(403);
    expect(res.text).toBe('Unauthorized - Invalid or expired token.');
  });

  it('tokens of one account are refused in every other', async () => {
    const acme = await tokenFor(sim, '/accounts/acme');
    expect((await call(sim, '/accounts/acme/api/v2/ping', { token: acme })).status).toBe(200);
    const res = await call(sim, '/accounts/globex/api/v2/ping', { token: acme });
    expect(res.status).toBe(403);
    expect(res.text).toBe('Unauthorized - Invalid or expired token.');
    expect((await call(sim, '/api/v2/ping', { token: acme, host: 'globex.localhost' })).status).toBe(403);
  });

  it('tokens and secrets are stored only as hashes', async () => {
    const token = await tokenFor(sim);
    const stored = JSON.stringify(sim.registry.get('demo')!.store.data);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('demo-secret');
  });
});

describe('tokens per credential', () => {
  const demoAccount = async () => (await sim.registry.resolve('demo'))!;
  const invalid = 'Unauthorized - Invalid or expired token.';

  it('a credential holds 10 000 active tokens: the first stays valid, and the 10 001st issue drops only the oldest', async () => {
    expect(TOKENS_PER_CREDENTIAL).toBe(10_000);
    const account = await demoAccount();
    const credential = account.auth.credentials[0]!;
    const first = await tokenFor(sim);
    // The next 9 999 through the domain function the endpoint calls, to keep the test quick.
    const now = account.clock.now();
    const rest = Array.from(
      { length: TOKENS_PER_CREDENTIAL - 1 },
      () => issueToken(account.auth, credential, now).token,
    );
    expect(Object.keys(account.auth.tokens)).toHaveLength(TOKENS_PER_CREDENTIAL);
    expect((await ping(first)).status).toBe(200);
    expect((await ping(rest.at(-1)!)).status).toBe(200);

    const newest = await tokenFor(sim); // the 10 001st
    const dropped = await ping(first);
    expect([dropped.status, dropped.text]).toEqual([403, invalid]);
    for (const kept of [rest[0]!, rest[1]!, rest.at(-1)!, newest]) expect((await ping(kept)).status).toBe(200);
    expect(Object.keys(account.auth.tokens)).toHaveLength(TOKENS_PER_CREDENTIAL);
  });

  it('a client that stores its token and asks again only on expiry never sees a valid token revoked', async () => {
    const advance = (seconds: number) =>
      call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: seconds } });
    // Nine years of six-month tokens; each one works until the moment it expires.
    let token = await tokenFor(sim);
    for (let i = 0; i < 18; i++) {
      await advance(15768000 - 1);
      expect((await ping(token)).status).toBe(200);
      await advance(1);
      expect((await ping(token)).status).toBe(403);
      token = await tokenFor(sim);
    }
    expect(Object.keys(sim.registry.get('demo')!.auth.tokens)).toHaveLength(1);
  });

  it(`expired tokens are dropped as new ones are issued, at most ${SWEEP_STEP} of the issuing credential per issue`, async () => {
    const account = await demoAccount();
    const credential = account.auth.credentials[0]!;
    for (let i = 0; i < 3 * SWEEP_STEP; i++) issueToken(account.auth, credential, account.clock.now());
    await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 15768000 } });
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      await tokenFor(sim);
      counts.push(Object.keys(account.auth.tokens).length);
    }
    expect(counts).toEqual([2 * SWEEP_STEP + 1, SWEEP_STEP + 2, 3, 4]);
  });

  it('expired tokens of a credential no longer used are dropped as other credentials issue theirs', async () => {
    const account = await demoAccount();
    const created = (await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: {} })).body;
    const idle = account.auth.credentials.find((c) => c.clientId === created.clientId)!;
    for (let i = 0; i < 100; i++) issueToken(account.auth, idle, account.clock.now());
    await call(sim, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 15768000 } });
    const idleHeld = () => Object.values(account.auth.tokens).filter((t) => t.credentialId === idle.id).length;
    await tokenFor(sim);
    expect(idleHeld()).toBe(100 - SWEEP_STEP);
    await tokenFor(sim);
    await tokenFor(sim);
    expect(idleHeld()).toBe(0);
  });

  it("a refresh after 10 000 issues revokes them all and leaves other credentials' tokens alone", async () => {
    const account = await demoAccount();
    const created = (await call(sim, '/__admin/accounts/demo/credentials', { method: 'POST', body: {} })).body;
    const other = (await post('/api/v2/token', { clientId: created.clientId, secret: created.secret })).body
      .access_token;
    const credential = account.auth.credentials[0]!;
    const now = account.clock.now();
    const held = Array.from({ length: TOKENS_PER_CREDENTIAL }, () => issueToken(account.auth, credential, now).token);
    const fresh = (await post('/api/v2/token/refresh', DEMO_CREDENTIAL)).body.access_token;
    expect((await ping(held[0]!)).status).toBe(403);
    expect((await ping(held.at(-1)!)).status).toBe(403);
    expect((await ping(fresh)).status).toBe(200);
    expect((await ping(other)).status).toBe(200);
    expect(Object.keys(account.auth.tokens)).toHaveLength(2);
  });
});

describe('GET /api/v2/ping', () => {
  it('answers ok with the account name and the UTC time', async () => {
    const token = await tokenFor(sim, '/accounts/acme');
    const res = await call(sim, '/accounts/acme/api/v2/ping', { token });
    expect(res.body).toEqual({ status: 'ok', tenant: 'acme', utc: '2026-03-16 09:00' });
  });
});
