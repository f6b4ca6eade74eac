import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { API_PBKDF2_ITERATIONS } from '../../src/clients/account-password.js';
import { passwordHashing } from '../../src/world/passwords.js';
import { entries } from '../admin/journal-support.js';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { all, authUrl, newClient } from './support.js';

// A public booking site on the real service (github nestortkach/sportweb) signs clients up on
// version 1 with `AccountPassword` = the lowercase hex SHA-512 of the password, computed by the site
// itself (utilities/createRequestbodies.js createRegisterBody), and signs them in by reading
// `AccountPassword` from version 1's `GET clients/?Id=<id>` and comparing it with the SHA-512 it
// computes (pages/api/login.js). Version 1 keeps that value as sent and answers it; version 2 never
// answers any password; version 2's authenticate checks a password against it and migrates it.

const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'ada.v1@example.com';

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const v1 = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call(c.sim, path, { ...init, apiKey: DEMO_API_KEY });
const stored = (id: string) => all(c.world).find((x) => x.ClientId === id)!;

/** Signs a client up on version 1 as the site does; its id. */
async function signUpV1(accountPassword: string = sha512(PASSWORD)): Promise<string> {
  const body = newClient({ Email: EMAIL, AccountPassword: accountPassword });
  const res = await v1(`/api/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body });
  expect(res.status, res.text).toBe(200);
  return res.body.Value as string;
}

describe('version 1 keeps AccountPassword as sent and answers it on the single client', () => {
  it('POST /api/clients keeps AccountPassword as sent; GET /api/clients/{id} and ?Id= answer it', async () => {
    const id = await signUpV1();
    expect(stored(id).PasswordHash).toBe(sha512(PASSWORD));
    const byRoute = await v1(`/api/clients/${id}`);
    const byQuery = await v1(`/api/clients/?Id=${id}`);
    expect(byRoute.body.AccountPassword).toBe(sha512(PASSWORD));
    expect(byQuery.body).toEqual(byRoute.body);
    expect(byRoute.body.HasAccountPassword).toBe(true);
  });

  it("a client without a password answers AccountPassword ''", async () => {
    const none = all(c.world).find((x) => x.PasswordHash === null)!;
    expect((await v1(`/api/clients/${none.ClientId}`)).body).toMatchObject({
      AccountPassword: '',
      HasAccountPassword: false,
    });
  });

  it('version 1 list rows and every version 2 answer carry no password material', async () => {
    const id = await signUpV1();
    const hash = sha512(PASSWORD);
    const reads = [
      await v1(`/api/clients?siteId=${activeSite(c.world)}&find=${EMAIL}`),
      await call(c, `/api/v2/clients/${id}`),
      await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}&find=${EMAIL}`),
      await call(c, `/api/v2/clients/contacts?siteId=${activeSite(c.world)}`),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.text).not.toContain(hash);
      expect(read.text).not.toContain('"AccountPassword"');
    }
    expect(reads[0]!.body.map((r: { ClientId: string }) => r.ClientId)).toEqual([id]);
  });

  it('version 2 POST keeps AccountPassword only as a PBKDF2 hash: version 1 answers that string, never the text', async () => {
    const body = newClient({ Email: EMAIL, AccountPassword: 'Plain-v2-pass' });
    const id = (await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body })).body.Value;
    const answered = (await v1(`/api/clients/${id}`)).body.AccountPassword as string;
    expect(answered.startsWith(`$pbkdf2-sha256$${API_PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(answered).toBe(stored(id).PasswordHash);
    expect(answered).not.toContain('Plain-v2-pass');
  });
});

describe("version 2's authenticate on a version 1 value", () => {
  it('checks the SHA-512 of the password sent against the value, in any case', async () => {
    for (const kept of [sha512(PASSWORD), sha512(PASSWORD).toUpperCase()]) {
      const id = await signUpV1(kept);
      expect((await call(c, authUrl(id, EMAIL, 'wrong password'))).status).toBe(401);
      expect((await call(c, authUrl(id, EMAIL, PASSWORD))).status).toBe(200);
    }
  });

  it('a first success migrates it to PBKDF2, which version 1 then answers: the SHA-512 no longer matches it', async () => {
    const id = await signUpV1();
    expect((await call(c, authUrl(id, EMAIL, PASSWORD))).status).toBe(200);
    const migrated = stored(id).PasswordHash!;
    expect(migrated.startsWith(`$pbkdf2-sha256$${API_PBKDF2_ITERATIONS}$`)).toBe(true);
    const answered = (await v1(`/api/clients/?Id=${id}`)).body.AccountPassword;
    expect(answered).toBe(migrated);
    expect(answered).not.toBe(sha512(PASSWORD));
    // The migrated hash still signs in, and a second sign-in does not re-hash.
    expect((await call(c, authUrl(id, EMAIL, PASSWORD))).status).toBe(200);
    expect(stored(id).PasswordHash).toBe(migrated);
  });

  it('a failed sign-in writes nothing and costs the PBKDF2 work of any other failure', async () => {
    const id = await signUpV1();
    const pbkdf2 = vi.spyOn(passwordHashing, 'pbkdf2');
    expect((await call(c, authUrl(id, EMAIL, 'wrong password'))).status).toBe(401);
    expect(pbkdf2.mock.calls.reduce((sum, args) => sum + args[2], 0)).toBe(API_PBKDF2_ITERATIONS);
    expect(stored(id).PasswordHash).toBe(sha512(PASSWORD));
  });
});

describe('PUT clients and the stored password value', () => {
  it('version 1 PUT: a non-blank AccountPassword replaces the value as sent; sending back the value read keeps it', async () => {
    const id = await signUpV1();
    const read = (await v1(`/api/clients/${id}`)).body;
    const put = (body: unknown) => v1(`/api/clients?clientId=${id}`, { method: 'PUT', body });
    expect((await put({ ...read, FirstName: 'Ada' })).status).toBe(200);
    expect(stored(id).PasswordHash).toBe(sha512(PASSWORD));
    expect((await put({ AccountPassword: '' })).status).toBe(200);
    expect(stored(id).PasswordHash).toBe(sha512(PASSWORD));
    expect((await put({ AccountPassword: sha512('new password') })).status).toBe(200);
    expect((await v1(`/api/clients/${id}`)).body.AccountPassword).toBe(sha512('new password'));
    expect((await call(c, authUrl(id, EMAIL, 'new password'))).status).toBe(200);
  });

  it("version 2 PUT's AccountPassword leaves the value as it was (written apart, hashed)", async () => {
    const id = await signUpV1();
    const res = await call(c, `/api/v2/clients?clientId=${id}`, {
      method: 'PUT',
      body: { AccountPassword: sha512('other') },
    });
    expect(res.status).toBe(200);
    expect(stored(id).PasswordHash).toBe(sha512(PASSWORD));
    expect(stored(id).AccountPassword?.startsWith('$pbkdf2-sha256$')).toBe(true);
  });
});

describe('the request journal keeps no password value', () => {
  it('the sign-up POST and the version 1 GET are journaled with AccountPassword redacted, request and answer', async () => {
    const hash = sha512(PASSWORD);
    const id = await signUpV1(hash);
    // Twice: the second answer is a reused one, captured from its bytes.
    await v1(`/api/clients/?Id=${id}`);
    await v1(`/api/clients/?Id=${id}`);
    const journal = await entries(c.sim);
    const [signUp, ...reads] = journal.slice(-3);
    expect(signUp).toMatchObject({ method: 'POST', path: '/api/clients', body: { AccountPassword: '[redacted]' } });
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      expect(read).toMatchObject({ method: 'GET', status: 200, answerBody: { ClientId: id } });
      expect(read.answerBody.AccountPassword).toBe('[redacted]');
    }
    expect(JSON.stringify(journal)).not.toContain(hash);
  });
});
