import { beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { all } from './support.js';

let c: DemoApi;
beforeAll(async () => {
  c = await demoApi();
});
type Row = {
  ClientId: string;
  LastName: string;
  ContactEmail: boolean | null;
  ContactSms: boolean | null;
  ContactPhone: boolean | null;
};
const contacts = async (query = ''): Promise<Row[]> => {
  const res = await call(c, `/api/v2/clients/contacts?siteId=${activeSite(c.world)}${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const ids = (rows: { ClientId: string }[]) => rows.map((r) => r.ClientId).sort();
const inSite = () =>
  all(c.world).filter((x) => x.State === 1 && (x.SiteId === null || x.SiteId === activeSite(c.world)));

describe('GET /api/v2/clients/contacts', () => {
  it('clients who have not agreed to marketing are always excluded', async () => {
    const expected = inSite().filter((x) => x.AcceptsMarketing);
    expect(ids(await contacts())).toEqual(ids(expected));
    const refusers = new Set(
      inSite()
        .filter((x) => !x.AcceptsMarketing)
        .map((x) => x.ClientId),
    );
    for (const q of ['&contactEmail=true', '&contactSms=false', '&contactPhone=true']) {
      expect((await contacts(q)).some((r) => refusers.has(r.ClientId))).toBe(false);
    }
  });

  it('a channel left out is ignored; true keeps those who accepted it', async () => {
    const rows = await contacts('&contactEmail=true');
    expect(rows.length).toBeGreaterThan(0);
    expect(ids(rows)).toEqual(ids(inSite().filter((x) => x.AcceptsMarketing && x.ContactEmail === true)));
  });

  it('false keeps only those who explicitly declined the channel (never asked does not match)', async () => {
    const rows = await contacts('&contactSms=false');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ContactSms === false)).toBe(true);
    expect(ids(rows)).toEqual(ids(inSite().filter((x) => x.AcceptsMarketing && x.ContactSms === false)));
  });

  it('channel filters combine', async () => {
    const rows = await contacts('&contactEmail=true&contactSms=false');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ContactEmail === true && r.ContactSms === false)).toBe(true);
    expect(ids(rows)).toEqual(
      ids(inSite().filter((x) => x.AcceptsMarketing && x.ContactEmail === true && x.ContactSms === false)),
    );
    expect(rows.length).toBeLessThan((await contacts('&contactEmail=true')).length);
  });

  it('find is a contains match over name, code, e-mail, mobile and membership number', async () => {
    const x = inSite().find((y) => y.AcceptsMarketing && y.Email !== '')!;
    const inside = x.Email.slice(2, 8);
    expect(ids(await contacts(`&find=${encodeURIComponent(inside.toUpperCase())}`))).toContain(x.ClientId);
    expect(ids(await contacts(`&find=${x.ClientCode.slice(3)}`))).toContain(x.ClientId);
  });

  it('itemState defaults to Active; Inactive lists inactive consenting clients; All lists nothing', async () => {
    const inactive = await contacts('&itemState=Inactive');
    const expected = all(c.world).filter(
      (x) => x.State === 2 && x.AcceptsMarketing && (x.SiteId === null || x.SiteId === activeSite(c.world)),
    );
    expect(inactive.length).toBeGreaterThan(0);
    expect(ids(inactive)).toEqual(ids(expected));
    expect(await contacts('&itemState=All')).toEqual([]);
  });

  it('ordered by last name', async () => {
    const names = (await contacts()).map((r) => r.LastName);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).toEqual(names);
  });

  it('a channel value that is not a Boolean answers 400 naming it', async () => {
    const res = await call(c, `/api/v2/clients/contacts?siteId=${activeSite(c.world)}&contactSms=maybe`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['contactSms']);
  });
});
