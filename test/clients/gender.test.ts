import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { all, newClient } from './support.js';

// A public booking site on the real service (github nestortkach/sportweb,
// utilities/createRequestbodies.js createNewClientBody) creates its guest clients without a Gender,
// and production takes them: ASP.NET binds a Byte left out as 0.

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});

const VERSIONS = [
  { name: 'version 2', base: '/api/v2', auth: () => ({}) },
  { name: 'version 1', base: '/api', auth: () => ({ token: undefined, apiKey: DEMO_API_KEY }) },
];

describe.each(VERSIONS)('Gender on POST clients ($name)', (v) => {
  const post = (body: unknown) =>
    call(c, `${v.base}/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body, ...v.auth() });
  const read = (id: string) => call(c, `${v.base}/clients/${id}`, v.auth());
  const withoutGender = () => {
    const { Gender: _none, ...body } = newClient({ Email: 'guest@example.com' });
    return body;
  };

  it('a Gender left out is no error: the client is stored and answered with Gender 0', async () => {
    const res = await post(withoutGender());
    expect(res.status, res.text).toBe(200);
    const id = res.body.Value as string;
    expect(all(c.world).find((x) => x.ClientId === id)!.Gender).toBe(0);
    expect((await read(id)).body.Gender).toBe(0);
    const list = await call(c, `${v.base}/clients?siteId=${activeSite(c.world)}&find=guest@`, v.auth());
    expect(list.body.map((r: { ClientId: string; Gender: number }) => [r.ClientId, r.Gender])).toEqual([[id, 0]]);
  });

  it('a Gender sent as null is left out too: 0', async () => {
    const res = await post({ ...withoutGender(), Gender: null });
    expect(res.status, res.text).toBe(200);
    expect((await read(res.body.Value)).body.Gender).toBe(0);
  });

  it('an explicit 1 or 2 is kept', async () => {
    for (const gender of [1, 2]) {
      const res = await post(newClient({ Gender: gender }));
      expect((await read(res.body.Value)).body.Gender).toBe(gender);
    }
  });

  it('any other number sent, 0 included, is a 400 on Gender', async () => {
    for (const gender of [0, 3, 255]) {
      const res = await post(newClient({ Gender: gender }));
      expect([res.status, Object.keys(res.body.ModelState ?? {})], String(gender)).toEqual([400, ['Gender']]);
    }
  });
});

describe('Gender on PUT clients', () => {
  it('a PUT that leaves Gender out keeps 0; a later 1 or 2 sets it', async () => {
    const { Gender: _none, ...body } = newClient();
    const id = (await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, { method: 'POST', body })).body.Value;
    const put = (b: unknown) => call(c, `/api/v2/clients?clientId=${id}`, { method: 'PUT', body: b });
    expect((await put({ MobilePhone: '07700 900999' })).status).toBe(200);
    expect((await call(c, `/api/v2/clients/${id}`)).body.Gender).toBe(0);
    expect((await put({ Gender: 2 })).status).toBe(200);
    expect((await call(c, `/api/v2/clients/${id}`)).body.Gender).toBe(2);
  });
});

describe('seeded clients keep a Gender of 1 or 2', () => {
  it('no seeded client has Gender 0', () => {
    expect(new Set(c.world.clients.map((x) => x.Gender))).toEqual(new Set([1, 2]));
  });
});
