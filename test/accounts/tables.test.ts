import { describe, expect, it } from 'vitest';
import { copyData, freshData } from '../../src/accounts/store.js';
import { type AccountSettings, areaTable, collectionTable, tables } from '../../src/accounts/tables.js';

const settings: AccountSettings = {
  name: 'tables',
  seed: 1,
  size: 'small',
  day: '2026-01-01',
  rateLimit: false,
  clockOffsetMs: 0,
};

interface Row {
  id: string;
  note: string;
}

describe('typed tables', () => {
  it("an area's table declared with another key field than the one the store registered is refused", () => {
    expect(() => areaTable<Row>('deliveries', 'note')).toThrow(
      "table 'deliveries': key field 'note', registered as 'id'",
    );
  });

  it("an area's table has no rows in a fresh account, holds what is set, and leaves the data once set back to none", () => {
    const data = freshData(settings, { credentials: [], apiKeys: [] });
    const table = areaTable<Row>('deliveries', 'id');
    expect(table.held(data)).toBeUndefined();
    expect(table.rows(data)).toEqual([]);
    const rows = [{ id: 'a', note: 'first' }];
    table.set(data, rows);
    expect(table.rows(data)).toBe(rows);
    expect(table.keyOf(rows[0]!)).toBe('a');
    // The store's own handle of the table reads the same rows.
    expect(
      tables()
        .find((t) => t.name === 'deliveries')
        ?.held(data),
    ).toBe(rows);
    table.set(data, table.base(data));
    expect('deliveries' in data.tables).toBe(false);
  });

  it('a copy of the data holds the same arrays of every table the data holds', () => {
    const data = freshData(settings, { credentials: [], apiKeys: [] });
    const clients = collectionTable('clients');
    const moved = [{ ClientId: 'c-1' }] as unknown as typeof data.world.clients;
    clients.set(data, moved);
    areaTable<Row>('deliveries', 'id').set(data, [{ id: 'a', note: 'first' }]);
    const copy = copyData(data);
    for (const table of tables()) expect(table.held(copy), table.name).toBe(table.held(data));
    expect(clients.keyOf(clients.rows(copy)[0]!)).toBe('c-1');
    expect(copy.tables).not.toBe(data.tables);
  });
});
