// The outbox as tests and operators rely on it: idle() is the signal that everything due was handed
// to the SMTP server, so a test can check that an e-mail did NOT come without waiting a fixed time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { uniqueEmail } from '../../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { emailOutbox } from '../../../db/schema';
import { verificationEmail } from './templates';
import { createTestClock } from '../../../lib/clock';

let app: FastifyInstance;
let smtp: SmtpCapture;
const clock = createTestClock();
const RETRY_MS = 600_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The poll is far away and the first retry comes 10 minutes later by the app's clock: only
  // enqueue(), idle() and the test moving the clock move the outbox here.
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '600000', MAIL_RETRY_BASE_MS: String(RETRY_MS) }, { clock });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const deliveredTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address)).length;
const enqueue = (address: string) =>
  app.mailer.enqueue(app.database.db, { address, kind: 'verify_email' }, verificationEmail('Jo', 'http://localhost:3000/verify/token?firstpart=a'));

/** Enqueues a message while the SMTP server refuses everything, and waits until that first attempt failed. */
const enqueueRefused = async (address: string) => {
  smtp.refusing = true;
  try {
    await enqueue(address);
    await app.mailer.idle();
  } finally {
    smtp.refusing = false;
  }
};

describe('the outbox says when it is idle', () => {
  it('resolves idle() only after every message enqueued before it reached the SMTP server', async () => {
    const addresses = Array.from({ length: 25 }, () => uniqueEmail('idle').toLowerCase());
    for (const address of addresses) await enqueue(address);
    await app.mailer.idle();
    expect(smtp.messages.filter((m) => addresses.some((a) => m.to.includes(a)))).toHaveLength(25);
  });

  it('resolves idle() while a refused message waits for its retry, without sending it twice', async () => {
    const address = uniqueEmail('idle-refused').toLowerCase();
    await enqueueRefused(address);
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + RETRY_MS);
    await app.mailer.idle();
    expect(deliveredTo(address)).toBe(0);
  });
});

describe('the outbox retries by the app clock', () => {
  it('sends a refused message again when the clock reaches its retry time, and not before', async () => {
    const address = uniqueEmail('retry-clock').toLowerCase();
    await enqueueRefused(address);
    clock.advance(RETRY_MS - 1);
    await app.mailer.idle();
    expect(deliveredTo(address)).toBe(0);
    clock.advance(1);
    await app.mailer.idle();
    expect(deliveredTo(address)).toBe(1);
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, sentAt: clock.now() });
  });
});
