import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '../../src/auth/credentials.js';
import { endpoints } from '../../src/endpoints.js';
import type { Endpoint } from '../../src/http/endpoint.js';
import { type Answer, call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';

// A public booking site on the real service shows `response.Message` when a write's answer has no
// `Value` (github nestortkach/sportweb, components/sections/SideBarConfirm.jsx): every refused write
// of either version answers JSON with a string Message. The exceptions are the spec's own bodies: the
// credential endpoints' `{error}`, the 403's plain text and the 429's bare JSON string.

let d: DemoApi;
beforeAll(async () => {
  d = await demoApi();
});

/** Every write of the table (both versions) but the credential endpoints, which answer `{error}`. */
const WRITES = endpoints.filter((e) => e.method !== 'GET' && e.auth !== 'none');
const name = (e: Endpoint) => `${e.method} ${e.path}`;

/** The path with every route id a well-formed Guid no record has. */
const pathOf = (e: Endpoint) => e.path.replace(/\{[^}]+\}/g, UNKNOWN);
/** Every declared query name: a date where one is needed, else an empty value ("empty value when unused"). */
const VALUES: Partial<Record<string, string>> = { dateTime: '2026-03-20', byte: '1', enum: '1' };
const allNames = (e: Endpoint) => Object.entries(e.query ?? {}).map(([n, p]) => `${n}=${VALUES[p.kind] ?? ''}`);
const hasRequiredName = (e: Endpoint) => Object.values(e.query ?? {}).some((p) => p.required);

function send(e: Endpoint, search: string[], init: { body?: string; type?: string; credential?: boolean } = {}) {
  const credential =
    init.credential === false ? {} : e.auth === 'apiKey' ? { apiKey: DEMO_API_KEY } : { token: d.token };
  const headers: Record<string, string> = init.type ? { 'content-type': init.type } : {};
  const query = search.length > 0 ? `?${search.join('&')}` : '';
  return call(d.sim, `${pathOf(e)}${query}`, { method: e.method, body: init.body, headers, ...credential });
}

function expectMessage(res: Answer, what: string): void {
  expect(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what}: ${res.text}`).toBeLessThan(500);
  expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(typeof res.body?.Message, `${what}: ${res.text}`).toBe('string');
}

describe('every refused write answers JSON with a string Message (both versions)', () => {
  it('the table has writes of both versions to check', () => {
    expect(WRITES.filter((e) => e.auth === 'bearer').length).toBeGreaterThan(15);
    expect(WRITES.filter((e) => e.auth === 'apiKey').length).toBe(WRITES.filter((e) => e.auth === 'bearer').length);
  });

  it.each(WRITES.map((e) => [name(e), e] as const))(
    '%s: a refused body, or a record that does not exist',
    async (_, e) => {
      // A body of the wrong shape for every body (a bare JSON string); a bodiless write names an id no record has.
      const res = e.body
        ? await send(e, allNames(e), { body: '"not the body"', type: 'application/json' })
        : await send(
            e,
            allNames(e).map((n) => (n.endsWith('Id=') ? `${n}${UNKNOWN}` : n)),
          );
      expectMessage(res, name(e));
    },
  );

  it.each(WRITES.filter((e) => e.body).map((e) => [name(e), e] as const))(
    '%s: a body that is not JSON (415)',
    async (_, e) => {
      const res = await send(e, allNames(e), { body: 'FirstName=Jane', type: 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(415);
      expectMessage(res, name(e));
    },
  );

  it.each(WRITES.filter((e) => e.body).map((e) => [name(e), e] as const))(
    '%s: a body over the limit (413)',
    async (_, e) => {
      const res = await send(e, allNames(e), { body: `"${'x'.repeat(1_048_576)}"`, type: 'application/json' });
      expect(res.status).toBe(413);
      expectMessage(res, name(e));
    },
  );

  it.each(WRITES.filter(hasRequiredName).map((e) => [name(e), e] as const))(
    '%s: a required name left out (404 or 405)',
    async (_, e) => {
      const res = await send(e, [], { body: '{}', type: 'application/json' });
      expect([404, 405]).toContain(res.status);
      expectMessage(res, name(e));
    },
  );

  it('a method the path does not serve (405) and a path nothing serves (404)', async () => {
    expectMessage(await call(d, '/api/v2/sites', { method: 'POST', body: {} }), 'POST /api/v2/sites');
    expectMessage(
      await call(d.sim, '/api/sites', { method: 'DELETE', apiKey: DEMO_API_KEY }),
      'DELETE /api/sites (version 1)',
    );
    expectMessage(await call(d, '/api/v2/nothing', { method: 'POST', body: {} }), 'POST /api/v2/nothing');
  });

  it('registering the same webhook twice (409)', async () => {
    const body = { event: 'NewRecurringClientInvoice', url: 'http://127.0.0.1:9/write-refusals' };
    expect((await call(d, '/api/v2/webhooks', { method: 'POST', body })).status).toBe(200);
    const again = await call(d, '/api/v2/webhooks', { method: 'POST', body });
    expect(again.status).toBe(409);
    expectMessage(again, 'POST /api/v2/webhooks again');
  });
});

describe("the spec's own refusal bodies stay as the spec writes them", () => {
  it.each(WRITES.map((e) => [name(e), e] as const))('%s: a refused credential is the plain-text 403', async (_, e) => {
    const res = await send(e, allNames(e), { body: '{}', type: 'application/json', credential: false });
    expect([res.status, res.headers.get('content-type')]).toEqual([403, 'text/plain; charset=utf-8']);
    expect(res.text.startsWith('Unauthorized')).toBe(true);
  });
});
