import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, simulator, tokenFor } from '../helpers.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await simulator();
});

const put = (name: string, body: unknown) => call(sim, `/__admin/accounts/${name}`, { method: 'PUT', body });

describe('PUT /__admin/accounts/{name}', () => {
  it('creates the account of the name in the path with the settings of the body: 201', async () => {
    const res = await put('acme', { seed: 7, size: 'small', rateLimit: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: 'acme',
      clientId: 'demo-client',
      secret: 'demo-secret',
      apiKey: 'demo-api-key',
      baseUrl: 'http://127.0.0.1/accounts/acme',
    });
    const listed = (await call(sim, '/__admin/accounts')).body as { name: string }[];
    expect(listed.find((a) => a.name === 'acme')).toMatchObject({ seed: 7, size: 'small', rateLimit: true });
    expect((await tokenFor(sim, '/accounts/acme')).length).toBeGreaterThan(0);
  });

  it('an account that exists with the same settings answers 200 and is left as it is', async () => {
    expect((await put('acme', { seed: 7, size: 'small' })).status).toBe(201);
    const token = await tokenFor(sim, '/accounts/acme');
    const created = await call(sim, '/accounts/acme/api/v2/sites', { token });
    const again = await put('acme', { seed: 7, size: 'small' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'acme', baseUrl: 'http://127.0.0.1/accounts/acme' });
    // Left as it is: the token issued before still works, and the world is the same.
    const after = await call(sim, '/accounts/acme/api/v2/sites', { token });
    expect(after.status).toBe(200);
    expect(after.text).toBe(created.text);
    expect((await put('acme', {})).status).toBe(200);
  });

  it('a different seed or size for an existing account is a 409 naming the difference', async () => {
    expect((await put('acme', { seed: 7, size: 'small' })).status).toBe(201);
    const seed = await put('acme', { seed: 8, size: 'small' });
    expect(seed.status).toBe(409);
    expect(seed.body.error).toBe("account 'acme' exists with other settings: seed: asked 8, has 7");
    const size = await put('acme', { seed: 7, size: 'large' });
    expect(size.status).toBe(409);
    expect(size.body.error).toBe('account \'acme\' exists with other settings: size: asked "large", has "small"');
  });

  it('a scenario is a setting like the others: the same one again is 200, another a 409 naming both', async () => {
    expect((await put('acme', { scenario: 'expired-token' })).status).toBe(201);
    expect((await put('acme', { scenario: 'expired-token' })).status).toBe(200);
    const other = await put('acme', { scenario: 'fully-booked-day' });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(
      'account \'acme\' exists with other settings: scenario: asked "fully-booked-day", has "expired-token"',
    );
  });

  it('a setting sent beside a scenario that pins it otherwise is a 400 naming both, and creates nothing; the same PUT again answers the same', async () => {
    // fiscalised-account pins seed 42 and size small.
    for (const attempt of [1, 2]) {
      const both = await put('pinned', { seed: 7, size: 'small', scenario: 'fiscalised-account' });
      expect([attempt, both.status], both.text).toEqual([attempt, 400]);
      expect(both.body.error).toContain('seed: sent 7, pinned 42');
      expect(sim.registry.get('pinned')).toBeUndefined();
    }
    const post = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: { name: 'pinned', seed: 7, scenario: 'fiscalised-account' },
    });
    expect(post.status).toBe(400);
    // The same values as the scenario's, or none, create it; the same PUT again is then 200.
    expect((await put('pinned', { seed: 42, scenario: 'fiscalised-account' })).status).toBe(201);
    expect((await put('pinned', { seed: 42, scenario: 'fiscalised-account' })).status).toBe(200);
  });

  it('a name in the body, or a bad path name, is a 400', async () => {
    expect((await put('acme', { name: 'other' })).status).toBe(400);
    expect((await put('Not_A_Label', {})).status).toBe(400);
  });
});
