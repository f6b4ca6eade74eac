import { describe, expect, it } from 'vitest';
import { call, demoApi, simulator } from '../helpers.js';
import { entries } from './journal-support.js';

// Every journal entry has a number (seq), and GET /__admin/accounts/<name>/requests/<seq> reads one
// entry: what the console's live view fetches when a row is opened.

describe('journal entry numbers', () => {
  it('entries are numbered 1, 2, 3… in the order recorded, and a cleared journal goes on counting', async () => {
    const c = await demoApi(); // its token request is entry 1
    await call(c, '/api/v2/sites?n=1');
    await call(c, '/api/v2/sites?n=2');
    expect((await entries(c.sim)).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect((await call(c.sim, '/__admin/accounts/demo/requests', { method: 'DELETE' })).status).toBe(204);
    await call(c, '/api/v2/sites?n=3');
    expect((await entries(c.sim)).map((e) => [e.seq, e.query.n])).toEqual([[4, ['3']]]);
  });

  it('GET /requests/<seq> answers the whole entry, as the list has it', async () => {
    const c = await demoApi();
    await call(c, '/api/v2/clients?siteId=x', { method: 'POST', body: { FirstName: 'Jane' } });
    const listed = (await entries(c.sim)).at(-1);
    const one = await call(c.sim, `/__admin/accounts/demo/requests/${listed.seq}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(listed);
    expect(one.body.body).toEqual({ FirstName: 'Jane' });
  });

  it('an entry the journal no longer holds answers 404: dropped as the oldest, or cleared', async () => {
    const sim = await simulator({ journalSize: 2 });
    for (const n of [1, 2, 3]) await call(sim, `/api/v2/nowhere?n=${n}`);
    expect((await call(sim, '/__admin/accounts/demo/requests/1')).body).toEqual({
      error: 'entry 1 is not in the journal of demo',
    });
    expect((await call(sim, '/__admin/accounts/demo/requests/1')).status).toBe(404);
    expect((await call(sim, '/__admin/accounts/demo/requests/3')).body.query).toEqual({ n: ['3'] });
    expect((await call(sim, '/__admin/accounts/demo/requests/4')).status).toBe(404);
    await call(sim, '/__admin/accounts/demo/requests', { method: 'DELETE' });
    expect((await call(sim, '/__admin/accounts/demo/requests/3')).status).toBe(404);
  });

  it('a seq that is not an entry number answers 400 naming it; /requests/count is still the count', async () => {
    const sim = await simulator();
    for (const seq of ['0', 'abc', '-1', '1.5', '99999999999999999']) {
      const res = await call(sim, `/__admin/accounts/demo/requests/${seq}`);
      expect([res.status, res.body], seq).toEqual([
        400,
        { error: `seq: expected an entry number (1, 2, …), got '${seq}'` },
      ]);
    }
    expect((await call(sim, '/__admin/accounts/demo/requests/count')).body).toEqual({ count: 0 });
  });
});
