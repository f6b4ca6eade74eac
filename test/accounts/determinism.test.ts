import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server.js';
import { checkedFetch, DEMO_CREDENTIAL } from '../helpers.js';

// Same seed, size and day give byte-identical responses, across two server instances.

const servers: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function start(seed: number): Promise<RunningServer> {
  const s = await startServer({
    port: 0,
    seed,
    size: 'standard',
    rateLimit: false,
    now: Date.parse('2026-03-16T08:00:00Z'),
  });
  servers.push(s);
  return s;
}

async function snapshot(server: RunningServer): Promise<string[]> {
  const tokenRes = await checkedFetch(`${server.url}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CREDENTIAL),
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const get = async (path: string) =>
    (await checkedFetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${access_token}` } })).text();
  const sites = await get('/api/v2/sites?state=Active');
  const siteId = (JSON.parse(sites) as Array<{ SiteId: string }>)[0]!.SiteId;
  return [
    sites,
    await get('/api/v2/sites?state=Inactive'),
    await get(`/api/v2/sites/${siteId}`),
    await get(`/api/v2/services?siteId=${siteId}&showPackageServices=true`),
    await get(`/api/v2/products?siteId=${siteId}&allowSale=true`),
    await get(`/api/v2/products?siteId=${siteId}`),
    await get(`/api/v2/packages?siteId=${siteId}&itemState=Active&find=`),
    await get(`/api/v2/courses?siteId=${siteId}`),
    await get(`/api/v2/memberships?siteId=${siteId}`),
  ];
}

describe('determinism', () => {
  it('same seed, size and day give byte-identical responses across two server instances', async () => {
    const [a, b] = await Promise.all([start(42), start(42)]);
    const [sa, sb] = await Promise.all([snapshot(a), snapshot(b)]);
    expect(sa.every((body) => body.length > 2)).toBe(true);
    expect(sb).toEqual(sa);
  });

  it('another seed gives another world', async () => {
    const [a, b] = await Promise.all([start(42), start(43)]);
    expect((await snapshot(b))[0]).not.toEqual((await snapshot(a))[0]);
  });
});
