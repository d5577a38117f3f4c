// `npm test`: type check, lint, unit and API tests on PGlite, the same again on PostgreSQL when
// TEST_DATABASE_URL is set (with REDIS_URL when set), then the browser journeys on a fresh build.
import { spawnSync } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string | undefined>;
}

const { TEST_DATABASE_URL: postgresUrl } = process.env;
const steps: Step[] = [
  { name: 'type check', command: ['npx', 'tsc', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'format check', command: ['npm', 'run', 'format:check', '--silent'] },
  { name: 'unit and API tests (PGlite)', command: ['npx', 'vitest', 'run', '--project', 'unit'], env: { TEST_DATABASE_URL: '', REDIS_URL: '' } },
  ...(postgresUrl ? [{ name: 'unit and API tests (PostgreSQL)', command: ['npx', 'vitest', 'run', '--project', 'unit'] }] : []),
  { name: 'build the web app', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'browser journeys', command: ['npx', 'vitest', 'run', '--project', 'e2e'] },
];

const failed: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}`);
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (result.status !== 0) {
    failed.push(step.name);
    // Later steps still run, so one report shows every failure.
  }
}
console.log(failed.length === 0 ? '\nAll test steps passed.' : `\nFailed steps: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
