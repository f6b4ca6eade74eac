import { describe, expect, it } from 'vitest';
import { accountFromHost, accountFromPath } from '../../src/accounts/host.js';
import { call, DEMO_CREDENTIAL, simulator, tokenFor } from '../helpers.js';

describe('account resolution', () => {
  it.each([
    ['127.0.0.1:4010', 'demo'],
    ['localhost:4010', 'demo'],
    ['[::1]:4010', 'demo'],
    ['acme.localhost:4010', 'acme'],
    ['ACME.example.com', 'acme'],
    ['simulator:4010', 'demo'],
  ])('host %s is account %s', (host, account) => {
    expect(accountFromHost(host)).toBe(account);
  });

  it('the path form /accounts/<name> names the account and keeps the API path', () => {
    expect(accountFromPath('/accounts/acme/api/v2/sites')).toEqual({ name: 'acme', rest: '/api/v2/sites' });
    expect(accountFromPath('/api/v2/sites')).toBeUndefined();
  });

  it('an account is reachable by host and by path alike', async () => {
    const sim = await simulator();
    const token = await tokenFor(sim, '/accounts/acme');
    const byHost = await call(sim, '/api/v2/ping', { token, host: 'acme.localhost' });
    expect(byHost.body.tenant).toBe('acme');
  });

  it('an unknown account is created on first request', async () => {
    const sim = await simulator();
    expect(sim.registry.get('newco')).toBeUndefined();
    const res = await call(sim, '/api/v2/token', {
      method: 'POST',
      host: 'newco.localhost',
      body: DEMO_CREDENTIAL,
    });
    expect(res.status).toBe(200);
    expect(sim.registry.get('newco')).toBeDefined();
  });

  it('with auto-creation off an unknown account answers 404', async () => {
    const sim = await simulator({ autoAccounts: false });
    const res = await call(sim, '/accounts/newco/api/v2/ping');
    expect(res.status).toBe(404);
  });

  it('an account name that is not a DNS label answers 404 on the API', async () => {
    const sim = await simulator();
    expect((await call(sim, '/accounts/bad_name/api/v2/ping')).status).toBe(404);
    expect((await call(sim, `/accounts/${'a'.repeat(64)}/api/v2/ping`)).status).toBe(404);
  });

  it('accounts are isolated worlds: a change in one is not seen in another', async () => {
    const sim = await simulator();
    await call(sim, '/accounts/one/api/v2/token/rotate-clientid', {
      method: 'POST',
      body: DEMO_CREDENTIAL,
    });
    expect(
      (
        await call(sim, '/accounts/one/api/v2/token', {
          method: 'POST',
          body: DEMO_CREDENTIAL,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call(sim, '/accounts/two/api/v2/token', {
          method: 'POST',
          body: DEMO_CREDENTIAL,
        })
      ).status,
    ).toBe(200);
  });
});
