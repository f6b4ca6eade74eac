import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, restrictedToken, UNKNOWN } from '../helpers.js';
import { anInvoice, siteOf } from './support.js';

// One row per route and method: the statuses the routing rules (404/405, malformed ids) give.

let s: DemoApi;
beforeAll(async () => {
  s = await demoApi();
});

const docs = '/api/v2/accountingdocuments';
const entries = '/api/v2/accountingentries';
const range = 'start=2026-03-01&end=2026-03-16&find=';

const matrix: [string, string, () => string, number][] = [
  ['documents list', 'GET', () => `${docs}?siteId=${siteOf(s.world)}&clientDocuments=&${range}`, 200],
  ['documents list, no clientDocuments', 'GET', () => `${docs}?siteId=${siteOf(s.world)}&${range}`, 405],
  ['documents create, no siteId', 'POST', () => docs, 405],
  ['document get', 'GET', () => `${docs}/${anInvoice(s.world).AccountingDocumentId}`, 200],
  ['document get, malformed id', 'GET', () => `${docs}/abc`, 404],
  ['document put, malformed id', 'PUT', () => `${docs}/abc`, 404],
  ['document delete, unknown id', 'DELETE', () => `${docs}/${UNKNOWN}`, 400],
  ['document patch', 'PATCH', () => `${docs}/${UNKNOWN}`, 405],
  ['entries list', 'GET', () => `${entries}?siteId=${siteOf(s.world)}&entryType=Receipt&${range}`, 200],
  ['entries list, no entryType', 'GET', () => `${entries}?siteId=${siteOf(s.world)}&${range}`, 405],
  ['entries create, no siteId', 'POST', () => entries, 405],
  ['entry get, malformed id', 'GET', () => `${entries}/abc`, 404],
  ['entry delete, unknown id', 'DELETE', () => `${entries}/${UNKNOWN}`, 400],
  ['entry delete, malformed id', 'DELETE', () => `${entries}/abc`, 404],
];

describe('status matrix', () => {
  it.each(matrix)('%s: %s → %i', async (_name, method, url, status) => {
    expect((await call(s, url(), { method })).status).toBe(status);
  });
});

describe('allow-list lines (Authentication 5)', () => {
  it('api/v2/accountingdocuments admits the document list and not the entry list', async () => {
    const token = await restrictedToken(s.sim, 'api/v2/accountingdocuments');
    expect((await call(s.sim, `${docs}?siteId=${siteOf(s.world)}&clientDocuments=&${range}`, { token })).status).toBe(
      200,
    );
    expect((await call(s.sim, `${entries}?siteId=${siteOf(s.world)}&entryType=1&${range}`, { token })).status).toBe(
      403,
    );
  });

  it('api/v2/accountingentries admits the entry list; routes ending in a record id are refused', async () => {
    const token = await restrictedToken(s.sim, 'api/v2/accountingentries');
    expect((await call(s.sim, `${entries}?siteId=${siteOf(s.world)}&entryType=1&${range}`, { token })).status).toBe(
      200,
    );
    const res = await call(s.sim, `${docs}/${anInvoice(s.world).AccountingDocumentId}`, { token });
    expect([res.status, res.text]).toEqual([403, 'Unauthorized - Invalid end-point.']);
  });
});
