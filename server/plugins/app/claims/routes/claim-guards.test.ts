// Claims after the third security review (issue 34, items 3 and 7; docs/product.md 20.8 and 20.12):
// - a wrongful claimant who moved the website to its own domain gets nothing back from it after an
//   administrator's restore: the restore puts back every public field, the website change went to review, and
//   a claim by e-mail trusts only the website as imported or approved;
// - many accounts together get no more code guesses at one practice an hour than a small fixed number, a
//   used-up claim is followed by a cool-down, and the code e-mails spend the send budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildTestApp } from '../../../../test/helper';
import { createAccount, injectAs, type Account } from '../../../../test/factories';
import { codeOf, mailSettled, startSmtpCapture, type SmtpCapture } from '../../../../test/smtp-capture';
import { createTestClock } from '../../../../lib/clock';
import { practiceClaims, profiles, reviews, users, zipCodes } from '../../../../db/schema';
import { formBody, importedPractice as importPractice, TEST_ZIPS } from '../../../../test/import-fixtures';
import { CLAIM_CODE } from '../../../../../shared/constants/import';
import type { DoctorPage } from '../../../../../shared/schemas/doctor';

const clock = createTestClock();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});

async function appWith(overrides: Record<string, string>) {
  const app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_POLL_MS: '200', RATE_LIMIT_PER_MINUTE: '1000000', ...overrides }, { clock });
  const admin = await createAccount(app, { stage: 'admin' });
  await app.database.db.insert(zipCodes).values(TEST_ZIPS).onConflictDoNothing();
  return { app, admin };
}

/** An unclaimed practice made by an import, with its website; answers its id. */
const importedPractice = (app: FastifyInstance, admin: Account, website: string) =>
  importPractice(app, admin, website, { name: 'Rightful Paws', areaCode: '347', streetName: 'Main St' });

const byEmail = (app: FastifyInstance, account: Account, doctorId: number, email: string, remoteAddress = '127.0.0.1') =>
  injectAs(app, account.token, {
    url: '/api/doctors/claim',
    payload: { doctor_id: doctorId, method: 'email', email, license_number: 'NY-1', license_state: 'NY' },
    remoteAddress,
  });
const verify = (app: FastifyInstance, account: Account, doctorId: number, code: string) =>
  injectAs(app, account.token, { url: '/api/doctors/claim-verify', payload: { doctor_id: doctorId, code } });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codeSentTo(app: FastifyInstance, address: string): Promise<string> {
  await mailSettled(app);
  return codeOf(await smtp.waitFor((m) => m.to.includes(address) && /claim/i.test(m.subject)));
}

