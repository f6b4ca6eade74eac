import { beforeEach, describe, expect, it } from 'vitest';
import { DocumentType } from '../../src/world/sales.js';
import { call, type DemoApi, demoApi, UNKNOWN } from '../helpers.js';
import { anInvoice, createDocument, createReceipt, listUrl, newDocument, newReceipt, siteOf } from './support.js';

let s: DemoApi;
beforeEach(async () => {
  s = await demoApi();
});

const ids = (rows: { AccountingDocumentId: string }[]) => rows.map((r) => r.AccountingDocumentId);

describe('GET /api/v2/accountingdocuments', () => {
  it('a missing parameter name is a 405 (POST is served on the path)', async () => {
    const res = await call(
      s,
      `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}&clientDocuments=&start=2026-01-01&end=2026-02-01`,
    );
    expect(res.status).toBe(405);
  });

  it('clientDocuments=true lists client invoices, credit notes and quotations only', async () => {
    const res = await call(s, listUrl(s.world, { clientDocuments: 'true' }));
    expect(res.status).toBe(200);
    const types = new Set(res.body.map((r: any) => r.AccountingDocumentTypeId));
    expect([...types].every((t) => [1, 2, 3].includes(t as number))).toBe(true);
    const expected = s.world.accountingDocuments.filter(
      (d) => d.SiteId === siteOf(s.world) && [1, 2, 3].includes(d.AccountingDocumentTypeId),
    );
    expect(res.body).toHaveLength(expected.length);
  });

  it('clientDocuments=false lists supplier documents only', async () => {
    const res = await call(s, listUrl(s.world, { clientDocuments: 'false' }));
    const expected = s.world.accountingDocuments.filter(
      (d) => d.SiteId === siteOf(s.world) && [9, 10, 11, 12, 13].includes(d.AccountingDocumentTypeId),
    );
    expect(res.body).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('an empty clientDocuments lists both, and recurring invoices are never listed', async () => {
    const res = await call(s, listUrl(s.world));
    const expected = s.world.accountingDocuments.filter(
      (d) => d.SiteId === siteOf(s.world) && d.AccountingDocumentTypeId < 20,
    );
    expect(res.body).toHaveLength(expected.length);
    expect(res.body.some((r: any) => r.AccountingDocumentTypeId >= 20)).toBe(false);
    expect(
      s.world.accountingDocuments.some((d) => d.SiteId === siteOf(s.world) && d.AccountingDocumentTypeId >= 20),
    ).toBe(true);
  });

  it('the end is widened by one day: a document on the end date is listed', async () => {
    const d = anInvoice(s.world);
    const day = d.DocumentDate.slice(0, 10);
    const res = await call(s, listUrl(s.world, { start: day, end: day, find: d.DocumentNumber }));
    expect(ids(res.body)).toEqual([d.AccountingDocumentId]);
  });

  it('find is a case-insensitive starts-with on document number or client name', async () => {
    const d = anInvoice(s.world);
    const c = s.world.clients.find((x) => x.ClientId === d.ClientId)!;
    expect(ids((await call(s, listUrl(s.world, { find: d.DocumentNumber.toLowerCase() }))).body)).toEqual([
      d.AccountingDocumentId,
    ]);
    expect(ids((await call(s, listUrl(s.world, { find: c.LastName.toUpperCase() }))).body)).toContain(
      d.AccountingDocumentId,
    );
    expect((await call(s, listUrl(s.world, { find: d.DocumentNumber.slice(1) }))).body).toEqual([]);
  });

  it('find matches the supplier name', async () => {
    const d = s.world.accountingDocuments.find(
      (x) => x.SiteId === siteOf(s.world) && x.SupplierId !== null && x.AccountingDocumentTypeId < 20,
    )!;
    const name = s.world.suppliers.find((x) => x.SupplierId === d.SupplierId)!.Name;
    expect(ids((await call(s, listUrl(s.world, { find: name.slice(0, 6) }))).body)).toContain(d.AccountingDocumentId);
  });

  it('rows are ordered by document date', async () => {
    const dates = (await call(s, listUrl(s.world))).body.map((r: any) => r.DocumentDate);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });

  it('an invoice row carries paid, outstanding and paid state; other types carry null; FiscalStatus is null on an account that is not fiscalised', async () => {
    const rows = (await call(s, listUrl(s.world))).body;
    const inv = rows.find((r: any) => r.AccountingDocumentTypeId === 1);
    expect(['Unpaid', 'PartPaid', 'Paid']).toContain(inv.PaidState);
    const order = rows.find((r: any) => r.AccountingDocumentTypeId === 9);
    expect(order).toMatchObject({ Paid: null, Outstanding: null, PaidState: null });
    expect(rows.every((r: any) => r.FiscalStatus === null)).toBe(true);
  });

  it('the empty siteId matches nothing', async () => {
    expect((await call(s, listUrl(s.world, { siteId: '' }))).body).toEqual([]);
  });
});

describe('GET /api/v2/accountingdocuments/{id}', () => {
  it('returns any type, recurring included, with line items', async () => {
    const r = s.world.accountingDocuments.find(
      (d) => d.AccountingDocumentTypeId === DocumentType.RecurringClientInvoice,
    )!;
    const res = await call(s, `/api/v2/accountingdocuments/${r.AccountingDocumentId}`);
    expect(res.status).toBe(200);
    expect(res.body.AccountingDocumentId).toBe(r.AccountingDocumentId);
    expect(res.body.AccountingDocumentLineItems).toHaveLength(r.AccountingDocumentLineItems.length);
  });

  it('a malformed id is a 404; an unknown well-formed id is 200 null', async () => {
    expect((await call(s, '/api/v2/accountingdocuments/not-a-guid')).status).toBe(404);
    const res = await call(s, `/api/v2/accountingdocuments/${UNKNOWN}`);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });
});

describe('POST /api/v2/accountingdocuments', () => {
  it('creates the document and answers the write result with Message AccountingDocumentId', async () => {
    const res = await call(s, `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`, {
      method: 'POST',
      body: newDocument(s.world),
    });
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('AccountingDocumentId');
    const got = (await call(s, `/api/v2/accountingdocuments/${res.body.Value}`)).body;
    expect(got.AccountingDocumentLineItems.map((l: any) => l.Total)).toEqual([45.1, 24.5]);
    expect(got.Total).toBe(69.6);
    expect(got.DocumentNumber).toMatch(/^INV-\d{6}$/);
  });

  it('records no payment: a new invoice is Unpaid', async () => {
    const id = await createDocument(s);
    const row = (await call(s, listUrl(s.world, { clientDocuments: 'true' }))).body.find(
      (r: any) => r.AccountingDocumentId === id,
    );
    expect(row).toMatchObject({ PaidState: 'Unpaid', Paid: 0, Outstanding: 69.6 });
  });

  it('AccountingDocumentTypeId is required, with no default', async () => {
    const { AccountingDocumentTypeId: _, ...body } = newDocument(s.world);
    const res = await call(s, `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['AccountingDocumentTypeId']);
  });

  it('a wrong but valid type number yields a document of that type', async () => {
    const id = await createDocument(s, newDocument(s.world, { AccountingDocumentTypeId: 2 }));
    expect((await call(s, `/api/v2/accountingdocuments/${id}`)).body).toMatchObject({
      AccountingDocumentTypeId: 2,
      DocumentNumber: expect.stringMatching(/^QUO-/),
    });
  });

  it('SiteId must equal the query siteId', async () => {
    const other = s.world.sites[1]!.SiteId;
    const res = await call(s, `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`, {
      method: 'POST',
      body: newDocument(s.world, { SiteId: other }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['SiteId']);
  });

  it('line items are required; each needs Description, Quantity and Price', async () => {
    const url = `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`;
    const none = await call(s, url, {
      method: 'POST',
      body: newDocument(s.world, { AccountingDocumentLineItems: undefined }),
    });
    expect(Object.keys(none.body.ModelState)).toEqual(['AccountingDocumentLineItems']);
    const empty = await call(s, url, {
      method: 'POST',
      body: newDocument(s.world, { AccountingDocumentLineItems: [] }),
    });
    expect(Object.keys(empty.body.ModelState)).toEqual(['AccountingDocumentLineItems']);
    const bad = await call(s, url, {
      method: 'POST',
      body: newDocument(s.world, { AccountingDocumentLineItems: [{ Quantity: 1 }] }),
    });
    expect(Object.keys(bad.body.ModelState).sort()).toEqual([
      'AccountingDocumentLineItems[0].Description',
      'AccountingDocumentLineItems[0].Price',
    ]);
  });

  it('ServiceId, ProductId and PackageId are optional but must name records', async () => {
    const url = `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`;
    const res = await call(s, url, {
      method: 'POST',
      body: newDocument(s.world, {
        AccountingDocumentLineItems: [{ Description: 'x', Quantity: 1, Price: 1, ServiceId: UNKNOWN }],
      }),
    });
    expect(Object.keys(res.body.ModelState)).toEqual(['AccountingDocumentLineItems[0].ServiceId']);
  });
});

describe('PUT /api/v2/accountingdocuments/{id}', () => {
  it('the route id selects the record, the body SiteId is saved, and the answer echoes the route id', async () => {
    const id = await createDocument(s);
    const other = s.world.sites[1]!.SiteId;
    const res = await call(s, `/api/v2/accountingdocuments/${id}`, {
      method: 'PUT',
      body: { AccountingDocumentId: UNKNOWN, SiteId: other, Reference: 'Changed' },
    });
    expect(res.body).toEqual({ Message: 'AccountingDocumentId', Value: id });
    expect((await call(s, `/api/v2/accountingdocuments/${id}`)).body).toMatchObject({
      SiteId: other,
      Reference: 'Changed',
      Total: 69.6,
    });
  });

  it('the body SiteId is required', async () => {
    const id = await createDocument(s);
    const res = await call(s, `/api/v2/accountingdocuments/${id}`, { method: 'PUT', body: { Reference: 'x' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['SiteId']);
  });

  it('an unknown id is a 400 Record does not exist.', async () => {
    const res = await call(s, `/api/v2/accountingdocuments/${UNKNOWN}`, {
      method: 'PUT',
      body: { SiteId: siteOf(s.world) },
    });
    expect(res).toMatchObject({ status: 400, body: { Message: 'Record does not exist.' } });
  });
});

describe('DELETE /api/v2/accountingdocuments/{id}', () => {
  it('removes the document with 200, then a second delete is a 400 Record does not exist.', async () => {
    const id = await createDocument(s);
    const first = await call(s, `/api/v2/accountingdocuments/${id}`, { method: 'DELETE' });
    expect(first.status).toBe(200);
    expect(first.text).toBe('');
    expect((await call(s, `/api/v2/accountingdocuments/${id}`)).body).toBeNull();
    const again = await call(s, `/api/v2/accountingdocuments/${id}`, { method: 'DELETE' });
    expect(again).toMatchObject({ status: 400, body: { Message: 'Record does not exist.' } });
  });

  it('a malformed id is a 404', async () => {
    expect((await call(s, '/api/v2/accountingdocuments/123', { method: 'DELETE' })).status).toBe(404);
  });

  it('entries allocated to a deleted document are kept', async () => {
    const id = await createDocument(s);
    const entry = await createReceipt(s, newReceipt(s.world, id, 10));
    await call(s, `/api/v2/accountingdocuments/${id}`, { method: 'DELETE' });
    expect((await call(s, `/api/v2/accountingentries/${entry}`)).body.Allocations).toEqual([
      { AccountingDocumentId: id, DocumentNumber: null, Amount: 10 },
    ]);
  });
});
