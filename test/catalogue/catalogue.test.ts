import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { editRecord } from '../../src/records.js';
import type { World } from '../../src/world/index.js';
import { activeSite, call, demoApi, EMPTY, simulator, tokenFor } from '../helpers.js';

// Expectations are derived from the account's own world, so they hold for any seed.

let sim: Simulator;
let token: string;
let world: World;
let siteId: string;
let otherSiteId: string;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi({ size: 'standard' }));
  const active = world.sites.filter((s) => s.State === 1);
  siteId = active[0]!.SiteId;
  otherSiteId = active[1]!.SiteId;
});

const get = async (path: string) => {
  const res = await call(sim, path, { token });
  expect(res.status).toBe(200);
  return res.body as Array<Record<string, any>>;
};
const ids = (rows: Array<Record<string, any>>, key: string) => rows.map((r) => r[key] as string).sort();
const names = (rows: Array<Record<string, any>>) => rows.map((r) => r.Name as string);
const sortedByName = (list: string[]) =>
  [...list].sort(
    (a, b) => new Intl.Collator('en', { sensitivity: 'base' }).compare(a, b) || (a < b ? -1 : a > b ? 1 : 0),
  );
const ofSite = (site: string) => (r: { SiteId: string | null }) => r.SiteId === null || r.SiteId === site;
/** Account-wide rows answer SiteId as the empty Guid. */
const accountWide = (r: Record<string, any>) => r.SiteId === EMPTY;

describe('GET /api/v2/services', () => {
  it('returns the active services of the site and the account-wide ones, package-only hidden', async () => {
    const rows = await get(`/api/v2/services?siteId=${siteId}`);
    const expected = world.services.filter((s) => ofSite(siteId)(s) && s.State === 1 && !s.PackageOnly);
    expect(ids(rows, 'ServiceId')).toEqual(ids(expected as never, 'ServiceId'));
    expect(rows.some(accountWide)).toBe(true);
  });

  it('account-wide services are returned for every siteId', async () => {
    const wide = world.services
      .filter((s) => s.SiteId === null && s.State === 1 && !s.PackageOnly)
      .map((s) => s.ServiceId);
    expect(wide.length).toBeGreaterThan(0);
    for (const site of [siteId, otherSiteId]) {
      const got = ids(await get(`/api/v2/services?siteId=${site}`), 'ServiceId');
      for (const id of wide) expect(got).toContain(id);
    }
  });

  it("another site's services are not returned", async () => {
    const rows = await get(`/api/v2/services?siteId=${siteId}`);
    expect(rows.some((r) => r.SiteId === siteId)).toBe(true);
    expect(rows.every((r) => accountWide(r) || r.SiteId === siteId)).toBe(true);
  });

  it('services are ordered by name', async () => {
    const got = names(await get(`/api/v2/services?siteId=${siteId}`));
    expect(got).toEqual(sortedByName(got));
  });

  it('showPackageServices=true includes package-only component services', async () => {
    const hidden = world.services.filter((s) => ofSite(siteId)(s) && s.State === 1 && s.PackageOnly);
    expect(hidden.length).toBeGreaterThan(0);
    const shown = ids(await get(`/api/v2/services?siteId=${siteId}&showPackageServices=true`), 'ServiceId');
    for (const s of hidden) expect(shown).toContain(s.ServiceId);
  });

  it('itemState Inactive returns only inactive services', async () => {
    const rows = await get(`/api/v2/services?siteId=${siteId}&itemState=Inactive&showPackageServices=true`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.State === 2)).toBe(true);
  });

  it('find is a case-insensitive contains match over name, code and category', async () => {
    const s = world.services.find((x) => ofSite(siteId)(x) && x.State === 1 && !x.PackageOnly)!;
    for (const text of [s.Name.slice(1, 5), s.Code.slice(1).toLowerCase(), s.Category.toUpperCase()]) {
      const rows = await get(`/api/v2/services?siteId=${siteId}&find=${encodeURIComponent(text)}`);
      expect(ids(rows, 'ServiceId')).toContain(s.ServiceId);
      const needle = text.toLowerCase();
      for (const r of rows) {
        expect([r.Name, r.Code, r.Category].some((f: string) => f.toLowerCase().includes(needle))).toBe(true);
      }
    }
  });

  it('find matching nothing answers an empty list', async () => {
    expect(await get(`/api/v2/services?siteId=${siteId}&find=zzzzqqqq`)).toEqual([]);
  });

  it('an empty siteId returns only account-wide services', async () => {
    const rows = await get('/api/v2/services?siteId=');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(accountWide)).toBe(true);
  });
});

