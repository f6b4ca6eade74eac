import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PBKDF2_ITERATIONS } from '../../src/clients/account-password.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY, UNKNOWN } from '../helpers.js';
import { all, authUrl, create, newClient } from './support.js';

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});
const stored = (id: string) => all(c.world).find((x) => x.ClientId === id)!;

describe('POST /api/v2/clients', () => {
  it('creates the client and answers the write result {Message: ClientId, Value: <new id>}', async () => {
    const res = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body: newClient() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['Message', 'Value']);
    expect(res.body.Message).toBe('ClientId');
    expect(res.body.Value).not.toBe(EMPTY);
    const got = await call(c, `/api/v2/clients/${res.body.Value}`);
    expect(got.body).toMatchObject({
      FirstName: 'Jane',
      LastName: 'Smith',
      Email: 'jane.smith@example.com',
      State: 1,
      CreationDate: '2026-03-16 09:00',
    });
  });

  it('the client belongs to the query siteId, not the body SiteId; the empty Guid makes it account-wide', async () => {
    const [site, other] = c.world.sites.map((s) => s.SiteId);
    expect(stored(await create(c, newClient({ SiteId: other }), site)).SiteId).toBe(site);
    expect(stored(await create(c, newClient(), EMPTY)).SiteId).toBeNull();
  });

  it('a new client gets the next client code', async () => {
    const highest = Math.max(...all(c.world).map((x) => Number(x.ClientCode.slice(2))));
    expect(stored(await create(c)).ClientCode).toBe(`CL${String(highest + 1).padStart(6, '0')}`);
  });

  it('AccountPassword sets the password, stored only as a PBKDF2 hash', async () => {
    const id = await create(c, newClient({ AccountPassword: 'S3cret pass' }));
    const hash = stored(id).PasswordHash!;
    expect(hash.startsWith(`$pbkdf2-sha256$${API_PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(JSON.stringify(stored(id))).not.toContain('S3cret pass');
    expect((await call(c, authUrl(id, 'jane.smith@example.com', 'S3cret pass'))).status).toBe(200);
  });

  it('the password is never written to the data file in plain text', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bas-clients-'));
    try {
      const d = await demoApi({ dataDir: dir });
      await create(d, newClient({ AccountPassword: 'Plain-Text-Never' }));
      expect(await readFile(path.join(dir, 'demo.json'), 'utf8')).not.toContain('Plain-Text-Never');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('omitting AccountPassword leaves the client without a password (sign-in fails)', async () => {
    const id = await create(c);
    expect(stored(id).PasswordHash).toBeNull();
    expect((await call(c, `/api/v2/clients/${id}`)).body.HasAccountPassword).toBe(false);
    expect((await call(c, authUrl(id, 'jane.smith@example.com', ''))).status).toBe(401);
  });

  it('duplicates are not prevented: the same client twice gives two records', async () => {
    const a = await create(c);
    const b = await create(c);
    expect(a).not.toBe(b);
    expect(all(c.world).filter((x) => x.Email === 'jane.smith@example.com')).toHaveLength(2);
  });

  it('ClientNotes with ObjectState 1 are created with new ids', async () => {
    const id = await create(
      c,
      newClient({
        ClientNotes: [{ ClientNoteId: EMPTY, ObjectState: 1, ClientNoteType: 4, Category: 'Allergy', Body: 'Latex' }],
      }),
    );
    const notes = (await call(c, `/api/v2/clients/${id}`)).body.ClientNotes;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ ClientId: id, ClientNoteType: 4, Category: 'Allergy', Body: 'Latex' });
    expect(notes[0].ClientNoteId).not.toBe(EMPTY);
  });

  it('a siteId naming no site answers 400 on siteId and writes nothing', async () => {
    const before = all(c.world).length;
    const res = await call(c, `/api/v2/clients?siteId=${UNKNOWN}`, { method: 'POST', body: newClient() });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['siteId']);
    expect(all(c.world)).toHaveLength(before);
  });

  it('a new client is in the list and found by emailexists', async () => {
    const id = await create(c, newClient({ Email: 'first.time@example.com' }));
    const list = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}&find=first.time`);
    expect(list.body.map((r: { ClientId: string }) => r.ClientId)).toEqual([id]);
    expect(
      (await call(c, `/api/v2/clients/emailexists?siteId=${activeSite(c.world)}&email=FIRST.TIME@example.com`)).body,
    ).toBe(id);
  });
});
