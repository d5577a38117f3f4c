// The demo administrator (printed once on a fresh installation: the run's template data folder)
// signs in and sees the admin entries of the header dropdown, not the profile entries; the API
// documentation opens under the site's CSP.
import { describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '../../shared/constants/messages';
import { DESKTOP, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite();

describe('administrator', () => {
  it('signs in with the printed demo password and sees Manage Users and Manage Articles', async () => {
    const printed = inject('e2eTemplate').output.match(/Demo administrator: .* \/ password: /g) ?? [];
    expect(printed, 'the demo administrator is printed once').toHaveLength(1);
    const { email, password } = site.demoAdmin;
    const { page, context } = await openPage(site.browser, DESKTOP);
    await page.goto(`${site.server.url}/signin`);
    await page.locator('main').getByLabel('Email', { exact: true }).fill(email!);
    await page.locator('main').getByLabel('Password', { exact: true }).fill(password!);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await expect.poll(() => page.locator('.toaster').getByText(MESSAGES.loginSuccess).isVisible()).toBe(true);

    await page.getByRole('button', { name: /Account menu/ }).click();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Manage Users', 'Manage Articles', 'Account settings', 'Your data', 'Sign out']);
    await page.getByRole('menuitem', { name: 'Manage Users' }).click();
    await page.waitForURL('**/admin');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Administration');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Articles' }).click();
    await page.waitForURL('**/articleeditor');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Manage Articles');
    await context.close();
  });

  it('serves the OpenAPI documentation at /api/docs', async () => {
    const { page, context } = await openPage(site.browser, DESKTOP);
    await page.goto(`${site.server.url}/api/docs`);
    await expect.poll(() => page.getByText('Animal Doctor API').first().isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('/api/user/register').first().isVisible()).toBe(true);
    await context.close();
  });

  it("shows 'Server disconnected.' when the server cannot be reached", async () => {
    const { page, context } = await openPage(site.browser, DESKTOP, { allow: [/ERR_CONNECTION_REFUSED/] });
    await page.goto(`${site.server.url}/signin`);
    await page.locator('main').getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.locator('main').getByLabel('Password', { exact: true }).fill('Any-Password-1');
    await site.server.stop();
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('.toaster').getByText(MESSAGES.serverDisconnected, { exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});
