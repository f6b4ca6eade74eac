import { describe, expect, it } from 'vitest';
import { call, simulator, tokenFor } from '../helpers.js';

// The records a scenario creates get the same ids for the same scenario and seed, whatever the
// account's name; ids the account's own calls draw stay the account's (see docs/decisions.md,
// Scenarios (ids)).

const SITE = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
const CLIENT = 'b8c7d41b-f3a7-49be-b68f-1762f0c6055a';
const DOCUMENT = '1a2b3c4d-0009-4000-8000-000000000009';
const EMAIL = 'same.ids@example.com';

const scenario = {
  description: 'A client and an invoice whose ids the simulator draws.',
  account: { seed: 42, size: 'small', now: '2026-03-16T09:00:00Z' },
  records: {
    clients: [{ SiteId: SITE, FirstName: 'Same', LastName: 'Ids', Email: EMAIL, Gender: 1 }],
    accountingDocuments: [
      {
        AccountingDocumentId: DOCUMENT,
        AccountingDocumentTypeId: 1,
        SiteId: SITE,
        ClientId: CLIENT,
        AccountingDocumentLineItems: [
          { Description: 'Colour', Quantity: 1, Price: 120 },
          { Description: 'Cut', Quantity: 1, Price: 40 },
        ],
      },
    ],
  },
};

/** The ids the scenario's records got, read through the API of the account. */
async function drawnIds(sim: Awaited<ReturnType<typeof simulator>>, name: string) {
  const prefix = `/accounts/${name}`;
  const token = await tokenFor(sim, prefix);
  const client = await call(sim, `${prefix}/api/v2/clients/emailexists?siteId=${SITE}&email=${EMAIL}`, { token });
  const document = await call(sim, `${prefix}/api/v2/accountingdocuments/${DOCUMENT}`, { token });
  expect(client.status).toBe(200);
  expect(document.status).toBe(200);
  const lines = document.body.AccountingDocumentLineItems.map((l: any) => l.AccountingDocumentLineItemId);
  return { client: client.body, lines };
}

describe('scenario ids', () => {
  it('the same scenario applied in two accounts of different names gives identical ids', async () => {
    const sim = await simulator();
    const names = ['acme', `kit-${Math.random().toString(36).slice(2, 10)}`];
    for (const name of names) {
      const created = await call(sim, '/__admin/accounts', { method: 'POST', body: { name, scenario } });
      expect(created.status).toBe(201);
    }
    const [first, second] = [await drawnIds(sim, names[0]!), await drawnIds(sim, names[1]!)];
    expect(first.client).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.lines).toHaveLength(2);
    expect(second).toEqual(first);
  });

  it('the same scenario applied twice to one account, and after a reset, gives the same ids again', async () => {
    const sim = await simulator();
    await call(sim, '/__admin/accounts', { method: 'POST', body: { name: 'twice', scenario } });
    const first = await drawnIds(sim, 'twice');
    await call(sim, '/__admin/accounts/twice/scenario', { method: 'POST', body: { scenario } });
    expect(await drawnIds(sim, 'twice')).toEqual(first);
    await call(sim, '/__admin/accounts/twice/reset', { method: 'POST' });
    expect(await drawnIds(sim, 'twice')).toEqual(first);
  });

  it('a record created by an API call after the scenario gets an id of the account, not of the scenario', async () => {
    const sim = await simulator();
    const created: string[] = [];
    for (const name of ['one', 'two']) {
      await call(sim, '/__admin/accounts', { method: 'POST', body: { name, scenario } });
      const token = await tokenFor(sim, `/accounts/${name}`);
      const made = await call(sim, `/accounts/${name}/api/v2/clients?siteId=${SITE}`, {
        method: 'POST',
        token,
        body: { SiteId: SITE, FirstName: 'Api', LastName: 'Made', Email: 'api.made@example.com', Gender: 2 },
      });
      expect(made.status).toBe(200);
      created.push(made.body.Value);
    }
    // The accounts' own streams are salted with their names: their API-made ids differ.
    expect(created[0]).not.toBe(created[1]);
    expect((await drawnIds(sim, 'one')).client).not.toBe(created[0]);
  });
});
