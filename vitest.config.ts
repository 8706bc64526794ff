import { defineConfig } from 'vitest/config';

/** The files that start the real product, and what they share: a fresh server's first build. */
const endToEnd = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true,
  test: { name, include, exclude, globalSetup: ['tests/support/global-setup.ts'] },
});

export default defineConfig({
  test: {
    projects: process.env.CHAOS
      ? // The long crash loop runs on its own: npm run test:chaos.
        [endToEnd('chaos', ['tests/chaos/**/*.test.ts'])]
      : [
          { extends: true, test: { name: 'unit', include: ['admin-api/**/*.test.ts', 'site/**/*.test.ts'] } },
          endToEnd('end-to-end', ['tests/**/*.test.ts'], ['tests/chaos/**']),
        ],
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
