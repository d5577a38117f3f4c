// Claiming an imported practice (docs/product.md section 20) as vets, administrators and attackers meet it:
// the e-mail domain rule (another domain, a look-alike, a subdomain, a parent domain), the code with its
// 10 minutes and 5 tries under parallel guessing, the transfer (same id, new sign-in, old sessions end),
// one open claim per practice, the document queue with its decision and restore, and profile step 1's offer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, createVet, FACTORY_PASSWORD, injectAs, uniqueEmail, type Account } from '../../../../test/factories';
import { codeOf, mailSettled, startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { auditLog, practiceClaims, reviews, users, zipCodes } from '../../../../db/schema';
import { formBody, importedPractice as importPractice, TEST_ZIPS } from '../../../../test/import-fixtures';
import type { AdminClaimsAnswer } from '../../../../../shared/schemas/import-claim';
import type { DoctorPage } from '../../../../../shared/schemas/doctor';

const clock = createTestClock();
let app: FastifyInstance;
let smtp: SmtpCapture;
let admin: Account;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '200', RATE_LIMIT_PER_MINUTE: '100000', MAIL_PER_CLIENT_PER_HOUR: '100000' }, { clock });
  admin = await createAccount(app, { stage: 'admin' });
  await app.database.db.insert(zipCodes).values(TEST_ZIPS).onConflictDoNothing();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** An unclaimed practice made by an import, with its website; answers its id. */
const importedPractice = (website = 'https://www.happypaws.example', extra: { phone?: string; street?: string } = {}) =>
  importPractice(app, admin, website, extra);

const claim = (account: Account, body: Record<string, unknown>) => injectAs(app, account.token, { url: '/api/doctors/claim', payload: body });
const byEmail = (account: Account, doctorId: number, email: string) =>
  claim(account, { doctor_id: doctorId, method: 'email', email, license_number: 'NY-12345', license_state: 'NY' });
const verify = (account: Account, doctorId: number, code: string) =>
  injectAs(app, account.token, { url: '/api/doctors/claim-verify', payload: { doctor_id: doctorId, code } });

async function codeSentTo(address: string): Promise<string> {
  await mailSettled(app);
  const mail = await smtp.waitFor((m) => m.to.includes(address) && /claim/i.test(m.subject));
  return codeOf(mail);
}

