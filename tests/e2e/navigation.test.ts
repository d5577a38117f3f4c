// Journey: a visitor opens the site on a phone and on a desktop, follows every header and footer
// link, sees each page's title, and meets the not-found page on an unknown path.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

const HEADER = [
  { label: 'Home', path: '/home', heading: 'Find a trusted vet for your pet, close to home' },
  { label: 'Search Doctor', path: '/searchdoctor', heading: 'Find a vet' },
  { label: 'About Us', path: '/aboutus', heading: 'About Us' },
  { label: 'Authors Digest', path: '/blogpage', heading: 'Blog Articles' },
  { label: 'Pricing', path: '/services', heading: 'Plans and pricing' },
  { label: 'Pet medicine', path: '/medicine', heading: 'Pet medicine' },
  { label: 'Pet insurance', path: '/insurance', heading: 'Pet insurance' },
];
const FOOTER_EXTRA = [
  { label: 'Articles', path: '/ai-blogpage', heading: 'Articles' },
  { label: 'Terms', path: '/terms', heading: 'Terms of Service' },
  { label: 'Policy', path: '/privacypolicy', heading: 'Privacy Policy' },
];

const site = useSite();

async function expectHeading(page: Page, path: string, heading: string) {
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 }).toBe(heading);
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;
  describe(`navigation at ${viewport.width} px`, () => {
    it('opens / on /home and follows every header link', async () => {
      const { page, context } = await openPage(site.browser, viewport);
      await page.goto(site.server.url + '/');
      await expectHeading(page, '/home', HEADER[0]!.heading);
      await expect.poll(() => page.title()).toContain('Animal Doctor');
      await expect(page.getByRole('link', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
      await expectAccessible(page, '/home');

      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const link of HEADER) {
        if (phone) {
          expect(await nav.isVisible(), 'the menu starts closed on a phone').toBe(false);
          await page.getByRole('button', { name: 'Open menu' }).click();
        }
        await nav.getByRole('link', { name: link.label, exact: true }).click();
        await expectHeading(page, link.path, link.heading);
        await expectAccessible(page, link.path);
      }
      await context.close();
    });

    it('follows every footer link', async () => {
      const { page, context } = await openPage(site.browser, viewport);
      await page.goto(site.server.url + '/home');
      await expectHeading(page, '/home', HEADER[0]!.heading);
      const footer = page.getByRole('navigation', { name: 'Footer' });
      for (const link of [...HEADER, ...FOOTER_EXTRA]) {
        await footer.getByRole('link', { name: link.label, exact: true }).click();
        await expectHeading(page, link.path, link.heading);
      }
      for (const link of FOOTER_EXTRA) {
        await page.goto(site.server.url + link.path);
        await expectHeading(page, link.path, link.heading);
        await expectAccessible(page, link.path);
      }
      await expect(
        page
          .locator('footer')
          .getByText(/© \d{4} Animal Doctor/)
          .isVisible(),
      ).resolves.toBe(true);
      await context.close();
    });

    it('shows the not-found page for an unknown path, and sign in leads to /signin', async () => {
      // 404: the server answers it (so search engines drop the address) with the app, which shows not-found.
      const { page, context } = await openPage(site.browser, viewport, { allow: [/status of 404/] });
      expect((await page.goto(site.server.url + '/no/such/page'))?.status()).toBe(404);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
      await expectAccessible(page, 'not found');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expectHeading(page, '/home', HEADER[0]!.heading);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await expectHeading(page, '/signin', 'Sign in');
      await context.close();
    });

    it('sends a visitor from a guarded page to sign in, saying what for, with the page as next (docs/product.md section 26)', async () => {
      const { page, context } = await openPage(site.browser, viewport);
      const guarded = [
        ['/admin', 'Please sign in to open Administration.'],
        ['/articleeditor', 'Please sign in to edit articles.'],
        ['/setupprofile', 'Sign in or create a vet account to create your practice profile.'],
        ['/viewprofile', 'Please sign in to see your practice profile.'],
        ['/congratulationverify/1', 'Please sign in to continue where you left off.'],
      ] as const;
      for (const [path, sentence] of guarded) {
        await page.goto(site.server.url + path);
        await expectHeading(page, '/signin', 'Sign in');
        expect(new URL(page.url()).searchParams.get('next')).toBe(path);
        await expect.poll(() => page.locator('main').getByText(sentence, { exact: true }).isVisible()).toBe(true);
      }
      await context.close();
    });
  });
}
