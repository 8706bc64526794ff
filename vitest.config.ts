import { defineConfig } from 'vitest/config';

/**
 * The files that start the real product, and what the run makes once for them to share. They
 * share a worker's modules too (`isolate: false`): a file then imports only itself, not again
 * Playwright, the harness and their dependencies (a second of a busy worker's time per file). A
 * file keeps its state in its own module and its own server, never in a shared one.
 */
const endToEnd = (name: string, include: string[], exclude: string[], globalSetup: string) => ({
  extends: true,
  test: { name, include, exclude, globalSetup: [globalSetup], isolate: false },
});
/** A fresh server's first build and one Chromium. */
const FIRST_BUILD = 'tests/support/global-setup.ts';
/** The large demo, seeded, built and indexed. */
const LARGE_DEMO_SEEDED = 'tests/support/large-demo-setup.ts';

/** The files that look at the large demo's every page, or at its seeding. */
const LARGE_DEMO = [
  'tests/public/seed-demo-large.test.ts',
  'tests/public/accessibility-engines.test.ts',
  'tests/build/alerts-everywhere.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['admin-api/**/*.test.ts', 'site/**/*.test.ts'] } },
      endToEnd('end-to-end', ['tests/**/*.test.ts'], LARGE_DEMO, FIRST_BUILD),
      endToEnd('large demo', LARGE_DEMO, [], LARGE_DEMO_SEEDED),
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
