// The account's own data (docs/product.md section 22) as a client meets it: 'Download my data' holds every
// row of every table that references the account (found in the catalog, so tables other areas add are
// checked too) and no secret; 'Delete my account' checks the password behind the sign-in throttle, and a
// deletion (the account's own or an administrator's) leaves no row that names the account, keeps the audit
// entries without personal data, cancels a paid plan with its provider, ends every session, runs the steps
// other areas registered and e-mails a confirmation; parallel deletions delete once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, type Account } from '../../../../test/factories';
import { mailSettled, startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { auditLog, contactMessages, favorites, newsletterSubscribers, practiceClaims, reviewStats, reviews, uploads, users } from '../../../../db/schema';
import { writeAudit } from '../../audit/audit-log';
import { NEVER_EXPORTED, rowsNaming, tablesReferencingUsers } from '../user-references';
import { ACCOUNT_COLUMNS, AUDIT_ABOUT_COLUMNS, BY_ADDRESS_COLUMNS, EXPORT_COLUMNS, type ExportList } from '../export-columns';
import type { DeletedAccount } from '../index';

let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;
let clientCounter = 0;
const newClient = () => `10.28.${Math.floor(++clientCounter / 250)}.${(clientCounter % 250) + 1}`;
const announced: number[] = [];
const stepsRan: DeletedAccount[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000', LOGIN_FAILURES_PER_ACCOUNT: '3' });
  app.changes.on('listing changed', ({ doctorId }) => announced.push(doctorId));
  // An area's step, as the appointments area registers one: it runs in the transaction and still sees the account.
  app.accountData.onAccountDeleted(async (tx, account) => {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id));
    if (row) stepsRan.push(account);
  });
  admin = await createAccount(app, { stage: 'admin' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** An owner who wrote a review the vet answered, sent the vet a message, subscribed to the newsletter, uploaded a file and was acted on by an administrator. */
async function ownerWithHistory(vet: Account): Promise<Account> {
  const owner = await createAccount(app, { accountType: 'owner', firstName: 'Robin', lastName: 'Leaver' });
  const { db } = app.database;
  await db.insert(reviews).values({
    doctorId: vet.user.id,
    authorId: owner.user.id,
    rating: 4,
    title: 'Gentle with our cat',
    text: 'The doctor was gentle and explained everything about the treatment.',
    visitMonth: '2026-09',
    species: 'cat',
    state: 'published',
    clientIp: '203.0.113.9',
    replyText: 'Thank you, Robin!',
    replyCreatedAt: new Date(),
  });
  await db.insert(contactMessages).values({ doctorId: vet.user.id, name: 'Robin Leaver', email: owner.user.email, message: 'Do you see rabbits?' });
  await db.insert(newsletterSubscribers).values({ email: owner.user.email, status: 'confirmed', unsubscribeToken: `tok-${owner.user.id}` });
  await db
    .insert(uploads)
    .values({ key: `avatars/owner-${owner.user.id}.webp`, contentType: 'image/webp', bytes: Buffer.from('RIFF'), size: 4, ownerId: owner.user.id });
  await writeAudit(
    db,
    { id: admin.user.id, ip: '198.51.100.7' },
    {
      action: 'user.verify_email',
      targetType: 'user',
      targetId: owner.user.id,
      details: { email: owner.user.email, note: `checked ${owner.user.email} by hand` },
    },
  );
  await writeAudit(db, { id: owner.user.id, ip: '203.0.113.9' }, { action: 'review.create', targetType: 'review', targetId: 1, details: { title: 'Gentle' } });
  return owner;
}

/** Every row of every public table that names the account: by id in a column referencing users, or by its address in any text. */
async function rowsNamingAccount(userId: number, email: string): Promise<string[]> {
  const { db } = app.database;
  const found: string[] = [];
  for (const reference of await tablesReferencingUsers(db)) {
    const rows = await rowsNaming(db, reference, userId);
    if (rows.length) found.push(`${reference.table}: ${rows.length} by id`);
  }
  const columns = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json')
      AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  for (const { table_name: table, column_name: column } of columns.rows) {
    const hits = (await db.execute(
      sql.raw(`SELECT count(*)::int AS n FROM "${table}" WHERE lower("${column}"::text) LIKE '%${email.replace(/'/g, "''")}%'`),
    )) as unknown as { rows: { n: number }[] };
    if (Number(hits.rows[0]!.n) > 0) found.push(`${table}.${column}: ${hits.rows[0]!.n} by address`);
  }
  return found;
}

const exportOf = async (account: Account) => {
  const res = await injectAs(app, account.token, { url: '/api/user/export', payload: {} });
  expect(res.statusCode).toBe(200);
  return res;
};
const deleteOwn = (account: Account, password: string, ip = newClient()) =>
  injectAs(app, account.token, { url: '/api/user/delete-account', payload: { password }, remoteAddress: ip });

describe('Download my data', () => {
  it('holds every row of every table that references the account, as one attached JSON file without secrets', async () => {
    const vet = await createVet(app, { plan: 2 });
    const owner = await ownerWithHistory(vet);
    for (const account of [owner, vet]) {
      const res = await exportOf(account);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="animal-doctor-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const data = res.json<{
        account: Record<string, unknown>;
        records: Record<string, unknown[]>;
        by_email_address: Record<string, unknown[]>;
        audit_entries: unknown[];
      }>();
      expect(data.account).toMatchObject({ id: account.user.id, email: account.user.email });
      // Every table the catalog says references users, with exactly the rows its written lists export.
      const references = await tablesReferencingUsers(app.database.db);
      expect(references.map((r) => r.table)).toEqual(expect.arrayContaining(['profiles', 'payments', 'reviews', 'audit_log', 'uploads']));
      for (const reference of references) {
        let expected = 0;
        for (const column of reference.columns) {
          const list = EXPORT_COLUMNS[reference.table]?.[column];
          if (!list?.exported.length) continue;
          const counted = (await app.database.db.execute(
            sql.raw(`SELECT count(*)::int AS n FROM "${reference.table}" WHERE "${column}" = ${account.user.id}${list.where ? ` AND (${list.where})` : ''}`),
          )) as unknown as { rows: { n: number }[] };
          expected += Number(counted.rows[0]!.n);
        }
        expect(data.records[reference.table] ?? [], reference.table).toHaveLength(expected);
      }
      const text = res.body;
      for (const secret of NEVER_EXPORTED) expect(text, secret).not.toContain(`"${secret}"`);
      expect(text).not.toContain(account.user.passwordHash);
    }
    const ownerData = (await exportOf(owner)).json<{
      records: { reviews: { reply_text: string }[] };
      by_email_address: Record<string, unknown[]>;
      audit_entries: unknown[];
    }>();
    expect(ownerData.records.reviews[0]!.reply_text).toBe('Thank you, Robin!');
    expect(ownerData.by_email_address.contact_messages_sent).toHaveLength(1);
    expect(ownerData.by_email_address.newsletter_subscription).toHaveLength(1);
    expect(ownerData.audit_entries).toHaveLength(2);
    expect(JSON.stringify(ownerData)).not.toContain(`tok-${owner.user.id}`);
  });

  it('gives a visitor and a forged token nothing', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/user/export', payload: {} })).statusCode).toBe(401);
    expect((await injectAs(app, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged', { url: '/api/user/export', payload: {} })).statusCode).toBe(401);
  });
});

/** Every (table, column) the export reads or could read with no written list, and every listed name the table does not have. */
async function unlistedColumns(): Promise<string[]> {
  const { db } = app.database;
  const catalog = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`)) as unknown as {
    rows: { table_name: string; column_name: string }[];
  };
  const columnsOf = (table: string) => catalog.rows.filter((row) => row.table_name === table).map((row) => row.column_name);
  const problems: string[] = [];
  const check = (label: string, table: string, list: ExportList | undefined) => {
    if (!list) return problems.push(`${label}: no list`);
    const actual = columnsOf(table);
    for (const name of [...list.exported, ...list.withheld]) if (!actual.includes(name)) problems.push(`${label}: lists ${name}, which ${table} does not have`);
    // A list that exports nothing lets nothing out, whatever columns the table gains.
    if (list.exported.length === 0) return;
    for (const column of actual) if (!list.exported.includes(column) && !list.withheld.includes(column)) problems.push(`${label}: ${column} is in no list`);
    for (const column of list.exported) if (NEVER_EXPORTED.has(column)) problems.push(`${label}: exports the secret ${column}`);
  };
  for (const reference of await tablesReferencingUsers(db))
    for (const column of reference.columns) check(`${reference.table}.${column}`, reference.table, EXPORT_COLUMNS[reference.table]?.[column]);
  check('users', 'users', ACCOUNT_COLUMNS);
  check('audit_log about the account', 'audit_log', AUDIT_ABOUT_COLUMNS);
  for (const [table, list] of Object.entries(BY_ADDRESS_COLUMNS)) check(`${table} by address`, table, list);
  return problems;
}

describe('what an export holds (issue 34, item 2)', () => {
  it('has a written list of columns for every table and column of the catalog it reads', async () => {
    expect(await unlistedColumns()).toEqual([]);
  });

  it("gives a practice its reviews' public text and name only, and nobody else's ids, addresses, claims or reasons", async () => {
    const { db } = app.database;
    const vet = await createVet(app, { plan: 2 });
    const robin = await createAccount(app, { accountType: 'owner', firstName: 'Robin', lastName: 'Leaver' });
    const held = await createAccount(app, { accountType: 'owner', firstName: 'Hollis', lastName: 'Held' });
    const saver = await createAccount(app, { accountType: 'owner' });
    const review = (authorId: number, state: 'published' | 'pending', extra: Partial<typeof reviews.$inferInsert>) => ({
      doctorId: vet.user.id,
      authorId,
      rating: 5,
      title: 'Kind and quick',
      text: 'They saw our dog the same day and explained the treatment.',
      visitMonth: '2026-09',
      species: 'dog',
      state,
      ...extra,
    });
    await db
      .insert(reviews)
      .values([
        review(robin.user.id, 'published', { clientIp: '203.0.113.41' }),
        review(held.user.id, 'pending', { clientIp: '203.0.113.42', holdReason: 'Names a person: held-review-reason-7', text: 'held-review-text-7 was rude' }),
      ]);
    await db.insert(favorites).values({ account: saver.user.id, doctorId: vet.user.id });
    await db.insert(practiceClaims).values({
      doctorId: vet.user.id,
      claimantEmail: 'other-claimant-55@example.org',
      method: 'document',
      licenseNumber: 'LIC-OTHER-5512',
      licenseState: 'CA',
      documentKey: 'claims/other-claimant-document-5512.pdf',
      state: 'rejected',
    });
    await writeAudit(db, { id: admin.user.id, ip: '198.51.100.77' }, { action: 'profile.approved', targetType: 'profile', targetId: vet.user.id });

    const res = await exportOf(vet);
    const data = res.json<{ records: Record<string, Record<string, unknown>[]>; audit_entries: Record<string, unknown>[] }>();
    // The published review as the profile shows it; the held one not at all.
    expect(data.records.reviews).toHaveLength(1);
    expect(data.records.reviews![0]).toMatchObject({ rating: 5, title: 'Kind and quick', author_name: 'Robin L.' });
    for (const column of ['author_id', 'client_ip', 'hold_reason', 'state', 'moderated_by']) expect(data.records.reviews![0]).not.toHaveProperty(column);
    // Who saved it, and who else claimed it, are theirs.
    expect(data.records.favorites ?? []).toEqual([]);
    expect(data.records.practice_claims ?? []).toEqual([]);
    // The administrator's approval: what and when, not who or from where.
    const approval = data.audit_entries.find((entry) => entry.action === 'profile.approved');
    expect(approval).toBeDefined();
    expect(approval).not.toHaveProperty('actor_id');
    expect(approval).not.toHaveProperty('ip');
    for (const secret of [
      '203.0.113.41',
      '203.0.113.42',
      'held-review-reason-7',
      'held-review-text-7',
      'other-claimant-55@example.org',
      'LIC-OTHER-5512',
      'other-claimant-document-5512',
      '198.51.100.77',
      held.user.email,
      robin.user.email,
      saver.user.email,
    ])
      expect(res.body, secret).not.toContain(secret);
    // The account's own row carries no administrator's id.
    expect(res.json().account).not.toHaveProperty('reviewed_by');
  });
});

describe('an address proven before it owns anything (issue 34, item 1)', () => {
  /** Someone's messages, newsletter subscription and claim, all by their address, before any account has it. */
  async function someonesTrail(address: string) {
    const { db } = app.database;
    const vet = await createVet(app, { plan: 2 });
    await db.insert(contactMessages).values({
      doctorId: vet.user.id,
      name: 'Real Person',
      email: address,
      phone: '555-0142-778',
      species: 'cat',
      message: 'Our cat has kidney-disease-stage-3; can you see her?',
    });
    await db.insert(newsletterSubscribers).values({ email: address, status: 'confirmed', unsubscribeToken: `tok-real-${vet.user.id}` });
    await db.insert(practiceClaims).values({
      doctorId: vet.user.id,
      claimantEmail: address,
      method: 'document',
      licenseNumber: 'LIC-REAL-778',
      licenseState: 'NY',
      state: 'rejected',
    });
    return vet;
  }
  const count = async (query: ReturnType<typeof sql>) => Number(((await app.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  it("an unverified account of someone else's address exports none of its rows and its deletion touches none of them", async () => {
    const address = `real-person-${Date.now()}@example.com`;
    const vet = await someonesTrail(address);
    const squatter = await createAccount(app, { stage: 'unverified', accountType: 'owner', email: address });

    const exported = await exportOf(squatter);
    const data = exported.json<{ by_email_address: Record<string, unknown[]> }>();
    expect(data.by_email_address).toEqual({ newsletter_subscription: [], contact_messages_sent: [] });
    for (const secret of ['kidney-disease-stage-3', '555-0142-778', 'LIC-REAL-778']) expect(exported.body).not.toContain(secret);

    const res = await deleteOwn(squatter, FACTORY_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account and its data have been deleted.');
    await mailSettled(app);
    // The practice keeps the message, the person stays subscribed, their claim stays, and nobody told them about an account they never had.
    expect(await count(sql`SELECT count(*)::int AS n FROM contact_messages WHERE doctor_id = ${vet.user.id} AND email = ${address}`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM newsletter_subscribers WHERE email = ${address} AND status = 'confirmed'`)).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM practice_claims WHERE claimant_email = ${address}`)).toBe(1);
    expect(smtp.messages.filter((m) => m.to.includes(address) && /has been deleted/.test(m.subject))).toHaveLength(0);
  });

  it('a later verification claims the rows of the address: the export lists them and the deletion removes them', async () => {
    const address = `proven-person-${Date.now()}@example.com`;
    const vet = await someonesTrail(address);
    const account = await createAccount(app, { stage: 'unverified', accountType: 'owner', email: address });
    expect((await exportOf(account)).json().by_email_address.contact_messages_sent).toHaveLength(0);
    await app.database.db.update(users).set({ verify: true, verifiedAt: new Date() }).where(eq(users.id, account.user.id));
    const data = (await exportOf(account)).json<{ by_email_address: Record<string, Record<string, unknown>[]> }>();
    expect(data.by_email_address.contact_messages_sent).toHaveLength(1);
    expect(data.by_email_address.contact_messages_sent![0]).toMatchObject({ doctor_id: vet.user.id, phone: '555-0142-778' });
    expect(data.by_email_address.newsletter_subscription).toHaveLength(1);
    expect((await deleteOwn(account, FACTORY_PASSWORD)).statusCode).toBe(200);
    await mailSettled(app);
    expect(await count(sql`SELECT count(*)::int AS n FROM contact_messages WHERE email = ${address}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM practice_claims WHERE claimant_email = ${address}`)).toBe(0);
    expect(smtp.messages.filter((m) => m.to.includes(address) && /has been deleted/.test(m.subject))).toHaveLength(1);
  });
});

describe('Delete my account', () => {
  it('refuses a wrong password with a sentence and changes nothing', async () => {
    const vet = await createVet(app);
    const owner = await ownerWithHistory(vet);
    const res = await deleteOwn(owner, 'not-the-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
    expect(res.json().message).toMatch(/nothing was deleted\./);
    expect((await rowsNamingAccount(owner.user.id, owner.user.email)).length).toBeGreaterThan(3);
    expect((await exportOf(owner)).statusCode).toBe(200);
  });

  it('throttles password guessing like sign-in', async () => {
    const owner = await createAccount(app, { accountType: 'owner' });
    const ip = newClient();
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await deleteOwn(owner, `guess-${i}`, ip)).statusCode);
    expect(answers.slice(0, 3)).toEqual([400, 400, 400]);
    expect(answers.slice(3)).toContain(429);
    expect((await exportOf(owner)).statusCode).toBe(200);
  });

  it('deletes at once: no row names the account, reviews go, audit entries stay without personal data, sessions end, a confirmation is e-mailed', async () => {
    const vet = await createVet(app, { plan: 2 });
    const owner = await ownerWithHistory(vet);
    const { db } = app.database;
    const [statsBefore] = await db.select().from(reviewStats).where(eq(reviewStats.doctorId, vet.user.id));
    expect(statsBefore!.stars4).toBe(1);
    // A second client of the same account, signed in elsewhere.
    const elsewhere = await injectAs(app, undefined, {
      url: '/api/user/login',
      payload: { email: owner.user.email, password: FACTORY_PASSWORD },
      remoteAddress: newClient(),
    });
    expect(elsewhere.statusCode).toBe(200);
    announced.length = 0;

    const res = await deleteOwn(owner, FACTORY_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/deleted/);

    // The confirmation waits in the outbox, then is sent and its address forgotten.
    await mailSettled(app);
    expect(smtp.messages.filter((m) => m.to.includes(owner.user.email) && /has been deleted/.test(m.subject))).toHaveLength(1);
    expect(await rowsNamingAccount(owner.user.id, owner.user.email)).toEqual([]);

    // The practice's rating lost the review.
    const [statsAfter] = await db.select().from(reviewStats).where(eq(reviewStats.doctorId, vet.user.id));
    expect(statsAfter!.stars4).toBe(0);
    expect(announced).toContain(vet.user.id);
    // The audit entries stay, without the address or the account's own network address.
    const kept = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(owner.user.id)));
    expect(kept.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.verify_email', 'user.delete']));
    expect(kept.find((entry) => entry.action === 'user.verify_email')!.details).toEqual({ email: '[removed]', note: '[removed]' });
    expect(kept.find((entry) => entry.action === 'user.verify_email')!.ip).toBe('198.51.100.7');
    // Both sessions end.
    expect((await injectAs(app, owner.token, { url: '/api/user/export', payload: {} })).statusCode).toBe(401);
    expect((await injectAs(app, elsewhere.json().token, { url: '/api/user/export', payload: {} })).statusCode).toBe(401);
    expect((await injectAs(app, undefined, { url: '/api/user/login-with-token', payload: { token: owner.token } })).statusCode).toBe(401);
    // The registered step ran inside the transaction, while the account still existed.
    expect(stepsRan.map((account) => account.id)).toContain(owner.user.id);
  });

  it('deletes once when the same account asks 20 times at once', async () => {
    const owner = await createAccount(app, { accountType: 'owner' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deleteOwn(owner, FACTORY_PASSWORD)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const code of codes.filter((c) => c !== 200)) expect([401, 404, 429]).toContain(code);
    const deletions = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(owner.user.id)));
    expect(deletions.filter((entry) => entry.action === 'user.delete')).toHaveLength(1);
  });
});

describe('a table another area adds later', () => {
  it('is emptied of the account without a change to the deletion, whatever its ON DELETE, and exported only once its columns are listed', async () => {
    const { db } = app.database;
    await db.execute(sql`CREATE TABLE later_area_notes (id serial PRIMARY KEY, owner_id integer NOT NULL REFERENCES users(id), note text NOT NULL)`);
    await db.execute(sql`CREATE TABLE later_area_links (id serial PRIMARY KEY, seen_by integer REFERENCES users(id) ON DELETE RESTRICT)`);
    try {
      const owner = await createAccount(app, { accountType: 'owner' });
      const other = await createAccount(app, { accountType: 'owner' });
      await db.execute(
        sql`INSERT INTO later_area_notes (owner_id, note) VALUES (${owner.user.id}, 'first'), (${owner.user.id}, 'second'), (${other.user.id}, 'other')`,
      );
      await db.execute(sql`INSERT INTO later_area_links (seen_by) VALUES (${owner.user.id}), (${other.user.id})`);
      // Without a written list of its columns it is not exported, and the lists' check names it (docs/product.md 22.4).
      const data = (await exportOf(owner)).json<{ records: Record<string, { note?: string }[]> }>();
      expect(data.records.later_area_notes).toBeUndefined();
      expect(data.records.later_area_links).toBeUndefined();
      expect(await unlistedColumns()).toEqual(expect.arrayContaining(['later_area_notes.owner_id: no list', 'later_area_links.seen_by: no list']));
      expect((await deleteOwn(owner, FACTORY_PASSWORD)).statusCode).toBe(200);
      await mailSettled(app);
      expect(await rowsNamingAccount(owner.user.id, owner.user.email)).toEqual([]);
      // The other account's rows stay; the nullable link lost only its reference.
      const notes = (await db.execute(sql`SELECT note FROM later_area_notes`)) as unknown as { rows: { note: string }[] };
      expect(notes.rows.map((row) => row.note)).toEqual(['other']);
      const links = (await db.execute(sql`SELECT count(*)::int AS n FROM later_area_links`)) as unknown as { rows: { n: number }[] };
      expect(Number(links.rows[0]!.n)).toBe(2);
    } finally {
      await db.execute(sql`DROP TABLE later_area_notes`);
      await db.execute(sql`DROP TABLE later_area_links`);
    }
  });
});

describe("an administrator's deletion", () => {
  it('is the same command: the plan is cancelled with its provider, the listing changes, no row names the account', async () => {
    const vet = await createVet(app, { plan: 2 });
    const reviewer = await ownerWithHistory(vet);
    announced.length = 0;
    const wrong = await injectAs(app, admin.token, { url: '/api/admin/delete-user', payload: { user_id: vet.user.id, confirm_email: 'x@example.com' } });
    expect(wrong.statusCode).toBe(400);
    const res = await injectAs(app, admin.token, { url: '/api/admin/delete-user', payload: { user_id: vet.user.id, confirm_email: vet.user.email } });
    expect(res.statusCode).toBe(200);
    await mailSettled(app);
    expect(await rowsNamingAccount(vet.user.id, vet.user.email)).toEqual([]);
    expect(announced).toContain(vet.user.id);
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(vet.user.id)));
    // The provider was asked to cancel before the account went (payments' own audit entry), and the deletion is the administrator's.
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['plan.cancel_requested', 'user.delete']));
    expect(entries.find((entry) => entry.action === 'user.delete')).toMatchObject({ actorId: admin.user.id, details: { by: 'administrator' } });
    expect(stepsRan.map((account) => account.id)).toContain(vet.user.id);
    // The Activity tab reads the kept entries as a deleted account's, without its address.
    const activity = await injectAs(app, admin.token, { url: '/api/admin/audit-log', payload: { target_id: String(vet.user.id) } });
    expect(activity.statusCode).toBe(200);
    const labels = activity.json<{ data: { target_label: string | null }[] }>().data.map((entry) => entry.target_label);
    expect(labels).toContain(`Deleted account #${vet.user.id}`);
    expect(activity.body).not.toContain(vet.user.email);
    expect(smtp.messages.filter((m) => m.to.includes(vet.user.email) && /has been deleted/.test(m.subject))).toHaveLength(1);
    // The reviewer's review of the deleted practice went with it; the reviewer's account stays.
    expect((await exportOf(reviewer)).json().records.reviews).toHaveLength(0);
  });
});
