import { beforeEach, describe, expect, it } from 'vitest';
import { call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { clientDocumentsUrl, createDocument, createReceipt, newReceipt, siteOf } from './support.js';

let s: DemoApi;
beforeEach(async () => {
  s = await demoApi();
});

const ALL_ENTRIES = { entryType: 'Receipt', start: '2000-01-01', end: '2100-01-01', find: '' };
const entriesUrl = (q: Record<string, string> = {}) =>
  `/api/v2/accountingentries?${new URLSearchParams({ ...ALL_ENTRIES, siteId: siteOf(s.world), ...q })}`;
const entryUrl = (id: string) => `/api/v2/accountingentries/${id}`;
const postUrl = () => `/api/v2/accountingentries?siteId=${siteOf(s.world)}`;
const rowOf = async (documentId: string) =>
  (await call(s, clientDocumentsUrl(s.world))).body.find((r: any) => r.AccountingDocumentId === documentId);

describe('GET /api/v2/accountingentries', () => {
  it('a missing parameter name is a 405 (POST is served on the path)', async () => {
    expect(
      (await call(s, `/api/v2/accountingentries?siteId=${siteOf(s.world)}&entryType=1&start=2026-01-01&end=2026-02-01`))
        .status,
    ).toBe(405);
  });

  it('entryType takes exactly one value: only entries of that type are listed', async () => {
    const receipts = (await call(s, entriesUrl({ entryType: '1' }))).body;
    const expected = s.world.accountingEntries.filter(
      (e) => e.SiteId === siteOf(s.world) && e.AccountingEntryTypeId === 1,
    );
    expect(receipts).toHaveLength(expected.length);
    const payments = (await call(s, entriesUrl({ entryType: 'Payment' }))).body;
    expect(payments.every((r: any) => r.AccountingEntryTypeId === 2)).toBe(true);
    expect(payments.length).toBeGreaterThan(0);
  });

  it('an empty entryType matches nothing; All is not a value (400 on entryType)', async () => {
    expect((await call(s, entriesUrl({ entryType: '' }))).body).toEqual([]);
    const res = await call(s, entriesUrl({ entryType: 'All' }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['entryType']);
  });

  it('the end is widened by one day and find is a starts-with on the entry number', async () => {
    const e = s.world.accountingEntries.find((x) => x.SiteId === siteOf(s.world) && x.AccountingEntryTypeId === 1)!;
    const day = e.EntryDate.slice(0, 10);
    const rows = (await call(s, entriesUrl({ start: day, end: day, find: e.EntryNumber.toLowerCase() }))).body;
    expect(rows.map((r: any) => r.AccountingEntryId)).toEqual([e.AccountingEntryId]);
  });

  it('find matches the client name', async () => {
    const e = s.world.accountingEntries.find(
      (x) => x.SiteId === siteOf(s.world) && x.AccountingEntryTypeId === 1 && x.ClientId,
    )!;
    const c = s.world.clients.find((x) => x.ClientId === e.ClientId)!;
    const rows = (await call(s, entriesUrl({ find: `${c.FirstName} ${c.LastName}` }))).body;
    expect(rows.map((r: any) => r.AccountingEntryId)).toContain(e.AccountingEntryId);
  });

  it('rows are ordered by entry date', async () => {
    const dates = (await call(s, entriesUrl())).body.map((r: any) => r.EntryDate);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });
});

describe('GET /api/v2/accountingentries/{id}', () => {
  it('includes its allocations', async () => {
    const e = s.world.accountingEntries.find((x) => x.AccountingDocumentId !== null)!;
    const res = await call(s, entryUrl(e.AccountingEntryId));
    expect(res.body.Allocations).toEqual([
      { AccountingDocumentId: e.AccountingDocumentId, DocumentNumber: expect.any(String), Amount: e.Total },
    ]);
  });

  it('a malformed id is a 404; an unknown well-formed id is 200 null', async () => {
    expect((await call(s, entryUrl('nope'))).status).toBe(404);
    expect((await call(s, entryUrl(UNKNOWN))).body).toBeNull();
  });
});

describe('POST /api/v2/accountingentries', () => {
  it('a receipt allocated to an invoice marks it part paid, then paid; the document is not edited', async () => {
    const doc = await createDocument(s);
    const before = (await call(s, `/api/v2/accountingdocuments/${doc}`)).body;
    await createReceipt(s, newReceipt(s.world, doc, 20.1));
    expect(await rowOf(doc)).toMatchObject({ PaidState: 'PartPaid', Paid: 20.1, Outstanding: 49.5 });
    await createReceipt(s, newReceipt(s.world, doc, 49.5));
    expect(await rowOf(doc)).toMatchObject({ PaidState: 'Paid', Paid: 69.6, Outstanding: 0 });
    expect((await call(s, `/api/v2/accountingdocuments/${doc}`)).body).toEqual(before);
  });

  it('answers the write result with Message AccountingEntryId and an auto EntryNumber when empty', async () => {
    const res = await call(s, postUrl(), { method: 'POST', body: newReceipt(s.world, null, 5) });
    expect(res.body.Message).toBe('AccountingEntryId');
    const got = (await call(s, entryUrl(res.body.Value))).body;
    expect(got.EntryNumber).toMatch(/^RCT-\d{6}$/);
    expect(got.Received).toBe(5);
  });

  it('AmountDue is what the document owed before the entry', async () => {
    const doc = await createDocument(s);
    await createReceipt(s, newReceipt(s.world, doc, 9.6));
    const id = await createReceipt(s, newReceipt(s.world, doc, 10));
    expect((await call(s, entryUrl(id))).body.AmountDue).toBe(60);
  });

  it('amounts add up in cents without floating-point drift', async () => {
    const doc = await createDocument(s, undefined);
    for (let i = 0; i < 6; i++) await createReceipt(s, newReceipt(s.world, doc, 0.1));
    expect((await rowOf(doc)).Paid).toBe(0.6);
    expect((await rowOf(doc)).Outstanding).toBe(69);
  });

  it('AccountingEntryTypeId is required with no default', async () => {
    const res = await call(s, postUrl(), {
      method: 'POST',
      body: newReceipt(s.world, null, 5, { AccountingEntryTypeId: undefined }),
    });
    expect(Object.keys(res.body.ModelState)).toEqual(['AccountingEntryTypeId']);
  });

  it('receipts need ClientId and payments need SupplierId', async () => {
    const r = await call(s, postUrl(), { method: 'POST', body: newReceipt(s.world, null, 5, { ClientId: null }) });
    expect(Object.keys(r.body.ModelState)).toEqual(['ClientId']);
    const p = await call(s, postUrl(), {
      method: 'POST',
      body: newReceipt(s.world, null, 5, { AccountingEntryTypeId: 2 }),
    });
    expect(Object.keys(p.body.ModelState)).toEqual(['SupplierId']);
  });

  it('SiteId must equal the query siteId; PaymentTypeId, CashDrawerId and Total are required', async () => {
    const res = await call(s, postUrl(), {
      method: 'POST',
      body: newReceipt(s.world, null, 5, {
        SiteId: s.world.sites[1]!.SiteId,
        PaymentTypeId: undefined,
        CashDrawerId: undefined,
        Total: undefined,
      }),
    });
    expect(Object.keys(res.body.ModelState).sort()).toEqual(['CashDrawerId', 'PaymentTypeId', 'SiteId', 'Total']);
  });

  it('amounts with more than two decimal places are refused', async () => {
    const res = await call(s, postUrl(), { method: 'POST', body: newReceipt(s.world, null, 1.005) });
    expect(Object.keys(res.body.ModelState)).toEqual(['Total']);
  });

  it('VoucherId records a redemption of that voucher and must name a voucher', async () => {
    const voucher = s.world.vouchers[0]!;
    const id = await createReceipt(s, newReceipt(s.world, null, 5, { VoucherId: voucher.VoucherId }));
    expect((await call(s, entryUrl(id))).body.VoucherId).toBe(voucher.VoucherId);
    const bad = await call(s, postUrl(), {
      method: 'POST',
      body: newReceipt(s.world, null, 5, { VoucherId: UNKNOWN }),
    });
    expect(Object.keys(bad.body.ModelState)).toEqual(['VoucherId']);
  });

  it('Gratuities name the employees who receive the gratuity', async () => {
    const employee = s.world.employees[0]!;
    const id = await createReceipt(
      s,
      newReceipt(s.world, null, 5, { Gratuity: 1, Gratuities: [{ EmployeeId: employee.EmployeeId }] }),
    );
    const got = (await call(s, entryUrl(id))).body;
    expect(got.Gratuities).toEqual([{ AccountingEntryId: id, EmployeeId: employee.EmployeeId }]);
    expect(got.Received).toBe(6);
  });
});

describe('PUT /api/v2/accountingentries/{id}', () => {
  it('the route id selects the record and the answer echoes it; a changed Total moves the paid state', async () => {
    const doc = await createDocument(s);
    const id = await createReceipt(s, newReceipt(s.world, doc, 10));
    const res = await call(s, entryUrl(id), {
      method: 'PUT',
      body: { AccountingEntryId: UNKNOWN, SiteId: siteOf(s.world), Total: 69.6 },
    });
    expect(res.body).toEqual({ Message: 'AccountingEntryId', Value: id });
    expect(await rowOf(doc)).toMatchObject({ PaidState: 'Paid' });
  });

  it('the body SiteId is required', async () => {
    const id = await createReceipt(s, newReceipt(s.world, null, 10));
    const res = await call(s, entryUrl(id), { method: 'PUT', body: { Total: 1 } });
    expect(Object.keys(res.body.ModelState)).toEqual(['SiteId']);
  });

  it('an unknown id is a 400 Record does not exist.', async () => {
    const res = await call(s, entryUrl(UNKNOWN), { method: 'PUT', body: { SiteId: siteOf(s.world) } });
    expect(res).toMatchObject({ status: 400, body: { Message: 'Record does not exist.' } });
  });
});

describe('DELETE /api/v2/accountingentries/{id}', () => {
  it('deleting a receipt allocated to a document makes it unpaid again', async () => {
    const doc = await createDocument(s);
    const id = await createReceipt(s, newReceipt(s.world, doc, 69.6));
    expect(await rowOf(doc)).toMatchObject({ PaidState: 'Paid' });
    expect((await call(s, entryUrl(id), { method: 'DELETE' })).status).toBe(200);
    expect(await rowOf(doc)).toMatchObject({ PaidState: 'Unpaid', Outstanding: 69.6 });
  });

  it('an unknown id is a 400 Record does not exist.', async () => {
    expect(await call(s, entryUrl(UNKNOWN), { method: 'DELETE' })).toMatchObject({
      status: 400,
      body: { Message: 'Record does not exist.' },
    });
  });
});
