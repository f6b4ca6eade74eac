import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSimulator, startSimulator, type TestSimulator } from '../../src/index.js';
import { FIXED_NOW } from '../helpers.js';

// connectSimulator drives a simulator that runs elsewhere (a process, a container, a fleet's proxy)
// over HTTP, with the same accounts as startSimulator's: here one started in this process, reached
// only through its socket.

const TOKEN = 'connect-test-admin-token';
let sim: TestSimulator;
beforeAll(async () => {
  sim = await startSimulator({ size: 'small', now: FIXED_NOW, adminToken: TOKEN, rateLimit: false });
});
afterAll(() => sim.stop());

describe('connectSimulator', () => {
  it('createAccount over HTTP makes an account the socket serves at its baseUrl, with its credential', async () => {
    const remote = await connectSimulator({ url: `${sim.url!}/`, adminToken: TOKEN });
    expect(remote.url).toBe(sim.url);
    const account = await remote.createAccount({ size: 'small' });
    expect(account.baseUrl).toBe(`${sim.url}/accounts/${account.name}`);
    expect(await sim.simulator.registry.resolve(account.name)).toBeTruthy();
    const sites = await account.call<Array<{ SiteId: string }>>('/api/v2/sites');
    expect(sites.status).toBe(200);
    expect(sites.body.length).toBeGreaterThan(0);
  });

  it('clock, journal and faults of a connected account go through the control plane with the token', async () => {
    const remote = await connectSimulator({ url: sim.url!, adminToken: TOKEN });
    const account = await remote.createAccount({ now: FIXED_NOW, frozen: true });
    expect((await account.clock.now()).getTime()).toBe(FIXED_NOW);
    expect((await account.clock.advance({ hours: 1 })).getTime()).toBe(FIXED_NOW + 3_600_000);
    await account.faults.add({ method: 'GET', path: '/api/v2/sites', status: 503, times: 1 });
    expect((await account.call('/api/v2/sites')).status).toBe(503);
    expect((await account.call('/api/v2/sites')).status).toBe(200);
    await account.journal.verify({ method: 'GET', path: '/api/v2/sites' }, 2);
    // The same account, seen from the in-process kit.
    const local = await sim.account(account.name);
    expect(await local.journal.count({ path: '/api/v2/sites' })).toBe(2);
  });

  it('account(name) is a handle on an existing account with the seeded credential; an unknown one is an error', async () => {
    const remote = await connectSimulator({ url: sim.url!, adminToken: TOKEN });
    const demo = await remote.account();
    expect(demo.name).toBe('demo');
    expect((await demo.call('/api/v2/sites')).status).toBe(200);
    await expect(remote.account('connect-nobody')).rejects.toThrow("no account 'connect-nobody'");
  });

  it('without the token the control plane refuses the kit with its 401', async () => {
    const remote = await connectSimulator({ url: sim.url! });
    await expect(remote.createAccount()).rejects.toThrow(/^PUT \/__admin\/accounts\/test-[0-9a-f]{10}: 401 /);
  });

  it('a URL nothing listens on is refused when connecting, naming the URL', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(connectSimulator({ url: `http://127.0.0.1:${port}` })).rejects.toThrow(
      `http://127.0.0.1:${port}: not reachable`,
    );
  });
});
