// Issue 25's journey in a real browser, at 390 and at 1280 px: a pet owner signs up as a pet owner, verifies through
// the e-mailed link, finds a listed vet in search and writes a review (a brand-new account is held for an
// administrator, docs/product.md section 13); an administrator publishes it in /admin's Reviews tab; the vet replies
// from Your Profile; the owner sees the reply on the practice's page and the review as published on My reviews; a
// visitor filters search by minimum rating and sees the card's rating. Screenshots of each part go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { verificationLinkOf } from '../../server/test/smtp-capture';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';

const CLINIC = 'Stillwater Valley Veterinary Clinic';
const site = useSite({
  mail: true,
  users: {
    vet: { email: `reviewed-vet-${randomUUID().slice(0, 8)}@example.com`, stage: 'paid', plan: 2, listedAs: CLINIC, firstName: 'Maren', lastName: 'Cole' },
    admin: { email: `moderator-${randomUUID().slice(0, 8)}@example.com`, stage: 'admin', firstName: 'Ada', lastName: 'Moderator' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

// Server calls share two cores with other work: give each expectation time.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);
// The maps ask for OpenStreetMap tiles; there is no network here, so they are aborted and their log allowed.
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED/;

/** Every page shot is also checked: it is no wider than the window. */
async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function open(size: typeof PHONE, allow: RegExp[] = []) {
  const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE, ...allow] });
  await tracked.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  return tracked;
}

const journeys = [
  { label: 'phone', size: PHONE, stars: 5, first: 'Robin', title: 'Calm, thorough and kind to our nervous cat' },
  { label: 'desktop', size: DESKTOP, stars: 4, first: 'Jules', title: 'Quick appointment and a clear plan for our dog' },
] as const;

describe('reviews', () => {
  for (const journey of journeys) {
    it(`an owner reviews a vet, an administrator publishes it, the vet replies, the owner reads the reply, a visitor filters by rating (${journey.label})`, async () => {
      const { size, label, stars, title } = journey;
      const text = `We came in on a Saturday. The vet explained every step, the team was patient and the bill matched the estimate (${label}).`;
      const reply = `Thank you, ${journey.first}! We are glad the visit went well (${label}).`;

      // 1. The owner signs up as a pet owner and verifies through the e-mailed link. 429: /verify's own send right
      // after sign-up (docs/product.md section 3).
      const owner = await open(size, [/status of 429/]);
      const page = owner.page;
      const email = `owner-${label}-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Meadow-Lark-2026';
      await page.goto(`${site.server.url}/signup`);
      await main(page).getByLabel('I am a pet owner').check();
      await poll(() => main(page).getByText('Review the vets you visit').isVisible()).toBe(true);
      await shot(page, `reviews-signup-${label}`);
      await field(page, 'First name').fill(journey.first);
      await field(page, 'Last name').fill('Hart');
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill(password);
      await field(page, 'Confirm password').fill(password);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL('**/verify');
      const verification = await site.mail.waitFor((m) => m.to.includes(email));
      const link = verificationLinkOf(verification);
      await page.goto(`${site.server.url}${link.pathname}${link.search}`);
      await page.waitForURL(/\/congratulationverify\/\d+$/);
      await page.getByRole('button', { name: /Account menu/ }).click();
      expect(await page.getByRole('menuitem').allTextContents(), "an owner's menu").toEqual([
        'Messages',
        'My vets',
        'My pets',
        'My appointments',
        'My reviews',
        'Account settings',
        'Your data',
        'Sign out',
      ]);
      await page.keyboard.press('Escape');

      // 2. Finds the vet in search and opens its page.
      await main(page).getByRole('link', { name: 'Find a vet' }).click();
      await page.waitForURL('**/searchdoctor');
      await main(page).getByLabel('Zip code').fill('59001');
      await main(page).getByRole('button', { name: 'Search', exact: true }).click();
      await main(page)
        .getByRole('link', { name: `View profile of ${CLINIC}` })
        .click();
      await page.waitForURL(/\/viewdoctorprofile\/\d+$/);
      const profileUrl = page.url();

      // 3. Writes a review: a text that is too short is refused in place, with the input kept.
      await main(page).getByRole('button', { name: 'Write a review' }).click();
      const form = main(page).locator('form.review-form');
      await form
        .locator('label.star-choice')
        .nth(stars - 1)
        .click();
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Your review', { exact: true }).fill('Too short.');
      await form.getByLabel('Month').selectOption({ index: 1 });
      await form.getByLabel('Year').selectOption({ index: 1 });
      await form.getByLabel('Your pet').selectOption('cats');
      await form.getByRole('button', { name: 'Publish review' }).click();
      await poll(() => form.getByText(/Write at least 30 characters/).isVisible()).toBe(true);
      expect(await form.getByLabel('Title', { exact: true }).inputValue(), 'the form keeps the input').toBe(title);
      expect(await form.getByLabel('Your pet').inputValue()).toBe('cats');
      await form.getByLabel('Your review', { exact: true }).fill(text);
      await poll(() => form.getByText(/at least 30/).count()).toBe(0);
      await shot(page, `reviews-form-${label}`);
      await expectAccessible(page, `the review form at ${label}`, WCAG22);
      await form.getByRole('button', { name: 'Publish review' }).click();
      // A brand-new account is held for an administrator (decisions section 13: accounts younger than 24 hours).
      await poll(() => main(page).getByText('Your review is waiting for review.').isVisible()).toBe(true);
      // One notice says it, not two (docs/product.md 27.8).
      expect(
        await main(page)
          .getByText(/waiting for review/i)
          .count(),
      ).toBe(1);
      // Coming back later, the state of the author's review is still told, once.
      await page.reload();
      await poll(() =>
        main(page)
          .getByText(/Your review:\s*Waiting for review/)
          .isVisible(),
      ).toBe(true);
      expect(
        await main(page)
          .getByText(/waiting for review/i)
          .count(),
      ).toBe(1);

      // 4. An administrator publishes it from /admin's Reviews tab, with a reason (optional when publishing, docs/product.md 29.3).
      const admin = await open(DESKTOP);
      await storeSession(admin.page, site.server.url, site.users.admin.token);
      await admin.page.goto(`${site.server.url}/admin?tab=reviews`);
      const held = main(admin.page).locator('.moderation-item', { hasText: title });
      await poll(() => held.isVisible()).toBe(true);
      await poll(() => held.getByText('Held because:').isVisible()).toBe(true);
      await shot(admin.page, `reviews-admin-${label}`);
      await held.getByRole('button', { name: /^Publish/ }).click();
      const decision = admin.page.getByRole('dialog');
      await decision.getByLabel(/Reason \(optional when publishing/).fill('A real visit described in the owner’s own words.');
      await decision.getByRole('button', { name: 'Publish and e-mail the author' }).click();
      await poll(() => toast(admin.page, 'The review is published; the author was e-mailed.').isVisible()).toBe(true);
      await poll(() => held.count()).toBe(0);
      // The author is e-mailed the decision.
      await site.mail.waitFor((m) => m.to.includes(email) && m !== verification);

      // 5. The vet replies from Your Profile.
      const vet = await open(size);
      await storeSession(vet.page, site.server.url, site.users.vet.token);
      await vet.page.goto(`${site.server.url}/viewprofile`);
      const theirs = main(vet.page).locator('.practice-reviews li', { hasText: title });
      await poll(() => theirs.isVisible()).toBe(true);
      await theirs.getByRole('button', { name: /^Reply/ }).click();
      await theirs.getByLabel(/Reply publicly as/).fill(reply);
      await theirs.getByRole('button', { name: 'Publish reply' }).click();
      await poll(() => toast(vet.page, 'Your reply is published. The author gets an e-mail.').isVisible()).toBe(true);
      await poll(() => theirs.getByText(reply).isVisible()).toBe(true);
      await theirs.locator('.review-reply').scrollIntoViewIfNeeded();
      await shot(vet.page, `reviews-practice-${label}`);

      // 6. The owner sees the published review with the reply on the practice's page, and 'Published' on My reviews.
      await page.goto(profileUrl);
      const published = main(page).locator('.review-list li', { hasText: title });
      await poll(() => published.isVisible()).toBe(true);
      await poll(() => published.getByText(`Reply from ${CLINIC}`).isVisible()).toBe(true);
      await poll(() => published.getByText(reply).isVisible()).toBe(true);
      await poll(() => published.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
      await main(page).locator('#reviews').scrollIntoViewIfNeeded();
      await shot(page, `reviews-profile-${label}`);
      await expectAccessible(page, `the reviews on the profile at ${label}`, WCAG22);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'My reviews' }).click();
      await page.waitForURL('**/myreviews');
      const mine = main(page).locator('.own-review', { hasText: title });
      await poll(() => mine.getByText('Published', { exact: true }).isVisible()).toBe(true);
      await shot(page, `reviews-mine-${label}`);
      await expectAccessible(page, '/myreviews');

      // 7. A visitor filters search by a minimum rating (kept in the URL) and sees the card's rating.
      const visitor = await open(size);
      await visitor.page.goto(`${site.server.url}/searchdoctor?zip=59001`);
      // On a phone the filters are in a sheet behind 'Filters' (docs/product.md 21.1).
      if (size === PHONE)
        await main(visitor.page)
          .getByRole('button', { name: /^Filters/ })
          .click();
      const filters = size === PHONE ? main(visitor.page).locator('dialog.sheet[open]') : main(visitor.page);
      await filters.getByLabel(/^Rating/).selectOption('4');
      await visitor.page.waitForURL(/rating=4/);
      const card = main(visitor.page).locator('.doctor-card', { hasText: CLINIC });
      await poll(() => card.locator('.rating-line').textContent()).toMatch(/\d\.\d\s*\(\d+ reviews?\)/);
      await filters.getByLabel(/^Sort by/).selectOption('rating');
      await visitor.page.waitForURL(/sort=rating/);
      if (size === PHONE) await filters.getByRole('button', { name: /^Show/ }).click();
      await poll(() => card.isVisible()).toBe(true);
      await shot(visitor.page, `reviews-search-${label}`);
      await expectAccessible(visitor.page, 'search filtered by rating');
    });
  }
});
