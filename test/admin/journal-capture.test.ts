import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { activeSite, call, DEMO_CREDENTIAL, type DemoApi, demoApi, simulator } from '../helpers.js';
import { entries } from './journal-support.js';

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});

const client = { FirstName: 'Jane', LastName: 'Smith', Gender: 1, Email: 'jane@example.com' };

describe('what the journal keeps of a request and its answer', () => {
  it('keeps the JSON request body and the answer body, parsed', async () => {
    const site = activeSite(c.world);
    const res = await call(c, `/api/v2/clients?siteId=${site}`, { method: 'POST', body: client });
    const entry = (await entries(c.sim)).at(-1);
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/v2/clients',
      query: { siteId: [site] },
      body: client,
      status: 200,
      answerBody: { Message: 'ClientId', Value: res.body.Value },
    });
  });

  it('a body that is not JSON is kept as text; an empty answer leaves no answerBody, a bodiless request no body', async () => {
    await call(c, '/api/v2/ping', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect((await entries(c.sim)).at(-1).body).toBe('hello');
    const signIn = new URLSearchParams({ clientId: c.world.clients[0]!.ClientId, email: 'x@y.z', password: 'wrong' });
    expect((await call(c, `/api/v2/clients/authenticate?${signIn}`)).status).toBe(401);
    const entry = (await entries(c.sim)).at(-1);
    expect(entry).not.toHaveProperty('answerBody');
    expect(entry).not.toHaveProperty('body');
  });

  it('keeps content-type, accept, user-agent and the request ids, never Authorization, ServiceApiKey or cookies', async () => {
    await call(c, '/api/v2/sites', {
      headers: {
        'User-Agent': 'booking-app/1.2',
        Accept: 'application/json',
        'X-Request-Id': 'r-1',
        Cookie: 'session=cookie-secret',
        ServiceApiKey: 'key-secret',
      },
    });
    const entry = (await entries(c.sim)).at(-1);
    expect(entry.headers).toEqual({
      'user-agent': 'booking-app/1.2',
      accept: 'application/json',
      'x-request-id': 'r-1',
    });
    const text = JSON.stringify(await entries(c.sim));
    for (const secret of ['cookie-secret', 'key-secret', c.token]) expect(text).not.toContain(secret);
  });
});

describe('secrets never reach the journal', () => {
  it('a password in a body or a query, a client secret and an access token are redacted', async () => {
    const site = activeSite(c.world);
    const password = 'Hunter-2-password';
    await call(c, `/api/v2/clients?siteId=${site}`, {
      method: 'POST',
      body: { ...client, AccountPassword: password, Nested: [{ apiKey: 'nested-key-value' }] },
    });
    const signIn = new URLSearchParams({ clientId: c.world.clients[0]!.ClientId, email: 'x@y.z', password });
    await call(c, `/api/v2/clients/authenticate?${signIn}`);
    // Unreadable JSON naming a secret, and an escaped name, are caught too.
    await call(c, '/api/v2/token', { method: 'POST', body: `{"clientId":"x","secret":"unreadable-secret"` });
    await call(c, '/api/v2/token', { method: 'POST', body: '{"clientId":"x","s\\u0065cret":"escaped-secret"}' });
    const list = await entries(c.sim);
    const text = JSON.stringify(list);
    for (const secret of [
      password,
      'nested-key-value',
      DEMO_CREDENTIAL.secret,
      c.token,
      'unreadable-secret',
      'escaped-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
    const created = list.find((e) => e.path === '/api/v2/clients');
    expect(created.body).toMatchObject({ AccountPassword: '[redacted]', Nested: [{ apiKey: '[redacted]' }] });
    expect(list.find((e) => e.path === '/api/v2/clients/authenticate').query.password).toEqual(['[redacted]']);
  });
});

describe('bodies are capped', () => {
  it('a request body over 16 KiB is kept as a truncation mark with its size and a prefix', async () => {
    const note = 'n'.repeat(20_000);
    await call(c, '/api/v2/nowhere', { method: 'POST', body: { Note: note } });
    const entry = (await entries(c.sim)).at(-1);
    expect(entry.body).toEqual({ _truncated: true, bytes: 20_011, prefix: `{"Note":"${'n'.repeat(1015)}` });
  });

  it('a truncated prefix stops before a secret name', async () => {
    await call(c, '/api/v2/nowhere', { method: 'POST', body: { A: 1, password: 'p'.repeat(20_000) } });
    expect((await entries(c.sim)).at(-1).body).toMatchObject({ _truncated: true, prefix: '{"A":1,"' });
  });

  it('an answer body over 16 KiB is kept as a truncation mark', async () => {
    const sim = await simulator({}, () => false); // a fault's answer is not a documented one
    const body = { Message: 'm'.repeat(30_000) };
    const rule = { method: 'GET', path: '/api/v2/ping', status: 500, body };
    expect((await call(sim, '/__admin/accounts/demo/faults', { method: 'POST', body: rule })).status).toBe(201);
    await call(sim, '/api/v2/ping');
    const entry = (await entries(sim)).at(-1);
    expect(entry.status).toBe(500);
    expect(entry.answerBody).toMatchObject({ _truncated: true, bytes: 30_014 });
    expect(entry.answerBody.prefix).toHaveLength(1024);
  });
});

describe('bounded memory', () => {
  let small: Simulator;
  beforeEach(async () => {
    small = await simulator({ journalSize: 4 });
  });

  it('the journal size is honoured with large bodies: each entry holds at most its caps', async () => {
    for (let i = 0; i < 10; i++) {
      await call(small, `/api/v2/nowhere?n=${i}`, { method: 'POST', body: { Note: String(i).repeat(100_000) } });
    }
    const list = await entries(small);
    expect(list.map((e) => e.query.n[0])).toEqual(['6', '7', '8', '9']);
    for (const e of list) expect(e.body).toMatchObject({ _truncated: true, bytes: 100_011 });
    // Four entries of a 1 KiB prefix and a short 404 answer each.
    expect(JSON.stringify(list).length).toBeLessThan(4 * 2048);
  });

  it('a query string is kept up to 8 192 characters, a header value up to 256', async () => {
    await call(small, `/api/v2/ping?q=${'q'.repeat(20_000)}`, { headers: { 'user-agent': 'u'.repeat(1000) } });
    const entry = (await entries(small)).at(-1);
    expect(entry.query.q[0]).toHaveLength(8190);
    expect(entry.headers['user-agent']).toHaveLength(256);
  });
});
