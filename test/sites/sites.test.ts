import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
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
    expect(Object.keys(res.body[0]).sort()).toEqual(['Email', 'Name', 'Phone', 'SiteId', 'State', 'TimeZone']);
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
    for (const site of world.sites) {
      const res = await call(sim, `/api/v2/sites/${site.SiteId}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(site)));
      expect(res.body.TradingHours).toHaveLength(7);
      expect(res.body.Address.City).not.toBe('');
    }
  });

  it('an unknown well-formed id answers 200 with null', async () => {
    const res = await call(sim, '/api/v2/sites/00000000-0000-0000-0000-000000000001', { token });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });
});
