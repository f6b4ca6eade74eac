import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createSimulator } from '../../src/app.js';
import { booking, PATH, sessionWithRoom } from '../classes/bookings-support.js';
import { addFaults, faultSimulator } from '../faults/support.js';
import { activeSite, call, demoApi, FIXED_NOW, simulator, tokenFor } from '../helpers.js';

// Smaller guarantees against hostile or careless callers, one rule each.

const newClient = {
  FirstName: 'Jane',
  LastName: 'Smith',
  Email: 'jane.smith@example.com',
  MobilePhone: '07700 900123',
  Gender: 1,
};

describe('ids', () => {
  it('a ClassBookingId a caller chose is never issued later by the account', async () => {
    // The same seed and account name draw the same ids: a twin shows the id the account issues next.
    const twin = await demoApi();
    const site = activeSite(twin.world);
    const made = await call(twin, `/api/v2/clients?siteId=${site}`, { method: 'POST', body: newClient });
    expect(made.status).toBe(200);
    const next: string = made.body.Value;

    const a = await demoApi();
    const s = sessionWithRoom(a.world);
    const chosen = await call(a, `${PATH}?siteId=${s.SiteId}`, {
      method: 'POST',
      body: booking(s, a.world, { ClassBookingId: next }),
    });
    expect(chosen.body).toEqual({ Message: 'ClassBookingId', Value: next });
    const client = await call(a, `/api/v2/clients?siteId=${site}`, { method: 'POST', body: newClient });
    expect(client.status).toBe(200);
    expect(client.body.Value).not.toBe(next);
  });
});

describe('fault rules', () => {
  it('fault-rule headers that differ only in case are one header, the last one stated', async () => {
    const sim = await faultSimulator();
    const [rule] = await addFaults(sim, 'demo', {
      path: '/api/v2/sites',
      status: 503,
      body: 'down',
      contentType: 'text/plain',
      headers: { 'X-Trace': 'first', 'x-trace': 'second', 'CONTENT-TYPE': 'text/html' },
    });
    expect(rule.headers).toEqual({ 'x-trace': 'second', 'CONTENT-TYPE': 'text/html' });
    const res = await call(sim, '/api/v2/sites', { token: await tokenFor(sim) });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-trace')).toBe('second');
    expect(res.headers.get('content-type')).toBe('text/html');
  });
});

describe('journal redaction', () => {
  it('the journal redacts api-key, pwd, pass, passphrase and authorization members of a body, in any case', async () => {
    const sim = await simulator();
    const body = {
      'API-KEY': 'k1',
      Pwd: 'k2',
      pass: 'k3',
      db_Pass: 'k4',
      Passphrase: 'k5',
      nested: [{ Authorization: 'Bearer k6', proxyAuthorization: 'k7' }],
      ClassPass: 'kept',
      Passenger: 'kept',
    };
    await call(sim, '/api/v2/unknown', { method: 'POST', body });
    const [entry] = (await call(sim, '/__admin/accounts/demo/requests')).body;
    expect(entry.body).toEqual({
      'API-KEY': '[redacted]',
      Pwd: '[redacted]',
      pass: '[redacted]',
      db_Pass: '[redacted]',
      Passphrase: '[redacted]',
      nested: [{ Authorization: '[redacted]', proxyAuthorization: '[redacted]' }],
      ClassPass: 'kept',
      Passenger: 'kept',
    });
    const kept = JSON.stringify(entry);
    for (let i = 1; i <= 7; i++) expect(kept).not.toContain(`k${i}`);
  });
});

describe('control plane', () => {
  it('a control-plane 500 answers in the control plane shape {"error"}, not the API {"Message"}', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-500-'));
    const data = path.join(dir, 'data');
    // Plain createSimulator: an internal failure is no documented answer.
    const sim = await createSimulator({ size: 'small', rateLimit: false, realNow: () => FIXED_NOW, dataDir: data });
    rmSync(data, { recursive: true });
    writeFileSync(data, 'not a directory'); // a new account's files cannot be written
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'fresh' } });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    } finally {
      quiet.mockRestore();
    }
  });

  it('control-plane JSON answers carry X-Content-Type-Options: nosniff, refusals included', async () => {
    const sim = await simulator({ adminToken: 'nosniff-token' });
    const answers = [
      await call(sim, '/__admin/health'),
      await call(sim, '/__admin/accounts', { token: 'nosniff-token' }),
      await call(sim, '/__admin/accounts/demo/requests', { token: 'nosniff-token' }),
      await call(sim, '/__admin/accounts'), // 401
      await call(sim, '/__admin/no-such-route', { token: 'nosniff-token' }), // 404
      await call(sim, '/__admin/accounts', { method: 'POST', token: 'nosniff-token', body: { name: 'Not A Label' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('console sessions', () => {
  const TOKEN = 'session-expiry-token';
  /** A browser's view: the session cookie each answer sets replaces the one it holds. */
  async function loggedIn() {
    let now = FIXED_NOW;
    const sim = await simulator({ adminToken: TOKEN, realNow: () => now });
    const login = await call(sim, '/__admin/console/session', { method: 'POST', token: TOKEN });
    expect(login.status).toBe(204);
    let cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const get = async (path: string) => {
      const answer = await call(sim, path, { headers: { cookie } });
      const renewed = answer.headers.get('set-cookie');
      if (renewed) cookie = renewed.split(';')[0]!;
      return answer.status;
    };
    return { sim, get, pass: (ms: number) => (now += ms) };
  }
  const minutes = 60_000;

  it('a console session ends after an hour unused, and 12 hours after it was opened however used; an ended cookie is no session', async () => {
    const idle = await loggedIn();
    idle.pass(59 * minutes);
    expect(await idle.get('/__admin/accounts')).toBe(200);
    idle.pass(59 * minutes); // used a minute short of the hour: still alive
    expect(await idle.get('/__admin/accounts')).toBe(200);
    idle.pass(60 * minutes);
    expect(await idle.get('/__admin/accounts')).toBe(401);
    expect(await idle.get('/__admin/console')).toBe(303);

    const busy = await loggedIn();
    for (let used = 0; used < 12 * 60 - 30; used += 30) {
      busy.pass(30 * minutes);
      expect(await busy.get('/__admin/accounts')).toBe(200);
    }
    busy.pass(30 * minutes); // 12 hours after it was opened
    expect(await busy.get('/__admin/accounts')).toBe(401);
  });
});
