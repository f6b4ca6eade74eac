import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../../src/cli-options.js';
import { startSimulator } from '../../src/index.js';
import { startServer } from '../../src/server.js';
import { type CliProcess, ensureBuilt, runCli, startCli, stopCli } from '../cli/process.js';
import { call, DEMO_CREDENTIAL, simulator } from '../helpers.js';

// The control plane is open on loopback; bound to any other address it needs a token
// (`Authorization: Bearer <token>`) on every call but GET /__admin/health.

const TOKEN = 'admin-token-7f3a9c2e51b8d046';
let server: CliProcess | undefined;

beforeAll(() => ensureBuilt());
afterEach(async () => {
  await stopCli(server);
  server = undefined;
});

describe('control-plane token', () => {
  it('the CLI refuses a non-loopback address without a token: exit code 2 and a message naming the flag and variable', () => {
    const out = runCli(['--host', '0.0.0.0', '--port', '0'], { BUSINESS_API_SIM_ADMIN_TOKEN: '' });
    expect(out.status).toBe(2);
    expect(out.stderr).toContain('--host 0.0.0.0 is not a loopback address');
    expect(out.stderr).toContain('--admin-token');
    expect(out.stderr).toContain('BUSINESS_API_SIM_ADMIN_TOKEN');
  });

  it('loopback addresses need no token; the token comes from --admin-token or the environment, the flag first', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]'])
      expect(parseCli(['--host', host], {})).not.toHaveProperty('adminToken');
    expect(() => parseCli(['--host', '192.168.1.10'], {})).toThrow(UsageError);
    expect(parseCli(['--host', '0.0.0.0', '--admin-token', 'a'], { BUSINESS_API_SIM_ADMIN_TOKEN: 'b' })).toMatchObject({
      adminToken: 'a',
    });
    expect(parseCli(['--host', '0.0.0.0'], { BUSINESS_API_SIM_ADMIN_TOKEN: 'b' })).toMatchObject({ adminToken: 'b' });
    expect(() => parseCli(['--admin-token', ''], {})).toThrow(UsageError);
  });

  it('startServer refuses a non-loopback address without a token', async () => {
    await expect(startServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow('not a loopback address');
  });

  it('on 0.0.0.0 with a token: /__admin needs it (401 JSON otherwise), health stays open, the API is unaffected, the token is never printed', async () => {
    server = await startCli(['--host', '0.0.0.0', '--port', '0', '--size', 'small', '--rate-limit', 'off'], {
      BUSINESS_API_SIM_ADMIN_TOKEN: TOKEN,
    });
    const admin = (path: string, authorization?: string) =>
      fetch(`${server!.base}/__admin${path}`, { headers: authorization ? { authorization } : {} });

    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Basic ${TOKEN}`]) {
      const res = await admin('/accounts', authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error: string };
      expect(body.error).toContain('Authorization: Bearer');
      expect(JSON.stringify(body)).not.toContain(TOKEN);
    }
    expect((await admin('/accounts', `Bearer ${TOKEN}`)).status).toBe(200);
    expect((await admin('/accounts', `bearer  ${TOKEN}`)).status).toBe(200);
    expect((await admin('/health')).status).toBe(200);

    const token = await fetch(`${server.base}/api/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_CREDENTIAL),
    });
    expect(token.status).toBe(200);
    await stopCli(server);
    expect(server.output()).not.toContain(TOKEN);
  });

  it('a token given on loopback is required too', async () => {
    const sim = await simulator({ adminToken: TOKEN });
    expect((await call(sim, '/__admin/accounts')).status).toBe(401);
    expect((await call(sim, '/__admin/accounts', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it('the test kit sends the token of the simulator it started', async () => {
    const sim = await startSimulator({ host: '0.0.0.0', adminToken: TOKEN, size: 'small' });
    try {
      const account = await sim.createAccount();
      await account.clock.advance({ hours: 1 });
      expect((await account.call('/api/v2/sites')).status).toBe(200);
      expect(await account.journal.count()).toBeGreaterThan(0);
      expect((await call(sim.simulator, '/__admin/accounts')).status).toBe(401);
    } finally {
      await sim.stop();
    }
  });
});
