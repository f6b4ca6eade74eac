import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { all, create, newClient } from './support.js';

let c: DemoApi;
beforeEach(async () => {
  c = await demoApi();
});
const email = (e: string, siteId = activeSite(c.world)) =>
  call(c, `/api/v2/clients/emailexists?siteId=${siteId}&email=${encodeURIComponent(e)}`);
const mobile = (m: string, siteId = activeSite(c.world)) =>
  call(c, `/api/v2/clients/mobileexists?siteId=${siteId}&mobile=${encodeURIComponent(m)}`);

describe('GET /api/v2/clients/emailexists', () => {
  it('answers a bare JSON Guid string for a match, compared trimmed and case-insensitively', async () => {
    const id = await create(c, newClient({ Email: 'Mixed.Case@Example.com' }));
    const res = await email('  mixed.case@EXAMPLE.COM ');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.text).toBe(JSON.stringify(id));
  });

  it('answers the literal null when nothing matches', async () => {
    expect((await email('nobody@nowhere.example')).text).toBe('null');
  });

  it('only Active clients count', async () => {
    const id = await create(c, newClient({ Email: 'gone@example.com', State: 2 }));
    expect(all(c.world).find((x) => x.ClientId === id)!.State).toBe(2);
    expect((await email('gone@example.com')).text).toBe('null');
  });

  it('a blank e-mail matches no client, even those with no e-mail recorded', async () => {
    expect(all(c.world).some((x) => x.State === 1 && x.Email === '')).toBe(true);
    expect((await email('   ')).text).toBe('null');
  });

  it('the first match wins: the earliest-created client with the e-mail', async () => {
    const first = await create(c, newClient({ Email: 'shared@example.com' }));
    await create(c, newClient({ Email: 'shared@example.com' }));
    expect((await email('shared@example.com')).body).toBe(first);
  });

  it('follows every write: a changed e-mail is found under the new address only, a client made inactive is not', async () => {
    const first = await create(c, newClient({ Email: 'before@example.com' }));
    const second = await create(c, newClient({ Email: 'before@example.com' }));
    expect((await email('before@example.com')).body).toBe(first);
    const put = (id: string, body: unknown) => call(c, `/api/v2/clients?clientId=${id}`, { method: 'PUT', body });
    expect((await put(first, { Email: 'after@example.com' })).status).toBe(200);
    expect((await email('before@example.com')).body).toBe(second);
    expect((await email('after@example.com')).body).toBe(first);
    expect((await put(second, { State: 2 })).status).toBe(200);
    expect((await email('before@example.com')).text).toBe('null');
    expect((await put(first, { Email: 'before@example.com' })).status).toBe(200);
    expect((await email('before@example.com')).body).toBe(first);
    expect((await email('after@example.com')).text).toBe('null');
  });

  it('a refused write leaves the lookups as they were', async () => {
    const id = await create(c, newClient({ Email: 'kept@example.com' }));
    const refused = await call(c, `/api/v2/clients?clientId=${id}`, {
      method: 'PUT',
      body: { Email: 'lost@example.com', MembershipId: '11111111-2222-4333-8444-555555555555' },
    });
    expect(refused.status).toBe(400);
    expect((await email('kept@example.com')).body).toBe(id);
    expect((await email('lost@example.com')).text).toBe('null');
  });

  it('email is required by name: without it the answer is 404', async () => {
    expect((await call(c, `/api/v2/clients/emailexists?siteId=${activeSite(c.world)}`)).status).toBe(404);
  });

  it('clients of another site are not found; account-wide ones are found from any site', async () => {
    const [a, b] = c.world.sites.map((s) => s.SiteId);
    await create(c, newClient({ Email: 'site-a@example.com' }), a);
    const wide = await create(c, newClient({ Email: 'wide@example.com' }), EMPTY);
    expect((await email('site-a@example.com', b)).text).toBe('null');
    expect((await email('wide@example.com', b)).body).toBe(wide);
  });
});

describe('GET /api/v2/clients/mobileexists', () => {
  it('trimmed plain-text comparison: surrounding spaces are ignored', async () => {
    const id = await create(c, newClient({ MobilePhone: '07700 900555' }));
    expect((await mobile('  07700 900555 ')).body).toBe(id);
  });

  it('no normalisation: another format of the same number does not match', async () => {
    await create(c, newClient({ MobilePhone: '07700 900556' }));
    for (const other of ['07700900556', '+44 7700 900556', '7700 900556'])
      expect((await mobile(other)).text).toBe('null');
  });

  it('only Active clients with a mobile recorded', async () => {
    await create(c, newClient({ MobilePhone: '07700 900557', State: 2 }));
    expect((await mobile('07700 900557')).text).toBe('null');
    expect((await mobile('')).text).toBe('null');
  });
});
