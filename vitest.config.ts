import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The package's own name, as the README's test example imports it.
  resolve: { alias: { 'business-api-simulator': new URL('./src/index.ts', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    // Test files share a worker's loaded modules instead of importing them again per file: most of
    // a file's time was module loading. Every test builds its own simulator and accounts, and
    // restores what it mocks, so files do not see each other's state.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
