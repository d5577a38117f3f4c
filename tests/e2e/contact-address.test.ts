// A practice's contact address in a real browser, with real e-mail through a local SMTP server
// (docs/product.md, 5.7 and 6.3): a listed vet on a plan with the contact form changes the contact
// e-mail in Edit Profile; the card says the address waits for confirmation; the new address gets a
// link to /verify/contact, which asks first and confirms without a session; back on Edit Profile the
// waiting notice is gone. Walked at 390 px (Professional) and at 1280 px (Premium).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectNoSidewaysScroll, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';

const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const site = useSite({
  mail: true,
  users: {
    pro: { email: newEmail('pro'), stage: 'paid', plan: 2, firstName: 'Robin', lastName: 'Hale', listedAs: 'Hale Animal Clinic' },
    premium: { email: newEmail('premium'), stage: 'paid', plan: 3, firstName: 'Sam', lastName: 'Ortiz', listedAs: 'Ortiz Pet Hospital' },
  },
});

// Server calls share two cores with other work: give each expectation time.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const contactCard = (page: Page) => main(page).locator('.edit-card', { has: page.getByRole('heading', { name: 'Contact information' }) });
const waiting = (page: Page) => contactCard(page).getByTestId('contact-email-waiting');
const BACK_TO_REVIEW =
  'Changing the clinic name, the contact e-mail or the website sends your profile back to review: it leaves search until an administrator approves it again.';

describe('contact address', () => {
  for (const [viewport, label, key] of [
    [PHONE, '390', 'pro'],
    [DESKTOP, '1280', 'premium'],
  ] as const) {
    it(`a listed vet changes the contact e-mail, the new address confirms it by the e-mailed link, the waiting notice goes (${label} px)`, async () => {
      const vet = site.users[key];
      const address = newEmail(`front-desk-${label}`);
      const { page } = await openPage(site.browser, viewport);
      await storeSession(page, site.server.url, vet.token);
      await page.goto(`${site.server.url}/setupprofile`);

      // Edit Profile of an approved practice: the account's own e-mail is the contact address, confirmed.
      const card = contactCard(page);
      await poll(() => card.getByLabel('Contact e-mail', { exact: true }).inputValue()).toBe(vet.email);
      expect(await waiting(page).count()).toBe(0);
      await poll(() => card.getByText(BACK_TO_REVIEW).isVisible()).toBe(true);

      await card.getByLabel('Contact e-mail', { exact: true }).fill(address);
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await poll(() => waiting(page).isVisible()).toBe(true);
      expect(await waiting(page).textContent()).toContain(`${address} is waiting for confirmation.`);
      await settled(page);
      await expectNoSidewaysScroll(page, `/setupprofile with the waiting notice at ${label} px`);

      // The new address gets the link; opened without a session, the page asks before it confirms.
      const mail = await site.mail.waitFor((m) => m.to.includes(address), 20_000);
      const match = /https?:\/\/[^\s"'<>]+\/verify\/contact\?token=[\w.-]+/.exec(mail.decoded);
      expect(match, `a /verify/contact link in: ${mail.decoded.slice(0, 500)}`).toBeTruthy();
      const link = new URL(match![0]);
      const holder = await openPage(site.browser, viewport);
      await holder.page.goto(`${site.server.url}${link.pathname}${link.search}`);
      await poll(() => holder.page.getByRole('heading', { name: 'Confirm this contact address?' }).isVisible()).toBe(true);
      await settled(holder.page);
      await expectNoSidewaysScroll(holder.page, `/verify/contact at ${label} px`);
      await holder.page.getByRole('button', { name: 'Confirm this address' }).click();
      await poll(() => holder.page.getByRole('heading', { name: 'Address confirmed' }).isVisible()).toBe(true);
      await settled(holder.page);
      await expectNoSidewaysScroll(holder.page, `/verify/contact (confirmed) at ${label} px`);

      // Back on Edit Profile (read fresh from the server) the address is confirmed: no waiting notice.
      await page.reload();
      await poll(() => contactCard(page).getByLabel('Contact e-mail', { exact: true }).inputValue()).toBe(address);
      expect(await waiting(page).count()).toBe(0);
    });
  }
});
