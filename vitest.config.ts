import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that only wait for work started in the background (server/reliability/background.ts) run last. */
const LAST = ['server/reliability/email-outage.test.ts'];
class BackgroundLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (spec: TestSpecification) => LAST.some((file) => spec.moduleId.replaceAll('\\', '/').endsWith(file));
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)];
  }
}

/** Files that run the same whatever TEST_DATABASE_URL and REDIS_URL say: no database, or an embedded one
 *  they choose themselves (server processes with DATABASE_URL and REDIS_URL emptied). The PostgreSQL
 *  pass of `npm test` (scripts/test.ts sets AD_PGLITE_PASS_DONE) leaves them out: the PGlite pass of
 *  the same run ran them, and a second run on the same engine adds nothing (decision 077). */
const ENGINE_INDEPENDENT = [
  'web/**',
  'shared/**',
  'server/config.test.ts',
  'server/lib/answer-cache.test.ts',
  'server/plugins/app/uploads/images.test.ts',
  'server/lib/password.test.ts',
  'server/plugins/app/mail/transports.test.ts',
  'server/plugins/app/articles/article-html.test.ts',
  'server/plugins/app/listing/changes.test.ts',
  'server/plugins/app/listing/vet-store.test.ts',
  'server/server.test.ts',
  'server/runtime.test.ts',
  'server/reliability/shutdown.test.ts',
  'server/plugins/app/auth/tokens.test.ts',
  'scripts/restore.test.ts',
  'server/db/prepared-data.test.ts',
];
const pglitePassDone = process.env.AD_PGLITE_PASS_DONE === '1';

/** Test files at once in each project. Vitest's own default is one fewer than the cores: one on CI's 2 cores.
 *  The files mostly wait (on server processes, Chromium, argon2, SMTP), so two overlap that waiting
 *  (docs/decisions/160-two-test-files-at-once.md). TEST_WORKERS=1 runs one at a time. */
const workers = Number(process.env.TEST_WORKERS) || 2;
/** The browser journeys two files at once too. They ran one at a time after the import and claim journey failed
 *  with a 400 on /claim beside another file; the cause was its code reader taking a clinic's all-digit random tag
 *  for the code, not the second file (docs/decisions/244-journeys-two-at-once.md). */
const journeyWorkers = Number(process.env.TEST_WORKERS) || 2;

// TEST_RESULTS_DIR (set by .ci/run) adds a JSON report per run, which .ci/run totals.
const resultsDir = process.env.TEST_RESULTS_DIR;

export default defineConfig({
  test: {
    sequence: { sequencer: BackgroundLastSequencer },
    reporters: resultsDir ? ['default', ['json', { outputFile: `${resultsDir}/vitest-${Date.now()}-${process.pid}.json` }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: pglitePassDone ? [...configDefaults.exclude, ...ENGINE_INDEPENDENT] : configDefaults.exclude,
          environment: 'node',
          // background.ts starts the SMTP outage scenarios at once; their test file runs last.
          globalSetup: ['server/test/global-setup.ts', 'server/reliability/background.ts'],
          setupFiles: ['server/test/setup.ts'],
          pool: 'forks',
          maxWorkers: workers,
          // Files in one worker keep its modules (PGlite's code loads once); each file has its own database (server/test/helper.ts).
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
          // One prepared data folder per run, copied for each file's server (each file has its own server and browser).
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          pool: 'forks',
          maxWorkers: journeyWorkers,
          // A worker's files share its modules (Playwright, the support files): each file still has its own server,
          // browser and data (./tests/e2e/support/site.ts), and imports took 44 s of a CI run (decision 267).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll's own default gives up after 1 s, which a server sharing two loaded cores can need for one
          // answer; a poll still ends as soon as it passes, so only a failure waits the full time (decision 270).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
