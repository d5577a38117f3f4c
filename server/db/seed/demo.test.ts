import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helper';
import type { Db } from '../client';
import sharp from 'sharp';
import { appMeta, articles, payments, profiles, reviews, uploads, users } from '../schema';
import { contactDetailsIn, REVIEW_LIMITS } from '../../../shared/lib/review-rules';
import { DEMO_OWNER_DOMAIN } from './demo-reviews';
import { verifyPassword } from '../../lib/password';
import { DEMO_ADMIN_EMAIL, loadDemoData, type DemoResult } from './demo';
import { DEMO_ARTICLES } from './demo-articles';
import { STAGE_VET_DOMAIN } from './demo-stages';
import { loadZipCodes } from './zip-codes';

const publicDir = path.resolve(import.meta.dirname, '../../../web/public');
let db: Db;
let first: DemoResult;

beforeAll(async () => {
  db = (await testDatabase()).db;
  await loadZipCodes(db);
  // Only this file loads demo content into the worker's shared database; the rows it checks are
  // the demo's own (its e-mail domain, its article titles), whatever other files added.
  first = await loadDemoData(db);
}, 120_000);

const demoVets = () =>
  db
    .select({ user: users, profile: profiles, payment: payments })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(payments, eq(payments.userId, users.id))
    .where(like(users.email, '%@demo.animaldoctor.local'));

