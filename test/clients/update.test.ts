import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyPasswordHash } from '../../src/world/passwords.js';
import { call, type DemoApi, demoApi, EMPTY, persistedRows, UNKNOWN } from '../helpers.js';
import { all, authUrl, create, newClient } from './support.js';

let c: DemoApi;
let id: string;
beforeEach(async () => {
  c = await demoApi();
  id = await create(c, newClient({ AccountPassword: 'old-password' }));
});
const put = (body: unknown, clientId = id) => call(c, `/api/v2/clients?clientId=${clientId}`, { method: 'PUT', body });
const get = async () => (await call(c, `/api/v2/clients/${id}`)).body;
const signIn = async (password: string) => (await call(c, authUrl(id, 'jane.smith@example.com', password))).status;

describe('PUT /api/v2/clients', () => {
  it('the query clientId selects the record; the answer is the write result with that id', async () => {
    const other = all(c.world).find((x) => x.ClientId !== id)!;
    const res = await put({ ClientId: other.ClientId, FirstName: 'Janet' });
    expect(res.body).toEqual({ Message: 'ClientId', Value: id });
    expect((await get()).FirstName).toBe('Janet');
    expect(all(c.world).find((x) => x.ClientId === other.ClientId)!.FirstName).not.toBe('Janet');
  });

  it('sent fields overwrite, fields left out keep their value', async () => {
    await put({ MobilePhone: '07700 900999', PhysicalAddress: { City: 'Leeds' } });
    expect(await get()).toMatchObject({
      MobilePhone: '07700 900999',
      FirstName: 'Jane',
      Email: 'jane.smith@example.com',
    });
    expect((await get()).PhysicalAddress.City).toBe('Leeds');
  });

  it('a clientId naming no client answers 400 Record does not exist.', async () => {
    const res = await put({ FirstName: 'X' }, UNKNOWN);
    expect([res.status, res.body]).toEqual([400, { Message: 'Record does not exist.' }]);
  });

  it('NewAccountPassword changes the password', async () => {
    await put({ NewAccountPassword: 'new-password' });
    expect(await signIn('new-password')).toBe(200);
    expect(await signIn('old-password')).toBe(401);
  });

  it('AccountPassword sent on update does not change the password', async () => {
    await put({ AccountPassword: 'sent-on-update' });
    expect(await signIn('old-password')).toBe(200);
    expect(await signIn('sent-on-update')).toBe(401);
  });

  it('AccountPassword sent on update is written into the record, only as a hash, and never answered', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bas-clients-'));
    try {
      const d = await demoApi({ dataDir: dir });
      const x = await create(d, newClient());
      await call(d, `/api/v2/clients?clientId=${x}`, { method: 'PUT', body: { AccountPassword: 'kept-as-sent' } });
      const files =
        (await readFile(path.join(dir, 'demo.json'), 'utf8')) + (await readFile(path.join(dir, 'demo.log'), 'utf8'));
      const written = (await persistedRows(dir, 'demo', 'clients')).get(x)!.AccountPassword as string;
      expect(written).toMatch(/^\$pbkdf2-sha256\$/);
      expect(verifyPasswordHash(written, 'kept-as-sent')).toBe(true);
      expect(files).not.toContain('kept-as-sent');
      expect((await call(d, `/api/v2/clients/${x}`)).text).not.toContain('kept-as-sent');
      expect(
        JSON.stringify((await call(d, `/api/v2/clients?siteId=${d.world.sites[0]!.SiteId}&find=jane`)).body),
      ).not.toContain('kept-as-sent');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('ClientNotes ObjectState: 1 creates, 2 updates, 3 deletes, 0 leaves as is', async () => {
    await put({
      ClientNotes: [1, 2, 3].map((n) => ({
        ObjectState: 1,
        ClientNoteType: 1,
        Category: 'General',
        Body: `note ${n}`,
      })),
    });
    const [a, b, d] = (await get()).ClientNotes as { ClientNoteId: string; Body: string }[];
    await put({
      ClientNotes: [
        { ClientNoteId: a!.ClientNoteId, ObjectState: 2, Body: 'updated' },
        { ClientNoteId: b!.ClientNoteId, ObjectState: 3 },
        { ClientNoteId: d!.ClientNoteId, ObjectState: 0, Body: 'ignored' },
        { ClientNoteId: EMPTY, ObjectState: 1, ClientNoteType: 4, Category: 'Allergy', Body: 'added' },
      ],
    });
    const bodies = (await get()).ClientNotes.map((n: { Body: string }) => n.Body);
    expect(bodies).toEqual(['updated', 'note 3', 'added']);
  });

  it('a note update or delete naming no note of this client answers 400 on that note and writes nothing', async () => {
    const res = await put({ FirstName: 'Changed', ClientNotes: [{ ClientNoteId: UNKNOWN, ObjectState: 3 }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['ClientNotes[0].ClientNoteId']);
    expect((await get()).FirstName).toBe('Jane');
  });

  it('without the clientId name the answer is 405', async () => {
    expect((await call(c, '/api/v2/clients', { method: 'PUT', body: { FirstName: 'X' } })).status).toBe(405);
  });
});
