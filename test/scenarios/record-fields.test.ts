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