describe('GET /api/v2/products', () => {
  it('allowSale defaults to false: only products NOT flagged for sale', async () => {
    const rows = await get(`/api/v2/products?siteId=${siteId}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.AllowSale === false)).toBe(true);
  });

  it('allowSale=true returns only products flagged for sale', async () => {
    const rows = await get(`/api/v2/products?siteId=${siteId}&allowSale=true`);
    const expected = world.products.filter((p) => ofSite(siteId)(p) && p.State === 1 && p.AllowSale);
    expect(ids(rows, 'ProductId')).toEqual(ids(expected as never, 'ProductId'));
  });

  it('cost and quantity are those of the requested site', async () => {
    const p = world.products.find((x) => x.SiteId === null && x.State === 1 && x.Stock.length >= 2)!;
    expect(p).toBeDefined();
    for (const stock of p.Stock) {
      const rows = await get(`/api/v2/products?siteId=${stock.SiteId}&allowSale=${p.AllowSale}`);
      const row = rows.find((r) => r.ProductId === p.ProductId)!;
      expect(row).toMatchObject({ Cost: stock.Cost, Quantity: stock.Quantity });
    }
  });

  it('find is a contains match over name, code and barcode', async () => {
    const p = world.products.find((x) => ofSite(siteId)(x) && x.State === 1 && x.Barcode !== '')!;
    const rows = await get(`/api/v2/products?siteId=${siteId}&allowSale=${p.AllowSale}&find=${p.Barcode.slice(2, 9)}`);
    expect(ids(rows, 'ProductId')).toContain(p.ProductId);
  });
});

describe('GET /api/v2/packages', () => {
  it('returns packages with their services, ordered by name', async () => {
    const rows = await get(`/api/v2/packages?siteId=${siteId}&itemState=Active&find=`);
    const expected = world.packages.filter((p) => ofSite(siteId)(p) && p.State === 1);
    expect(ids(rows, 'PackageId')).toEqual(ids(expected as never, 'PackageId'));
    expect(names(rows)).toEqual(sortedByName(names(rows)));
    expect(rows[0]!.Services.length).toBeGreaterThan(0);
    expect(rows[0]!.Services[0]).toHaveProperty('Name');
  });

  it('packages without find answers 404, with every name it answers 200', async () => {
    expect((await call(sim, `/api/v2/packages?siteId=${siteId}&itemState=Active`, { token })).status).toBe(404);
    expect((await call(sim, `/api/v2/packages?itemState=Active&find=`, { token })).status).toBe(404);
  });

  it('packages with an empty itemState answers an empty list', async () => {
    expect(await get(`/api/v2/packages?siteId=${siteId}&itemState=&find=`)).toEqual([]);
  });

  it('find is a contains match over name, code and barcode', async () => {
    const p = world.packages.find((x) => ofSite(siteId)(x) && x.State === 1)!;
    const rows = await get(`/api/v2/packages?siteId=${siteId}&itemState=1&find=${encodeURIComponent(p.Code.slice(1))}`);
    expect(ids(rows, 'PackageId')).toContain(p.PackageId);
  });
});

describe('GET /api/v2/courses', () => {
  it("returns the site's and account-wide active courses", async () => {
    const rows = await get(`/api/v2/courses?siteId=${siteId}`);
    const expected = world.courses.filter((c) => ofSite(siteId)(c) && c.State === 1);
    expect(ids(rows, 'CourseId')).toEqual(ids(expected as never, 'CourseId'));
  });

  it('find is a contains match over name, code, category and barcode', async () => {
    const c = world.courses.find((x) => ofSite(siteId)(x) && x.State === 1)!;
    const rows = await get(`/api/v2/courses?siteId=${siteId}&find=${encodeURIComponent(c.Barcode.slice(3))}`);
    expect(ids(rows, 'CourseId')).toContain(c.CourseId);
  });
});

describe('GET /api/v2/memberships', () => {
  it('returns memberships ordered by name', async () => {
    const rows = await get(`/api/v2/memberships?siteId=${siteId}`);
    const expected = world.memberships.filter((m) => ofSite(siteId)(m) && m.State === 1);
    expect(ids(rows, 'MembershipId')).toEqual(ids(expected as never, 'MembershipId'));
    expect(names(rows)).toEqual(sortedByName(names(rows)));
  });

  it('find is a contains match over name and code', async () => {
    const m = world.memberships.find((x) => ofSite(siteId)(x) && x.State === 1)!;
    const rows = await get(`/api/v2/memberships?siteId=${siteId}&find=${encodeURIComponent(m.Code.toLowerCase())}`);
    expect(ids(rows, 'MembershipId')).toContain(m.MembershipId);
  });
});

describe.each(['services', 'products', 'courses', 'memberships'])('GET /api/v2/%s', (resource) => {
  it('siteId is required by name: without it the answer is 404', async () => {
    expect((await call(sim, `/api/v2/${resource}`, { token })).status).toBe(404);
  });

  it('itemState All answers 200 with an empty list', async () => {
    expect(await get(`/api/v2/${resource}?siteId=${siteId}&itemState=All`)).toEqual([]);
  });
});

describe('answers follow the data', () => {
  it('a change saved to the account is seen by the next list call', async () => {
    const own = await simulator();
    const ownToken = await tokenFor(own);
    const account = own.registry.get('demo')!;
    const service = account.world.services.find((s) => s.SiteId === null && s.State === 1 && !s.PackageOnly)!;
    const list = async () =>
      (await call(own, `/api/v2/services?siteId=${service.SiteId ?? ''}`, { token: ownToken })).body;
    expect((await list()).map((r: { Name: string }) => r.Name)).toContain(service.Name);
    await account.write(() => {
      editRecord(account.world, 'services', service).Name = 'Renamed Treatment';
    });
    expect((await list()).map((r: { Name: string }) => r.Name)).toContain('Renamed Treatment');
  });
});

describe('services rows as a real client reads them', () => {
  it('every services row carries ServiceTypeName (its category) and SellInclusive (its price including tax)', async () => {
    const d = await demoApi();
    const siteId = activeSite(d.world);
    const res = await call(d, `/api/v2/services?siteId=${siteId}&itemState=Active&find=`);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const row of res.body) {
      expect(row.ServiceTypeName).toBe(row.Category);
      expect(row.SellInclusive).toBe(row.Price);
      expect(typeof row.Duration).toBe('number');
    }
  });
});
