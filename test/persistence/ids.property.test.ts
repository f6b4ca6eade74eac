import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/app.js';
import type { World } from '../../src/world/index.js';
import { newClient } from '../clients/support.js';
import { call, demoApi, EMPTY, simulator, tokenFor } from '../helpers.js';
import { newDocument, newReceipt, siteOf } from '../sales/support.js';
import { newVoucher } from '../vouchers/support.js';

// Property: whatever creates are sent, across several restarts on the same data directory, every
// id the simulator hands out (write results and the ids inside the records: line items, notes) is
// new, and every acknowledged record reads back exactly as it read right after it was written.

type Kind = 'client' | 'document' | 'receipt' | 'voucher' | 'class';
const KINDS: readonly Kind[] = ['client', 'document', 'receipt', 'voucher', 'class'];

/** POST path, body and GET path of each kind of create. */
function createOf(kind: Kind, world: World, n: number): { post: string; body: unknown; get: (id: string) => string } {
  const site = siteOf(world);
  switch (kind) {
    case 'client':
      return {
        post: `/api/v2/clients?siteId=${site}`,
        body: newClient({
          FirstName: `Restart${n}`,
          ClientNotes: [{ Body: `note ${n}`, ClientNoteType: 1, ObjectState: 1 }],
        }),
        get: (id) => `/api/v2/clients/${id}`,
      };
    case 'document':
      return {
        post: `/api/v2/accountingdocuments?siteId=${site}`,
        body: newDocument(world, { Reference: `Restart ${n}` }),
        get: (id) => `/api/v2/accountingdocuments/${id}`,
      };
    case 'receipt':
      return {
        post: `/api/v2/accountingentries?siteId=${site}`,
        body: newReceipt(world, null, 10 + n),
        get: (id) => `/api/v2/accountingentries/${id}`,
      };
    case 'voucher':
      return {
        post: `/api/v2/vouchers?siteId=${site}`,
        body: newVoucher(site, { Notes: `Restart ${n}` }),
        get: (id) => `/api/v2/vouchers/${id}`,
      };
    case 'class':
      return {
        post: `/api/v2/classes?siteId=${site}`,
        body: { ClassId: EMPTY, SiteId: site, Name: `Restart class ${n}` },
        get: () => `/api/v2/classes?siteId=${site}&start=2020-01-01`,
      };
  }
}

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

describe('ids across restarts', () => {
  it('ids never repeat across restarts, and every acknowledged record reads back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.constantFrom(...KINDS), { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 4 }),
        async (segments) => {
          const dir = await mkdtemp(path.join(tmpdir(), 'bas-ids-'));
          try {
            // Every id the seeded world holds, so a new one may not be any of them either.
            const seen = new Set<string>();
            const acknowledged = new Map<string, { get: string; body: unknown }>();
            let n = 0;
            let sim: Simulator | undefined;
            for (const segment of segments) {
              // A restart: a new simulator on the same directory (the old one is dropped as a killed process would be).
              sim = await simulator({ dataDir: dir });
              const token = await tokenFor(sim);
              const world = sim.registry.get('demo')!.world;
              if (seen.size === 0) for (const id of JSON.stringify(world).match(GUID) ?? []) seen.add(id);
              for (const kind of segment) {
                const c = createOf(kind, world, n++);
                const res = await call(sim, c.post, { method: 'POST', body: c.body, token });
                expect(res.status, `${kind} create`).toBe(200);
                const id = res.body.Value as string;
                const read = (await call(sim, c.get(id), { token })).body;
                const record = Array.isArray(read) ? read.find((r: { ClassId: string }) => r.ClassId === id) : read;
                expect(record, `${kind} ${id} reads back`).toBeTruthy();
                // The new id and the ids of the parts inside the record (notes, line items) are all new.
                const fresh = ownIds(kind, record);
                expect(fresh[0]).toBe(id);
                for (const g of fresh) {
                  expect(seen.has(g), `${kind} id ${g} was already used`).toBe(false);
                  seen.add(g);
                }
                acknowledged.set(id, { get: c.get(id), body: record });
              }
            }
            sim = await simulator({ dataDir: dir });
            const token = await tokenFor(sim);
            for (const [id, { get, body }] of acknowledged) {
              const read = (await call(sim, get, { token })).body;
              const record = Array.isArray(read) ? read.find((r: { ClassId: string }) => r.ClassId === id) : read;
              expect(record, `record ${id} after the last restart`).toEqual(body);
            }
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 6, seed: 20261123 },
    );
  }, 120_000);

  it('the same seed and the same requests from a fresh start give the same ids', async () => {
    const run = async () => {
      const { sim, token, world } = await demoApi();
      const ids: string[] = [];
      for (const [n, kind] of KINDS.entries()) {
        const c = createOf(kind, world, n);
        ids.push((await call(sim, c.post, { method: 'POST', body: c.body, token })).body.Value);
      }
      return ids;
    };
    const first = await run();
    expect(new Set(first).size).toBe(KINDS.length);
    expect(await run()).toEqual(first);
  });
});

/** The ids a create hands out: the record's own, then its parts'. */
function ownIds(kind: Kind, record: any): string[] {
  switch (kind) {
    case 'client':
      return [record.ClientId, ...record.ClientNotes.map((n: any) => n.ClientNoteId)];
    case 'document':
      return [
        record.AccountingDocumentId,
        ...record.AccountingDocumentLineItems.map((l: any) => l.AccountingDocumentLineItemId),
      ];
    case 'receipt':
      return [record.AccountingEntryId];
    case 'voucher':
      return [record.VoucherId];
    case 'class':
      return [record.ClassId];
  }
}
