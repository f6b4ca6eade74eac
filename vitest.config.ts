import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The package's own name, as the README's test example imports it.
  resolve: { alias: { 'business-api-simulator': new URL('./src/index.ts', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
