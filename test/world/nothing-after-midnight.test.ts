import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../../src/datetime.js';
import { brokenInvariants } from '../../src/invariants/index.js';
import { generateWorld } from '../../src/world/index.js';

// A world is generated for a day and holds nothing of that day after its UTC midnight: the account's
// clock may stand anywhere in the day. A large world has sites west of UTC, whose evening trading
// runs into the next UTC day (seed 42 on this day had a walk-in sale at 00:45 of it).

const DAY = '2026-11-23';

describe('a generated world and its day', () => {
  it('a large world holds no sale or entry after its day’s UTC midnight, also from sites west of UTC', () => {
    const world = generateWorld({ seed: 42, size: 'large', today: DAY });
    const afterMidnight = (date: string | null) => (date?.startsWith(DAY) ?? false) && date?.slice(11) !== '00:00';
    expect(world.accountingDocuments.filter((d) => afterMidnight(d.DocumentDate)).map((d) => d.DocumentNumber)).toEqual(
      [],
    );
    expect(world.accountingEntries.filter((e) => afterMidnight(e.EntryDate)).map((e) => e.EntryNumber)).toEqual([]);
    expect(brokenInvariants(world, parseDateTime(`${DAY} 00:01`) as number)).toEqual([]);
  }, 60_000);
});
