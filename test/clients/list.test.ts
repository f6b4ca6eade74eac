import { beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { all } from './support.js';

let c: DemoApi;
beforeAll(async () => {
  c = await demoApi();
});

const list = async (query: string) => {
  const res = await call(c, `/api/v2/clients?siteId=${activeSite(c.world)}${query}`);
  expect(res.status).toBe(200);
  return res.body as {
    ClientId: string;
    SiteId: string | null;
    State: number;
    FirstName: string;
    LastName: string;
    CreationDate: string;
  }[];
};
const ids = (rows: { ClientId: string }[]) => rows.map((r) => r.ClientId).sort();

describe('GET /api/v2/clients', () => {
  it('siteId is required by name: without it the answer is 405 (POST and PUT share the path)', async () => {
    expect((await call(c, '/api/v2/clients')).status).toBe(405);
  });

  it("itemState defaults to Active and lists the site's clients plus account-wide ones", async () => {
    const siteId = activeSite(c.world);
    const expected = all(c.world).filter((x) => x.State === 1 && (x.SiteId === null || x.SiteId === siteId));
    expect(ids(await list(''))).toEqual(ids(expected));
  });

  it('account-wide clients (SiteId null) are included for every siteId, even the empty Guid', async () => {
    const wide = all(c.world).filter((x) => x.SiteId === null && x.State === 1);
    expect(wide.length).toBeGreaterThan(0);
    const res = await call(c, '/api/v2/clients?siteId=');
    expect(ids(res.body)).toEqual(ids(wide));
  });

  it('itemState=Inactive lists inactive clients; All lists nothing', async () => {
    expect((await list('&itemState=Inactive')).every((r) => r.State === 2)).toBe(true);
    expect((await list('&itemState=2')).length).toBeGreaterThan(0);
    expect(await list('&itemState=All')).toEqual([]);
  });

  it('find is a case-insensitive starts-with over first name, last name and first-plus-last', async () => {
    const x = (await list(''))[0]!;
    const full = `${x.FirstName} ${x.LastName}`;
    const prefix = full.slice(0, x.FirstName.length + 3).toUpperCase();
    const rows = await list(`&find=${encodeURIComponent(prefix)}`);
    expect(ids(rows)).toContain(x.ClientId);
    expect(
      rows.every(
        (r) =>
          `${r.FirstName} ${r.LastName}`.toUpperCase().startsWith(prefix) ||
          r.LastName.toUpperCase().startsWith(prefix) ||
          r.FirstName.toUpperCase().startsWith(prefix),
      ),
    ).toBe(true);
    expect(ids(await list(`&find=${encodeURIComponent(x.LastName.slice(0, 3).toLowerCase())}`))).toContain(x.ClientId);
  });

  it('find also matches client code, e-mail, mobile and membership number from their start, not inside', async () => {
    const siteId = activeSite(c.world);
    const x = all(c.world).find((y) => y.State === 1 && y.SiteId === siteId && y.Email !== '' && y.MobilePhone !== '')!;
    for (const text of [x.ClientCode, x.Email.slice(0, 6), x.MobilePhone.slice(0, 5)]) {
      expect(ids(await list(`&find=${encodeURIComponent(text)}`))).toContain(x.ClientId);
    }
    const member = all(c.world).find((y) => y.State === 1 && y.SiteId === siteId && y.MembershipNumber !== '')!;
    expect(ids(await list(`&find=${member.MembershipNumber}`))).toContain(member.ClientId);
    expect(ids(await list(`&find=${encodeURIComponent(x.Email.slice(2))}`))).not.toContain(x.ClientId);
  });

  it('creationDate keeps clients created on or after it', async () => {
    const rows = await list('');
    const pivot = rows.map((r) => r.CreationDate).sort()[Math.floor(rows.length / 2)]!;
    const after = await list(`&creationDate=${encodeURIComponent(pivot)}`);
    expect(after.length).toBeGreaterThan(0);
    expect(ids(after)).toEqual(ids(rows.filter((r) => r.CreationDate >= pivot)));
    expect(after.length).toBeLessThan(rows.length);
  });

  it('rows are ordered by last name, then first name', async () => {
    const rows = await list('');
    expect(rows.length).toBeGreaterThan(1);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(
        collator.compare(a.LastName, b.LastName) || collator.compare(a.FirstName, b.FirstName),
      ).toBeLessThanOrEqual(0);
    }
  });

  it('ClientList rows never carry a password or a hash', async () => {
    const text = JSON.stringify(await list(''));
    expect(text).not.toMatch(/password|hash|\$pbkdf2|\$sha1/i);
  });
});
