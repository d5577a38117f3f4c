// Browser journeys of the security review (docs/security.md): the sign-up form refuses a common
// password with the server's sentence, and a newsletter e-mail's unsubscribe link asks before it
// unsubscribes (mail scanners open links; only the button's POST unsubscribes).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PASSWORD_MESSAGES } from '../../shared/lib/password-policy';
import { DESKTOP, PHONE, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite({ mail: true });

const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;
const field = (page: Page, label: string) => page.locator('main').getByLabel(label, { exact: true });
const screenshots = process.env.SCREENSHOT_DIR;

describe('security journeys', () => {
  it("refuses 'password' at sign-up with a plain sentence and sends nothing (phone)", async () => {
    const { page, context, problems } = await openPage(site.browser, PHONE);
    const registers: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/user/register') && registers.push(request.url()));
    await page.goto(`${site.server.url}/signup`);
    await field(page, 'First name').fill('Robin');
    await field(page, 'Last name').fill('Hart');
    await field(page, 'Email').fill(newEmail('common'));
    await field(page, 'Password').fill('password');
    await field(page, 'Confirm password').fill('password');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByText(PASSWORD_MESSAGES.common).isVisible(), { timeout: 10_000 }).toBe(true);
    if (screenshots) await page.screenshot({ path: `${screenshots}/signup-common-password-phone.png`, fullPage: true });
    expect(registers).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`unsubscribes from the e-mailed link only after the button is pressed (${name})`, async () => {
      const email = newEmail(`unsub-${name}`);
      const sent = await fetch(`${site.server.url}/api/user/send-subscribe-verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(sent.status).toBe(200);
      const mail = await site.mail.waitFor((m) => m.to.includes(email));
      const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[\w-]+/.exec(mail.decoded.replace(/^List-Unsubscribe:.*$/gm, ''))![0];
      const { page, context, problems } = await openPage(site.browser, viewport);
      await page.goto(`${site.server.url}${new URL(link).pathname}${new URL(link).search}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).isVisible()).toBe(true);
      await expectAccessible(page, `unsubscribe page (${name})`);
      if (screenshots) await page.screenshot({ path: `${screenshots}/unsubscribe-ask-${name}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'You are unsubscribed' }).isVisible()).toBe(true);
      if (screenshots) await page.screenshot({ path: `${screenshots}/unsubscribe-done-${name}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('explains a broken unsubscribe link', async () => {
    const { page, context } = await openPage(site.browser, PHONE);
    await page.goto(`${site.server.url}/unsubscribe?token=short`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('This unsubscribe link is incomplete. Please open the link from the e-mail again.');
    await context.close();
  });
});
