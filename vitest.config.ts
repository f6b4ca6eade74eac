import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LONGEST } from './test/longest-files.js';

/**
 * Starts the files that take longest first (test/longest-files.ts), so that no worker is left with one
 * of them at the end while the others are done. Vitest orders by the durations of the last run it
 * remembers, which a fresh clone (CI) has none of; it then starts the largest files first.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(relative(import.meta.dirname, file.moduleId));
      return at < 0 ? LONGEST.length : at;
    };
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map((x) => x.file);
  }
}

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
    sequence: { sequencer: LongestFirst },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
