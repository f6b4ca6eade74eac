import { describe, expect, it } from 'vitest';
import { jsonArrayOf } from '../../src/conform/checks.js';

const seen = (json: unknown) => ({ status: 200, contentType: 'application/json', text: JSON.stringify(json), json });

describe('conform checks', () => {
  it('jsonArrayOf passes an array whose every item holds the fields, and names the first item that does not', () => {
    const rows = jsonArrayOf('Start', 'End', 'Employees', 'Resources');
    const row = { Start: '2026-03-17 09:00', End: '2026-03-17 09:45', Employees: [], Resources: [] };
    expect(rows(seen([]))).toBeUndefined();
    expect(rows(seen([row, row]))).toBeUndefined();
    expect(rows(seen([row, { Start: row.Start, End: row.End, AppointmentServices: [] }]))).toBe(
      'item 1 has no field Employees, Resources',
    );
    expect(rows(seen(['09:00']))).toBe('item 0 is not a JSON object');
    expect(rows(seen({ row }))).toBe('body is not a JSON array');
  });
});
