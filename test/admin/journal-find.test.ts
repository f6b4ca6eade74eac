import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { journalPost } from './journal-support.js';

let c: DemoApi;
let site: string;
beforeEach(async () => {
  c = await demoApi();
  site = activeSite(c.world);
  const create = (body: unknown, agent: string) =>
    call(c, `/api/v2/clients?siteId=${site}`, { method: 'POST', body, headers: { 'user-agent': agent } });
  await create({ FirstName: 'Jane', LastName: 'Smith', Gender: 1, Tags: [{ Name: 'vip' }, { Name: 'new' }] }, 'App/1');
  await create({ FirstName: 'Janet', LastName: 'Smith', Gender: 1, Tags: [] }, 'Other/2');
  await call(c, `/api/v2/services?siteId=${site}&take=5`);
});

const paths = async (query: unknown) => (await journalPost(c.sim, 'find', query)).body.map((e: any) => e.path);

describe('POST /requests/find and /requests/count: richer queries in a JSON body', () => {
  it('a JSON partial body matches a body holding at least those fields with those values, recursively', async () => {
    expect(await paths({ body: { FirstName: 'Jane' } })).toEqual(['/api/v2/clients']);
    expect(await paths({ body: { LastName: 'Smith' } })).toHaveLength(2);
    expect(await paths({ body: { firstname: 'Janet' } })).toHaveLength(1); // names in any case, as the API reads them
    expect(await paths({ body: { FirstName: 'Jan' } })).toEqual([]);
    expect((await journalPost(c.sim, 'count', { method: 'POST', body: { Gender: 1 } })).body).toEqual({ count: 2 });
  });

  it('an expected array needs each of its elements matched by some actual element, in any order', async () => {
    expect(await paths({ body: { Tags: [{ Name: 'new' }] } })).toHaveLength(1);
    expect(await paths({ body: { Tags: [{ Name: 'new' }, { Name: 'vip' }] } })).toHaveLength(1);
    expect(await paths({ body: { Tags: [{ Name: 'old' }] } })).toHaveLength(0);
    expect(await paths({ body: { Tags: [] } })).toHaveLength(2);
  });

  it('query parameters match by name in any case, each value exactly', async () => {
    expect(await paths({ query: { siteid: site, take: '5' } })).toEqual(['/api/v2/services']);
    expect(await paths({ query: { take: '50' } })).toEqual([]);
    expect(await paths({ query: { siteId: [site] } })).toHaveLength(3);
  });

  it('headers match by name in any case, the value containing the text given in any case', async () => {
    expect((await journalPost(c.sim, 'count', { headers: { 'User-Agent': 'app/' } })).body).toEqual({ count: 1 });
    expect((await journalPost(c.sim, 'count', { headers: { 'content-type': 'application/json' } })).body.count).toBe(3);
    expect((await journalPost(c.sim, 'count', { headers: { 'user-agent': 'curl' } })).body.count).toBe(0);
  });

  it('every field given must match, the GET filters included', async () => {
    const body = { method: 'post', path: '/api/v2/*', status: [200], headers: { 'user-agent': 'Other' } };
    const [entry, ...rest] = (await journalPost(c.sim, 'find', body)).body;
    expect(rest).toEqual([]);
    expect(entry.body).toMatchObject({ FirstName: 'Janet' });
  });

  it('a query with an unknown field, a header the journal does not keep or a bad status answers 400 naming it', async () => {
    const bad = async (body: unknown) => {
      const res = await journalPost(c.sim, 'find', body);
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad({ bodies: {} })).toContain('bodies');
    expect(await bad({ headers: { authorization: 'x' } })).toContain('the journal keeps only the headers');
    expect(await bad({ status: 'ok' })).toContain('status');
  });

  it('a query body must be JSON, sent from the same origin, and at most 64 KiB', async () => {
    const url = '/__admin/accounts/demo/requests/find';
    const text = await call(c.sim, url, { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const cross = await call(c.sim, url, { method: 'POST', body: {}, headers: { origin: 'http://evil.example' } });
    expect(cross.status).toBe(403);
    const large = await journalPost(c.sim, 'find', { body: { Note: 'x'.repeat(70_000) } });
    expect(large.status).toBe(413);
  });
});
