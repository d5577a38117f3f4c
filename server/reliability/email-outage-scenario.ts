// The SMTP outage scenarios of email-outage.test.ts (issue 15), as a program of their own:
// `node --import tsx server/reliability/email-outage-scenario.ts <result.json>`. The mail server
// refuses everything (451) for SMTP_OUTAGE_MS — 60 s, as the issue asks — while 100 people sign up;
// then it accepts again and the program records which e-mails arrived, how often and when.
// Runs one server on PGlite, and (with TEST_DATABASE_URL) two servers draining one outbox on
// PostgreSQL, both at once, each with its own SMTP server. It writes what it saw to the result
// file; the test file asserts on it. It runs in the background from the start of the test run
// (background.ts, a global setup), so the minute of waiting does not hold up the other test files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { busyMailSettings, startSmtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { createPostgresDatabase } from '../test/helper';
import { preparedDataDir } from '../test/data-dir-template';
import { pglitePassDone } from '../test/passes';
import { signUp, startServerProcess, uniqueTag, type ServerProcess } from './processes';

/** How long the mail server is down: the 60 seconds. */
export const SMTP_OUTAGE_MS = 60_000;
export const SIGN_UPS = 100;
/** How long after the mail server returns the scenario waits for the last e-mail before giving up. */
const ARRIVAL_LIMIT_MS = 240_000;
/** After the last e-mail arrived: time for a duplicate to show up. */
const DUPLICATE_WATCH_MS = 5_000;

export interface OutageResult {
  name: string;
  servers: number;
  /** Answers to the sign-ups, all sent during the outage. */
  statuses: number[];
  /** How long the mail server refused mail, measured. */
  outageMs: number;
  /** Deliveries the mail server refused (451) during the outage. */
  refused: number;
  /** This scenario's e-mails the mail server accepted during the outage (must be none). */
  acceptedDuringOutage: number;
  /** Accepted e-mails per sign-up address, after the mail server returned. */
  perAddress: Record<string, number>;
  /** From the mail server's return until every address had its e-mail (null: not all arrived). */
  allArrivedMs: number | null;
  error?: string;
}

export interface OutageReport {
  done: boolean;
  results: OutageResult[];
}

/** The server environment; `dataDir` is a copy of the prepared PGlite folder, or (on PostgreSQL) an empty one. */
function mailEnv(smtp: SmtpCapture, dirs: string[], dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-mail-'))): Record<string, string> {
  dirs.push(dataDir);
  return { DATA_DIR: dataDir, ...busyMailSettings(smtp) };
}

const running = new Set<ServerProcess>();
// Stopped early (the test run ended first): stop the servers, which run in process groups of their own.
process.once('SIGTERM', () => void Promise.all([...running].map((s) => s.stop())).finally(() => process.exit(1)));

async function outage(name: string, start: (smtp: SmtpCapture, dirs: string[]) => Promise<ServerProcess[]>): Promise<OutageResult> {
  const smtp = await startSmtpCapture();
  const dirs: string[] = [];
  const result: OutageResult = { name, servers: 0, statuses: [], outageMs: 0, refused: 0, acceptedDuringOutage: 0, perAddress: {}, allArrivedMs: null };
  let servers: ServerProcess[] = [];
  try {
    servers = await start(smtp, dirs);
    servers.forEach((s) => running.add(s));
    result.servers = servers.length;
    const tag = uniqueTag();
    const mine = (to: string[]) => to.some((address) => address.startsWith(`mail-${tag}-`));
    smtp.refusing = true;
    const started = Date.now();
    result.statuses = await Promise.all(
      Array.from({ length: SIGN_UPS }, (_, i) => signUp(servers[i % servers.length]!.url, `mail-${tag}-${i}@example.com`).catch(() => 0)),
    );
    // NOTE: a timer may fire a millisecond early by the wall clock: wait until the whole outage has passed.
    while (Date.now() - started < SMTP_OUTAGE_MS) await new Promise((r) => setTimeout(r, Math.max(1, SMTP_OUTAGE_MS - (Date.now() - started))));
    result.refused = smtp.refusedCount;
    result.acceptedDuringOutage = smtp.messages.filter((m) => mine(m.to)).length;
    smtp.refusing = false;
    const back = Date.now();
    result.outageMs = back - started;

    const arrived = () => new Set(smtp.messages.filter((m) => mine(m.to)).map((m) => m.to[0])).size;
    while (arrived() < SIGN_UPS && Date.now() - back < ARRIVAL_LIMIT_MS) await new Promise((r) => setTimeout(r, 200));
    if (arrived() === SIGN_UPS) result.allArrivedMs = Date.now() - back;
    await new Promise((r) => setTimeout(r, DUPLICATE_WATCH_MS));
    for (const m of smtp.messages.filter((x) => mine(x.to))) result.perAddress[m.to[0]!] = (result.perAddress[m.to[0]!] ?? 0) + 1;
  } catch (error) {
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.close();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  }
  return result;
}

export async function runOutageScenarios(resultFile: string): Promise<OutageReport> {
  const write = (report: OutageReport) => fs.writeFileSync(`${resultFile}.tmp`, JSON.stringify(report, null, 2));
  // The PostgreSQL pass of npm test ran the PGlite scenario in its PGlite pass already (server/test/passes.ts).
  const scenarios: Promise<OutageResult>[] = pglitePassDone
    ? []
    : [outage('one server, PGlite', async (smtp, dirs) => [await startServerProcess(mailEnv(smtp, dirs, await preparedDataDir('ad-mail-')))])];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    scenarios.push(
      outage('two servers, one PostgreSQL outbox', async (smtp, dirs) => {
        const databaseUrl = await createPostgresDatabase(baseUrl, 'mail');
        // One after the other: the first runs the migrations.
        const first = await startServerProcess({ ...mailEnv(smtp, dirs), DATABASE_URL: databaseUrl });
        return [first, await startServerProcess({ ...mailEnv(smtp, dirs), DATABASE_URL: databaseUrl })];
      }),
    );
  }
  const report: OutageReport = { done: true, results: await Promise.all(scenarios) };
  write(report);
  // Renamed into place whole: a reader never sees half a file.
  fs.renameSync(`${resultFile}.tmp`, resultFile);
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const resultFile = process.argv[2];
  if (!resultFile) throw new Error('usage: email-outage-scenario.ts <result.json>');
  await runOutageScenarios(resultFile);
}
