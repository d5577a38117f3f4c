// E-mail under an SMTP outage (issue 15): the mail server refuses everything (451) for 60 s
// (SMTP_OUTAGE_MS) while 100 people sign up; after it comes back every one of them gets exactly
// one verification e-mail. Then the same with two app servers draining one outbox on PostgreSQL.
// The scenarios run in their own process (email-outage-scenario.ts), started by the unit project's
// global setup (background.ts) when the run begins, so the minute of outage overlaps the other
// test files; this file runs last and asserts on what the scenarios saw. Run alone, it starts them
// itself and waits.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglitePassDone } from '../test/passes';
import { startOutageScenarios } from './background';
import { SIGN_UPS, SMTP_OUTAGE_MS, type OutageReport, type OutageResult } from './email-outage-scenario';

let report: OutageReport;
let stopOwn: (() => void) | undefined;

beforeAll(async () => {
  let resultFile = process.env.AD_EMAIL_OUTAGE_RESULT;
  if (!resultFile) {
    const started = startOutageScenarios();
    resultFile = started.resultFile;
    stopOwn = () => started.child.exitCode === null && started.child.kill('SIGTERM');
  }
  // The outage, the retries and a watch for duplicates: a few minutes at most on a busy machine.
  const deadline = Date.now() + 540_000;
  while (!fs.existsSync(resultFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  const log = resultFile.replace(/result\.json$/, 'output.log');
  if (!fs.existsSync(resultFile)) throw new Error(`the outage scenarios wrote no result:\n${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
  report = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as OutageReport;
}, 600_000);
afterAll(() => stopOwn?.());

function expectEveryEmailOnce(result: OutageResult) {
  expect(result.error).toBeUndefined();
  expect(result.statuses.filter((s) => s !== 200)).toEqual([]);
  expect(result.statuses).toHaveLength(SIGN_UPS);
  // The mail server was down for the whole minute, refused deliveries, and took none of these.
  expect(result.outageMs).toBeGreaterThanOrEqual(SMTP_OUTAGE_MS);
  expect(result.refused).toBeGreaterThan(0);
  expect(result.acceptedDuringOutage).toBe(0);
  // After it returned: 100 addresses, one e-mail each.
  expect(result.allArrivedMs).not.toBeNull();
  expect(Object.keys(result.perAddress)).toHaveLength(SIGN_UPS);
  expect(Object.entries(result.perAddress).filter(([, n]) => n !== 1)).toEqual([]);
  console.log(
    `${result.name}: SMTP down ${result.outageMs} ms, ${result.refused} refused; all ${SIGN_UPS} e-mails ${result.allArrivedMs} ms after it returned`,
  );
}

describe(`SMTP outage of ${SMTP_OUTAGE_MS / 1000} s during 100 sign-ups`, () => {
  // The PostgreSQL pass of npm test skips it (the scenario program too): the PGlite pass of the same run ran it.
  it.skipIf(pglitePassDone)('sends every verification e-mail once after the mail server returns (one server, PGlite)', () => {
    const result = report.results.find((r) => r.name === 'one server, PGlite');
    expect(result).toBeDefined();
    expectEveryEmailOnce(result!);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('sends every e-mail once with two servers draining one outbox (PostgreSQL)', () => {
    const result = report.results.find((r) => r.name === 'two servers, one PostgreSQL outbox');
    expect(result).toBeDefined();
    expect(result!.servers).toBe(2);
    expectEveryEmailOnce(result!);
  });
});
