import { beforeAll, describe, expect, it } from 'vitest';
import { activeSite, call, type DemoApi, demoApi, restrictedToken } from '../helpers.js';
import { authUrl, signedUp } from './support.js';

let c: DemoApi;
beforeAll(async () => {
  c = await demoApi();
});

const urls = () => {
  const x = signedUp(c.world);
  const site = activeSite(c.world);
  return {
    'api/v2/clients': `/api/v2/clients?siteId=${site}`,
    'api/v2/clients/emailexists': `/api/v2/clients/emailexists?siteId=${site}&email=a`,
    'api/v2/clients/authenticate': authUrl(x.ClientId, x.Email, 'Password1!'),
    'api/v2/clients/mobileexists': `/api/v2/clients/mobileexists?siteId=${site}&mobile=1`,
    'api/v2/clients/contacts': `/api/v2/clients/contacts?siteId=${site}`,
  };
};

describe('allow-list lines (Authentication 5)', () => {
  it.each([
    'api/v2/clients',
    'api/v2/clients/emailexists',
    'api/v2/clients/authenticate',
    'api/v2/clients/mobileexists',
    'api/v2/clients/contacts',
  ])('%s admits its own endpoint and no other clients endpoint', async (line) => {
    const token = await restrictedToken(c.sim, line);
    for (const [other, url] of Object.entries(urls())) {
      expect((await call(c.sim, url, { token })).status, `${line} → ${other}`).toBe(other === line ? 200 : 403);
    }
  });

  it('GET /clients/{id} ends in a record id, so a credential with a non-empty list is refused it', async () => {
    const token = await restrictedToken(c.sim, 'api/v2/clients');
    const res = await call(c.sim, `/api/v2/clients/${signedUp(c.world).ClientId}`, { token });
    expect([res.status, res.text]).toEqual([403, 'Unauthorized - Invalid end-point.']);
  });
});

const matrix: [string, string, () => string, number][] = [
  ['list', 'GET', () => `/api/v2/clients?siteId=${activeSite(c.world)}`, 200],
  ['list, no siteId', 'GET', () => '/api/v2/clients', 405],
  ['create, no siteId', 'POST', () => '/api/v2/clients', 405],
  ['update, no clientId', 'PUT', () => '/api/v2/clients', 405],
  ['emailexists, no email', 'GET', () => `/api/v2/clients/emailexists?siteId=${activeSite(c.world)}`, 404],
  ['mobileexists, no mobile', 'GET', () => `/api/v2/clients/mobileexists?siteId=${activeSite(c.world)}`, 404],
  ['contacts, no siteId', 'GET', () => '/api/v2/clients/contacts', 404],
  [
    'authenticate, no password',
    'GET',
    () => `/api/v2/clients/authenticate?clientId=${signedUp(c.world).ClientId}&email=x`,
    404,
  ],
  ['one client, malformed id', 'GET', () => '/api/v2/clients/12345', 404],
];

describe('clients status matrix', () => {
  it.each(matrix)('%s: %s answers %i', async (_, method, url, status) => {
    expect((await call(c.sim, url(), { token: c.token, method })).status).toBe(status);
  });
});
