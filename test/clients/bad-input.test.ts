import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { all, create, newClient } from './support.js';

let c: DemoApi;
let id: string;
beforeEach(async () => {
  c = await demoApi();
  id = await create(c, newClient({ AccountPassword: 'pw' }));
});
const long = (n: number) => 'x'.repeat(n);
const post = (body: unknown) =>
  call(c, `/api/v2/clients?siteId=${activeSite(c.world)}`, { method: 'POST', ...(body === undefined ? {} : { body }) });
const put = (body: unknown) =>
  call(c, `/api/v2/clients?clientId=${id}`, { method: 'PUT', ...(body === undefined ? {} : { body }) });
const snapshot = () => JSON.stringify(all(c.world));

const cases: [string, unknown, string][] = [
  ['missing body', undefined, 'body'],
  ['malformed JSON', '{"FirstName": ', 'body'],
  ['a body that is not an object', '[1, 2]', 'body'],
  ['FirstName of the wrong type', newClient({ FirstName: 42 }), 'FirstName'],
  ['unknown Gender 3', newClient({ Gender: 3 }), 'Gender'],
  ['Gender 0 sent (only a Gender left out is 0)', newClient({ Gender: 0 }), 'Gender'],
  ['unknown State 0', newClient({ State: 0 }), 'State'],
  ['FirstName over 100 characters', newClient({ FirstName: long(101) }), 'FirstName'],
  ['LastName over 100 characters', newClient({ LastName: long(101) }), 'LastName'],
  ['Email over 254 characters', newClient({ Email: `${long(250)}@x.io` }), 'Email'],
  ['MobilePhone over 50 characters', newClient({ MobilePhone: long(51) }), 'MobilePhone'],
  ['AccountPassword over 128 characters', newClient({ AccountPassword: long(129) }), 'AccountPassword'],
  ['a malformed MembershipId', newClient({ MembershipId: 'nope' }), 'MembershipId'],
  [
    'an unknown ClientNoteType',
    newClient({ ClientNotes: [{ ObjectState: 1, ClientNoteType: 9 }] }),
    'ClientNotes[0].ClientNoteType',
  ],
  ['an unknown ObjectState', newClient({ ClientNotes: [{ ObjectState: 4 }] }), 'ClientNotes[0].ObjectState'],
  ['a street over 200 characters', newClient({ PhysicalAddress: { Street: long(201) } }), 'PhysicalAddress.Street'],
];

describe('POST /api/v2/clients: bad input is a 400 naming the field, and nothing is written', () => {
  it.each(cases)('%s', async (_, body, field) => {
    const before = all(c.world).length;
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('The request is invalid.');
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
    expect(all(c.world)).toHaveLength(before);
    const list = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}&find=Jane Smith`);
    expect(list.body).toHaveLength(1);
  });

  it.each([['FirstName'], ['LastName']])('a missing %s is a 400 naming it', async (field) => {
    const { [field]: _, ...body } = newClient() as Record<string, unknown>;
    const res = await post(body);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('a MembershipId naming no membership is a 400 on MembershipId', async () => {
    const res = await post(newClient({ MembershipId: UNKNOWN }));
    expect(Object.keys(res.body.ModelState)).toEqual(['MembershipId']);
  });
});

describe('PUT /api/v2/clients: bad input is a 400 naming the field, and nothing is written', () => {
  it.each(cases.filter(([name]) => !name.includes('missing')))('%s', async (_, body, field) => {
    const before = snapshot();
    const res = await put(
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? { ...body, FirstName: (body as { FirstName: unknown }).FirstName ?? 'Changed' }
        : body,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toContain(field);
    expect(snapshot()).toBe(before);
  });

  it('a missing body is a 400 on body and writes nothing', async () => {
    const before = snapshot();
    const res = await put(undefined);
    expect(Object.keys(res.body.ModelState)).toEqual(['body']);
    expect(snapshot()).toBe(before);
  });

  it('a blank FirstName is a 400 on FirstName', async () => {
    expect(Object.keys((await put({ FirstName: '  ' })).body.ModelState)).toEqual(['FirstName']);
  });
});

describe('GET endpoints: malformed query values', () => {
  it.each([
    ['/api/v2/clients?siteId=nope', 'siteId'],
    ['/api/v2/clients?siteId=&itemState=Gone', 'itemState'],
    ['/api/v2/clients?siteId=&creationDate=yesterday', 'creationDate'],
    ['/api/v2/clients/authenticate?clientId=nope&email=a&password=b', 'clientId'],
    ['/api/v2/clients/emailexists?siteId=nope&email=a', 'siteId'],
  ])('%s is a 400 naming %s', async (url, field) => {
    const res = await call(c, url);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });
});
