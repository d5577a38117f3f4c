// Account settings in a real browser at 390 and 1280 px (docs/product.md section 25): from the account menu a
// person changes the name (the header follows), the e-mail address (a wrong password keeps what was typed; the link
// is read from the e-mail the server sent and followed; the old address is told), the password (wrong and weak ones
// get the server's sentence; this browser stays signed in) and an e-mail preference, and 'Your data' is still there.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';

const tag = randomUUID().slice(0, 8);
const site = useSite({
  mail: true,
  users: {
    // A long address wraps on a phone instead of pushing the page sideways (every shot checks it).
    phone: { email: `settings-phone-with-a-long-address-${tag}@example-veterinary-clinic.com`, stage: 'verified', firstName: 'Robin' },
    desktop: { email: `settings-desktop-${tag}@example.com`, stage: 'verified', firstName: 'Jules' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

const NEW_PASSWORD = 'Quiet-Harbor-Lantern-73';
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);
const card = (page: Page, heading: string) =>
  main(page)
    .locator('section.account-card')
    .filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Every interactive target of the settings forms is at least 24 by 24 px (WCAG 2.2, 2.5.8). */
async function expectTargetsOf24(page: Page) {
  const small = await main(page)
    .locator('form input, form button')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({ name: element.getAttribute('type') ?? element.textContent, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ name, box }) => `${name} ${box.width}x${box.height}`),
    );
  expect(small).toEqual([]);
}

const journeys = [
  { label: 'phone', size: PHONE, user: 'phone' },
  { label: 'desktop', size: DESKTOP, user: 'desktop' },
] as const;

describe('account settings', () => {
  for (const { label, size, user: key } of journeys) {
    it(`changes the name, the e-mail address through its link, the password and a preference (${label})`, async () => {
      const user = site.users[key];
      const newAddress = `moved-${label}-${tag}@example.com`;
      // The refused password, e-mail and weak password are 400s the browser logs.
      const tracked = await openPage(site.browser, size, { allow: [/status of 400/] });
      const { page } = tracked;
      await storeSession(page, site.server.url, user.token);
      await page.goto(`${site.server.url}/home`);

      // 1. The account menu leads to the settings.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Account settings' }).click();
      await page.waitForURL('**/account');
      await poll(() => main(page).locator('h1').textContent()).toBe('Account settings');
      await poll(() => card(page, 'Name').getByLabel('First name').inputValue()).toBe(user.firstName);
      await expectTargetsOf24(page);
      await expectAccessible(page, `account settings ${label}`, WCAG22);
      await shot(page, `account-settings-${label}`);

      // 2. The name; the header greets the new one.
      await card(page, 'Name').getByLabel('First name').fill('Avery');
      await card(page, 'Name').getByRole('button', { name: 'Save name' }).click();
      await poll(() => toast(page, 'Your name was saved.').isVisible()).toBe(true);
      await poll(() => page.locator('.user-menu-name').textContent()).toBe('Avery');

      // 3. The e-mail address: a wrong password is refused with the server's sentence and the typing stays.
      const email = card(page, 'E-mail address');
      await email.getByLabel('New e-mail address').fill(newAddress);
      await email.getByLabel('Your password').fill('not-my-password');
      await email.getByRole('button', { name: 'Change e-mail address' }).click();
      await poll(() => email.getByText('That password is not right. Enter the password you sign in with.').isVisible()).toBe(true);
      expect(await email.getByLabel('New e-mail address').inputValue()).toBe(newAddress);
      await shot(page, `account-settings-email-refused-${label}`);
      await email.getByLabel('Your password').fill(user.password);
      await email.getByRole('button', { name: 'Change e-mail address' }).click();
      await poll(() => email.getByText(`We sent a link to ${newAddress}.`, { exact: false }).isVisible()).toBe(true);

      const linkMail = await site.mail.waitFor((m) => m.to.includes(newAddress) && /Confirm your new e-mail address/.test(m.subject));
      await site.mail.waitFor((m) => m.to.includes(user.email) && /change of your Animal Doctor e-mail address/.test(m.subject));
      const link = /https?:\/\/[^\s"<>]+\/account\/email\?token=[^\s"<>]+/.exec(linkMail.decoded)![0].replace(/&amp;/g, '&');
      await page.goto(`${site.server.url}${new URL(link).pathname}${new URL(link).search}`);
      await poll(() => main(page).getByRole('heading', { name: 'Use this e-mail address for your account?' }).isVisible()).toBe(true);
      await shot(page, `account-settings-confirm-email-${label}`);
      await expectAccessible(page, `confirm the new e-mail address ${label}`, WCAG22);
      await main(page).getByRole('button', { name: 'Confirm my new address' }).click();
      await poll(() => main(page).getByText(`Your e-mail address is now ${newAddress}. Use it to sign in.`).isVisible()).toBe(true);
      await site.mail.waitFor((m) => m.to.includes(user.email) && /e-mail address was changed/.test(m.subject));

      // 4. The password: a wrong current one and a weak new one get the server's sentence; then it changes and this browser stays signed in.
      await main(page).getByRole('link', { name: 'Back to Account settings' }).click();
      await page.waitForURL('**/account');
      const password = card(page, 'Password');
      await poll(() => card(page, 'E-mail address').getByText(newAddress).isVisible()).toBe(true);
      await poll(() => main(page).getByText(`Signed in as ${newAddress}.`).isVisible()).toBe(true);
      await password.getByLabel('Current password').fill('wrong-password');
      await password.getByLabel('New password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await poll(() => password.getByText('That password is not right. Enter the password you sign in with.').isVisible()).toBe(true);
      await password.getByLabel('Current password').fill(user.password);
      await password.getByLabel('New password').fill('password');
      await password.getByRole('button', { name: 'Change password' }).click();
      await poll(() => password.locator('.form-error').isVisible()).toBe(true);
      expect(await password.getByLabel('New password').inputValue()).toBe('password');
      await password.getByLabel('New password').fill(NEW_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await poll(() => toast(page, 'Your password was changed. Your other devices were signed out.').isVisible()).toBe(true);
      // The old session token no longer works, the fresh one this browser stored does.
      const oldSession = await fetch(`${site.server.url}/api/user/settings`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(oldSession.status).toBe(401);
      await page.reload();
      await poll(() => main(page).locator('h1').textContent()).toBe('Account settings');
      await poll(() => card(page, 'Name').getByLabel('First name').inputValue()).toBe('Avery');

      // 5. A preference: no more appointment reminders, and it is still off after a reload.
      const preferences = card(page, 'E-mail preferences');
      await preferences.getByLabel(/Appointment reminders/).uncheck();
      await preferences.getByRole('button', { name: 'Save preferences' }).click();
      await poll(() => toast(page, 'Your e-mail preferences were saved.').isVisible()).toBe(true);
      await page.reload();
      await poll(() =>
        card(page, 'E-mail preferences')
          .getByLabel(/Appointment reminders/)
          .isChecked(),
      ).toBe(false);
      expect(
        await card(page, 'E-mail preferences')
          .getByLabel(/Review invitations/)
          .isChecked(),
      ).toBe(true);
      await shot(page, `account-settings-saved-${label}`);

      // 6. 'Your data' is still in the menu and opens the same page at its data part.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Your data' }).click();
      await poll(() => main(page).getByRole('button', { name: 'Download my data' }).isVisible()).toBe(true);
      await poll(() => page.evaluate(() => document.getElementById('your-data')!.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      await tracked.context.close();
    }, 180_000);
  }
});
