import { defineConfig } from 'vitest/config';

// TEST_RESULTS_DIR (set by .ci/run) adds a JSON report per run, which .ci/run totals.
const resultsDir = process.env.TEST_RESULTS_DIR;

export default defineConfig({
  test: {
    reporters: resultsDir ? ['default', ['json', { outputFile: `${resultsDir}/vitest-${Date.now()}-${process.pid}.json` }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          // NOTE: opening PGlite costs seconds; files in one worker share one database (server/test/helper.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One prepared data folder per run, copied for each file's server.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
