import { beforeEach, describe, expect, it } from 'vitest';
import { Journal } from '../../src/accounts/journal.js';
import { JournalBudget } from '../../src/accounts/journal-budget.js';
import { RULE_HEADER, rulesInHeader } from '../../src/errors/rules.js';
import { activeSite, call, type DemoApi, demoApi } from '../helpers.js';
import { entries, journalPost } from './journal-support.js';

// An entry names the rules that refused its request (those of the answer's rule header), and a journal
// query may ask for the calls one rule refused.

const REQUIRED_NAME = { id: 'routing.required-name', source: 'spec' };

let c: DemoApi;
let site: string;
let refusedHeader: string | null;
beforeEach(async () => {
  c = await demoApi();
  site = activeSite(c.world);
  // `itemState` and `find` must be sent by name: without them no action matches (404).
  const refused = await call(c, `/api/v2/packages?siteId=${site}`);
  expect(refused.status).toBe(404);
  refusedHeader = refused.headers.get(RULE_HEADER);
  await call(c, `/api/v2/services?siteId=${site}&take=5`);
});

describe('journal entries name the rules that refused the request', () => {
  it('a refused call is recorded with the rules its answer header names; an answered one has none', async () => {
    expect(rulesInHeader(refusedHeader)).toEqual([REQUIRED_NAME]);
    const [token, refused, answered] = await entries(c.sim);
    expect(token.path).toBe('/api/v2/token');
    expect(refused).toMatchObject({ path: '/api/v2/packages', status: 404, rules: [REQUIRED_NAME] });
    expect(answered.path).toBe('/api/v2/services');
    expect(answered).not.toHaveProperty('rules');
    // GET …/requests/{seq} answers the same entry.
    expect((await call(c.sim, `/__admin/accounts/demo/requests/${refused.seq}`)).body).toEqual(refused);
  });

  it('?rule= and a query body `rule` match the calls that rule refused, by its id exactly', async () => {
    const listed = (await call(c.sim, '/__admin/accounts/demo/requests?rule=routing.required-name')).body;
    expect(listed.map((e: { path: string }) => e.path)).toEqual(['/api/v2/packages']);
    expect((await call(c.sim, '/__admin/accounts/demo/requests/count?rule=routing')).body).toEqual({ count: 0 });
    const found = (await journalPost(c.sim, 'find', { rule: 'routing.required-name', status: 404 })).body;
    expect(found.map((e: { path: string }) => e.path)).toEqual(['/api/v2/packages']);
    expect((await journalPost(c.sim, 'count', { rule: 'routing.no-route' })).body).toEqual({ count: 0 });
    expect((await journalPost(c.sim, 'find', { rule: '' })).status).toBe(400);
  });

  it('a verification by rule that does not hold names the rule each near miss was refused by, or none', async () => {
    const res = await journalPost(c.sim, 'verify', { query: { path: '/api/v2/packages', rule: 'routing.no-route' } });
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('refused by rule routing.no-route');
    const near = res.body.nearMisses.find((m: { request: { path: string } }) => m.request.path === '/api/v2/packages');
    expect(near.differences).toEqual(['rule: expected routing.no-route, got routing.required-name']);
    expect(res.body.error).toContain('rule: expected routing.no-route, got none');
  });
});

describe('the rules an entry keeps count in the journal budget', () => {
  it('an entry with rules retains more bytes than the same entry without them, and keeps a copy of them', () => {
    const call = (rules?: { id: string; source: string }[]) => ({
      method: 'GET',
      path: '/api/v2/packages',
      search: '',
      status: 404,
      at: 0,
      header: () => undefined,
      ...(rules ? { rules } : {}),
    });
    const plain = new Journal(10, new JournalBudget(1 << 20));
    plain.record(call());
    plain.record(call([]));
    const ruled = new Journal(10, new JournalBudget(1 << 20));
    const rules = [REQUIRED_NAME, { id: 'query.value-required', source: 'assumed' }];
    ruled.record(call(rules));
    ruled.record(call(rules));
    expect(ruled.bytes - plain.bytes).toBeGreaterThanOrEqual(2 * 2 * (REQUIRED_NAME.id.length + 4));
    expect(plain.list().map((e) => e.rules)).toEqual([undefined, undefined]);
    rules[0] = { id: 'changed', source: 'spec' };
    expect(ruled.list()[0]!.rules).toEqual([REQUIRED_NAME, { id: 'query.value-required', source: 'assumed' }]);
    expect(ruled.recent(1)[0]!.rules).toEqual([REQUIRED_NAME, { id: 'query.value-required', source: 'assumed' }]);
  });
});
