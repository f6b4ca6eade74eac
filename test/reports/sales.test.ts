import { beforeEach, describe, expect, it } from 'vitest';
import { utcMs } from '../../src/datetime.js';
import { insertRecord } from '../../src/records.js';
import type { World } from '../../src/world/index.js';
import { toCents } from '../../src/world/money.js';
import { activeSite, call, type DemoApi, demoApi, EMPTY } from '../helpers.js';
import { redemption } from '../vouchers/support.js';

let a: DemoApi;
beforeEach(async () => {
  a = await demoApi();
});

const START = '2026-02-14 00:00';
const END = '2026-03-15 23:59';
const report = (query = '') => call(a, `/api/v2/reports/sales?start=${START}&end=${END}${query}`);
const within = (date: string | null) => date !== null && utcMs(date) >= utcMs(START) && utcMs(date) <= utcMs(END);
const cents = (f: { Amount: number }) => toCents(f.Amount);

/** What the report should say, read straight from the world for the given sites. */
function expected(world: World, sites: string[]) {
  const docs = world.accountingDocuments.filter((d) => sites.includes(d.SiteId) && within(d.DocumentDate));
  const lines = (type: number) =>
    docs.filter((d) => d.AccountingDocumentTypeId === type).flatMap((d) => d.AccountingDocumentLineItems);
  const sum = (ls: { Total: number }[]) => ls.reduce((s, l) => s + toCents(l.Total), 0);
  const invoiceLines = lines(1);
  const entries = world.accountingEntries.filter((e) => sites.includes(e.SiteId) && within(e.EntryDate));
  const redemptions = entries.filter((e) => e.VoucherId);
  return {
    services: sum(invoiceLines.filter((l) => l.ServiceId)),
    products: sum(invoiceLines.filter((l) => l.ProductId)),
    packages: sum(invoiceLines.filter((l) => l.PackageId)),
    all: sum(invoiceLines),
    refunds: sum(lines(3)),
    redemptions: { count: redemptions.length, cents: redemptions.reduce((s, e) => s + toCents(e.Total), 0) },
    gratuities: entries.reduce((s, e) => s + toCents(e.Gratuity), 0),
    vouchersSold: world.vouchers.filter(
      (v) => sites.includes(v.CreatedSiteId ?? v.SiteId ?? '') && within(v.ActivationDate),
    ).length,
    invoiceLines,
  };
}

const activeSites = (world: World) => world.sites.filter((s) => s.State === 1).map((s) => s.SiteId);

describe('GET /api/v2/reports/sales', () => {
  it('grand totals agree with the invoices, credit notes, entries and vouchers of every Active site', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    const want = expected(a.world, activeSites(a.world));
    const t = res.body.Totals;
    expect(res.body.SiteIds.sort()).toEqual(activeSites(a.world).sort());
    expect(cents(t.Services)).toBe(want.services);
    expect(cents(t.Products)).toBe(want.products);
    expect(cents(t.Packages)).toBe(want.packages);
    expect(cents(t.Refunds)).toBe(want.refunds);
    expect(cents(t.NetSales)).toBe(want.all - want.refunds);
    expect({ count: t.VoucherRedemptions.Count, cents: cents(t.VoucherRedemptions) }).toEqual(want.redemptions);
    expect(cents(t.Gratuities)).toBe(want.gratuities);
    expect(t.VoucherSales.Count).toBe(want.vouchersSold);
    expect(want.services).toBeGreaterThan(0);
    expect(want.redemptions.count).toBeGreaterThan(0);
  });

  it('each employee row holds the invoice lines credited to that employee', async () => {
    const res = await report();
    const want = expected(a.world, activeSites(a.world));
    const row = res.body.Employees.find((r: any) => r.EmployeeId !== EMPTY && r.Services.Count > 0);
    const theirs = want.invoiceLines.filter((l) => l.EmployeeId === row.EmployeeId && l.ServiceId);
    expect(cents(row.Services)).toBe(theirs.reduce((s, l) => s + toCents(l.Total), 0));
    expect(row.Services.Count).toBe(theirs.reduce((s, l) => s + l.Quantity, 0));
    const employee = a.world.employees.find((e) => e.EmployeeId === row.EmployeeId)!;
    expect([row.FirstName, row.LastName]).toEqual([employee.FirstName, employee.LastName]);
  });

  it('the totals are the sums of the employee rows', async () => {
    const { Employees, Totals } = (await report()).body;
    expect(Employees.length).toBeGreaterThan(1);
    expect(Object.keys(Totals).length).toBeGreaterThan(0);
    expect(Totals.Services.Count).toBeGreaterThan(0);
    for (const figure of Object.keys(Totals)) {
      expect(Employees.reduce((s: number, r: any) => s + cents(r[figure]), 0)).toBe(cents(Totals[figure]));
      expect(Employees.reduce((s: number, r: any) => s + r[figure].Count, 0)).toBe(Totals[figure].Count);
    }
  });

  it('a new voucher redemption shows up in the report', async () => {
    const before = (await report()).body.Totals.VoucherRedemptions;
    const voucher = a.world.vouchers.find((v) => v.SiteId === null)!;
    await a.account.write(() =>
      insertRecord(
        a.world,
        'accountingEntries',
        redemption(a.world, voucher, 1234, '33333333-4444-4555-8666-777777777777', '2026-03-12 15:00'),
      ),
    );
    const after = (await report()).body.Totals.VoucherRedemptions;
    expect(after.Count).toBe(before.Count + 1);
    expect(cents(after)).toBe(cents(before) + 1234);
  });

  it('siteId supplied covers that one site, even when it is inactive', async () => {
    const site = activeSite(a.world);
    const res = await report(`&siteId=${site}`);
    expect(res.body.SiteIds).toEqual([site]);
    expect(cents(res.body.Totals.Services)).toBe(expected(a.world, [site]).services);
    const inactive = a.world.sites.find((s) => s.State === 2);
    if (inactive) expect((await report(`&siteId=${inactive.SiteId}`)).body.SiteIds).toEqual([inactive.SiteId]);
  });

  it('a range over 365 days answers 400 Maximum date range is 365 days', async () => {
    const res = await call(a, '/api/v2/reports/sales?start=2025-03-15 23:58&end=2026-03-15 23:59');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ Message: 'Maximum date range is 365 days' });
    expect((await call(a, '/api/v2/reports/sales?start=2025-03-15 23:59&end=2026-03-15 23:59')).status).toBe(200);
  });

  it('start and end are required by name: without one the answer is 404', async () => {
    expect((await call(a, `/api/v2/reports/sales?start=${START}`)).status).toBe(404);
  });
});
