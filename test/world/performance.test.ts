import { describe, expect, it } from 'vitest';
import type { WorldSize } from '../../src/world/index.js';
import { generateWorld } from '../../src/world/index.js';
import { TODAY } from './fixtures.js';

/** Best of a few runs after a warm-up, so a busy machine or a cold JIT does not decide. */
function bestOf(size: WorldSize, runs: number): number {
  generateWorld({ seed: 100, size, today: TODAY });
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    generateWorld({ seed: 200 + i, size, today: TODAY });
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('generation time', () => {
  it('small generates in under 50 ms', () => {
    expect(bestOf('small', 5)).toBeLessThan(50);
  });

  it('standard generates in under 250 ms', () => {
    expect(bestOf('standard', 3)).toBeLessThan(250);
  });

  it('large generates in under 15 s', () => {
    const start = performance.now();
    const w = generateWorld({ seed: 1, size: 'large', today: TODAY });
    expect(performance.now() - start).toBeLessThan(15_000);
    expect(w.clients).toHaveLength(50_000);
    expect(w.employees).toHaveLength(120);
    expect(w.sites).toHaveLength(6);
  }, 30_000);
});
