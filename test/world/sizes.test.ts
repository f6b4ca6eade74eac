import { describe, expect, it } from 'vitest';
import { generateWorld } from '../../src/world/index.js';
import { TODAY } from './fixtures.js';

// Generation speed is measured by `npm run bench` (first use of a new account), not asserted here:
// a timed assertion would fail on a busy machine without anything being wrong.

describe('world sizes', () => {
  it('a large world holds 50 000 clients, 120 employees and 6 sites', () => {
    const w = generateWorld({ seed: 1, size: 'large', today: TODAY });
    expect(w.clients).toHaveLength(50_000);
    expect(w.employees).toHaveLength(120);
    expect(w.sites).toHaveLength(6);
  }, 60_000);
});
