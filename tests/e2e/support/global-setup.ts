// Vitest global setup of the browser tests: one prepared template DATA_DIR per run (migrated, zip
// codes loaded, demo data), made by starting the real server on it once. Each test file's server
// starts on a copy (./site.ts), so no file pays a cold first open, the zip load or the demo seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

export interface E2eTemplate {
  dataDir: string;
  /** The demo administrator, printed once when the demo data was created. */
  demoAdmin: { email: string; password: string };
  /** What the server printed while it prepared the template. */
  output: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: E2eTemplate;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-e2e-template-'));
  const server = await startServer({ DEMO_DATA: 'on', DEMO_IMPORT: 'off', LOG_LEVEL: 'warn' }, { dataDir, keepDataDir: true });
  const output = server.output();
  await server.stop();
  const match = /Demo administrator: (\S+) \/ password: (\S+)/.exec(output);
  if (!match) throw new Error(`the template server did not print the demo administrator:\n${output}`);
  project.provide('e2eTemplate', { dataDir, demoAdmin: { email: match[1]!, password: match[2]! }, output });
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
