// What a page change does, at phone and desktop widths: a footer link tapped at the bottom of a long
// page opens the new page at its top with focus on its heading, and Back returns to where the
// reader was; one header link is highlighted; Escape closes the mobile menu; signed-in users are
// sent on from /signin and /signup; toasts keep clear of the open user menu; a long e-mail stays
// inside the newsletter box; two dialogs on one page keep their own title ids.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JWT_STORAGE_KEY, MESSAGES } from '../../shared/constants/messages';
import { DESKTOP, PHONE, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite({ users: { vet: { email: `vet-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Robin' } } });

const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === 'H1' && document.activeElement.closest('main') ? document.activeElement.textContent : null));
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Opens a page already signed in as the fixture user (its session token is stored, as after login). */
async function signedIn(page: Page, path: string) {
  await page.goto(`${site.server.url}/home`);
  await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [JWT_STORAGE_KEY, site.users.vet.token]);
  await page.goto(`${site.server.url}${path}`);
  await expect.poll(() => page.getByRole('button', { name: /Account menu for Robin/ }).isVisible(), { timeout: 15_000 }).toBe(true);
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;
  describe(`page changes at ${viewport.width} px`, () => {
    it('opens a footer link from the bottom of a long page at the top, focused on its heading; Back returns', async () => {
      const { page } = await openPage(site.browser, viewport);
      await page.goto(`${site.server.url}/insurance`);
      await expect.poll(() => page.locator('main h1').textContent(), { timeout: 15_000 }).toBe('Pet insurance');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bottom = await scrollY(page);
      expect(bottom, 'the page is long enough to scroll').toBeGreaterThan(300);

      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About Us', exact: true }).click();
      await page.waitForURL('**/aboutus');
      await expect.poll(() => focusedHeading(page), { timeout: 15_000 }).toBe('About Us');
      expect(await scrollY(page), 'the new page opens at its top').toBe(0);

      await page.goBack();
      await page.waitForURL('**/insurance');
      await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBe(bottom);

      // A page that loads its data first (an article) gets focus on its heading once it is shown.
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Articles', exact: true }).click();
      await page.waitForURL('**/ai-blogpage');
      await expect.poll(() => focusedHeading(page), { timeout: 15_000 }).toBe('Articles');
      expect(await scrollY(page)).toBe(0);
      await page.locator('.article-card', { hasText: 'Rabbit care' }).getByRole('link', { name: 'Read Full Article...' }).click();
      await page.waitForURL(/\/ai-singlepost\//);
      await expect.poll(() => focusedHeading(page), { timeout: 15_000 }).toBe('Rabbit care basics for new owners');
      expect(await scrollY(page)).toBe(0);
    });

    it('highlights one header link at a time, also while the next page loads', async () => {
      const { page } = await openPage(site.browser, viewport);
      await page.goto(`${site.server.url}/home`);
      await expect.poll(() => page.locator('main h1').count(), { timeout: 15_000 }).toBe(1);
      // Hold the next page's JavaScript back, so the click is caught while it loads.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/about-page-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'About Us', exact: true }).click();
      await expect.poll(() => page.locator('main').getAttribute('aria-busy')).toBe('true');
      expect(await page.locator('#main-nav a.active').allTextContents()).toEqual(['About Us']);
      release();
      await page.waitForURL('**/aboutus');
      await expect.poll(() => page.locator('main h1').textContent()).toBe('About Us');
      expect(await page.locator('#main-nav a.active').allTextContents()).toEqual(['About Us']);
      expect(await page.locator('#main-nav a[aria-current="page"]').allTextContents()).toEqual(['About Us']);
    });

    it('sends a signed-in user from /signin and /signup to /home, or to where they came from', async () => {
      const { page } = await openPage(site.browser, viewport);
      await signedIn(page, '/signin');
      await page.waitForURL('**/home');
      await page.goto(`${site.server.url}/signup`);
      await page.waitForURL('**/home');
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Find a trusted vet for your pet, close to home');
      // A link that says where the user came from (router state) is followed instead of /home.
      await page.evaluate(() => {
        history.pushState({ usr: { from: '/aboutus' }, key: 'fromtest', idx: 1 }, '', '/signin');
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      });
      await page.waitForURL('**/aboutus');
      // So does sign-in's own `?next=`.
      await page.goto(`${site.server.url}/signin?next=/medicine`);
      await page.waitForURL('**/medicine');
    });

    it('keeps toasts clear of the open user menu', async () => {
      const { page } = await openPage(site.browser, viewport);
      await signedIn(page, '/home');
      await page.getByRole('button', { name: /Account menu for Robin/ }).click();
      const menu = page.getByRole('menu');
      await expect.poll(() => menu.isVisible()).toBe(true);
      // A toast that appears while the menu is open (here: the newsletter's empty-address warning).
      await page.locator('footer').getByRole('button', { name: 'Subscribe' }).dispatchEvent('click');
      const toast = page.locator('.toaster').getByText(MESSAGES.pleaseInputEmail, { exact: true });
      await expect.poll(() => toast.isVisible()).toBe(true);
      // Every entry of the menu is what a tap at its centre reaches (not the toast).
      const covered = await page.evaluate(() =>
        [...document.querySelectorAll('[role="menuitem"]')]
          .filter((item) => {
            const box = item.getBoundingClientRect();
            return !item.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
          })
          .map((item) => item.textContent),
      );
      expect(covered, 'menu entries covered by the toast').toEqual([]);
      await menu.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    });

    it('keeps a long e-mail inside the newsletter box, and two dialogs keep their own title ids', async () => {
      const { page } = await openPage(site.browser, viewport);
      await signedIn(page, '/home');
      const input = page.locator('footer').getByLabel('E-mail address for the newsletter');
      await input.fill(`a-very-long-address-for-a-pet-owner-${'x'.repeat(40)}@example-veterinary-clinic.com`);
      const overflow = await page.evaluate(() => {
        const box = document.querySelector('.footer-newsletter')!.getBoundingClientRect();
        const field = document.querySelector('#newsletter-email')!.getBoundingClientRect();
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, right: field.right - box.right };
      });
      expect(overflow.page, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
      expect(overflow.right, 'the field ends inside its box').toBeLessThanOrEqual(0.5);
      const titleIds = await page.evaluate(() => [...document.querySelectorAll('dialog')].map((d) => d.getAttribute('aria-labelledby')));
      expect(titleIds.length, 'the user menu has its two dialogs').toBeGreaterThanOrEqual(2);
      expect(new Set(titleIds).size, 'each dialog has its own title id').toBe(titleIds.length);
      for (const id of titleIds) expect(await page.locator(`[id="${id}"]`).count()).toBe(1);

      // The code dialog repeats the address: it wraps inside the dialog.
      await page.locator('footer').getByRole('button', { name: 'Subscribe' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your subscription' });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      const dialogOverflow = await page.evaluate(() => {
        const open = [...document.querySelectorAll('dialog')].find((d) => d.open)!;
        const address = open.querySelector('strong')!.getBoundingClientRect();
        return { scroll: open.scrollWidth - open.clientWidth, right: address.right - open.getBoundingClientRect().right };
      });
      expect(dialogOverflow.scroll, 'the dialog does not scroll sideways').toBeLessThanOrEqual(0);
      expect(dialogOverflow.right, 'the address ends inside the dialog').toBeLessThanOrEqual(0);
    });

    if (phone) {
      it('closes the mobile menu with Escape and returns focus to its toggle', async () => {
        const { page } = await openPage(site.browser, viewport);
        await page.goto(`${site.server.url}/home`);
        const toggle = page.getByRole('button', { name: 'Open menu' });
        await toggle.click();
        const nav = page.getByRole('navigation', { name: 'Main' });
        await expect.poll(() => nav.isVisible()).toBe(true);
        await nav.getByRole('link', { name: 'About Us', exact: true }).focus();
        await page.keyboard.press('Escape');
        await expect.poll(() => nav.isVisible()).toBe(false);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('main-nav');
        expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
      });
    }
  });
}

describe('the stored session at start-up', () => {
  const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), JWT_STORAGE_KEY);
  const toast = (page: Page, text: string) => page.locator('.toaster').getByText(text, { exact: true });

  it('stays stored when no answer comes, also when the page is left mid-restore, and is removed when the server refuses it', async () => {
    const { page } = await openPage(site.browser, PHONE, { allow: [/status of 401 \(Unauthorized\)|net::ERR_FAILED/] });
    await page.goto(`${site.server.url}/home`);
    await page.evaluate(([key, token]) => localStorage.setItem(key!, token!), [JWT_STORAGE_KEY, site.users.vet.token]);

    // No answer (the connection fails): "Server disconnected.", signed out for now, the token kept.
    await page.route('**/api/user/login-with-token', (route) => route.abort('failed'));
    await page.goto(`${site.server.url}/aboutus`);
    await expect.poll(() => toast(page, MESSAGES.serverDisconnected).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(await storedToken(page)).toBe(site.users.vet.token);

    // The page is left while the restore is in flight: the next page restores the session.
    let held = false;
    await page.route('**/api/user/login-with-token', () => void (held = true));
    await page.goto(`${site.server.url}/medicine`);
    await expect.poll(() => held).toBe(true);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto(`${site.server.url}/viewprofile`);
    await expect.poll(() => page.getByRole('button', { name: /Account menu for Robin/ }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/viewprofile');

    // A token the server refuses is a failed login: the spec's message, and the token is gone.
    await page.evaluate((key) => localStorage.setItem(key, 'eyJhbGciOiJIUzI1NiJ9.e30.forged'), JWT_STORAGE_KEY);
    await page.reload();
    await expect.poll(() => toast(page, MESSAGES.tokenLoginFailed).isVisible()).toBe(true);
    expect(await storedToken(page)).toBeNull();
    // The guarded page then sends to sign-in with the page as next (docs/product.md 26.5), not silently home.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/viewprofile');
  });
});

describe('console guard', () => {
  it('catches console errors and page errors, and lets an allowed one pass', async () => {
    const { page, guard } = await openPage(site.browser, DESKTOP, { allow: [/expected-noise/] });
    await page.goto(`${site.server.url}/home`);
    await page.evaluate(() => {
      console.error('expected-noise');
      console.error('boom from the test');
      setTimeout(() => {
        throw new Error('uncaught from the test');
      });
    });
    await expect.poll(() => guard.unexpected().length).toBe(2);
    expect(guard.unexpected().join('\n')).toMatch(/console on \/home: boom from the test[\s\S]*page error on \/home: uncaught from the test/);
    // Allowed from here on, so this test itself passes the guard check that follows it.
    guard.allow(/boom from the test|uncaught from the test/);
    expect(guard.unexpected()).toEqual([]);
  });
});
