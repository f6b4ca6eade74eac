// The test files that take longest, each 8 s or more of a run on 2 cores, longest first: vitest
// starts them before the others (vitest.config.ts). test/architecture/longest-files.test.ts checks
// that each still exists.

export const LONGEST = [
  'test/packaging/install.test.ts',
  'test/world/invariants.property.test.ts',
  'test/fleet/fleet.test.ts',
  'test/console/console-browser.test.ts',
  'test/fleet/rebalance.test.ts',
  'test/fuzz/endpoints.fuzz.test.ts',
  'test/appointments/availability.property.test.ts',
  'test/large-world.test.ts',
  'test/accounts/generation-beside.test.ts',
  'test/accounts/bounds.test.ts',
  'test/conform/skip-cause.test.ts',
  'test/proofs/redocly-lint.test.ts',
  'test/cli/cli.test.ts',
  'test/scenarios/large-scenario.test.ts',
  'test/docs/docs-page.test.ts',
];
