import { beforeAll, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, EMPTY, UNKNOWN } from '../helpers.js';
import { newVoucher } from './support.js';

// Every voucher and report route, with and without its required names.

let a: DemoApi;
beforeAll(async () => {
  a = await demoApi();
});

const rows: { method: string; url: string; body?: unknown; status: number }[] = [
  { method: 'GET', url: `/api/v2/vouchers?siteId=${EMPTY}`, status: 200 },
  { method: 'GET', url: '/api/v2/vouchers', status: 405 },
  { method: 'GET', url: `/api/v2/vouchers/${UNKNOWN}`, status: 200 },
  { method: 'GET', url: '/api/v2/vouchers/123', status: 404 },
  { method: 'DELETE', url: `/api/v2/vouchers/${UNKNOWN}`, status: 405 },
  { method: 'POST', url: `/api/v2/vouchers?siteId=${EMPTY}`, body: newVoucher(EMPTY), status: 200 },
  { method: 'POST', url: '/api/v2/vouchers', body: newVoucher(EMPTY), status: 405 },
  { method: 'PUT', url: `/api/v2/vouchers/${UNKNOWN}`, body: { SiteId: EMPTY }, status: 400 },
  { method: 'PUT', url: `/api/v2/vouchers/${UNKNOWN}`, body: {}, status: 500 },
  { method: 'GET', url: '/api/v2/reports/sales?start=2026-03-01&end=2026-03-10', status: 200 },
  { method: 'GET', url: '/api/v2/reports/sales?siteId=&start=2026-03-01&end=2026-03-10', status: 200 },
  { method: 'GET', url: '/api/v2/reports/sales?start=&end=2026-03-10', status: 400 },
  { method: 'GET', url: '/api/v2/reports/sales?end=2026-03-10', status: 404 },
  { method: 'POST', url: '/api/v2/reports/sales?start=2026-03-01&end=2026-03-10', status: 405 },
];

describe('status matrix: vouchers and reports', () => {
  it.each(rows)('$method $url → $status', async ({ method, url, body, status }) => {
    expect((await call(a, url, { method, body })).status).toBe(status);
  });
});
