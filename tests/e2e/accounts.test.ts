// Journeys of issue 3 in a real browser, with real e-mail through a local SMTP server:
// sign up, verify by the e-mailed link, sign out and in, unverified sign-in, password reset,
// newsletter subscription. Accounts other than the sign-up journey's are fixture users.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../shared/constants/messages';
import { codeOf, verificationLinkOf } from '../../server/test/smtp-capture';
import { DESKTOP, PHONE, WCAG22, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const site = useSite({
  mail: true,
  users: { unverified: { email: newEmail('unverified'), stage: 'unverified' }, resetter: { email: newEmail('reset'), stage: 'verified' } },
});
const field = (page: Page, label: string) => page.locator('main').getByLabel(label, { exact: true });
const toastText = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${site.server.url}/signup`);
  await field(page, 'First name').fill('Robin');
  await field(page, 'Last name').fill('Hart');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await field(page, 'Confirm password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${site.server.url}/signin`);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

describe('accounts', () => {
  it('signs up, verifies through the e-mailed link, signs out and signs in again (phone)', async () => {
    // 401: the deliberately wrong password; 429: /verify's own send right after sign-up (expected, decisions section 3).
    const { page, context } = await openPage(site.browser, PHONE, { allow: [/status of (401|429)/] });
    const email = newEmail('journey');
    const password = 'Meadow-Lark-2026';

    await page.goto(`${site.server.url}/signup`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText('Required!').count()).toBeGreaterThan(0);
    await field(page, 'Email').fill('not-an-email');
    await expect.poll(() => page.getByText('Email is not a valid email!').isVisible()).toBe(true);
    await expectAccessible(page, '/signup');

    await signUp(page, email, password);
    await page.waitForURL('**/verify');
    await expect.poll(() => page.locator('h1').textContent()).toBe(MESSAGES.verifyTitle);
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    await expectAccessible(page, '/verify', WCAG22);

    const mail = await site.mail.waitFor((m) => m.to.includes(email));
    await site.mailSettled();
    expect(
      site.mail.messages.filter((m) => m.to.includes(email)),
      'a fresh sign-up gets one e-mail, not two',
    ).toHaveLength(1);
    const link = verificationLinkOf(mail);
    await page.goto(`${site.server.url}${link.pathname}${link.search}`);
    await page.waitForURL(/\/congratulationverify\/\d+$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Congratulations, Robin!');
    await expectAccessible(page, '/congratulationverify', WCAG22);

    await page.getByRole('button', { name: /Robin/ }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Create Profile' }).isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Manage Users' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect.poll(() => toastText(page, MESSAGES.logout).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('animaldoctorJwtToken'))).toBeNull();

    await signIn(page, email, 'Wrong-password-1');
    await expect.poll(() => toastText(page, MESSAGES.loginFailed).isVisible()).toBe(true);
    expect(await field(page, 'Email').inputValue(), 'the form keeps the input').toBe(email);
    await field(page, 'Password').fill(password);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => toastText(page, MESSAGES.loginSuccess).isVisible()).toBe(true);

    // The session survives a reload (restored from animaldoctorJwtToken).
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: /Robin/ }).isVisible()).toBe(true);
    await page.getByRole('button', { name: /Robin/ }).click();
    await page.getByRole('menuitem', { name: 'Your Profile' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Set up your profile').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to Setup' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Choose a plan first').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to Plans' }).click();
    await page.waitForURL('**/services');
    await context.close();
  });

  it("the account pages' fields are the ones a program finds: the e-mail field by type, name or label, not the newsletter's", async () => {
    const { page, context } = await openPage(site.browser, PHONE);
    for (const path of ['/signin', '/signup', '/forgotpassword']) {
      await page.goto(`${site.server.url}${path}`);
      const own = page.locator('main input[name="email"]');
      await own.waitFor();
      expect(
        await page
          .locator('input[type="email"]')
          .first()
          .evaluate((input) => input.closest('main') !== null),
        path,
      ).toBe(true);
      expect(await page.getByLabel(/email/i).count(), path).toBe(1);
      expect(await own.getAttribute('type')).toBe('email');
    }
    // noValidate: the form's own message, not the browser's bubble.
    await page.goto(`${site.server.url}/signin`);
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Password').fill('whatever-it-is');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('main').getByText('Email is not a valid email!').isVisible()).toBe(true);
    await context.close();
  });

  it('sends an unverified account to /verify with the spec warning (desktop)', async () => {
    // 429: 'Send again' inside the minute after /verify sent the e-mail (shown as a toast).
    const { page, context } = await openPage(site.browser, DESKTOP, { allow: [/status of 429/] });
    const { email, password } = site.users.unverified;
    await signIn(page, email, password);
    await page.waitForURL('**/verify');
    await expect.poll(() => toastText(page, MESSAGES.notVerified).isVisible()).toBe(true);
    await site.mail.waitFor((m) => m.to.includes(email));
    await expect.poll(() => page.getByRole('button', { name: 'Send again' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect
      .poll(() =>
        page
          .locator('.toaster')
          .getByText(/Please wait \d+ seconds?/)
          .isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it('resets a forgotten password with the e-mailed code and signs in with the new one', async () => {
    const { page, context } = await openPage(site.browser, DESKTOP);
    const { email } = site.users.resetter;
    await page.goto(`${site.server.url}/forgotpassword`);
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => toastText(page, MESSAGES.codeSent).isVisible()).toBe(true);
    const code = codeOf(await site.mail.waitFor((m) => m.to.includes(email) && /reset code/.test(m.subject)));
    await field(page, 'Verification code').fill(code);
    await page.getByRole('button', { name: 'Check code' }).click();
    await field(page, 'New password').fill('New-Password-22');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/signin');
    await signIn(page, email, 'New-Password-22');
    await page.waitForURL('**/home');
    await expect.poll(() => toastText(page, MESSAGES.loginSuccess).isVisible()).toBe(true);
    await context.close();
  });

  it('subscribes to the newsletter with the e-mailed code', async () => {
    const { page, context } = await openPage(site.browser, PHONE);
    await page.goto(`${site.server.url}/home`);
    const footer = page.locator('footer');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => toastText(page, MESSAGES.pleaseInputEmail).isVisible()).toBe(true);
    const email = newEmail('news');
    await footer.getByLabel('E-mail address for the newsletter').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your subscription' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'newsletter dialog');
    const code = codeOf(await site.mail.waitFor((m) => m.to.includes(email)));
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toastText(page, MESSAGES.subscribed).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});
