import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PBKDF2_ITERATIONS } from '../../src/clients/account-password.js';
import { passwordHashing, SEEDED_CLIENT_PASSWORD } from '../../src/world/passwords.js';
import { call, type DemoApi, demoApi, persistedRows, stored, UNKNOWN } from '../helpers.js';
import { all, authUrl, create, legacy, newClient, signedUp } from './support.js';

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});
const status = async (url: string) => {
  const res = await call(c, url);
  expect(res.text).toBe('');
  return res.status;
};

describe('GET /api/v2/clients/authenticate', () => {
  it('a valid password answers 200 with an empty body', async () => {
    const x = signedUp(c.world);
    const res = await call(c, authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD));
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([200, '', null]);
  });

  it('every failure is the same 401 with an empty body: wrong password, wrong e-mail, unknown id, inactive, no password', async () => {
    const x = signedUp(c.world);
    expect(await status(authUrl(x.ClientId, x.Email, 'wrong'))).toBe(401);
    expect(await status(authUrl(x.ClientId, `other.${x.Email}`, SEEDED_CLIENT_PASSWORD))).toBe(401);
    expect(await status(authUrl(UNKNOWN, x.Email, SEEDED_CLIENT_PASSWORD))).toBe(401);
    const inactive = await create(
      c,
      newClient({ Email: 'inactive@example.com', AccountPassword: 'pw-inactive', State: 2 }),
    );
    expect(await status(authUrl(inactive, 'inactive@example.com', 'pw-inactive'))).toBe(401);
    const none = all(c.world).find((y) => y.State === 1 && y.Email !== '' && y.PasswordHash === null)!;
    expect(await status(authUrl(none.ClientId, none.Email, ''))).toBe(401);
  });

  it("the client is resolved by id and e-mail together: another client's e-mail fails", async () => {
    const x = signedUp(c.world);
    const y = all(c.world).find((z) => z !== x && z.Email !== '' && z.Email !== x.Email)!;
    expect(await status(authUrl(x.ClientId, y.Email, SEEDED_CLIENT_PASSWORD))).toBe(401);
  });

  it('leading and trailing whitespace of e-mail and password is stripped; e-mail case is ignored', async () => {
    const x = signedUp(c.world);
    expect(await status(authUrl(x.ClientId, `  ${x.Email.toUpperCase()}\t`, ` ${SEEDED_CLIENT_PASSWORD}  `))).toBe(200);
  });

  it('the 401 is not a credential failure: without a bearer token the answer is the 403 plain-text reason', async () => {
    const x = signedUp(c.world);
    const noToken = await call(c.sim, authUrl(x.ClientId, x.Email, 'wrong'));
    expect([noToken.status, noToken.text]).toEqual([403, 'Unauthorized - No bearer token sent in request header.']);
    const badToken = await call(c.sim, authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD), { token: 'not-a-token' });
    expect([badToken.status, badToken.text]).toEqual([403, 'Unauthorized - Invalid or expired token.']);
    expect(await status(authUrl(x.ClientId, x.Email, 'wrong'))).toBe(401);
  });

  it('clientId, email and password are all required by name (404 without one)', async () => {
    const x = signedUp(c.world);
    expect((await call(c, `/api/v2/clients/authenticate?clientId=${x.ClientId}&email=${x.Email}`)).status).toBe(404);
  });

  it('the password never appears in the request journal', async () => {
    const x = signedUp(c.world);
    await call(c, authUrl(x.ClientId, x.Email, 'Journal-Secret-1'));
    const journal = (await call(c.sim, '/__admin/accounts/demo/requests')).body;
    const entry = journal.find((e: { path: string }) => e.path === '/api/v2/clients/authenticate');
    expect(entry.query.password).toEqual(['[redacted]']);
    expect(JSON.stringify(journal)).not.toContain('Journal-Secret-1');
  });

  it('a first successful sign-in on a legacy hash migrates it to PBKDF2, written to the data file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bas-clients-'));
    try {
      const d = await demoApi({ dataDir: dir });
      const x = legacy(d.world);
      const before = x.PasswordHash!;
      expect(before.startsWith('$sha1$')).toBe(true);
      const storedHash = async () =>
        ((await persistedRows(dir, 'demo', 'clients')).get(x.ClientId)?.PasswordHash as string | undefined) ?? before;
      // A failed attempt changes nothing.
      expect((await call(d, authUrl(x.ClientId, x.Email, 'wrong'))).status).toBe(401);
      expect(stored(d.world, 'clients', x).PasswordHash).toBe(before);
      expect(await storedHash()).toBe(before);
      expect((await call(d, authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD))).status).toBe(200);
      const after = await storedHash();
      expect(after.startsWith('$pbkdf2-sha256$')).toBe(true);
      // The migrated hash still signs in, and a second sign-in does not re-hash.
      expect((await call(d, authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD))).status).toBe(200);
      expect(await storedHash()).toBe(after);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('sign-in timing: every attempt does the same hashing work, whether or not the client id and e-mail match', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The status of one sign-in, and the PBKDF2 calls and iterations and SHA-1 calls it made. */
  async function work(url: string) {
    const pbkdf2 = vi.spyOn(passwordHashing, 'pbkdf2');
    const sha1 = vi.spyOn(passwordHashing, 'sha1');
    try {
      const res = await call(c, url);
      const iterations = pbkdf2.mock.calls.reduce((sum, args) => sum + args[2], 0);
      return {
        status: res.status,
        pbkdf2Calls: pbkdf2.mock.calls.length,
        iterations,
        sha1Calls: sha1.mock.calls.length,
      };
    } finally {
      pbkdf2.mockRestore();
      sha1.mockRestore();
    }
  }

  const once = { pbkdf2Calls: 1, iterations: API_PBKDF2_ITERATIONS, sha1Calls: 0 };

  it("a wrong password, an unknown e-mail, an unknown client id and an inactive client each run one PBKDF2 of the API's cost", async () => {
    const active = await create(c, newClient({ Email: 'timing@example.com', AccountPassword: 'Right-pass-1' }));
    const inactive = await create(
      c,
      newClient({ Email: 'gone@example.com', AccountPassword: 'Right-pass-2', State: 2 }),
    );
    const noPassword = all(c.world).find((y) => y.State === 1 && y.Email !== '' && y.PasswordHash === null)!;
    const attempts = {
      'matching e-mail, wrong password': authUrl(active, 'timing@example.com', 'Wrong-pass-1'),
      'unknown e-mail': authUrl(active, 'nobody@example.com', 'Right-pass-1'),
      'unknown client id': authUrl(UNKNOWN, 'timing@example.com', 'Right-pass-1'),
      'inactive client': authUrl(inactive, 'gone@example.com', 'Right-pass-2'),
      'client without a password': authUrl(noPassword.ClientId, noPassword.Email, 'Anything-1'),
    };
    for (const [what, url] of Object.entries(attempts)) expect(await work(url), what).toEqual({ status: 401, ...once });
    expect(await work(authUrl(active, 'timing@example.com', 'Right-pass-1'))).toEqual({ status: 200, ...once });
  });

  it('a cheaper stored hash (seeded PBKDF2, legacy SHA-1) is topped up to the same PBKDF2 iterations', async () => {
    const seeded = signedUp(c.world);
    expect(seeded.PasswordHash!.startsWith('$pbkdf2-sha256$1000$')).toBe(true);
    expect(await work(authUrl(seeded.ClientId, seeded.Email, 'wrong'))).toMatchObject({
      status: 401,
      iterations: API_PBKDF2_ITERATIONS,
      sha1Calls: 0,
    });
    const old = legacy(c.world);
    expect(await work(authUrl(old.ClientId, old.Email, 'wrong'))).toEqual({ status: 401, ...once, sha1Calls: 1 });
    expect(await work(authUrl(UNKNOWN, old.Email, 'wrong'))).toEqual({ status: 401, ...once });
  });
});
