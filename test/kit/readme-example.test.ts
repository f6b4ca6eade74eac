import { startSimulator, type TestAccount, type TestSimulator } from 'business-api-simulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The code under test: it only knows a base URL and a credential, as it would in production.
async function listSiteNames(baseUrl: string, clientId: string, secret: string): Promise<string[]> {
  const token = await fetch(`${baseUrl}/api/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, secret }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const sites = await fetch(`${baseUrl}/api/v2/sites`, { headers: { authorization: `Bearer ${access_token}` } });
  if (!sites.ok) throw new Error(`sites: ${sites.status}`);
  return ((await sites.json()) as Array<{ Name: string }>).map((s) => s.Name);
}

let sim: TestSimulator;
let account: TestAccount;

beforeAll(async () => {
  sim = await startSimulator({ now: '2026-03-16T09:00:00Z', size: 'small' }); // 127.0.0.1, a free port
});
afterAll(() => sim.stop());
beforeEach(async () => {
  account = await sim.createAccount(); // a fresh, isolated world for every test
});

describe('listSiteNames', () => {
  it('reads the sites of the account', async () => {
    const names = await listSiteNames(account.baseUrl, account.clientId, account.secret);
    expect(names.length).toBeGreaterThan(0);
    await account.journal.verify({ method: 'GET', path: '/api/v2/sites', status: 200 }, 1);
    // What the code sent: a part of the JSON body (the secret itself is never kept) and a header.
    await account.journal.verify({
      method: 'POST',
      path: '/api/v2/token',
      headers: { 'content-type': 'application/json' },
      body: { clientId: account.clientId },
    });
  });

  it('reports a service that is down', async () => {
    await account.faults.add({ method: 'GET', path: '/api/v2/sites', status: 503, times: 1 });
    await expect(listSiteNames(account.baseUrl, account.clientId, account.secret)).rejects.toThrow('sites: 503');
  });

  it('works in an empty account', async () => {
    await account.applyScenario('empty-account');
    const clients = await account.call<unknown[]>(`/api/v2/clients?siteId=${await firstSiteId(account)}`);
    expect(clients.body).toEqual([]);
  });

  it('needs a new token six months on', async () => {
    await account.accessToken();
    await account.clock.advance({ days: 183 });
    expect((await account.call('/api/v2/sites')).status).toBe(403);
  });
});

async function firstSiteId(a: TestAccount): Promise<string> {
  const sites = await a.call<Array<{ SiteId: string }>>('/api/v2/sites');
  return sites.body[0]!.SiteId;
}
