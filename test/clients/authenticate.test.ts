import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEEDED_CLIENT_PASSWORD } from '../../src/world/passwords.js';
import { call, json, persistedRows, stored } from '../helpers.js';
import { type Clients, UNKNOWN, all, authUrl, clients, create, legacy, newClient, signedUp } from './support.js';

let c: Clients;
beforeEach(async () => {
  c = await clients();
});
const status = async (url: string) => {
  const res = await c.send(url);
  expect(res.text).toBe('');
  return res.status;
};

describe('GET /api/v2/clients/authenticate', () => {
  it('a valid password answers 200 with an empty body', async () => {
    const x = signedUp(c.world);
    const res = await c.send(authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD));
    expect([res.status, res.text, res.headers.get('content-type')]).toEqual([200, '', null]);
  });

  it('every failure is the same 401 with an empty body: wrong password, wrong e-mail, unknown id, inactive, no password', async () => {
    const x = signedUp(c.world);
    expect(await status(authUrl(x.ClientId, x.Email, 'wrong'))).toBe(401);
    expect(await status(authUrl(x.ClientId, `other.${x.Email}`, SEEDED_CLIENT_PASSWORD))).toBe(401);
    expect(await status(authUrl(UNKNOWN, x.Email, SEEDED_CLIENT_PASSWORD))).toBe(401);
    const inactive = await create(c, newClient({ Email: 'inactive@example.com', AccountPassword: 'pw-inactive', State: 2 }));
    expect(await status(authUrl(inactive, 'inactive@example.com', 'pw-inactive'))).toBe(401);
    const none = all(c.world).find((y) => y.State === 1 && y.Email !== '' && y.PasswordHash === null)!;
    expect(await status(authUrl(none.ClientId, none.Email, ''))).toBe(401);
  });

  it('the client is resolved by id and e-mail together: another client\'s e-mail fails', async () => {
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
    expect([noToken.status, await noToken.text()]).toEqual([403, 'Unauthorized - No bearer token sent in request header.']);
    const badToken = await call(c.sim, authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD), { token: 'not-a-token' });
    expect([badToken.status, await badToken.text()]).toEqual([403, 'Unauthorized - Invalid or expired token.']);
    expect(await status(authUrl(x.ClientId, x.Email, 'wrong'))).toBe(401);
  });

  it('clientId, email and password are all required by name (404 without one)', async () => {
    const x = signedUp(c.world);
    expect((await c.send(`/api/v2/clients/authenticate?clientId=${x.ClientId}&email=${x.Email}`)).status).toBe(404);
  });

  it('the password never appears in the request journal', async () => {
    const x = signedUp(c.world);
    await c.send(authUrl(x.ClientId, x.Email, 'Journal-Secret-1'));
    const journal = await json(call(c.sim, '/__admin/accounts/demo/requests'));
    const entry = journal.find((e: { path: string }) => e.path === '/api/v2/clients/authenticate');
    expect(entry.query.password).toEqual(['[redacted]']);
    expect(JSON.stringify(journal)).not.toContain('Journal-Secret-1');
  });

  it('a first successful sign-in on a legacy hash migrates it to PBKDF2, written to the data file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bas-clients-'));
    try {
      const d = await clients({ dataDir: dir });
      const x = legacy(d.world);
      const before = x.PasswordHash!;
      expect(before.startsWith('$sha1$')).toBe(true);
      const storedHash = async () =>
        ((await persistedRows(dir, 'demo', 'clients')).get(x.ClientId)?.PasswordHash as string | undefined) ?? before;
      // A failed attempt changes nothing.
      expect((await d.send(authUrl(x.ClientId, x.Email, 'wrong'))).status).toBe(401);
      expect(stored(d.world, 'clients', x).PasswordHash).toBe(before);
      expect(await storedHash()).toBe(before);
      expect((await d.send(authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD))).status).toBe(200);
      const after = await storedHash();
      expect(after.startsWith('$pbkdf2-sha256$')).toBe(true);
      // The migrated hash still signs in, and a second sign-in does not re-hash.
      expect((await d.send(authUrl(x.ClientId, x.Email, SEEDED_CLIENT_PASSWORD))).status).toBe(200);
      expect(await storedHash()).toBe(after);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
