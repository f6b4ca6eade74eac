import { describe, expect, it } from 'vitest';

// A test must be able to fail: one that asserts nothing (its every expect in a loop over an empty
// list, or none at all) fails, because test/setup.ts calls expect.hasAssertions() before each test.

describe('every test asserts something', () => {
  it('each test starts expecting at least one assertion (test/setup.ts, from vitest.config.ts)', () => {
    expect(expect.getState().isExpectingAssertions).toBe(true);
  });
});