describe('a claim by e-mail', () => {
  it('takes only an address at exactly the website’s domain', async () => {
    const doctorId = await importedPractice('https://www.happypaws.example/contact');
    const vet = await createAccount(app);
    for (const email of [
      'owner@gmail.com', // another domain
      'owner@happypaws.example.com', // the real domain inside a longer one
      'owner@happypavvs.example', // a look-alike
      'owner@xn--hppypaws-5wa.example', // a look-alike in another script (punycode of háppypaws)
      'owner@háppypaws.example',
      'owner@mail.happypaws.example', // a subdomain the practice may not own
      'owner@example', // the parent
      'owner@happypaws.example@evil.test',
    ]) {
      const answer = await byEmail(vet, doctorId, email);
      expect(answer.statusCode, email).toBe(400);
      expect(['WRONG_DOMAIN', 'VALIDATION_ERROR']).toContain(answer.json().code);
    }
    const subdomainSite = await importedPractice('https://vet.bigcorp.example');
    expect((await byEmail(vet, subdomainSite, 'ceo@bigcorp.example')).json().code).toBe('WRONG_DOMAIN');
    const shared = await importedPractice('https://www.facebook.com/happypaws');
    expect((await byEmail(vet, shared, 'x@facebook.com')).json().code).toBe('NO_EMAIL_DOMAIN');
    const ok = await byEmail(vet, doctorId, 'Owner@HappyPaws.Example');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ state: 'code_sent', email: 'owner@happypaws.example' });
  });

  it('counts at most 5 tries under 40 parallel guesses, then refuses even the right code', async () => {
    const doctorId = await importedPractice('https://guess.example');
    const vet = await createAccount(app);
    expect((await byEmail(vet, doctorId, 'front@guess.example')).statusCode).toBe(200);
    const code = await codeSentTo('front@guess.example');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(vet, doctorId, wrong)));
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(36);
    const [row] = await app.database.db.select().from(practiceClaims).where(eq(practiceClaims.doctorId, doctorId));
    expect(row!.attempts).toBe(5);
    expect((await verify(vet, doctorId, code)).statusCode).toBe(429);
    const [practice] = await app.database.db.select({ claimed: users.claimed }).from(users).where(eq(users.id, doctorId));
    expect(practice!.claimed).toBe(false);
  });

  it('expires the code after 10 minutes', async () => {
    const doctorId = await importedPractice('https://late.example');
    const vet = await createAccount(app);
    await byEmail(vet, doctorId, 'a@late.example');
    const code = await codeSentTo('a@late.example');
    clock.advance(10 * 60_000 + 1);
    const late = await verify(vet, doctorId, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('CODE_EXPIRED');
    clock.reset();
  });

  it('transfers the practice with the right code: same id and reviews, the claimant’s sign-in, old sessions ended', async () => {
    const doctorId = await importedPractice('https://transfer.example');
    const petOwner = await createAccount(app, { accountType: 'owner' });
    await app.database.db.insert(reviews).values({
      doctorId,
      authorId: petOwner.user.id,
      rating: 4,
      title: 'Good',
      text: 'Good care for our old dog.',
      visitMonth: '2026-01',
      species: 'dog',
      state: 'published',
    });
    const email = uniqueEmail('claimant');
    const vet = await createAccount(app, { email, stage: 'paid', firstName: 'Rosa', lastName: 'Diaz' });
    expect((await byEmail(vet, doctorId, 'rosa@transfer.example')).statusCode).toBe(200);
    // One open claim per practice: a second account is refused while the first waits.
    const other = await createAccount(app);
    const second = await byEmail(other, doctorId, 'other@transfer.example');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('CLAIM_OPEN');

    const code = await codeSentTo('rosa@transfer.example');
    const done = await verify(vet, doctorId, code);
    expect(done.statusCode, done.body).toBe(200);
    const { token, doctor_id } = done.json<{ token: string; doctor_id: number }>();
    expect(doctor_id).toBe(doctorId);

    const [practice] = await app.database.db.select().from(users).where(eq(users.id, doctorId));
    expect(practice).toMatchObject({ email, claimed: true, firstName: 'Rosa', verify: true });
    // Listed and approved already: the new owner edits it on Edit Profile (docs/product.md 20.11).
    expect(practice!.submitAt).not.toBeNull();
    expect(await app.database.db.select().from(users).where(eq(users.id, vet.user.id))).toHaveLength(0);
    // The old session belonged to the retired account; the new token signs in to the practice.
    expect((await injectAs(app, vet.token, { url: '/api/user/login-with-token', payload: {} })).statusCode).not.toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: FACTORY_PASSWORD }, remoteAddress: '10.9.9.9' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id ?? login.json().id).toBeDefined();
    expect(token).toBeTruthy();

    const page = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: doctorId } });
    expect(page.json<DoctorPage>()).toMatchObject({ id: doctorId, claimed: true, name: 'Dr. Rosa Diaz', rating_count: 1 });
    // The address the code went to, and the sign-in address, are not published as the practice's e-mail (28.8).
    expect(page.json<DoctorPage>().contact_email).toBeNull();
    expect(page.body).not.toContain('rosa@transfer.example');
    expect(page.body).not.toContain(email);
    // The plan the claimant had bought came along: the profile shows what it sells.
    const audit = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'claim'), eq(auditLog.action, 'practice claimed')));
    expect(audit.some((a) => (a.details as { doctor_id?: number }).doctor_id === doctorId)).toBe(true);

    // Claimed: nobody else can claim it now.
    expect((await byEmail(other, doctorId, 'x@transfer.example')).json().code).toBe('ALREADY_CLAIMED');
  });

  it('refuses administrators, unverified accounts, visitors and accounts that already have a practice', async () => {
    const doctorId = await importedPractice('https://refuse.example');
    expect((await byEmail(admin, doctorId, 'a@refuse.example')).statusCode).toBe(403);
    expect((await byEmail(await createAccount(app, { stage: 'unverified' }), doctorId, 'a@refuse.example')).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/doctors/claim',
          payload: { doctor_id: doctorId, method: 'email', email: 'a@refuse.example', license_number: '1', license_state: 'NY' },
        })
      ).statusCode,
    ).toBe(401);
    const listed = await createVet(app);
    expect((await byEmail(listed, doctorId, 'a@refuse.example')).json().code).toBe('HAS_PRACTICE');
    // A vet signed up the usual way is not claimable.
    expect((await byEmail(await createAccount(app), listed.user.id, 'a@refuse.example')).statusCode).toBe(404);
  });
});

