// A deleted account leaves the data files and the audit details too (docs/product.md 22.6; issue 34,
// item 8). On the embedded database a backup taken after a deletion (the data folder, decision 118) holds
// neither the address, the password hash, the messages nor the review of the account; on PostgreSQL the
// deletion vacuums the tables it touched and a pg_dump holds none of it. The audit entries about the
// account keep no id, title or text of it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';
import { createAccount, createVet, injectAs, type Account } from '../../../test/factories';
import { hashPassword } from '../../../lib/password';
import { mailSettled, startSmtpCapture, type SmtpCapture } from '../../../test/smtp-capture';
import { auditLog, contactMessages, newsletterSubscribers, reviews, users } from '../../../db/schema';
import { writeAudit } from '../audit/audit-log';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-deletion-files-'));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000', DATA_DIR: dataDir });
  admin = await createAccount(app, { stage: 'admin' });
}, 240_000);
afterAll(async () => {
  await app.close();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const OWN_PASSWORD = 'leaving-password-4417';
const REVIEW_TITLE = 'Leaving-review-title-4417';
const MESSAGE = 'leaving-message-text-4417: do you see rabbits?';

/** An owner with a password, a review an administrator removed, a message sent, a newsletter subscription and an entry of its own. */
async function leavingOwner(label: string): Promise<{ owner: Account; vet: Account; secrets: string[] }> {
  const { db } = app.database;
  const vet = await createVet(app, { plan: 2 });
  const owner = await createAccount(app, { accountType: 'owner', email: `leaving-${label}-${Date.now()}@example.net`, firstName: 'Lee', lastName: 'Leaving' });
  const [review] = await db
    .insert(reviews)
    .values({
      doctorId: vet.user.id,
      authorId: owner.user.id,
      rating: 2,
      title: REVIEW_TITLE,
      text: 'leaving-review-text-4417 about the visit.',
      visitMonth: '2026-09',
      species: 'rabbit',
      state: 'removed',
    })
    .returning({ id: reviews.id });
  // The entry the moderation writes (review-moderation.ts) and one the account made itself.
  await writeAudit(
    db,
    { id: admin.user.id, ip: '198.51.100.8' },
    {
      action: 'review.removed',
      targetType: 'review',
      targetId: review!.id,
      details: {
        reason: 'Off topic',
        title: REVIEW_TITLE,
        doctor_id: vet.user.id,
        author_id: owner.user.id,
        changes: { state: { from: 'published', to: 'removed' } },
      },
    },
  );
  await writeAudit(
    db,
    { id: owner.user.id, ip: '203.0.113.8' },
    { action: 'review.create', targetType: 'review', targetId: review!.id, details: { title: REVIEW_TITLE } },
  );
  await db.insert(contactMessages).values({ doctorId: vet.user.id, name: 'Lee Leaving', email: owner.user.email, message: MESSAGE });
  await db.insert(newsletterSubscribers).values({ email: owner.user.email, status: 'confirmed', unsubscribeToken: `tok-leaving-${owner.user.id}` });
  // Its own password (the factories share one hash): the hash must leave the files with the account.
  const hash = await hashPassword(OWN_PASSWORD);
  await db.update(users).set({ passwordHash: hash }).where(eq(users.id, owner.user.id));
  return { owner, vet, secrets: [owner.user.email, hash, REVIEW_TITLE, 'leaving-message-text-4417', 'leaving-review-text-4417'] };
}

async function deleteOwn(owner: Account): Promise<void> {
  const res = await injectAs(app, owner.token, { url: '/api/user/delete-account', payload: { password: OWN_PASSWORD } });
  expect(res.statusCode).toBe(200);
  await mailSettled(app);
}

/** The names of the archive's files that contain any of the texts. */
async function filesHolding(archive: Buffer, texts: string[]): Promise<string[]> {
  const extract = tar.extract();
  const found: string[] = [];
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      for (const text of texts) if (bytes.includes(Buffer.from(text))) found.push(`${header.name}: ${text.slice(0, 24)}`);
      next();
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    extract.on('finish', () => resolve());
    extract.on('error', reject);
  });
  Readable.from(zlib.gunzipSync(archive)).pipe(extract);
  await done;
  return found;
}

describe('the audit entries of a deleted account', () => {
  it('keep what was done and when, but no id, title or text of it', async () => {
    const { owner, vet } = await leavingOwner('audit');
    await deleteOwn(owner);
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} IN ('review.removed', 'review.create') AND ${auditLog.details}::text LIKE '%[removed]%'`);
    const removal = entries.find((entry) => entry.action === 'review.removed' && (entry.details as { doctor_id?: number }).doctor_id === vet.user.id);
    expect(removal).toBeDefined();
    expect(removal!.details).toMatchObject({ reason: 'Off topic', title: '[removed]', author_id: '[removed]', doctor_id: vet.user.id });
    const all = await app.database.db.select().from(auditLog);
    const text = JSON.stringify(all.map((entry) => entry.details));
    expect(text).not.toContain(REVIEW_TITLE);
    expect(text).not.toMatch(new RegExp(`"author_id":${owner.user.id}[,}]`));
  });
});

describe.skipIf(onPostgres)('a backup of the embedded database taken after a deletion', () => {
  it('holds neither the address, the password hash, the messages nor the review of the deleted account', { timeout: 180_000 }, async () => {
    const { owner, secrets } = await leavingOwner('backup');
    await deleteOwn(owner);
    const backup = await injectAs(app, admin.token, { method: 'GET', url: '/api/admin/backup' });
    expect(backup.statusCode).toBe(200);
    expect(await filesHolding(backup.rawPayload, secrets)).toEqual([]);
  });
});

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
describe.runIf(onPostgres && hasPgDump)('PostgreSQL after a deletion', () => {
  it('has vacuumed the tables the deletion touched, and a pg_dump holds nothing of the account', { timeout: 180_000 }, async () => {
    const { owner, secrets } = await leavingOwner('postgres');
    await deleteOwn(owner);
    const vacuumed = (await app.database.db.execute(
      sql`SELECT relname FROM pg_stat_user_tables WHERE last_vacuum IS NOT NULL AND relname IN ('users', 'reviews', 'contact_messages', 'newsletter_subscribers', 'email_outbox', 'audit_log')`,
    )) as unknown as { rows: { relname: string }[] };
    expect(vacuumed.rows.map((row) => row.relname).sort()).toEqual([
      'audit_log',
      'contact_messages',
      'email_outbox',
      'newsletter_subscribers',
      'reviews',
      'users',
    ]);
    const [current] = ((await app.database.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${current!.name}`;
    const dump = execFileSync('pg_dump', ['--data-only', '--no-owner', url.toString()], { maxBuffer: 512 * 1024 * 1024 }).toString();
    expect(secrets.filter((secret) => dump.includes(secret))).toEqual([]);
  });
});
