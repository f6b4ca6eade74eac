import { beforeEach, expect } from 'vitest';

// Every test must assert something: one whose assertions all sit in a loop over an empty list, or
// that only checks nothing threw, fails instead of passing without checking anything.
beforeEach(() => {
  expect.hasAssertions();
});
