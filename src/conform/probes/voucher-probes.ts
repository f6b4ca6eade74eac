import { jsonArray, jsonObject, status } from '../checks.js';
import { dayFrom } from '../dates.js';
import type { Ids, Probe } from '../probe.js';
import { rangeCapProbes } from './catalogue-probes.js';
import { stateProbes } from './item-states.js';
import { listProbe, pathOf, probe, type Query, type Version } from './probe-kit.js';

// Vouchers, the sales report and webhook subscriptions.

const site = (ids: Ids): Query | undefined => (ids.siteId === undefined ? undefined : [['siteId', ids.siteId]]);

export function voucherProbes(v: Version): Probe[] {
  const get = v.op('getVoucher');
  const report = v.op('salesReport');
  const reportQuery = (days: number) => (ids: Ids) => ({
    path: report.path,
    query: [
      ['start', dayFrom(ids.now, -days)],
      ['end', dayFrom(ids.now, 0)],
    ] as Query,
    auth: v.auth,
  });
  return [
    listProbe(v, 'listVouchers', 'listVouchers with siteId alone: a list', 'Shared vouchers are included', site),
    listProbe(
      v,
      'listVouchers',
      'listVouchers find by a number prefix: a list',
      'find (optional) is a starts-with match over number, recipient, barcode',
      (ids) =>
        ids.siteId && [
          ['siteId', ids.siteId],
          ['find', 'ZZZ-no-such-voucher'],
        ],
      jsonArray(),
    ),
    ...stateProbes(v, 'listVouchers', site),
    probe({
      name: v.name('getVoucher answers the voucher with its balance and redemptions'),
      rule: 'GET vouchers/{voucherId}: no siteId',
      op: get,
      build: (ids) => ids.voucherId && { path: pathOf(get, ids.voucherId), auth: v.auth },
      check: jsonObject(200, 'VoucherId'),
    }),
    probe({
      name: v.name('salesReport over a month for every active site: a report'),
      rule: 'GET reports/sales: siteId optional; omitted covers every Active site',
      op: report,
      build: reportQuery(30),
      check: status(200),
    }),
    probe({
      name: v.name('salesReport of one site: a report'),
      rule: 'GET reports/sales: a siteId covers that one site',
      op: report,
      build: (ids) => {
        const base = reportQuery(30)(ids);
        return ids.siteId ? { ...base, query: [...base.query, ['siteId', ids.siteId]] } : undefined;
      },
      check: status(200),
    }),
    ...rangeCapProbes(v, 'salesReport', 365, reportQuery),
    listProbe(v, 'listWebhooks', 'listWebhooks: a list', 'Webhook subscriptions (snake_case)', () => []),
  ];
}
