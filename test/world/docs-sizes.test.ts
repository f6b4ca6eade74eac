import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateWorld, type World } from '../../src/world/index.js';

// docs/world.md's table of what each world size holds: exact counts hold for every seed, `~` counts
// are shown for seed 42 and hold within a tenth (they move with the day).

const README = readFileSync(path.resolve(import.meta.dirname, '../../docs/world.md'), 'utf8');
const SIZES = ['small', 'standard', 'large'] as const;
const COLLECTION: Record<string, keyof World> = {
  sites: 'sites',
  employees: 'employees',
  resources: 'resources',
  services: 'services',
  products: 'products',
  packages: 'packages',
  courses: 'courses',
  memberships: 'memberships',
  clients: 'clients',
  vouchers: 'vouchers',
  classes: 'classes',
  appointments: 'appointments',
  'class bookings': 'classBookings',
  'accounting documents': 'accountingDocuments',
  'accounting entries': 'accountingEntries',
  'time records': 'timeRecords',
  'client custom forms': 'clientCustomForms',
};

function table(): { key: keyof World; cells: string[] }[] {
  const at = README.indexOf('<!-- world-sizes -->');
  const lines = README.slice(at).split('\n').slice(3);
  const rows: { key: keyof World; cells: string[] }[] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) break;
    const [name = '', ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const key = COLLECTION[name.replace(/ \(.*\)$/, '')];
    if (!key) throw new Error(`docs/world.md world table: unknown row ${name}`);
    rows.push({ key, cells });
  }
  return rows;
}

describe('the docs/world.md world table', () => {
  it('names every row it has and has one per collection listed', () => {
    expect(table().map((r) => r.key)).toEqual(Object.values(COLLECTION));
  });

  it.each(SIZES.map((size, i) => [size, i] as const))('matches what the %s world holds', (size, column) => {
    for (const seed of size === 'large' ? [42] : [7, 42]) {
      const world = generateWorld({ seed, size, today: '2026-11-23' });
      for (const { key, cells } of table()) {
        const cell = cells[column]!;
        const actual = (world[key] as readonly unknown[]).length;
        if (cell.startsWith('~')) {
          if (seed !== 42) continue;
          const stated = Number(cell.slice(1));
          expect(Math.abs(actual - stated), `${String(key)} (${size}, seed ${seed})`).toBeLessThanOrEqual(stated / 10);
        } else expect(actual, `${String(key)} (${size}, seed ${seed})`).toBe(Number(cell));
      }
    }
  });
});
