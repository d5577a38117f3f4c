// Vitest global setup of the unit project: starts the long reliability scenarios in the background
// when the run includes their test file, so their waiting (the 60 s SMTP outage) overlaps the
// other test files instead of holding up the single worker of a 2-core machine. The test file
// (email-outage.test.ts) waits for the result file and asserts on it; the sequencer in
// vitest.config.ts runs it last. It also starts preparing the PGlite data folder that the tests
// with server processes copy (server/test/data-dir-template.ts), when the run includes one of them.
// Teardown stops what still runs and removes the template.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDataDirTemplate, TEMPLATE_ENV } from '../test/data-dir-template';
import { pglitePassDone } from '../test/passes';

const root = path.resolve(import.meta.dirname, '../..');
export const EMAIL_OUTAGE_TEST = 'server/reliability/email-outage.test.ts';
/** Test files whose PGlite server processes start on a copy of the prepared data folder. */
const TEMPLATE_USERS = [EMAIL_OUTAGE_TEST, 'server/reliability/shutdown.test.ts', 'server/reliability/crash.test.ts'];

/** True when this run includes `file` (no file filters, or a filter that matches it as vitest does: a substring of the path). */
function runIncludes(project: TestProject, file: string): boolean {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  return !filters || filters.length === 0 || filters.some((filter) => path.resolve(root, file).includes(filter) || file.includes(filter));
}

/** Starts the outage scenarios as their own process; resolves to the result file it will write. */
export function startOutageScenarios(): { resultFile: string; child: ChildProcess } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-outage-'));
  const resultFile = path.join(dir, 'result.json');
  const log = fs.openSync(path.join(dir, 'output.log'), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/reliability/email-outage-scenario.ts', resultFile], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  fs.closeSync(log);
  return { resultFile, child };
}

function stopGroup(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export default function setup(project: TestProject): (() => void) | undefined {
  const children: ChildProcess[] = [];
  let templateDir: string | undefined;
  // The PostgreSQL pass of npm test runs none of the PGlite server processes (server/test/passes.ts).
  if (!pglitePassDone && TEMPLATE_USERS.some((file) => runIncludes(project, file))) {
    const template = startDataDirTemplate();
    templateDir = template.dir;
    children.push(template.child);
    // Workers and the scenario program inherit it; preparedDataDir() waits for the folder and copies it.
    process.env[TEMPLATE_ENV] = template.dir;
  }
  if (runIncludes(project, EMAIL_OUTAGE_TEST)) {
    const { resultFile, child } = startOutageScenarios();
    children.push(child);
    // Workers inherit it: the test file reads the result there.
    process.env.AD_EMAIL_OUTAGE_RESULT = resultFile;
  }
  if (children.length === 0) return undefined;
  return () => {
    children.forEach(stopGroup);
    if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
  };
}
