import { beforeEach, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { journalPost } from './journal-support.js';

let c: DemoApi;
let site: string;
beforeEach(async () => {
  c = await demoApi();
  site = activeSite(c.world);
  await call(c, `/api/v2/clients?siteId=${site}`, {
    method: 'POST',
    body: { FirstName: 'Janet', LastName: 'Smith', Gender: 1 },
  });
  await call(c, `/api/v2/services?siteId=${site}`);
});

describe('POST /requests/verify', () => {
  it('answers 200 with the number matched when the count holds (default: at least one)', async () => {
    const res = await journalPost(c.sim, 'verify', { query: { method: 'POST', body: { LastName: 'Smith' } } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matched: 1 });
    expect((await journalPost(c.sim, 'verify', { query: { path: '/api/v2/sites' }, count: 0 })).body).toEqual({
      matched: 0,
    });
  });

  it('answers 422 with the nearest requests and what differed in each when too few match', async () => {
    const query = { method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane', LastName: 'Smith' } };
    const res = await journalPost(c.sim, 'verify', { query, count: 1 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ matched: 0, expected: 'exactly 1' });
    const [nearest, next, third] = res.body.nearMisses;
    expect(nearest.request).toMatchObject({ method: 'POST', path: '/api/v2/clients', status: 200 });
    expect(nearest.differences).toEqual(['body.FirstName: expected "Jane", got "Janet"']);
    expect(nearest.distance).toBeCloseTo(1 / 6); // half of the body, one criterion of three
    // The token call differs in path and body; the services call in method, path and body.
    expect(next.request.path).toBe('/api/v2/token');
    expect(next.differences).toEqual([
      'path: expected /api/v2/clients, got /api/v2/token',
      'body.FirstName: expected "Jane", got nothing',
      'body.LastName: expected "Smith", got nothing',
    ]);
    expect(third.request.path).toBe('/api/v2/services');
    expect(third.differences[0]).toBe('method: expected POST, got GET');
    expect(third.distance).toBe(1);
    expect(res.body.error).toContain('expected exactly 1 request(s) matching POST /api/v2/clients body');
    expect(res.body.error).toContain('1. POST /api/v2/clients → 200 at');
    expect(res.body.error).toContain('   - body.FirstName: expected "Jane", got "Janet"');
  });

  it('reports at most three near misses, and the matching requests when too many match', async () => {
    for (let i = 0; i < 4; i++) await call(c, '/api/v2/ping');
    const few = await journalPost(c.sim, 'verify', { query: { path: '/api/v2/nowhere' } });
    expect(few.body.nearMisses).toHaveLength(3);
    const many = await journalPost(c.sim, 'verify', { query: { path: '/api/v2/ping' }, count: { atMost: 2 } });
    expect(many.status).toBe(422);
    expect(many.body).toMatchObject({ matched: 4, expected: 'at most 2', nearMisses: [] });
    expect(many.body.error).toContain('The first 3 that matched:');
  });

  it('a body that was truncated is reported as not compared', async () => {
    await call(c, '/api/v2/nowhere', { method: 'POST', body: { Note: 'n'.repeat(20_000) } });
    const res = await journalPost(c.sim, 'verify', { query: { path: '/api/v2/nowhere', body: { Note: 'n' } } });
    expect(res.body.nearMisses[0].differences).toEqual([
      'body: not compared, it was 20011 bytes and the journal kept only a prefix',
    ]);
  });

  it('an empty journal says so', async () => {
    await call(c.sim, '/__admin/accounts/demo/requests', { method: 'DELETE' });
    const res = await journalPost(c.sim, 'verify', { query: { path: '/api/v2/sites' } });
    expect(res.body.error).toContain('The journal holds no request.');
  });
});
