import type { World } from '../../src/world/index.js';
import type { AccountingDocument } from '../../src/world/sales.js';
import { DocumentType } from '../../src/world/sales.js';
import { call, type DemoApi, EMPTY } from '../helpers.js';

export const siteOf = (world: World) => world.sites[0]!.SiteId;

/** Every client document of the first site, whatever its date. */
export const clientDocumentsUrl = (world: World) =>
  `/api/v2/accountingdocuments?siteId=${siteOf(world)}&clientDocuments=true&start=2000-01-01&end=2100-01-01&find=`;

/** A client invoice of the first site with a client. */
export function anInvoice(world: World): AccountingDocument {
  return world.accountingDocuments.find(
    (d) =>
      d.AccountingDocumentTypeId === DocumentType.ClientInvoice && d.SiteId === siteOf(world) && d.ClientId !== null,
  )!;
}

export function newDocument(world: World, overrides: Record<string, unknown> = {}) {
  const client = world.clients[0]!;
  return {
    AccountingDocumentId: EMPTY,
    AccountingDocumentTypeId: 1,
    SiteId: siteOf(world),
    ClientId: client.ClientId,
    Reference: 'Test sale',
    DocumentDate: '2026-03-16 09:00',
    AccountingDocumentLineItems: [
      { Description: 'Cut and finish', Quantity: 1, Price: 45.1 },
      { Description: 'Shampoo', Quantity: 2, Price: 12.35, Discount: 0.2 },
    ],
    ...overrides,
  };
}

export function newReceipt(
  world: World,
  documentId: string | null,
  total: number,
  overrides: Record<string, unknown> = {},
) {
  const site = siteOf(world);
  return {
    AccountingEntryId: EMPTY,
    AccountingEntryTypeId: 1,
    SiteId: site,
    ClientId: world.clients[0]!.ClientId,
    AccountingDocumentId: documentId,
    EntryNumber: '',
    Total: total,
    PaymentTypeId: world.paymentTypes[0]!.PaymentTypeId,
    CashDrawerId: world.cashDrawers.find((d) => d.SiteId === site)!.CashDrawerId,
    ...overrides,
  };
}

export async function createDocument(s: DemoApi, body: unknown = newDocument(s.world)): Promise<string> {
  const res = await call(s, `/api/v2/accountingdocuments?siteId=${siteOf(s.world)}`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`create document: ${res.status} ${res.text}`);
  return res.body.Value;
}

export async function createReceipt(s: DemoApi, body: unknown): Promise<string> {
  const res = await call(s, `/api/v2/accountingentries?siteId=${siteOf(s.world)}`, { method: 'POST', body });
  if (res.status !== 200) throw new Error(`create entry: ${res.status} ${res.text}`);
  return res.body.Value;
}

export const listUrl = (world: World, q: Record<string, string> = {}) => {
  const params = new URLSearchParams({
    siteId: siteOf(world),
    clientDocuments: '',
    start: '2000-01-01',
    end: '2100-01-01',
    find: '',
    ...q,
  });
  return `/api/v2/accountingdocuments?${params}`;
};