describe('an administrator’s restore undoes a wrongful claim (issue 34, item 3)', () => {
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await appWith({ MAIL_PER_CLIENT_PER_HOUR: '100000' })));
  afterAll(async () => app.close());

  it('puts back every public field, sent the website change to review, and a later claim trusts only the imported domain', async () => {
    const doctorId = await importedPractice(app, admin, 'https://www.rightful.example');
    const [imported] = await app.database.db.select().from(profiles).where(eq(profiles.userId, doctorId));
    const owner = await createAccount(app, { accountType: 'owner' });
    await app.database.db.insert(reviews).values({
      doctorId,
      authorId: owner.user.id,
      rating: 5,
      title: 'Kind',
      text: 'Kind to our cat.',
      visitMonth: '2026-01',
      species: 'cat',
      state: 'published',
    });

    // A wrongful claim by document is approved.
    const thief = await createAccount(app, { stage: 'paid', firstName: 'Mal', lastName: 'Lory' });
    const sent = await injectAs(app, thief.token, {
      url: '/api/doctors/claim',
      ...formBody(
        { doctor_id: String(doctorId), method: 'document', license_number: 'NY-666', license_state: 'NY' },
        { field: 'document', name: 'l.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const claimId = sent.json<{ claim_id: number }>().claim_id;
    const approved = await injectAs(app, admin.token, { url: '/api/admin/claim-decide', payload: { claim_id: claimId, decision: 'approve', reason: '' } });
    expect(approved.statusCode, approved.body).toBe(200);
    const holder = {
      ...thief,
      token: await app.tokens.sign(doctorId, 'session', (await app.database.db.select().from(users).where(eq(users.id, doctorId)))[0]!.tokenVersion),
    };

    // While holding it, the claimant moves the website to its own domain: that goes back to review (6.3).
    const website = await injectAs(app, holder.token, {
      url: '/api/user/change-title-website',
      payload: { website_title: 'Our site', website_url: 'https://thief.example' },
    });
    expect(website.statusCode, website.body).toBe(200);
    const [afterEdit] = await app.database.db.select({ reviewState: users.reviewState }).from(users).where(eq(users.id, doctorId));
    expect(afterEdit!.reviewState).toBe('pending');
    // ...and an administrator even approves it; the claimant edits more that the public reads.
    const review = await injectAs(app, admin.token, { url: '/api/admin/review-profile', payload: { user_id: doctorId, decision: 'approve', reason: '' } });
    expect(review.statusCode, review.body).toBe(200);
    expect((await injectAs(app, holder.token, { url: '/api/user/change-summary', payload: { summary: 'Call 555-0100 at thief.example' } })).statusCode).toBe(
      200,
    );
    await app.database.db.update(reviews).set({ replyText: 'Visit thief.example', replyCreatedAt: new Date() }).where(eq(reviews.doctorId, doctorId));

    const restore = await injectAs(app, admin.token, { url: '/api/admin/claim-restore', payload: { claim_id: claimId } });
    expect(restore.statusCode, restore.body).toBe(200);

    // The public sees the practice as imported again.
    const page = (await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: doctorId } })).json<DoctorPage & Record<string, unknown>>();
    expect(page).toMatchObject({ id: doctorId, claimed: false });
    expect(JSON.stringify(page)).not.toContain('thief.example');
    const [back] = await app.database.db.select().from(profiles).where(eq(profiles.userId, doctorId));
    expect(back).toMatchObject({
      websiteUrl: imported!.websiteUrl,
      websiteTitle: imported!.websiteTitle,
      summary: imported!.summary,
      clinicName: imported!.clinicName,
      reviewedWebsiteUrl: imported!.websiteUrl,
    });
    const [kept] = await app.database.db.select().from(reviews).where(eq(reviews.doctorId, doctorId));
    expect(kept).toMatchObject({ text: 'Kind to our cat.', replyText: null });
    const [state] = await app.database.db.select({ reviewState: users.reviewState }).from(users).where(eq(users.id, doctorId));
    expect(state!.reviewState).toBe('approved');

    // The claimant's own account is back; a claim at its own domain is refused at once, naming the real one.
    const [own] = await app.database.db.select().from(users).where(eq(users.email, thief.user.email));
    const again = { ...thief, user: own!, token: await app.tokens.sign(own!.id, 'session', own!.tokenVersion) };
    const retry = await byEmail(app, again, doctorId, 'me@thief.example');
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ code: 'WRONG_DOMAIN' });
    expect(retry.json().message).toContain('rightful.example');
    const [open] = await app.database.db.select().from(practiceClaims).where(eq(practiceClaims.doctorId, doctorId));
    expect(open!.state).toBe('restored');
  });

  it('trusts the website as imported, never one set since without an administrator’s review', async () => {
    const doctorId = await importedPractice(app, admin, 'https://first.example');
    // A website that reached the profile without review (as before this rule) proves nothing.
    await app.database.db.update(profiles).set({ websiteUrl: 'https://typed.example' }).where(eq(profiles.userId, doctorId));
    const vet = await createAccount(app);
    expect((await byEmail(app, vet, doctorId, 'a@typed.example')).json().code).toBe('WRONG_DOMAIN');
    expect((await byEmail(app, vet, doctorId, 'a@first.example')).statusCode).toBe(200);
  });
});

