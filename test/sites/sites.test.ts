import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import type { World } from '../../src/world/index.js';
import { call, demoApi } from '../helpers.js';

let sim: Simulator;
let token: string;
let world: World;

beforeAll(async () => {
  ({ sim, token, world } = await demoApi({ size: 'standard' }));
});

describe('GET /api/v2/sites', () => {
  it('state defaults to Active and sites are ordered by name', async () => {
    const res = await call(sim, '/api/v2/sites', { token });
    expect(res.status).toBe(200);
    const expected = world.sites
      .filter((s) => s.State === 1)
      .map((s) => s.Name)
      .sort((a, b) => a.localeCompare(b));
    expect(res.body.map((s: { Name: string }) => s.Name)).toEqual(expected);
  });

  it('each row carries its address flat: Street, City, Code and Country at the top level, State the record state', async () => {
    const res = await call(sim, '/api/v2/sites?state=Active', { token });
    expect(res.body.length).toBeGreaterThan(1);
    for (const row of res.body) {
      const site = world.sites.find((s) => s.SiteId === row.SiteId)!;
      const { Street, City, Code, Country } = site.Address;
      expect(row).toEqual({
        SiteId: site.SiteId,
        Name: site.Name,
        State: site.State,
        TimeZone: site.TimeZone,
        Phone: site.Phone,
        Email: site.Email,
        Street,
        City,
        Code,
        Country,
      });
      expect(row.Country).not.toBe('');
      expect(row.State).toBe(1);
    }
  });

  it('state=Inactive lists the inactive site', async () => {
    const res = await call(sim, '/api/v2/sites?state=Inactive', { token });
    expect(res.body.length).toBe(world.sites.filter((s) => s.State === 2).length);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((s: { State: number }) => s.State === 2)).toBe(true);
  });

  it('state=All answers 200 with an empty list', async () => {
    const res = await call(sim, '/api/v2/sites?state=All', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('sites is account-wide: siteId is not needed', async () => {
    expect((await call(sim, '/api/v2/sites?state=1', { token })).status).toBe(200);
  });
});

describe('GET /api/v2/sites/{id}', () => {
  it('answers one site with address, contact details, trading hours and time zone, whatever its state', async () => {
    expect(world.sites.filter((s) => s.State !== 1).length).toBeGreaterThan(0);
    for (const site of world.sites) {
      const res = await call(sim, `/api/v2/sites/${site.SiteId}`, { token });
      expect(res.status).toBe(200);
      const { Street, City, Code, Country } = site.Address;
      expect(res.body).toEqual({ ...JSON.parse(JSON.stringify(site)), Street, City, Code, Country });
      expect(res.body.TradingHours).toHaveLength(7);
      expect(res.body.Address.City).not.toBe('');
    }
  });

  it("keeps every field of the list's row, and adds Website, Address and TradingHours", async () => {
    const rows = (await call(sim, '/api/v2/sites?state=Active', { token })).body;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const one = (await call(sim, `/api/v2/sites/${row.SiteId}`, { token })).body;
      expect(one).toMatchObject(row);
      expect(Object.keys(one).filter((k) => !(k in row))).toEqual(['Website', 'Address', 'TradingHours']);
      expect(one.Address.Country).toBe(row.Country);
    }
  });

  it('an unknown well-formed id answers 200 with null', async () => {
    const res = await call(sim, '/api/v2/sites/00000000-0000-0000-0000-000000000001', { token });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });
});

describe('version 1 sites', () => {
  it('GET /api/sites rows carry Street, City, Code and Country, and GET /api/sites/{id} keeps them', async () => {
    const rows = (await call(sim, '/api/sites?state=1', { apiKey: DEMO_API_KEY })).body;
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const { Street, City, Code, Country } = world.sites.find((s) => s.SiteId === row.SiteId)!.Address;
      expect(row).toMatchObject({ Street, City, Code, Country });
      const one = await call(sim, `/api/sites/${row.SiteId}`, { apiKey: DEMO_API_KEY });
      expect(one.body).toMatchObject(row);
      expect(one.body.Address).toMatchObject({ Street, City, Code, Country });
    }
  });
});
