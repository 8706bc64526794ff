import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['admin-api/**/*.test.ts', 'site/**/*.test.ts', 'tests/**/*.test.ts'],
    // End-to-end files start real servers that build the site: give them time, and keep the
    // two cores of a CI machine from being oversubscribed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
