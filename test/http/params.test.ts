import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/datetime.js';
import { AccountingEntryTypes, ItemStates } from '../../src/http/enums.js';
import { dateTime, enumeration, guidArray, guidFilter } from '../../src/http/params.js';
import { parseQuery } from '../../src/http/query.js';

const a = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const b = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('query binding', () => {
  it('indexed names bind like repeated names', () => {
    const indexed = parseQuery(`services[0]=${a}&services[1]=${b}`);
    const repeated = parseQuery(`services=${a}&Services=${b}`);
    expect(indexed.get('services')).toEqual([a, b]);
    expect(repeated.get('services')).toEqual([a, b]);
  });

  it('an array parameter with one empty value is an empty array', () => {
    const p = guidArray({ description: '' });
    expect(p.required).toBe(false);
    expect(p.parse([''])).toEqual({ ok: true, value: [] });
    expect(p.parse(undefined)).toEqual({ ok: true, value: [] });
    expect(p.parse([a, b])).toEqual({ ok: true, value: [a, b] });
    expect(p.parse([a, 'x']).ok).toBe(false);
  });

  it('an empty Guid filter means no filter', () => {
    expect(guidFilter({ description: '', required: true }).parse([''])).toEqual({ ok: true, value: null });
  });

  it('a DateTime also accepts a date alone, as midnight UTC', () => {
    expect(parseDateTime('2026-03-21')).toBe(Date.UTC(2026, 2, 21));
    expect(parseDateTime('2026-03-21 09:30')).toBe(Date.UTC(2026, 2, 21, 9, 30));
    expect(parseDateTime('2026-03-21T09:30:15Z')).toBe(Date.UTC(2026, 2, 21, 9, 30, 15));
    expect(parseDateTime('2026-02-30')).toBeUndefined();
    expect(parseDateTime('21/03/2026')).toBeUndefined();
  });

  it('a required DateTime refuses an empty value', () => {
    const p = dateTime({ description: '' });
    expect(p.parse([''])).toEqual({ ok: false, message: 'A value is required.', blank: true });
    expect(p.parse(['2026-03-21 10:00'])).toEqual({ ok: true, value: Date.UTC(2026, 2, 21, 10) });
  });

  it('enumerations take the name in any case or the number', () => {
    const p = enumeration(AccountingEntryTypes, { typeName: 'AccountingEntryTypes', description: '' });
    expect(p.parse(['recurringreceipt'])).toEqual({ ok: true, value: 10 });
    expect(p.parse(['11'])).toEqual({ ok: true, value: 11 });
    expect(p.parse(['3']).ok).toBe(false);
    const s = enumeration(ItemStates, { typeName: 'ItemStates', default: 1, description: '' });
    expect(s.parse(undefined)).toEqual({ ok: true, value: 1 });
    expect(s.parse([''])).toEqual({ ok: true, value: 0 });
  });
});
