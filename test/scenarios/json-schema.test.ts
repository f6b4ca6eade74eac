import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scenarioJsonSchema } from '../../src/scenarios/json-schema.js';
import { parseScenario } from '../../src/scenarios/load.js';
import { createFields, loadRecordFields, recordFields, storedFields } from '../../src/scenarios/record-fields.js';
import { RECORD_RESOURCES } from '../../src/scenarios/schemas.js';
import { call, simulator } from '../helpers.js';

// The published scenario schema declares every record entry's fields, generated from the create
// endpoints' body schemas and the stored records' fields, and refuses what the loader refuses.

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;
await loadRecordFields();
const schema = JSON.parse(await scenarioJsonSchema());
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);
const entryOf = (resource: string) => schema.else.properties.records.properties[resource].items;

const dir = path.resolve(import.meta.dirname, '../../scenarios');
const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.endsWith('.schema.json'));

const SITE = 'e33a58dc-7dc0-439a-a29c-437e7d7a5444';
const withVoucher = (fields: Record<string, unknown>) => ({
  description: 'One voucher.',
  records: { vouchers: [{ SiteId: SITE, VoucherType: 1, Amount: 50, ...fields }] },
});

describe('the scenario JSON Schema', () => {
  it('takes an account snapshot, as the loader does, with a description beside it; refuses one mixed with scenario fields or of a newer version', async () => {
    const sim = await simulator();
    const snapshot = (await call(sim, '/__admin/accounts/demo/snapshot')).body;
    await sim.close();
    expect(validate(snapshot), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...snapshot, $schema: './scenario.schema.json', description: 'Set up by hand.' })).toBe(true);
    expect(validate({ ...snapshot, records: { clients: [] } })).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ keyword: 'additionalProperties', params: { additionalProperty: 'records' } }),
    );
    expect(validate({ ...snapshot, version: 2 })).toBe(false);
    // A scenario's mistakes are reported against the scenario format alone.
    expect(validate({ description: 'No format.', recordz: {} })).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({ instancePath: '', params: { additionalProperty: 'recordz' } }),
    );
  });

  it.each([...RECORD_RESOURCES])(
    'a %s entry declares every field of the record schemas, and only those',
    (resource) => {
      const declared = Object.keys(entryOf(resource).properties);
      expect(declared.sort()).toEqual([...recordFields(resource), '$query', '$password'].sort());
      for (const field of Object.keys(createFields(resource) ?? {})) expect(declared).toContain(field);
      for (const field of storedFields(resource).keys()) expect(declared).toContain(field);
    },
  );

  it('a created resource takes its field types from the create body (VoucherNumber: text of at most 50)', () => {
    expect(entryOf('vouchers').properties.VoucherNumber.anyOf).toContainEqual({ type: 'string', maxLength: 50 });
    expect(entryOf('sites').properties.Name).toEqual({ type: ['string', 'null'] });
  });

  it.each(files)('the shipped %s validates against it', (file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const value = file.endsWith('.json') ? JSON.parse(text) : parse(text);
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a misspelt record field, as the loader does, and takes a name in another case, as the loader does', async () => {
    const typo = withVoucher({ VoucherNumbr: 'GV-TYPO-0001' });
    expect(validate(typo)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        keyword: 'pattern',
        instancePath: '/records/vouchers/0',
        propertyName: 'VoucherNumbr',
      }),
    );
    await expect(parseScenario(typo)).rejects.toThrow('did you mean VoucherNumber?');

    // The scenario's own keys are spelt as they are.
    const ownKey = withVoucher({ $Query: { siteId: SITE } });
    expect(validate(ownKey)).toBe(false);
    await expect(parseScenario(ownKey)).rejects.toThrow('no field $Query in a vouchers record; did you mean $query?');

    const otherCase = withVoucher({ voucherNumber: 'GV-CASE-0001' });
    expect(validate(otherCase), JSON.stringify(validate.errors)).toBe(true);
    expect((await parseScenario(otherCase)).records?.vouchers?.[0]).toMatchObject({ VoucherNumber: 'GV-CASE-0001' });
  });

  it('refuses a misspelt nested field (a line item, a service employee), as the loader does, and takes one in another case', async () => {
    const document = (line: Record<string, unknown>) => ({
      description: 'One document.',
      records: { accountingDocuments: [{ SiteId: SITE, AccountingDocumentLineItems: [line] }] },
    });
    const typo = document({ Description: 'Cut', Quantiy: 1, Price: 20 });
    expect(validate(typo)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        keyword: 'pattern',
        instancePath: '/records/accountingDocuments/0/AccountingDocumentLineItems/0',
        propertyName: 'Quantiy',
      }),
    );
    await expect(parseScenario(typo)).rejects.toThrow('did you mean Quantity?');
    const employee = {
      description: 'One appointment.',
      records: {
        appointments: [{ AppointmentServices: [{ Start: '2026-03-16 10:00', Employees: [{ EmployeId: SITE }] }] }],
      },
    };
    expect(validate(employee)).toBe(false);
    expect(validate.errors).toContainEqual(
      expect.objectContaining({
        instancePath: '/records/appointments/0/AppointmentServices/0/Employees/0',
        propertyName: 'EmployeId',
      }),
    );

    const otherCase = document({ description: 'Cut', QUANTITY: 1, price: 20 });
    expect(validate(otherCase), JSON.stringify(validate.errors)).toBe(true);
    expect((await parseScenario(otherCase)).records?.accountingDocuments?.[0]).toMatchObject({
      AccountingDocumentLineItems: [{ Description: 'Cut', Quantity: 1, Price: 20 }],
    });
  });

  it('a nested object declares the fields of the body schema and the stored records there, and only those', () => {
    const line = entryOf('accountingDocuments').properties.AccountingDocumentLineItems.items;
    expect(Object.keys(line.properties)).toEqual(
      expect.arrayContaining(['Description', 'Quantity', 'Price', 'AccountingDocumentLineItemId']),
    );
    expect(line.properties.Description).toEqual({ type: 'string', maxLength: 500 });
    const address = entryOf('sites').properties.Address;
    const stored = [...(storedFields('sites').get('Address')?.fields?.keys() ?? [])];
    expect(stored.length).toBeGreaterThan(0);
    expect(Object.keys(address.anyOf[0].properties).sort()).toEqual(stored.sort());
  });
});
