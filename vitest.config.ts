import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The package's own name, as the README's test example imports it.
  resolve: { alias: { 'business-api-simulator': new URL('./src/index.ts', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    // expect.hasAssertions() before every test: a test that asserts nothing fails.
    setupFiles: ['test/setup.ts'],
    // Test files share a worker's loaded modules instead of importing them again per file: most of
    // a file's time was module loading. Every test builds its own simulator and accounts, and
    // restores what it mocks, so files do not see each other's state.
    isolate: false,
    // One worker more than the cores: vitest's default leaves a core free, which on a 2-core CI
    // machine is one worker and most of the run spent waiting on test files' own child processes
    // (simulators, HAProxy, Chromium, npm); a third worker runs while two of them wait (10 s less of
    // 155 on 2 cores).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
