import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The long crash loop runs on its own: npm run test:chaos.
    include: process.env.CHAOS
      ? ['tests/chaos/**/*.test.ts']
      : ['admin-api/**/*.test.ts', 'site/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: process.env.CHAOS ? [] : ['tests/chaos/**', '**/node_modules/**'],
    // End-to-end files start real servers that build the site: give them time, and keep the
    // two cores of a CI machine from being oversubscribed.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // The ten slowest files at the end of a run: where the suite's minutes go.
    reporters: ['default', './tests/support/slowest-files.ts'],
    // A poll waits for what a person waits for, on a CI machine busy with another file's build:
    // speed is measured by the bench (npm run bench), not by these waits.
    expect: { poll: { timeout: 10_000 } },
  },
});