describe('code guesses at one practice over many accounts (issue 34, item 7)', () => {
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await appWith({ MAIL_PER_CLIENT_PER_HOUR: '100000', CODES_PER_HOUR: '10000', MAIL_PER_ADDRESS_PER_DAY: '10000' })));
  afterAll(async () => app.close());

  it('gives 50 accounts guessing in parallel over HTTP no more than the practice’s hourly guesses', async () => {
    const doctorId = await importedPractice(app, admin, 'https://many.example');
    const accounts = await Promise.all(Array.from({ length: 50 }, () => createAccount(app)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const post = async (account: Account, path: string, body: object) => {
      const answer = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
        body: JSON.stringify(body),
      });
      return { status: answer.status, code: ((await answer.json()) as { code?: string }).code };
    };
    // Every account starts at once (a little staggered) and keeps asking: whenever the practice is free it
    // opens a claim and guesses 5 codes; a claim refused as open is asked again shortly, up to 5 times.
    const answers = await Promise.all(
      accounts.map(async (account, i) => {
        const seen: { status: number; code?: string }[] = [];
        await new Promise((resolve) => setTimeout(resolve, i * 10));
        for (let round = 0; round < 5; round++) {
          const opened = await post(account, '/api/doctors/claim', {
            doctor_id: doctorId,
            method: 'email',
            email: `desk${i}@many.example`,
            license_number: 'NY-1',
            license_state: 'NY',
          });
          if (opened.status === 429) break;
          if (opened.status !== 200) {
            await new Promise((resolve) => setTimeout(resolve, 40));
            continue;
          }
          for (let guess = 0; guess < 5; guess++)
            seen.push(await post(account, '/api/doctors/claim-verify', { doctor_id: doctorId, code: String(100_000 + i * 100 + round * 10 + guess) }));
        }
        return seen;
      }),
    );
    const all = answers.flat();
    const compared = all.filter((a) => a.code === 'WRONG_CODE' || a.status === 200);
    expect(compared.length).toBeLessThanOrEqual(CLAIM_CODE.practiceGuessesPerHour);
    const claims = await app.database.db.select().from(practiceClaims).where(eq(practiceClaims.doctorId, doctorId));
    const tries = claims.reduce((sum, c) => sum + c.attempts, 0);
    expect(tries).toBeLessThanOrEqual(CLAIM_CODE.practiceGuessesPerHour);
    const [practice] = await app.database.db.select({ claimed: users.claimed }).from(users).where(eq(users.id, doctorId));
    expect(practice!.claimed).toBe(false);
  }, 120_000);

  it('refuses a new claim by e-mail for an hour after one used up its tries, and takes a document meanwhile', async () => {
    const doctorId = await importedPractice(app, admin, 'https://cool.example');
    const first = await createAccount(app);
    expect((await byEmail(app, first, doctorId, 'a@cool.example')).statusCode).toBe(200);
    const code = await codeSentTo(app, 'a@cool.example');
    for (let i = 0; i < CLAIM_CODE.tries; i++) await verify(app, first, doctorId, wrongCode(code));
    const second = await createAccount(app);
    const refused = await byEmail(app, second, doctorId, 'b@cool.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'CLAIM_COOLING_DOWN' });
    expect(refused.json().message).toMatch(/claim it with a document/);
    expect((await app.database.db.select().from(practiceClaims).where(eq(practiceClaims.doctorId, doctorId))).length).toBe(1);
    clock.advance(CLAIM_CODE.coolDownMs + 1);
    try {
      expect((await byEmail(app, second, doctorId, 'b@cool.example')).statusCode).toBe(200);
    } finally {
      clock.reset();
    }
  });
});

describe('the claim code e-mails spend the send budgets (issue 34, item 7)', () => {
  let app: FastifyInstance;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await appWith({ MAIL_PER_CLIENT_PER_HOUR: '3', CODES_PER_HOUR: '2' })));
  afterAll(async () => app.close());

  it('spends the recipient’s budget', async () => {
    const practices = [];
    for (let i = 0; i < 3; i++) practices.push(await importedPractice(app, admin, 'https://budget.example'));
    const answers = [];
    for (const [i, doctorId] of practices.entries())
      answers.push(await byEmail(app, await createAccount(app), doctorId, 'front@budget.example', `10.7.0.${i + 1}`));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json().code).toBe('RATE_LIMITED');
    expect(await app.database.db.select().from(practiceClaims).where(eq(practiceClaims.doctorId, practices[2]!))).toHaveLength(0);
  });

  it('spends the client’s budget', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const doctorId = await importedPractice(app, admin, `https://client${i}.example`);
      answers.push(await byEmail(app, await createAccount(app), doctorId, `desk@client${i}.example`, '10.8.0.1'));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
  });
});
