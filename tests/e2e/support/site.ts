// One running site and one browser per test file: started before the file's tests, stopped after.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface Site {
  server: RunningServer;
  browser: Browser;
}

/** `env` may be a function, read when the server starts (after earlier beforeAll hooks ran). */
export function useSite(env: Record<string, string> | (() => Record<string, string>) = {}): Site {
  const site = {} as Site;
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([startServer(typeof env === 'function' ? env() : env), launchBrowser()]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
