// The outbox as tests and operators rely on it: idle() is the signal that everything due was handed
// to the SMTP server, so a test can check that an e-mail did NOT come without waiting a fixed time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../test/helper';
import { uniqueEmail } from '../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture';
import { emailOutbox } from '../db/schema';
import { verificationEmail } from './templates';

let app: FastifyInstance;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The poll and the retry are far away: only enqueue() and idle() move the outbox here.
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '600000', MAIL_RETRY_BASE_MS: '600000' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const enqueue = (address: string) =>
  app.mailer.enqueue(app.database.db, { address, kind: 'verify_email' }, verificationEmail('Jo', 'http://localhost:3000/verify/token?firstpart=a'));

describe('the outbox says when it is idle', () => {
  it('resolves idle() only after every message enqueued before it reached the SMTP server', async () => {
    const addresses = Array.from({ length: 25 }, () => uniqueEmail('idle').toLowerCase());
    for (const address of addresses) await enqueue(address);
    await app.mailer.idle();
    expect(smtp.messages.filter((m) => addresses.some((a) => m.to.includes(a)))).toHaveLength(25);
  });

  it('resolves idle() while a refused message waits for its retry, without sending it twice', async () => {
    const address = uniqueEmail('idle-refused').toLowerCase();
    smtp.refusing = true;
    try {
      await enqueue(address);
      await app.mailer.idle();
    } finally {
      smtp.refusing = false;
    }
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await app.mailer.idle();
    expect(smtp.messages.filter((m) => m.to.includes(address))).toHaveLength(0);
  });
});
