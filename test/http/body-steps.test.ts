import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppointmentInput, CartInput } from '../../src/appointments/schemas.js';
import { ClientUpdateInput } from '../../src/clients/schemas.js';
import { canonicalKeys, canonicalKeysInSteps } from '../../src/http/body-keys.js';
import { safeParseInSteps } from '../../src/http/body-steps.js';
import { DocumentInput } from '../../src/sales/schemas.js';
import { runSteps } from '../../src/world/steps.js';

// A body holding a long list is checked in steps (src/http/body-steps.ts) that answer exactly what the
// schema's own parse answers at once: the same data, or the same issues in the same order, whether the
// list's items, the list's own checks, or the fields around it fail.

const RUNS = { numRuns: Number(process.env.FC_RUNS ?? 40), seed: Number(process.env.FC_SEED ?? 20261128) };

const atOnce = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value, { reportInput: true });
  return r.success ? { success: true, data: r.data } : { success: false, issues: r.error.issues };
};
const inSteps = (schema: z.ZodType, value: unknown) => {
  const r = runSteps(safeParseInSteps(schema, value));
  return r.success ? { success: true, data: r.data } : { success: false, issues: r.error.issues };
};

const item = {
  ServiceId: '21c27229-850c-449a-bde8-503eaadacb6a',
  Start: '2026-03-18 09:00',
  Employees: [{ EmployeeId: '3cbb4ff4-e5d1-4552-9370-7867ad02e46f' }],
  Resources: [{ ResourceId: '00000000-0000-0000-0000-000000000000' }],
};
/** An item with one of its fields broken (or none), by the drawn kind. */
const broken = [
  (i: typeof item) => i,
  (i: typeof item) => ({ ...i, Start: 'not a date' }),
  (i: typeof item) => ({ ...i, ServiceId: 42 }),
  (i: typeof item) => ({ ...i, Employees: 'nobody' }),
  (i: typeof item) => {
    const { Start: _, ...rest } = i;
    return rest;
  },
];
const list = fc.array(fc.tuple(fc.nat(broken.length - 1), fc.nat(9)), { minLength: 0, maxLength: 12 }).map((faults) => {
  const items: unknown[] = Array.from({ length: 300 + faults.length }, () => item);
  for (const [kind, at] of faults) items[at * 31] = broken[kind]!(item);
  return items;
});

describe('a body with a long list is checked in steps as the schema checks it at once', () => {
  it('a cart of hundreds of items, valid or with items broken, parses to the same data or the same issues', () => {
    fc.assert(
      fc.property(list, (items) => {
        expect(inSteps(CartInput, items)).toEqual(atOnce(CartInput, items));
      }),
      RUNS,
    );
  });

  it("an appointment's long list of services, with its other fields valid or not, parses the same", () => {
    fc.assert(
      fc.property(list, fc.boolean(), fc.boolean(), (services, client, notes) => {
        const body = {
          ClientId: client ? '9167a98f-7aff-4fee-bb42-8d5e285df3f8' : 'not a guid',
          Notes: notes ? 'a note' : 7,
          AppointmentServices: services,
        };
        expect(inSteps(AppointmentInput, body)).toEqual(atOnce(AppointmentInput, body));
      }),
      RUNS,
    );
  });

  it("a list's own checks and refinements over the whole list run as they do at once", () => {
    const counted = z
      .object({
        Items: z.array(z.number()).min(1).max(400),
        Total: z.number(),
      })
      .refine((b) => b.Items.length === b.Total, { message: 'Total is the number of items', path: ['Total'] });
    for (const body of [
      { Items: Array(300).fill(1), Total: 300 },
      { Items: Array(300).fill(1), Total: 3 },
      { Items: Array(500).fill(1), Total: 500 },
      { Items: [...Array(299).fill(1), 'x'], Total: 3 },
      { Items: [...Array(499).fill(1), 'x'], Total: 'x' },
    ]) {
      expect(inSteps(counted, body)).toEqual(atOnce(counted, body));
    }
  });

  it("the names of a document's and a client's long lists are matched in any case as at once", () => {
    const line = { description: 'Cut', quantity: 1, PRICE: 20, serviceid: null };
    const document = { accountingDocumentLineItems: Array(400).fill(line), siteId: null, Reference: 'x' };
    expect(runSteps(canonicalKeysInSteps(document, DocumentInput))).toEqual(canonicalKeys(document, DocumentInput));
    expect(inSteps(DocumentInput, canonicalKeys(document, DocumentInput))).toEqual(
      atOnce(DocumentInput, canonicalKeys(document, DocumentInput)),
    );
    const client = { clientnotes: Array(400).fill({ objectstate: 1, Body: 'n', category: null }), FirstName: 'A' };
    expect(runSteps(canonicalKeysInSteps(client, ClientUpdateInput))).toEqual(canonicalKeys(client, ClientUpdateInput));
  });
});
