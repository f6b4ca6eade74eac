import { beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { DAY, formatDate } from '../../src/datetime.js';
import type { World } from '../../src/world/index.js';
import type { Site } from '../../src/world/sites.js';
import { call, FIXED_NOW, ms, simulator, tokenFor } from '../helpers.js';
import { datesPath, localDate, londonAccount, servicesAt, timesPath } from './availability-fixtures.js';

// GET /api/v2/appointments/availabledates against the standard world.

let sim: Simulator;
let token: string;
let world: World;
let london: Site;

beforeAll(async () => {
  ({ sim, token, world, site: london } = await londonAccount());
});

const dates = async (siteId: string, services: string[], packages: string[] = []): Promise<string[]> => {
  const res = await call(sim, datesPath(siteId, services, packages), { token });
  expect(res.status).toBe(200);
  return res.body as string[];
};
const offered = async (p: Parameters<typeof timesPath>[0]) =>
  ((await call(sim, timesPath(p), { token })).body as unknown[]).length > 0;

describe('GET /api/v2/appointments/availabledates', () => {
  it("lists the site's dates from its today over 30 days, in order, written yyyy-MM-dd 00:00", async () => {
    const service = servicesAt(world, london.SiteId)[0]!;
    const got = await dates(london.SiteId, [service.ServiceId]);
    expect(got.length).toBeGreaterThan(0);
    for (const d of got) expect(d).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
    expect(got).toEqual([...got].sort());
    const today = localDate(london, FIXED_NOW);
    expect(got[0]! >= today).toBe(true);
    expect(got[got.length - 1]! < formatDate(ms(today) + 30 * DAY)).toBe(true);
  });

  it('a date is listed exactly when availabletimes offers a time that day', async () => {
    const [a, b] = servicesAt(world, london.SiteId, { resources: true });
    const services = [a!.ServiceId, b!.ServiceId];
    const got = await dates(london.SiteId, services);
    expect(got.length).toBeGreaterThan(0);
    for (let d = 0; d < 30; d++) {
      const day = localDate(london, FIXED_NOW, d);
      expect(await offered({ siteId: london.SiteId, day, services }), day).toBe(got.includes(`${day} 00:00`));
    }
  });

  it('packages are searched as availabletimes searches packageId', async () => {
    // A package of several services London offers on some day (some need staff it does not have).
    let got: string[] = [];
    const pkg = await (async () => {
      for (const candidate of world.packages.filter((p) => p.State === 1 && p.Services.length > 1)) {
        got = await dates(london.SiteId, [], [candidate.PackageId]);
        if (got.length > 0) return candidate;
      }
      throw new Error('no package of several services is offered at London');
    })();
    expect(got.length).toBeGreaterThan(0);
    for (let d = 0; d < 30; d++) {
      const day = localDate(london, FIXED_NOW, d);
      expect(await offered({ siteId: london.SiteId, day, packageId: pkg.PackageId }), day).toBe(
        got.includes(`${day} 00:00`),
      );
    }
  });

  it('closed days are never listed', async () => {
    const service = servicesAt(world, london.SiteId)[0]!;
    const closed = new Set(london.TradingHours.filter((h) => h.Closed).map((h) => h.DayOfWeek));
    expect(closed.size).toBeGreaterThan(0);
    for (const d of await dates(london.SiteId, [service.ServiceId]))
      expect(closed.has(new Date(ms(d)).getUTCDay())).toBe(false);
  });

  it('no services and no packages answers an empty list, as does an unknown site', async () => {
    expect(await dates(london.SiteId, [])).toEqual([]);
    expect(
      await dates('11111111-1111-1111-1111-111111111111', [servicesAt(world, london.SiteId)[0]!.ServiceId]),
    ).toEqual([]);
  });

  it('today drops out once the clock passes its last bookable time', async () => {
    const own = await simulator({ size: 'standard' });
    const ownToken = await tokenFor(own);
    const service = servicesAt(world, london.SiteId).find((s) => s.Duration <= 30)!;
    const today = `${localDate(london, FIXED_NOW)} 00:00`;
    const before = (await call(own, datesPath(london.SiteId, [service.ServiceId]), { token: ownToken }))
      .body as string[];
    expect(before).toContain(today);
    await call(own, '/__admin/accounts/demo/clock', { method: 'POST', body: { advanceSeconds: 14 * 3600 } });
    const after = (await call(own, datesPath(london.SiteId, [service.ServiceId]), { token: ownToken }))
      .body as string[];
    expect(after).not.toContain(today);
  });
});
