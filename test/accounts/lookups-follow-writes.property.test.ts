import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markStored } from '../../src/accounts/lineage.js';
import { firstClientBy } from '../../src/client-keys.js';
import { editRecord, insertRecord, removeRecord } from '../../src/records.js';
import { rowsWhere, rowWhere, sumsBy } from '../../src/row-lookup.js';
import type { Client } from '../../src/world/clients.js';
import type { World } from '../../src/world/index.js';

// The lookups list rows use (a row by id, rows by a field, sums by group, clients by e-mail) are
// kept per table array and carried over the arrays writes make, step by step. Whatever the writes
// (adds, edits, removals, many in one write, refused ones put back) and whenever a lookup is made
// (between writes or inside one), each answers exactly what reading the whole table answers.

interface Row {
  Id: string;
  Group: string;
  Amount: number;
}

const GROUPS = ['a', 'b', 'c', 'd'];

const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), group: fc.nat(3), amount: fc.integer({ min: -50, max: 500 }) }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(),
    group: fc.nat(3),
    amount: fc.integer({ min: -50, max: 500 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('look' as const), group: fc.nat(3), pick: fc.nat() }),
);

/** A write: its operations, and whether it is kept or put back (refused). */
const write = fc.record({ ops: fc.array(op, { maxLength: 6 }), kept: fc.boolean() });

function deepFreezeRow<T extends object>(row: T): T {
  return Object.freeze(row);
}

describe('lookups kept beside a table follow every write', () => {
  it('a row by id, rows by a field and sums by group answer what the whole table answers', () => {
    let rowsChecked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(write, { maxLength: 30 }), (start, writes) => {
        let n = 0;
        const newId = () => `row-${n++}`;
        const first: Row[] = Array.from({ length: start }, (_, i) =>
          deepFreezeRow({ Id: newId(), Group: GROUPS[i % 4]!, Amount: i }),
        );
        markStored(first);
        const world = { accountingEntries: first } as unknown as World;
        const rows = () => world.accountingEntries as unknown as readonly Row[];
        const check = (group: string, pick: number) => {
          const all = rows();
          const id = all.length > 0 ? all[pick % all.length]!.Id : 'none';
          expect(rowWhere(all, 'Id', id)).toBe(all.find((r) => r.Id === id));
          expect(rowsWhere(all, 'Group', group, 'Id')).toEqual(all.filter((r) => r.Group === group));
          const sums = sumsBy(
            all,
            'amount',
            (r) => r.Group,
            (r) => r.Amount,
          );
          for (const g of GROUPS)
            expect(sums(g)).toBe(all.filter((r) => r.Group === g).reduce((s, r) => s + r.Amount, 0));
          rowsChecked += all.length;
        };
        for (const { ops, kept } of writes) {
          const before = rows();
          for (const o of ops) {
            const all = rows();
            if (o.kind === 'insert') {
              insertRecord(world, 'accountingEntries', {
                Id: newId(),
                Group: GROUPS[o.group]!,
                Amount: o.amount,
              } as never);
            } else if (o.kind === 'edit' && all.length > 0) {
              const edited = editRecord(
                world,
                'accountingEntries',
                all[o.pick % all.length] as never,
              ) as unknown as Row;
              edited.Group = GROUPS[o.group]!;
              edited.Amount = o.amount;
            } else if (o.kind === 'remove' && all.length > 0) {
              removeRecord(world, 'accountingEntries', all[o.pick % all.length] as never);
            } else if (o.kind === 'look') check(GROUPS[o.group]!, o.pick);
          }
          if (kept) {
            for (const r of rows()) Object.freeze(r);
            markStored(rows());
          } else (world as unknown as Record<string, unknown>).accountingEntries = before;
          check(GROUPS[0]!, writes.length);
        }
      }),
      { numRuns: 100 },
    );
    expect(rowsChecked).toBeGreaterThan(0);
  });

  it('a client by e-mail answers the first client of the table with it, through edits and removals', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: fc.constantFrom('insert', 'edit', 'remove'), pick: fc.nat(), mail: fc.nat(3) }), {
          minLength: 1,
          maxLength: 60,
        }),
        (ops) => {
          let n = 0;
          const mail = (m: number) => (m === 3 ? '' : ` Person${m}@Example.com `);
          const first = [Object.freeze({ ClientId: `c-${n++}`, Email: mail(0), MobilePhone: '' }) as unknown as Client];
          markStored(first);
          const world = { clients: first } as unknown as World;
          for (const o of ops) {
            const all = world.clients;
            if (o.kind === 'insert') {
              insertRecord(world, 'clients', { ClientId: `c-${n++}`, Email: mail(o.mail), MobilePhone: '' } as never);
            } else if (o.kind === 'edit' && all.length > 0) {
              editRecord(world, 'clients', all[o.pick % all.length]!).Email = mail(o.mail);
            } else if (o.kind === 'remove' && all.length > 0) {
              removeRecord(world, 'clients', all[o.pick % all.length]!);
            }
            for (const r of world.clients) Object.freeze(r);
            markStored(world.clients);
            for (let m = 0; m < 3; m++) {
              const key = `person${m}@example.com`;
              const expected = world.clients.find((c) => c.Email.trim().toLowerCase() === key);
              expect(firstClientBy(world.clients, 'byEmail', key, () => true)).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('thousands of writes on one table: the lookups merge what the writes added and still answer as the table does', () => {
    const rows0 = Array.from({ length: 50 }, (_, i) =>
      Object.freeze({ Id: `r${i}`, Group: GROUPS[i % 4]!, Amount: i }),
    );
    markStored(rows0);
    const world = { accountingEntries: rows0 } as unknown as World;
    const rows = () => world.accountingEntries as unknown as readonly Row[];
    let next = 50;
    for (let w = 0; w < 3000; w++) {
      const all = rows();
      const pick = (w * 7919) % all.length;
      if (w % 5 === 0) removeRecord(world, 'accountingEntries', all[pick] as never);
      else if (w % 5 === 1)
        insertRecord(world, 'accountingEntries', { Id: `r${next++}`, Group: 'a', Amount: w } as never);
      else (editRecord(world, 'accountingEntries', all[pick] as never) as unknown as Row).Group = GROUPS[w % 4]!;
      for (const r of rows()) Object.freeze(r);
      markStored(rows());
      // A lookup after every write: each array's folds are carried from the one before.
      const now = rows();
      expect(rowWhere(now, 'Id', now[0]!.Id)).toBe(now[0]);
      const sums = sumsBy(
        now,
        'amount',
        (r) => r.Group,
        (r) => r.Amount,
      );
      if (w % 100 === 0) {
        for (const g of GROUPS) {
          expect(rowsWhere(now, 'Group', g, 'Id')).toEqual(now.filter((r) => r.Group === g));
          expect(sums(g)).toBe(now.filter((r) => r.Group === g).reduce((s, r) => s + r.Amount, 0));
        }
      }
    }
    const last = rows();
    for (const r of last) expect(rowWhere(last, 'Id', r.Id)).toBe(r);
  });
});
