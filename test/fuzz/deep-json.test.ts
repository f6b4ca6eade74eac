import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/endpoints.js';
import { MAX_JSON_DEPTH, nestedTooDeep } from '../../src/json-depth.js';
import { call } from '../helpers.js';
import { build, exampleOf, nested, stateHash, toRequest, useFuzzWorld } from './support.js';

// JSON nested deeper than 64 levels is refused as a 400 before anything walks it: no stack
// overflow (a 500) whatever the depth, up to what fits in the 1 MiB body limit.

const suite = useFuzzWorld();

const DEPTH = 400_000; // 800 000 bytes of brackets: just under the body limit
const bodyEndpoints = endpoints.filter((e) => e.body);

async function send(endpoint: (typeof endpoints)[number], body: string) {
  const built = build(endpoint, exampleOf(endpoint, suite.fw), suite.fw.token, { kind: 'asIs' });
  const res = await suite.fw.sim.fetch(
    toRequest({ ...built, body, headers: { ...built.headers, 'content-type': 'application/json' } }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

describe(`a body nested ${DEPTH} levels deep is a 400 on every endpoint that takes a body`, () => {
  it.each(bodyEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_, endpoint) => {
    for (const body of [nested(DEPTH, '['), `{"Notes":${nested(DEPTH / 4, '{')}}`]) {
      const res = await send(endpoint, body);
      expect(res.status).toBe(400);
      if (endpoint.auth === 'none') expect(res.body).toEqual({ error: 'invalid_request' });
      else expect(Object.keys(res.body.ModelState)).toEqual(['body']);
      expect(suite.crashes.take()).toEqual([]);
      expect(stateHash(suite.fw.account)).toBe(suite.fw.baselineHash);
    }
  });
});

describe('the depth limit is 64 levels, counted outside strings', () => {
  it('counts brackets, not the brackets inside string values', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(nestedTooDeep(nested(64, '['))).toBe(false);
    expect(nestedTooDeep(nested(65, '['))).toBe(true);
    expect(nestedTooDeep(`{"a":"${'['.repeat(1000)}"}`)).toBe(false);
    expect(nestedTooDeep(`{"a":"\\"${'{'.repeat(1000)}"}`)).toBe(false);
  });

  it('a webhook body with 64 levels in an unknown field is accepted; 65 levels is a 400 naming the body', async () => {
    const register = endpoints.find((e) => e.operationId === 'registerWebhook')!;
    const body = (levels: number) =>
      `{"event":"NewRecurringClientInvoice","url":"https://example.com/deep/${levels}",` +
      `"extra":${nested(levels - 1, '[')}}`;
    const ok = await send(register, body(64));
    expect(ok.status).toBe(200);
    await suite.fw.restore();
    const refused = await send(register, body(65));
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.body[0]).toContain('64');
  });
});

describe('the control plane refuses deep JSON with a 400 too', () => {
  it('a fault rule whose body nests 100 000 levels is refused, and the rule list still answers', async () => {
    const res = await call(suite.fw.sim, '/__admin/accounts/demo/faults', {
      method: 'POST',
      body: `{"path":"/api/v2/ping","status":503,"body":${nested(100_000, '[')}}`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('64');
    const list = await call(suite.fw.sim, '/__admin/accounts/demo/faults');
    expect(list.status).toBe(200);
    expect(suite.crashes.take()).toEqual([]);
  });
});