describe('a claim by document', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const send = (account: Account, doctorId: number, bytes: Buffer, type = 'application/pdf') =>
    injectAs(app, account.token, {
      url: '/api/doctors/claim',
      ...formBody(
        { doctor_id: String(doctorId), method: 'document', license_number: 'CA-778', license_state: 'ca' },
        { field: 'document', name: 'licence.pdf', type, bytes },
      ),
    });

  it('checks the file by its bytes, queues it, and an administrator approves, then restores', async () => {
    const doctorId = await importedPractice('');
    const email = uniqueEmail('docvet');
    const vet = await createAccount(app, { email, firstName: 'Ana', lastName: 'Lee' });
    const fake = await send(vet, doctorId, Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The document must be a PDF, JPEG or PNG file.');
    const tooBig = await send(vet, doctorId, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);

    const sent = await send(vet, doctorId, PDF);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().state).toBe('waiting');
    const claimId = sent.json<{ claim_id: number }>().claim_id;

    const queue = await injectAs(app, admin.token, { url: '/api/admin/claims', payload: {} });
    const listed = queue.json<AdminClaimsAnswer>();
    expect(listed.waiting).toBeGreaterThanOrEqual(1);
    expect(listed.oldest_waiting_at).not.toBeNull();
    expect(listed.data.find((c) => c.id === claimId)).toMatchObject({ method: 'document', has_document: true, license_state: 'CA', claimant_email: email });
    expect((await injectAs(app, vet.token, { url: '/api/admin/claims', payload: {} })).statusCode).toBe(403);

    const file = await app.inject({ method: 'GET', url: `/api/admin/claim-document?claim_id=${claimId}`, headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    const [stored] = await app.database.db.select({ key: practiceClaims.documentKey }).from(practiceClaims).where(eq(practiceClaims.id, claimId));
    expect((await app.inject({ method: 'GET', url: `/uploads/${stored!.key}` })).statusCode).toBe(404);

    const approve = await injectAs(app, admin.token, { url: '/api/admin/claim-decide', payload: { claim_id: claimId, decision: 'approve', reason: '' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().claim).toMatchObject({ state: 'approved', restorable: true });
    const [practice] = await app.database.db.select().from(users).where(eq(users.id, doctorId));
    expect(practice).toMatchObject({ email, claimed: true });
    expect(practice!.submitAt).not.toBeNull();
    expect(
      (await injectAs(app, admin.token, { url: '/api/admin/claim-decide', payload: { claim_id: claimId, decision: 'reject', reason: 'Twice decided' } }))
        .statusCode,
    ).toBe(409);

    const restore = await injectAs(app, admin.token, { url: '/api/admin/claim-restore', payload: { claim_id: claimId } });
    expect(restore.statusCode, restore.body).toBe(200);
    const [back] = await app.database.db.select().from(users).where(eq(users.id, doctorId));
    expect(back).toMatchObject({ claimed: false, passwordHash: '!', submitAt: null });
    const [own] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(own).toMatchObject({ firstName: 'Ana', claimed: true });
    expect(own!.id).not.toBe(doctorId);
    const login = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: FACTORY_PASSWORD }, remoteAddress: '10.9.9.10' });
    expect(login.statusCode).toBe(200);
    expect((await injectAs(app, admin.token, { url: '/api/admin/claim-restore', payload: { claim_id: claimId } })).statusCode).toBe(409);
  });

  it('rejects with a reason, and the practice stays unclaimed', async () => {
    const doctorId = await importedPractice('');
    const vet = await createAccount(app);
    const claimId = (await send(vet, doctorId, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg')).json<{ claim_id: number }>().claim_id;
    const short = await injectAs(app, admin.token, { url: '/api/admin/claim-decide', payload: { claim_id: claimId, decision: 'reject', reason: 'no' } });
    expect(short.statusCode).toBe(400);
    const rejected = await injectAs(app, admin.token, {
      url: '/api/admin/claim-decide',
      payload: { claim_id: claimId, decision: 'reject', reason: 'The licence does not match the practice.' },
    });
    expect(rejected.statusCode).toBe(200);
    // A rejected claim is decided (CLAIM_MOVES): approving it now is refused and changes nothing.
    const late = await injectAs(app, admin.token, { url: '/api/admin/claim-decide', payload: { claim_id: claimId, decision: 'approve', reason: '' } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CLAIM_DECIDED', message: 'This claim is not waiting for a decision.' });
    const [stored] = await app.database.db.select({ state: practiceClaims.state }).from(practiceClaims).where(eq(practiceClaims.id, claimId));
    expect(stored!.state).toBe('rejected');
    const [practice] = await app.database.db.select({ claimed: users.claimed }).from(users).where(eq(users.id, doctorId));
    expect(practice!.claimed).toBe(false);
    await mailSettled(app);
    await smtp.waitFor((m) => m.to.includes(vet.user.email) && /not approved/.test(m.subject));
  });
});

describe('profile step 1', () => {
  it('answers 202 naming an unclaimed listing with the same phone or street and zip, and offers its claim', async () => {
    const doctorId = await importedPractice('https://twin.example', { phone: '(917) 555-0177', street: '77 Twin St' });
    const vet = await createAccount(app, { stage: 'paid' });
    const step1 = (extra: Record<string, string>) =>
      injectAs(app, vet.token, {
        url: '/api/user/setupProfileStep1',
        payload: {
          clinic_name: 'My Clinic',
          contact_phone: '(718) 555-0199',
          contact_email: 'me@example.com',
          street: '1 Other St',
          zip: '10001',
          state: 'NY',
          website_title: '',
          website_url: '',
          ...extra,
        },
      });
    const byPhone = await step1({ contact_phone: '917-555-0177' });
    expect(byPhone.statusCode).toBe(202);
    expect(byPhone.body).toMatch(new RegExp(`already listed and not claimed yet.*/claim/${doctorId}$`));
    const byStreet = await step1({ street: '77  twin st' });
    expect(byStreet.statusCode).toBe(202);
    expect(byStreet.body).toContain(`/claim/${doctorId}`);
  });
});
