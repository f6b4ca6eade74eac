import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { call } from '../helpers.js';
import { build, documents500, exampleOf, mutateBody, prototypeKeys, toRequest, useFuzzWorld } from './support.js';

// `__proto__`, `constructor` and `prototype` keys at every level of a body never reach
// Object.prototype and never give a stored record another prototype: accepted or refused, what
// the account keeps is plain JSON data.

const suite = useFuzzWorld();

/**
 * Keys under which the account's data holds anything but plain objects, arrays and JSON values (iterative: the data is
 * large).
 */
function unplain(root: unknown): string[] {
  const problems: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) problems.push('an array with another prototype');
      for (const v of value) stack.push(v);
      continue;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype)
      problems.push(`an object with another prototype: ${Object.keys(value).join(',')}`);
    for (const key in value) {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') problems.push(`a ${key} key`);
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return problems;
}

const bodyEndpoints = endpoints.filter((e) => e.body);
const keys = ['__proto__', 'constructor', 'prototype'] as const;

describe('prototype keys in bodies pollute nothing, on every endpoint that takes a body', () => {
  it.each(bodyEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_, endpoint) => {
    const example = exampleOf(endpoint, suite.fw);
    // The example's own fields with all three keys added to every object, then the keys alone.
    let withKeys: unknown = example.body ?? {};
    for (const key of keys) withKeys = JSON.parse(mutateBody(withKeys, { kind: 'protoKeys', key }) as string);
    const alone =
      '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}';
    for (const body of [JSON.stringify(withKeys), alone]) {
      const version = suite.fw.account.version;
      const built = build(endpoint, example, suite.fw.token, { kind: 'asIs' });
      const res = await suite.fw.sim.fetch(
        toRequest({ ...built, body, headers: { ...built.headers, 'content-type': 'application/json' } }),
      );
      // The spec's own 500 (PUT vouchers without SiteId) is documented; any other 5xx is not.
      if (res.status >= 500) expect(documents500(endpoint), await res.text()).toBe(true);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(prototypeKeys()).toEqual([]);
      expect(suite.crashes.take()).toEqual([]);
      // Only an accepted request writes (the fuzz suite checks that refusals change nothing).
      if (suite.fw.account.version !== version) {
        expect(unplain(suite.fw.account.store.data)).toEqual([]);
        await suite.fw.restore();
      }
    }
  });
});

describe('prototype keys in query names and the control plane pollute nothing', () => {
  it('query names __proto__, constructor and prototype are unknown names', async () => {
    const list = endpoints.find((e) => e.operationId === 'listClients')!;
    const built = build(list, exampleOf(list, suite.fw), suite.fw.token, {
      kind: 'extraNames',
      pairs: [
        ['__proto__', 'x'],
        ['constructor', 'x'],
        ['prototype', 'x'],
        ['__proto__[polluted]', 'yes'],
      ],
    });
    const res = await suite.fw.sim.fetch(toRequest(built));
    expect(res.status).toBe(200);
    expect(prototypeKeys()).toEqual([]);
  });

  it('a fault rule with __proto__ headers and body is stored without them reaching any prototype', async () => {
    const res = await call(suite.fw.sim, '/__admin/accounts/demo/faults', {
      method: 'POST',
      body:
        '{"path":"/api/v2/ping","status":503,' +
        '"headers":{"__proto__":{"polluted":"yes"}},"body":{"__proto__":{"polluted":"yes"}}}',
    });
    expect(res.status).toBeLessThan(500);
    expect(prototypeKeys()).toEqual([]);
    await call(suite.fw.sim, '/__admin/accounts/demo/faults', { method: 'DELETE' });
    const patch = await call(suite.fw.sim, '/__admin/accounts/demo', {
      method: 'PATCH',
      body: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
    });
    expect(patch.status).toBeLessThan(500);
    expect(prototypeKeys()).toEqual([]);
    expect(unplain(suite.fw.account.store.data)).toEqual([]);
  });
});
