import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type TestAccount, type TestSimulator } from '../../src/index.js';
import { FIXED_NOW } from '../helpers.js';

// The journal as a test suite verifies against it: what its client sent, over the socket.

let sim: TestSimulator;
beforeAll(async () => {
  sim = await startSimulator({ size: 'small', now: FIXED_NOW });
});
afterAll(() => sim.stop());

/** The code under test: signs a client up, over the socket, with its own user agent. */
async function signUp(account: TestAccount, firstName: string): Promise<number> {
  const token = await account.accessToken();
  const sites = (await account.call<Array<{ SiteId: string }>>('/api/v2/sites')).body;
  const res = await fetch(`${account.baseUrl}/api/v2/clients?siteId=${sites[0]!.SiteId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'user-agent': 'signup-app/3.1' },
    body: JSON.stringify({ FirstName: firstName, LastName: 'Smith', Gender: 1, AccountPassword: 'Pa55-word!' }),
  });
  return res.status;
}

describe('kit journal', () => {
  it('list and count take query parameters, headers and a part of the body', async () => {
    const account = await sim.createAccount();
    expect(await signUp(account, 'Janet')).toBe(200);
    const [entry] = await account.journal.list({ method: 'POST', body: { FirstName: 'Janet' } });
    expect(entry).toMatchObject({
      path: '/api/v2/clients',
      headers: { 'content-type': 'application/json', 'user-agent': 'signup-app/3.1' },
      body: { FirstName: 'Janet', LastName: 'Smith', AccountPassword: '[redacted]' },
      answerBody: { Message: 'ClientId' },
    });
    expect(Object.keys(entry!.query)).toEqual(['siteId']);
    expect(await account.journal.count({ headers: { 'user-agent': 'signup-app' } })).toBe(1);
    expect(await account.journal.count({ query: { siteId: entry!.query.siteId![0]! } })).toBe(1);
    expect(await account.journal.count({ body: { FirstName: 'Jane' } })).toBe(0);
  });

  it('a query by rule finds the calls that rule refused; their entries name it with its source', async () => {
    const account = await sim.createAccount();
    const sites = (await account.call<Array<{ SiteId: string }>>('/api/v2/sites')).body;
    // `itemState` and `find` must be sent by name: without them no action matches (404).
    expect((await account.call(`/api/v2/packages?siteId=${sites[0]!.SiteId}`)).status).toBe(404);
    const [entry, ...rest] = await account.journal.list({ rule: 'routing.required-name' });
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ path: '/api/v2/packages', status: 404 });
    expect(entry!.rules).toEqual([{ id: 'routing.required-name', source: 'spec' }]);
    expect(await account.journal.count({ path: '/api/v2/sites', rule: 'routing.required-name' })).toBe(0);
    await account.journal.verify({ rule: 'routing.required-name' }, 1);
  });

  it('verify passes when the count holds, and otherwise throws the near-miss report', async () => {
    const account = await sim.createAccount();
    await signUp(account, 'Janet');
    await account.journal.verify({ method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Janet' } }, 1);
    const failure = account.journal.verify({ method: 'POST', path: '/api/v2/clients', body: { FirstName: 'Jane' } });
    const message = await failure.then(
      () => '',
      (error: Error) => error.message.replace(/ at 2026-03-16T09:00:\d\d\.\d{3}Z/g, ' at <now>'),
    );
    expect(message).toContain(
      [
        'expected at least 1 request(s) matching POST /api/v2/clients body {"FirstName":"Jane"}, got 0.',
        'The nearest of the 3 request(s) in the journal:',
        '1. POST /api/v2/clients → 200 at <now>',
        '   - body.FirstName: expected "Jane", got "Janet"',
        '2. POST /api/v2/token → 200 at <now>',
      ].join('\n'),
    );
  });

  it('a query the control plane refuses is an error naming the field', async () => {
    const account = await sim.createAccount();
    await expect(account.journal.verify({ headers: { cookie: 'x' } })).rejects.toThrow(
      /: 400 query\.headers\.cookie: the journal keeps only/,
    );
  });
});
