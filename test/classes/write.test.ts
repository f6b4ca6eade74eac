import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, EMPTY, stored, UNKNOWN } from '../helpers.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

describe('POST /api/v2/classes', () => {
  it('creates the class at the query site and answers the write result with Message ClassId', async () => {
    const site = activeSite(a.world);
    const res = await call(a, `/api/v2/classes?siteId=${site}`, {
      method: 'POST',
      body: { ClassId: EMPTY, Name: 'Sunrise Yoga', Capacity: 8 },
    });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('ClassId');
    const saved = a.world.classes.find((c) => c.ClassId === res.body.Value)!;
    expect(saved).toMatchObject({
      SiteId: site,
      Name: 'Sunrise Yoga',
      Capacity: 8,
      ClassType: 1,
      DurationMinutes: 60,
      State: 1,
      EndDate: null,
    });
    const list = await call(a, `/api/v2/classes?siteId=${site}&start=2026-03-16`);
    expect(list.body.some((c: any) => c.ClassId === res.body.Value)).toBe(true);
  });

  it('Name is required: a 400 model state on Name', async () => {
    const res = await call(a, `/api/v2/classes?siteId=${activeSite(a.world)}`, {
      method: 'POST',
      body: { ClassId: EMPTY },
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.Name).toBeDefined();
  });

  it('a siteId naming no site is a 400 model state on siteId', async () => {
    const res = await call(a, `/api/v2/classes?siteId=${UNKNOWN}`, { method: 'POST', body: { Name: 'X' } });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.siteId).toBeDefined();
  });

  it('without siteId POST answers 405 (GET and PUT serve the path)', async () => {
    expect((await call(a, '/api/v2/classes', { method: 'POST', body: { Name: 'X' } })).status).toBe(405);
  });
});

describe('PUT /api/v2/classes', () => {
  const someClass = () => a.world.classes.find((c) => c.State === 1)!;

  it('the query classId selects the record; sent fields overwrite and the write result carries its id', async () => {
    const c = someClass();
    const res = await call(a, `/api/v2/classes?classId=${c.ClassId}`, {
      method: 'PUT',
      body: { ClassId: EMPTY, SiteId: c.SiteId, Name: 'Renamed', Capacity: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Message: 'ClassId', Value: c.ClassId });
    expect(stored(a.world, 'classes', c)).toMatchObject({ Name: 'Renamed', Capacity: 3 });
  });

  it('the site saved against is the body SiteId', async () => {
    const c = someClass();
    const other = a.world.sites.find((s) => s.SiteId !== c.SiteId)!.SiteId;
    await call(a, `/api/v2/classes?classId=${c.ClassId}`, { method: 'PUT', body: { SiteId: other } });
    expect(stored(a.world, 'classes', c).SiteId).toBe(other);
  });

  it('omitting SiteId saves an EMPTY site id (the class leaves its site list)', async () => {
    const c = someClass();
    const site = c.SiteId;
    const res = await call(a, `/api/v2/classes?classId=${c.ClassId}`, { method: 'PUT', body: { Name: c.Name } });
    expect(res.status).toBe(200);
    expect(stored(a.world, 'classes', c).SiteId).toBe(EMPTY);
    const list = await call(a, `/api/v2/classes?siteId=${site}&start=2020-01-01`);
    expect(list.body.some((r: any) => r.ClassId === c.ClassId)).toBe(false);
  });

  it('an unknown classId is a 400 Record does not exist.', async () => {
    const res = await call(a, `/api/v2/classes?classId=${UNKNOWN}`, {
      method: 'PUT',
      body: { SiteId: activeSite(a.world), Name: 'X' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Record does not exist.' });
  });

  it('a SiteId naming no site is a 400 model state on SiteId', async () => {
    const c = someClass();
    const res = await call(a, `/api/v2/classes?classId=${c.ClassId}`, { method: 'PUT', body: { SiteId: UNKNOWN } });
    expect(res.status).toBe(400);
    expect(res.body.ModelState.SiteId).toBeDefined();
  });

  it('without classId PUT answers 405', async () => {
    expect((await call(a, '/api/v2/classes', { method: 'PUT', body: { Name: 'X' } })).status).toBe(405);
  });
});
