import { beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_CREDENTIAL, type DemoApi, demoApi, FIXED_NOW } from '../helpers.js';
import { anInvoice, createDocument, createReceipt, newReceipt, siteOf } from './support.js';

// A list row's cost does not grow with the world: what a row shows (its client's or supplier's
// name, what was paid on its document, the document it pays) is looked up, not searched for in
// every table. A year of the large world's documents or entries is thousands of rows; read the
// whole world once per row, it takes minutes.

const BUDGET_MS = 5000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const aYear = `start=${day(FIXED_NOW - 365 * 86_400_000)}&end=${day(FIXED_NOW)}`;

async function timed(api: DemoApi, path: string) {
  const started = performance.now();
  const answer = await call(api, path);
  return { answer, ms: performance.now() - started };
}

describe('a year of documents or entries on the large world answers within seconds', () => {
  let api: DemoApi;
  beforeAll(async () => {
    api = await demoApi({ size: 'large' });
  }, 120_000);

  it('the client documents of a year answer within the budget', async () => {
    const url = `/api/v2/accountingdocuments?siteId=${siteOf(api.world)}&clientDocuments=true&${aYear}&find=`;
    const { answer, ms } = await timed(api, url);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(BUDGET_MS);
  }, 60_000);

  it('the receipts of a year answer within the budget', async () => {
    const url = `/api/v2/accountingentries?siteId=${siteOf(api.world)}&entryType=1&${aYear}&find=`;
    const { answer, ms } = await timed(api, url);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(1000);
    expect(ms).toBeLessThan(BUDGET_MS);
  }, 60_000);

  // A list of thousands of rows (megabytes of JSON) is built and encoded in slices of the event
  // loop's time: another account's requests are answered while it is made, not after it.
  it.each([
    [
      'a year of client documents',
      (site: string) => `/api/v2/accountingdocuments?siteId=${site}&clientDocuments=true&${aYear}&find=`,
    ],
    ['every client of a site', (site: string) => `/api/v2/clients?siteId=${site}`],
  ])(
    'another account answers while %s of the large world is built',
    async (_, path) => {
      const other = (await call(api.sim, '/accounts/other/api/v2/token', { method: 'POST', body: DEMO_CREDENTIAL }))
        .body as {
        access_token: string;
      };
      let done = false;
      const list = call(api, path(siteOf(api.world))).finally(() => {
        done = true;
      });
      let answeredMeanwhile = 0;
      while (!done) {
        // A turn of the event loop between reads, as a server has between two requests it reads.
        await new Promise((resolve) => setImmediate(resolve));
        const sites = await call(api.sim, '/accounts/other/api/v2/sites', { token: other.access_token });
        expect(sites.status).toBe(200);
        if (!done) answeredMeanwhile++;
      }
      const answer = await list;
      expect(answer.status).toBe(200);
      expect((answer.body as unknown[]).length).toBeGreaterThan(1000);
      expect(answeredMeanwhile).toBeGreaterThan(2);
    },
    60_000,
  );
});

describe('what a list row looks up follows the writes', () => {
  let api: DemoApi;
  beforeAll(async () => {
    api = await demoApi();
  });
  const documentsUrl = (world: DemoApi['world']) =>
    `/api/v2/accountingdocuments?siteId=${siteOf(world)}&clientDocuments=true&start=2000-01-01&end=2100-01-01&find=`;

  it("a document row shows its client's name as the client has it now", async () => {
    const invoice = anInvoice(api.world);
    const renamed = await call(api, `/api/v2/clients?clientId=${invoice.ClientId}`, {
      method: 'PUT',
      body: { FirstName: 'Renamed', LastName: 'Since' },
    });
    expect(renamed.status).toBe(200);
    const rows = (await call(api, documentsUrl(api.world))).body as {
      AccountingDocumentId: string;
      ClientName: string;
    }[];
    expect(rows.find((r) => r.AccountingDocumentId === invoice.AccountingDocumentId)?.ClientName).toBe('Renamed Since');
  });

  it('a document row shows a receipt posted after an earlier read of the list', async () => {
    const invoice = anInvoice(api.world);
    const row = async () =>
      ((await call(api, documentsUrl(api.world))).body as { AccountingDocumentId: string; Paid: number }[]).find(
        (r) => r.AccountingDocumentId === invoice.AccountingDocumentId,
      )!;
    const before = await row();
    const posted = await call(api, `/api/v2/accountingentries?siteId=${siteOf(api.world)}`, {
      method: 'POST',
      body: newReceipt(api.world, invoice.AccountingDocumentId, 0.01),
    });
    expect(posted.status).toBe(200);
    expect((await row()).Paid).toBeCloseTo(before.Paid + 0.01, 2);
  });

  it('an entry row names the document it pays by its number, for a document made after an earlier read', async () => {
    const site = siteOf(api.world);
    const entriesUrl = `/api/v2/accountingentries?siteId=${site}&entryType=1&start=2000-01-01&end=2100-01-01&find=`;
    await call(api, entriesUrl);
    const documentId = await createDocument(api);
    await createReceipt(api, newReceipt(api.world, documentId, 20));
    const number = api.world.accountingDocuments.find((d) => d.AccountingDocumentId === documentId)!.DocumentNumber;
    const rows = (await call(api, entriesUrl)).body as { AccountingDocumentId: string; DocumentNumber: string }[];
    expect(rows.find((r) => r.AccountingDocumentId === documentId)?.DocumentNumber).toBe(number);
  });
});
