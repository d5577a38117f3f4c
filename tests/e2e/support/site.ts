// One running site and one browser per test file: started before the file's tests, stopped after.
// The site's data folder is a copy of the run's template (./global-setup.ts) plus the file's
// fixture users (./users.ts). With `mail`, the file gets a real SMTP capture (server/test/smtp-capture.ts)
// that the server sends to, started before the server and closed after it. After each test the console
// guard (./console-guard.ts) of every page the test opened is checked: an unexpected console error or page
// error fails that test.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { busyMailSettings, quickMailSettings, startSmtpCapture, type SmtpCapture } from '../../../server/test/smtp-capture';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { guardReport, openGuards } from './console-guard';
import { copyTemplate, startServer, type RunningServer } from './server';
import { preparePastVisits, prepareUsers, type PastVisitSpec, type PreparedUser, type UserSpec } from './users';

export interface Site<U extends string = string> {
  server: RunningServer;
  browser: Browser;
  /** The fixture users of this file, by the keys given to useSite. */
  users: Record<U, PreparedUser>;
  /** The e-mail the server sent, when the file asked for `mail` (useSite({ mail: true })). */
  mail: SmtpCapture;
  /**
   * With `mail`: resolves once the server's outbox holds nothing waiting (its /metrics figure), so every
   * e-mail queued so far is in `mail.messages`. Check that an e-mail did not come after this, never after a fixed wait.
   */
  mailSettled(): Promise<void>;
  /** The demo administrator of the template's demo data. */
  demoAdmin: { email: string; password: string };
  /** What the template's server printed once when it made the demo data (the demo passwords). */
  demoOutput: string;
}

export interface SiteOptions<U extends string> {
  /** Server environment; a function is read when the server starts (after earlier beforeAll hooks ran). */
  env?: EnvOption;
  /** Accounts written into the data folder before the server starts. */
  users?: Record<U, UserSpec>;
  /** Confirmed visits of those users whose time has passed, written after them (./users.ts). */
  pastVisits?: PastVisitSpec<NoInfer<U>>[];
  /**
   * Send e-mail to a real SMTP capture (`site.mail`): `true` reads the outbox every 200 ms and retries from 200 ms;
   * `'busy'` also lifts the sending budgets, for files that send many e-mails (busyMailSettings).
   */
  mail?: boolean | 'busy';
}

type EnvOption = Record<string, string> | (() => Record<string, string>);

/** Options, or (the older form) just the server environment. */
function siteOptions<U extends string>(given: SiteOptions<U> | EnvOption): SiteOptions<U> {
  if (typeof given === 'function') return { env: given };
  return 'env' in given || 'users' in given || 'mail' in given || 'pastVisits' in given ? (given as SiteOptions<U>) : { env: given as Record<string, string> };
}

export function useSite<U extends string = never>(given: SiteOptions<U> | EnvOption = {}): Site<U> {
  const options = siteOptions(given);
  const site = { users: {} } as Site<U>;
  const metricsToken = randomBytes(24).toString('hex');
  site.mailSettled = async () => {
    const pending = async () => {
      const res = await fetch(`${site.server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      return /^animal_doctor_outbox_pending (\d+)$/m.exec(await res.text())?.[1];
    };
    await expect.poll(pending, { timeout: 20_000, interval: 100 }).toBe('0');
    await site.mail.closed();
  };
  beforeAll(async () => {
    const template = inject('e2eTemplate');
    site.demoAdmin = template.demoAdmin;
    site.demoOutput = template.output;
    const dataDir = copyTemplate(template.dataDir);
    try {
      if (options.users) site.users = (await prepareUsers(dataDir, options.users)) as Record<U, PreparedUser>;
      if (options.pastVisits) await preparePastVisits(dataDir, site.users, options.pastVisits);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    if (options.mail) site.mail = await startSmtpCapture();
    const mailEnv = !options.mail ? {} : options.mail === 'busy' ? busyMailSettings(site.mail) : quickMailSettings(site.mail);
    if (options.mail) Object.assign(mailEnv, { METRICS_TOKEN: metricsToken });
    const env = { ...mailEnv, ...(typeof options.env === 'function' ? options.env() : options.env) };
    [site.server, site.browser] = await Promise.all([startServer(env, { dataDir }), launchBrowser()]);
  });
  afterEach(async () => {
    const opened = openGuards.splice(0);
    await Promise.all(opened.map(({ context }) => context.close().catch(() => undefined)));
    const unexpected = opened.flatMap(({ guard }) => guard.unexpected());
    expect(unexpected, guardReport(unexpected)).toEqual([]);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
    await site.mail?.close();
  });
  return site;
}
