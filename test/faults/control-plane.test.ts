import { beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import { call, tokenFor } from '../helpers.js';
import { addFaults, faultSimulator } from './support.js';

let sim: Simulator;
beforeEach(async () => {
  sim = await faultSimulator();
});

describe('control plane: /__admin/accounts/{name}/faults', () => {
  it('POST one rule answers 201 with the rule, its id, its defaults and its counters', async () => {
    const res = await call(sim, '/__admin/accounts/demo/faults', {
      method: 'POST',
      body: { path: '/api/v2/sites', status: 503, times: 2 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([
      { id: 'fault-1', method: '*', path: '/api/v2/sites', status: 503, times: 2, hits: 0, remaining: 2 },
    ]);
  });

  it('POST {rules: [...]} adds them in order; GET lists them with hits and remaining', async () => {
    await addFaults(
      sim,
      'demo',
      { path: '/api/v2/ping', latencyMs: { min: 1, max: 2 } },
      { method: 'GET', path: '/api/v2/sites', status: 500, times: 1 },
    );
    const token = await tokenFor(sim);
    await call(sim, '/api/v2/sites', { token });
    await call(sim, '/api/v2/sites', { token });
    const list = (await call(sim, '/__admin/accounts/demo/faults')).body;
    expect(list.map((r: any) => [r.id, r.hits, r.remaining])).toEqual([
      ['fault-1', 0, undefined],
      ['fault-2', 1, 0],
    ]);
  });

  it('DELETE one rule by id answers 204, an unknown id 404', async () => {
    const [rule] = await addFaults(sim, 'demo', { path: '/api/**', status: 500 });
    expect((await call(sim, `/__admin/accounts/demo/faults/${rule.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
    const res = await call(sim, `/__admin/accounts/demo/faults/${rule.id}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(res.body.error).toContain(rule.id);
  });

  it('DELETE all answers 204 and leaves an empty list', async () => {
    await addFaults(sim, 'demo', { path: '/a', status: 500 }, { path: '/b', status: 500 });
    expect((await call(sim, '/__admin/accounts/demo/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
  });

  it('reset drops the fault rules', async () => {
    await addFaults(sim, 'demo', { path: '/api/**', status: 500 });
    expect((await call(sim, '/__admin/accounts/demo/reset', { method: 'POST' })).status).toBe(204);
    expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
  });

  it('invalid rules answer 400 naming each field', async () => {
    const cases: [unknown, string[]][] = [
      [{ path: '/a', status: 'x' }, ['status']],
      [{ path: 'a', drop: 'sideways' }, ['path', 'drop']],
      [{ path: '/a', status: 500, tiems: 2 }, ['tiems']],
      [{ path: '/a', latencyMs: { min: 5, max: 1 } }, ['latencyMs']],
      [{ path: '/a', probability: 2, status: 500 }, ['probability']],
      [
        {
          rules: [
            { path: '/a', status: 500 },
            { path: '/b', truncateBytes: -1 },
          ],
        },
        ['rules.1.truncateBytes'],
      ],
      [{ rules: [] }, ['rules']],
    ];
    for (const [body, fields] of cases) {
      const res = await call(sim, '/__admin/accounts/demo/faults', { method: 'POST', body });
      expect(res.status).toBe(400);
      const { error } = res.body;
      for (const field of fields) expect(error).toContain(field);
    }
    expect((await call(sim, '/__admin/accounts/demo/faults')).body).toEqual([]);
  });

  it('a body that is not JSON answers 400; an invalid account name 400', async () => {
    const res = await call(sim, '/__admin/accounts/demo/faults', { method: 'POST', body: '{"path":' });
    expect(res.status).toBe(400);
    expect((await call(sim, '/__admin/accounts/Bad_Name/faults')).status).toBe(400);
  });
});
