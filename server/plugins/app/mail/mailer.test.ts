// The outbox as tests and operators rely on it: idle() is the signal that everything due was handed
// to the SMTP server, so a test can check that an e-mail did NOT come without waiting a fixed time.
// A sent row keeps no text: no link or code of it is left in the table or in a backup.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp } from '../../../test/helper';
import { createAccount, FACTORY_PASSWORD, injectAs, uniqueEmail } from '../../../test/factories';
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

/** Every outbox row as PostgreSQL prints it: what anyone reading the table, or a dump of it, sees. */
const rawOutbox = async () => {
  const everything = await app.database.db.execute(sql`SELECT string_agg(o::text, '|') AS dump FROM email_outbox o`);
  return String((everything as unknown as { rows: { dump: string }[] }).rows[0]!.dump);
};

describe('a message leaves no secret in the table or a backup', () => {
  it('keeps the text of a waiting message encrypted, and sends it as written', async () => {
    const address = uniqueEmail('outbox-sealed').toLowerCase();
    const secret = `sealed-${Math.random().toString(36).slice(2)}`;
    smtp.refusing = true;
    try {
      await app.mailer.enqueue(
        app.database.db,
        { address, kind: 'verify_email' },
        verificationEmail('Jo', `http://localhost:3000/verify/token?firstpart=${secret}`),
      );
      await app.mailer.idle();
    } finally {
      smtp.refusing = false;
    }
    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
    expect(row).toMatchObject({ status: 'pending', textBody: null, htmlBody: null, subject: null });
    expect(await rawOutbox()).not.toContain(secret);
    clock.advance(RETRY_MS);
    await app.mailer.idle();
    expect(smtp.messages.find((m) => m.to.includes(address))!.decoded).toContain(secret);
  });

  it('keeps only the kind, recipient, times and state of a sent verification e-mail; no raw read of the table or backup holds its link', async () => {
    const email = uniqueEmail('outbox-forgets').toLowerCase();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { first_name: 'Jo', last_name: 'Lee', email, password: FACTORY_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await app.mailer.idle();
    const mail = smtp.messages.find((m) => m.to.includes(email))!;
    const link = new URL(/https?:\/\/\S+\/verify\/token\?[^\s"<]+/.exec(mail.decoded)![0].replaceAll('&amp;', '&'));
    const signature = link.searchParams.get('thirdpart')!;
    expect(signature.length).toBeGreaterThan(20);

    const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(row).toMatchObject({
      kind: 'verify_email',
      status: 'sent',
      subject: null,
      textBody: null,
      htmlBody: null,
      params: {},
      attachments: [],
      replyTo: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const dump = await rawOutbox();
    expect(dump).toContain(email);
    expect(dump).not.toContain(signature);

    // The embedded database's backup is a copy of its data folder: the link is not in it either.
    if (!process.env.TEST_DATABASE_URL) {
      const admin = await createAccount(app, { stage: 'admin' });
      const backup = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/backup' });
      expect(backup.statusCode).toBe(200);
      const bytes = gunzipSync(backup.rawPayload);
      expect(bytes.includes(Buffer.from(email))).toBe(true);
      expect(bytes.includes(Buffer.from(signature))).toBe(false);
    }
  });
});
