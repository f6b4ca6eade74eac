import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, demoApi } from '../helpers.js';
import { clientDocumentsUrl, createDocument, createReceipt, newDocument, newReceipt, siteOf } from './support.js';

// After any sequence of creates, updates and deletes of entries through HTTP, each document's paid
// state and outstanding amount are what its entries imply (computed here in cents, independently).

type Op =
  | { kind: 'create'; doc: number; cents: number }
  | { kind: 'update'; entry: number; cents: number; doc: number | null }
  | { kind: 'delete'; entry: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), doc: fc.nat(2), cents: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({
    kind: fc.constant('update' as const),
    entry: fc.nat(20),
    cents: fc.integer({ min: 0, max: 5000 }),
    doc: fc.option(fc.nat(2)),
  }),
  fc.record({ kind: fc.constant('delete' as const), entry: fc.nat(20) }),
);

describe('paid state', () => {
  it("each document's paid state and outstanding amount equal what its entries imply", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 100, max: 9000 }), { minLength: 3, maxLength: 3 }),
        async (ops, prices) => {
          const s = await demoApi();
          const docs: string[] = [];
          for (const cents of prices) {
            docs.push(
              await createDocument(
                s,
                newDocument(s.world, {
                  AccountingDocumentLineItems: [{ Description: 'Item', Quantity: 1, Price: cents / 100 }],
                }),
              ),
            );
          }
          // The model: entry id → [document, cents].
          const model = new Map<string, { doc: string | null; cents: number }>();
          for (const o of ops) {
            const ids = [...model.keys()];
            if (o.kind === 'create') {
              const doc = docs[o.doc]!;
              model.set(await createReceipt(s, newReceipt(s.world, doc, o.cents / 100)), { doc, cents: o.cents });
            } else if (ids.length > 0) {
              const id = ids[o.entry % ids.length]!;
              if (o.kind === 'update') {
                const doc = o.doc === null ? null : docs[o.doc]!;
                const res = await call(s, `/api/v2/accountingentries/${id}`, {
                  method: 'PUT',
                  body: { SiteId: siteOf(s.world), Total: o.cents / 100, AccountingDocumentId: doc },
                });
                expect(res.status).toBe(200);
                model.set(id, { doc, cents: o.cents });
              } else {
                expect((await call(s, `/api/v2/accountingentries/${id}`, { method: 'DELETE' })).status).toBe(200);
                model.delete(id);
              }
            }
          }
          const rows = (await call(s, clientDocumentsUrl(s.world))).body;
          docs.forEach((doc, i) => {
            const total = prices[i]!;
            const paid = [...model.values()].filter((e) => e.doc === doc).reduce((sum, e) => sum + e.cents, 0);
            const state = paid === 0 ? 'Unpaid' : paid >= total ? 'Paid' : 'PartPaid';
            const row = rows.find((r: any) => r.AccountingDocumentId === doc);
            expect(row).toMatchObject({
              Total: total / 100,
              Paid: paid / 100,
              Outstanding: Math.max(0, total - paid) / 100,
              PaidState: state,
            });
          });
        },
      ),
      { numRuns: 25, seed: 20260316 },
    );
  }, 120_000);
});
