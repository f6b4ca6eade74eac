import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, simulator, tokenFor } from '../helpers.js';
import { startError } from './support.js';

// A record entry's field names are the API's, matched case-insensitively as the API matches body
// names; a name no field of the resource has is refused when the scenario is loaded, with the
// closest field named, by every way a scenario comes in.

const SITE = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
const CLIENT = 'b8c7d41b-f3a7-49be-b68f-1762f0c6055a';
const dir = mkdtempSync(path.join(tmpdir(), 'scenario-fields-'));
const HEAD = 'description: A scenario under test.\naccount: { seed: 42, size: small, now: 2026-03-16T09:00:00Z }\n';
const voucher = (numberField: string, number: string) =>
  `${HEAD}records:\n  vouchers:\n    - SiteId: ${SITE}\n      ${numberField}: ${number}\n      VoucherType: 1\n` +
  '      Amount: 50\n      ExpiryDate: 2026-12-31 00:00\n';

function fileWith(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The vouchers of the account numbered `number`, read through the API. */
async function vouchersNumbered(sim: Awaited<ReturnType<typeof simulator>>, prefix: string, number: string) {
  const token = await tokenFor(sim, prefix);
  const list = await call(sim, `${prefix}/api/v2/vouchers?siteId=${SITE}`, { token });
  expect(list.status).toBe(200);
  return (list.body as { VoucherNumber: string }[]).filter((v) => v.VoucherNumber === number);
}

describe('scenario record fields', () => {
  it('a misspelt field is refused at load with --scenario, naming the file, the record and the closest field', async () => {
    const file = fileWith('typo.yaml', voucher('VoucherNumbr', 'GV-TYPO-0001'));
    // The server's scenario option is what --scenario sets.
    expect(await startError(file, dir)).toBe(
      `${file}: records.vouchers[0].VoucherNumbr: no field VoucherNumbr in a vouchers record; ` +
        'did you mean VoucherNumber?',
    );
  });

  it('a misspelt field is refused by the control plane (file or inline) and nothing changes', async () => {
    const sim = await simulator({ scenarioDir: dir });
    fileWith('typo-admin.yaml', voucher('VoucherNumbr', 'GV-TYPO-0001'));
    const byFile = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'typo-admin.yaml' },
    });
    expect(byFile).toMatchObject({
      status: 400,
      body: {
        error:
          'typo-admin.yaml: records.vouchers[0].VoucherNumbr: no field VoucherNumbr in a vouchers record; ' +
          'did you mean VoucherNumber?',
      },
    });
    const inline = await call(sim, '/__admin/accounts', {
      method: 'POST',
      body: {
        name: 'typo',
        scenario: {
          description: 'A typo and a name far from every field.',
          records: { clients: [{ SiteId: SITE, FirstNmae: 'Ada', Zzzzzzzzzz: 1 }] },
        },
      },
    });
    expect(inline.status).toBe(400);
    expect(inline.body.error).toContain(
      '(inline): records.clients[0].FirstNmae: no field FirstNmae in a clients record; did you mean FirstName?',
    );
    expect(inline.body.error).toContain(
      '(inline): records.clients[0].Zzzzzzzzzz: no field Zzzzzzzzzz in a clients record; ' +
        'known fields: ClientId, SiteId,',
    );
    expect(sim.registry.get('typo')).toBeUndefined();
    expect(await vouchersNumbered(sim, '', 'GV-TYPO-0001')).toEqual([]);
  });

  it('field names match case-insensitively, for a created record and a changed one', async () => {
    const sim = await simulator({ scenarioDir: dir });
    const scenario = {
      description: 'Names in another case.',
      account: { seed: 42, size: 'small', now: '2026-03-16T09:00:00Z' },
      records: {
        vouchers: [
          { siteid: SITE, voucherNumber: 'GV-CASE-0001', VOUCHERTYPE: 1, amount: 50, expiryDate: '2026-12-31 00:00' },
        ],
        sites: [{ siteId: SITE, name: 'Renamed in lower case' }],
      },
    };
    const applied = await call(sim, '/__admin/accounts/demo/scenario', { method: 'POST', body: { scenario } });
    expect(applied.status).toBe(200);
    expect(await vouchersNumbered(sim, '', 'GV-CASE-0001')).toHaveLength(1);
    const token = await tokenFor(sim);
    expect((await call(sim, `/api/v2/sites/${SITE}`, { token })).body.Name).toBe('Renamed in lower case');
  });

  it('a misspelt nested field is refused at load, naming the file, the record, its path and the closest field', async () => {
    const sim = await simulator({ scenarioDir: dir });
    fileWith(
      'nested-typo.yaml',
      `${HEAD}records:\n  accountingDocuments:\n    - AccountingDocumentTypeId: 1\n      SiteId: ${SITE}\n` +
        `      ClientId: ${CLIENT}\n      AccountingDocumentLineItems:\n` +
        '        - Description: Cut\n          Quantiy: 1\n          Price: 20\n',
    );
    const byFile = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: { scenario: 'nested-typo.yaml' },
    });
    expect(byFile).toMatchObject({
      status: 400,
      body: {
        error:
          'nested-typo.yaml: records.accountingDocuments[0].AccountingDocumentLineItems[0].Quantiy: no field ' +
          'Quantiy in AccountingDocumentLineItems of a accountingDocuments record; did you mean Quantity?',
      },
    });
    const inline = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'An appointment whose service names its employee with a typo, and a name far from every field.',
          records: {
            appointments: [
              {
                ClientId: CLIENT,
                AppointmentServices: [{ Start: '2026-03-16 10:00', Employees: [{ EmployeId: CLIENT }], Zzzzzzzzzz: 1 }],
              },
            ],
          },
        },
      },
    });
    expect(inline.status).toBe(400);
    expect(inline.body.error).toContain(
      '(inline): records.appointments[0].AppointmentServices[0].Employees[0].EmployeId: no field EmployeId in ' +
        'AppointmentServices.Employees of a appointments record; did you mean EmployeeId?',
    );
    expect(inline.body.error).toContain(
      '(inline): records.appointments[0].AppointmentServices[0].Zzzzzzzzzz: no field Zzzzzzzzzz in ' +
        'AppointmentServices of a appointments record; known fields: AppointmentServiceId, AppointmentId,',
    );
  });

  it('nested field names match case-insensitively: a created document takes its line items in another case', async () => {
    const sim = await simulator();
    const id = '1a2b3c4d-0009-4000-8000-000000000009';
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'A document whose line item fields are in lower case.',
          account: { seed: 42, size: 'small', now: '2026-03-16T09:00:00Z' },
          records: {
            accountingDocuments: [
              {
                AccountingDocumentId: id,
                AccountingDocumentTypeId: 1,
                SiteId: SITE,
                ClientId: CLIENT,
                accountingDocumentLineItems: [{ description: 'Cut and colour', QUANTITY: 2, price: 35 }],
              },
            ],
          },
        },
      },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const token = await tokenFor(sim);
    const document = await call(sim, `/api/v2/accountingdocuments/${id}`, { token });
    expect(document.status).toBe(200);
    expect(document.body.AccountingDocumentLineItems).toMatchObject([
      { Description: 'Cut and colour', Quantity: 2, Price: 35, Total: 70 },
    ]);
  });

  it('a field only a stored record has is refused when the entry creates a record, naming it', async () => {
    const sim = await simulator();
    const applied = await call(sim, '/__admin/accounts/demo/scenario', {
      method: 'POST',
      body: {
        scenario: {
          description: 'A created client with a field the create endpoint does not take.',
          records: { clients: [{ SiteId: SITE, FirstName: 'Ada', LastName: 'L', Gender: 2, ClientCode: 'C-1' }] },
        },
      },
    });
    expect(applied).toMatchObject({
      status: 400,
      body: {
        error:
          '(inline): records.clients[0].ClientCode: the API does not take ClientCode when it creates a clients ' +
          'record; only a record named by its ClientId can have it changed',
      },
    });
  });
});