describe('loadDemoData', () => {
  it('creates the administrator with the random password it reports once', async () => {
    expect(first).toMatchObject({ loaded: true, adminEmail: DEMO_ADMIN_EMAIL, practices: 24, articles: DEMO_ARTICLES.length });
    expect(first.adminPassword).toMatch(/^[\w-]{16}$/);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin).toMatchObject({ manageRole: 'admin', verify: true, status: 'active' });
    expect(admin!.passwordHash).not.toContain(first.adminPassword!);
    expect(await verifyPassword(admin!.passwordHash, first.adminPassword!)).toBe(true);
  });

  it('lists approved practices with active paid plans, coordinates from the zip data and complete profiles', async () => {
    const vets = await demoVets();
    expect(vets).toHaveLength(24);
    expect(new Set(vets.map((v) => v.profile.state)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(vets.map((v) => v.payment.plan))).toEqual(new Set([1, 2, 3]));
    for (const { user, profile, payment } of vets) {
      expect(user).toMatchObject({ verify: true, reviewState: 'approved', manageRole: 'user', status: 'active' });
      expect(user.submitAt).toBeInstanceOf(Date);
      expect(payment.status).toBe('active');
      expect(payment.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000);
      expect(profile.latitude).toBeTypeOf('number');
      expect(profile.longitude).toBeTypeOf('number');
      expect(profile.city && profile.state && profile.zip && profile.street && profile.clinicName).toBeTruthy();
      expect(profile.contactPhone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(profile.workingTime).toHaveLength(7);
      expect(profile.summary!.length).toBeGreaterThan(80);
      expect(profile.education[0]).toMatchObject({ degree: expect.stringContaining('DVM'), year: expect.any(Number) });
      expect(profile.services.length).toBeGreaterThan(0);
      expect(profile.species.length).toBeGreaterThan(0);
      expect(profile.timeZone).toMatch(/^America\//);
    }
    const chelsea = vets.find((v) => v.profile.clinicName === 'Chelsea Animal Clinic')!;
    expect(chelsea.profile).toMatchObject({ zip: '10011', city: 'New York', state: 'NY' });
    expect(vets.filter((v) => v.profile.emergency).every((v) => v.profile.workingTime!.every((d) => !d.closed))).toBe(true);
    expect(vets.some((v) => v.profile.acceptingNewPatients) && vets.some((v) => !v.profile.acceptingNewPatients)).toBe(true);
  });

  it('publishes blog and AI articles with shipped images, avatars and sanitised HTML', async () => {
    const rows = await db
      .select()
      .from(articles)
      .where(
        inArray(
          articles.title,
          DEMO_ARTICLES.map((a) => a.title),
        ),
      );
    expect(rows).toHaveLength(DEMO_ARTICLES.length);
    expect(rows.filter((a) => a.kind === 'blog').length).toBeGreaterThanOrEqual(24);
    expect(rows.filter((a) => a.kind === 'ai').length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((a) => a.imgUrl)).size, 'every article has its own cover').toBe(rows.length);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    for (const article of rows) {
      expect(article.published).toBe(true);
      expect(article.publishedAt!.getTime()).toBeLessThan(Date.now());
      expect(article.reviewedBy).toBe(article.kind === 'ai' ? admin!.id : null);
      expect(article.contents).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(article.contents.match(/<p>/g)!.length + article.contents.split('<li>').length).toBeGreaterThan(3);
      expect(article.subContent.length).toBeGreaterThan(20);
      expect(article.imgAlt.length, `${article.title} has alt text`).toBeGreaterThan(10);
      for (const url of [article.imgUrl, article.avatar]) {
        expect(url).toMatch(/^\/images\/(articles|authors)\/[a-z-]+\.svg$/);
        expect(fs.existsSync(path.join(publicDir, url!)), `${url} is shipped`).toBe(true);
      }
    }
  });

  it('does nothing on a second call', async () => {
    const before = await db.select({ n: count() }).from(users);
    const articleCount = await db.select({ n: count() }).from(articles);
    expect(await loadDemoData(db)).toEqual({ loaded: false });
    expect(await db.select({ n: count() }).from(users)).toEqual(before);
    expect(await db.select({ n: count() }).from(articles)).toEqual(articleCount);
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_loaded'));
    expect(Number.isNaN(Date.parse(meta!.value))).toBe(false);
  });

  it('keeps an administrator made earlier with create-admin, and prints no password for it', async () => {
    // In a transaction rolled back at the end: the demo state other tests see stays as it is.
    const rollback = new Error('rollback');
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(appMeta).where(eq(appMeta.key, 'demo_loaded'));
        await tx.delete(users).where(like(users.email, '%@demo.animaldoctor.local'));
        await tx.delete(articles).where(
          inArray(
            articles.title,
            DEMO_ARTICLES.map((a) => a.title),
          ),
        );
        const [admin] = await tx.update(users).set({ passwordHash: 'kept-hash' }).where(eq(users.email, DEMO_ADMIN_EMAIL)).returning();
        const result = await loadDemoData(tx);
        expect(result).toMatchObject({ loaded: true, adminEmail: DEMO_ADMIN_EMAIL, practices: 24 });
        expect(result.adminPassword).toBeUndefined();
        const [after] = await tx.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
        expect(after!.passwordHash).toBe('kept-hash');
        const reviewed = await tx
          .select({ n: count() })
          .from(articles)
          .where(and(eq(articles.kind, 'ai'), eq(articles.reviewedBy, admin!.id)));
        expect(reviewed[0]!.n).toBeGreaterThanOrEqual(3);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});

describe('demo vets at every stage and their avatars', () => {
  it('has a vet with no plan, one paid but draft, one in review, one rejected with a reason and one approved, all able to sign in', async () => {
    const rows = await db
      .select({ user: users, payment: payments, profile: profiles })
      .from(users)
      .leftJoin(payments, eq(payments.userId, users.id))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(like(users.email, `%@${STAGE_VET_DOMAIN}`));
    const byStage = new Map(first.stageVets!.accounts.map((a) => [a.stage, rows.find((r) => r.user.email === a.email)!]));
    expect([...byStage.keys()].sort()).toEqual(['approved', 'draft', 'in review', 'no plan', 'rejected']);
    expect(byStage.get('no plan')!.payment).toBeNull();
    expect(byStage.get('draft')).toMatchObject({ user: { reviewState: 'draft', submitAt: null }, payment: { plan: 1 }, profile: { step2DoneAt: null } });
    expect(byStage.get('in review')!.user).toMatchObject({ reviewState: 'pending', submitAt: expect.any(Date) });
    expect(byStage.get('rejected')!.user.reviewReason).toMatch(/licence number/);
    expect(byStage.get('approved')!.user.reviewState).toBe('approved');
    for (const row of rows) {
      expect(row.user.firstName).not.toMatch(/test|lorem/i);
      expect(await verifyPassword(row.user.passwordHash, first.stageVets!.password)).toBe(true);
      if (row.profile) expect(row.profile.contactPhone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
    }
  });

  it('gives every demo vet with a profile a generated WebP avatar at 96, 256 and 512 px', async () => {
    const vets = await db
      .select({ profile: profiles })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(like(users.email, '%demo.animaldoctor.local'));
    expect(vets.length).toBeGreaterThanOrEqual(28);
    for (const { profile } of vets) expect(profile.avatarUrl).toMatch(/^\/uploads\/avatars\/demo-u\d+-[0-9a-f]{12}\/256\.webp$/);
    const key = vets[0]!.profile.avatarKey!;
    const stored = await db
      .select()
      .from(uploads)
      .where(like(uploads.key, `${key}/%`));
    expect(stored.map((u) => u.key).sort()).toEqual([`${key}/256.webp`, `${key}/512.webp`, `${key}/96.webp`]);
    for (const file of stored) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: Number(file.key.split('/').pop()!.split('.')[0]) });
      expect(file.contentType).toBe('image/webp');
    }
  });
});

describe('demo reviews', () => {
  it('gives every demo practice published reviews from owner accounts, leaning to 4 and 5 stars, some answered, three held', async () => {
    expect(first.reviews).toMatchObject({ owners: 49, pending: 3 });
    const rows = await db
      .select({ review: reviews, author: users })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.authorId))
      .where(like(users.email, `%@${DEMO_OWNER_DOMAIN}`));
    expect(rows.length).toBe(first.reviews!.reviews);
    expect(rows.every(({ author }) => author.accountType === 'owner' && author.verify)).toBe(true);
    const published = rows.filter(({ review }) => review.state === 'published').map(({ review }) => review);
    const vets = await demoVets();
    for (const { user } of vets) expect(published.filter((r) => r.doctorId === user.id).length).toBeGreaterThanOrEqual(3);
    const average = published.reduce((sum, r) => sum + r.rating, 0) / published.length;
    expect(average).toBeGreaterThan(3.8);
    expect(average).toBeLessThan(4.7);
    expect(new Set(published.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(published.map((r) => r.species)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(published.map((r) => r.text)).size).toBeGreaterThan(published.length * 0.9);
    expect(published.filter((r) => r.replyText).length).toBeGreaterThan(10);
    expect(published.some((r) => r.verifiedVisit)).toBe(true);
    const thisMonth = new Date().toISOString().slice(0, 7);
    for (const r of published) {
      // What screening would hold never shows as published, and every review keeps the rules of a written one.
      expect(contactDetailsIn(r.title, r.text)).toEqual([]);
      expect(r.text.length).toBeGreaterThanOrEqual(REVIEW_LIMITS.textMin);
      expect(r.title.length).toBeLessThanOrEqual(REVIEW_LIMITS.titleMax);
      expect(r.visitMonth <= thisMonth).toBe(true);
    }
    const held = rows.filter(({ review }) => review.state === 'pending').map(({ review }) => review.holdReason);
    expect(held.sort()).toEqual(['Reported by 3 accounts.', 'The account is less than a day old.', 'The review contains a link.']);
  });
});
