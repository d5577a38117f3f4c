// Issue 36, parts 5 and 6, in a real browser at 390 and 1280 px (docs/product.md section 28): an offline search
// says what happened and 'Try again' works once back online (and a busy server never reads as 'not found'); an empty search shows its filters as chips with
// 'Clear all', the filter that hides the most and a wider radius with its count; a refused location is explained
// beside the button, naming the form's real button; the vet's wizard fills city, state and time zone from the zip
// code, keeps the step and the draft through a reload, and speaks instead of the browser's bubbles.
// (The claim's next-steps page is walked in import-claim.test.ts.)
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectNoSidewaysScroll, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';
import { MESSAGES } from '../../shared/constants/messages';

const site = useSite({
  users: {
    phone: { email: `wizard-phone-${randomUUID().slice(0, 8)}@example.com`, stage: 'paid', firstName: 'Wyn', lastName: 'Phone' },
    desktop: { email: `wizard-desk-${randomUUID().slice(0, 8)}@example.com`, stage: 'paid', firstName: 'Wes', lastName: 'Desk' },
  },
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED|ERR_INTERNET_DISCONNECTED/;
const shots = '/tmp/shots-wizard';

/** axe with the WCAG 2.2 A and AA tags reports nothing. */
async function expectWcag22(page: Page, label: string) {
  await settled(page);
  // The map's third-party attribution line (Leaflet's) is not ours to restyle here; it is left out.
  const results = await new AxeBuilder({ page })
    .exclude('.leaflet-control-attribution')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}

async function open(size: typeof PHONE) {
  const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE, /Failed to fetch/, /status of 404/, /status of 503/] });
  await tracked.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  return tracked;
}

const journeys = [
  { label: 'phone', size: PHONE, phone: true, user: 'phone' },
  { label: 'desktop', size: DESKTOP, phone: false, user: 'desktop' },
] as const;

describe('errors and empty results that help', () => {
  for (const { label, size, phone } of journeys) {
    it(`explains an offline search with Try again, an empty search with chips and a wider radius, and a refused location (${label})`, async () => {
      const { page, context } = await open(size);
      // 1. Offline: the sentence says what happened, never 'not found'; 'Try again' works once back online.
      await page.goto(`${site.server.url}/searchdoctor?zip=10001`);
      await poll(() => main(page).locator('.doctor-card').count()).toBeGreaterThan(0);
      await context.setOffline(true);
      await page.evaluate(() => {
        history.pushState(null, '', '/searchdoctor?zip=10004');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      const failed = main(page).locator('.call-failed');
      await poll(() => failed.textContent()).toContain('Server disconnected. We could not reach Animal Doctor; check your connection and try again.');
      expect(
        await main(page)
          .getByText(/not found/i)
          .count(),
      ).toBe(0);
      await page.screenshot({ path: `${shots}/search-offline-${label}.png`, fullPage: true });
      await expectWcag22(page, `offline search ${label}`);
      await context.setOffline(false);
      await failed.getByRole('button', { name: 'Try again' }).click();
      await poll(() => main(page).locator('.doctor-card').count()).toBeGreaterThan(0);

      // 1b. A busy server (a proxy's 503 page in front of it): the profile says so, never 'not found'; 'Try again'
      // shows it once the server answers again.
      await page.route('**/api/doctors/get-by-id', (route) =>
        route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>' }),
      );
      await main(page)
        .locator('.doctor-card')
        .first()
        .getByRole('link', { name: /^View profile of / })
        .click();
      await poll(() => main(page).locator('.call-failed').textContent()).toContain(MESSAGES.serverBusy);
      expect(
        await main(page)
          .getByText(/not found/i)
          .count(),
      ).toBe(0);
      await page.screenshot({ path: `${shots}/profile-busy-${label}.png`, fullPage: true });
      await page.unroute('**/api/doctors/get-by-id');
      await main(page).locator('.call-failed').getByRole('button', { name: 'Try again' }).click();
      await poll(() => main(page).locator('h1').count()).toBe(1);
      await poll(() => main(page).locator('.call-failed').count()).toBe(0);

      // 2. An empty search: its filters as chips with what each hides, Clear all, and a wider radius with its count.
      await page.goto(`${site.server.url}/searchdoctor?zip=10001&radius=5&species=axolotls`);
      const empty = main(page).locator('.empty-results');
      await poll(() => main(page).locator('.results-count').textContent()).toMatch(/^No listed veterinarians found for 10001 within 5 miles\.$/);
      const chips = empty.getByRole('list', { name: 'Filters in use' });
      await poll(() => chips.getByRole('button', { name: /Remove the filter/ }).count()).toBe(1);
      expect(await chips.getByRole('button', { name: /Remove the filter Species: axolotls/ }).textContent()).toMatch(/\(\d[\d,]* veterinarians? without it\)/);
      expect(await empty.locator('.empty-results-most').textContent()).toMatch(/^Removing Species: axolotls would show \d[\d,]* veterinarians?\.$/);
      expect(await empty.locator('.empty-results-wider').textContent()).toMatch(/^Even within 100 miles nobody matches\.|^Within \d+ miles there/);
      await page.screenshot({ path: `${shots}/search-empty-${label}.png`, fullPage: true });
      await expectWcag22(page, `empty search ${label}`);
      await expectNoSidewaysScroll(page, `empty search ${label}`);
      // Removing the chip that hides the most shows that many vets.
      const shown = Number((await empty.locator('.empty-results-most').textContent())!.match(/show ([\d,]+)/)![1]!.replace(/,/g, ''));
      await chips.getByRole('button', { name: /Remove the filter Species/ }).click();
      await poll(() => new URL(page.url()).searchParams.get('species')).toBeNull();
      await poll(() => main(page).locator('.results-count').textContent()).toMatch(new RegExp(`^${shown} veterinarians?`));
      // Clear all drops every filter; a wider radius with a count is offered when the place is empty too.
      await page.goto(`${site.server.url}/searchdoctor?zip=10001&radius=5&open=1&rating=4&species=axolotls`);
      await empty.getByRole('button', { name: 'Clear all' }).click();
      await poll(() => new URL(page.url()).search).toBe('?zip=10001&radius=5');
      await poll(() => main(page).locator('.doctor-card').count()).toBeGreaterThan(0);

      // 3. Location refused: the sentence sits by the button, on the first screen, naming the form's button.
      const home = await open(size);
      await home.page.goto(`${site.server.url}/home`);
      await main(home.page).getByRole('button', { name: 'Use my location' }).first().click();
      const sentence = main(home.page).getByRole('alert').filter({ hasText: 'did not share your location' });
      await poll(() => sentence.textContent()).toBe(
        "Your browser did not share your location. Allow it for this site in the browser's settings, or type your zip code, city or state and press 'Find a vet'.",
      );
      const button = (await main(home.page).getByRole('button', { name: 'Use my location' }).first().boundingBox())!;
      const line = (await sentence.boundingBox())!;
      expect(line.y + line.height).toBeLessThanOrEqual(size.height);
      expect(Math.abs(line.y - (button.y + button.height))).toBeLessThan(phone ? 120 : 80);
      await home.page.screenshot({ path: `${shots}/location-refused-${label}.png` });
      await home.context.close();
      await context.close();
    });
  }
});

describe("the vet's wizard", () => {
  for (const { label, size, user } of journeys) {
    it(`fills city, state and time zone from the zip code and keeps the step and the draft through a reload (${label})`, async () => {
      const { page, context } = await open(size);
      await storeSession(page, site.server.url, site.users[user].token);
      // Sent here from a page that needs a profile: the wizard keeps where the vet was going across its steps.
      await page.goto(`${site.server.url}/setupprofile?next=${encodeURIComponent('/account')}`);
      await poll(() => main(page).getByRole('heading', { name: 'Step 1 of 3: Contact and address' }).isVisible()).toBe(true);
      // The app's own sentences, not the browser's bubbles: a bad e-mail is refused in the page.
      const field = (name: string) => main(page).getByLabel(name, { exact: true });
      await field('Contact e-mail').fill('not-an-address');
      await main(page).getByRole('button', { name: 'Save and continue' }).first().click();
      await poll(() => main(page).locator('.ant-form-item-explain-error').first().isVisible()).toBe(true);
      expect(await field('Contact e-mail').evaluate((input) => (input as HTMLInputElement).form?.noValidate)).toBe(true);
      await field('Contact e-mail').fill(`clinic-${label}@example.com`);

      await field('Clinic or hospital name').fill(`Wizard Creek ${label}`);
      await field('Contact phone').fill('(406) 555-0142');
      await field('Street address').fill('9 Draft Lane');
      await field('Zip code').fill('59001');
      await poll(() =>
        main(page)
          .getByText(/, MT · Mountain Time\./)
          .isVisible(),
      ).toBe(true);
      expect(await field('City').inputValue()).not.toBe('');
      // A reload keeps the step (named in the address) and what was typed.
      await poll(() => new URL(page.url()).searchParams.get('step')).toBe(null);
      expect(new URL(page.url()).searchParams.get('next')).toBe('/account');
      await page.reload();
      await poll(() => field('Clinic or hospital name').inputValue()).toBe(`Wizard Creek ${label}`);
      expect(await field('Street address').inputValue()).toBe('9 Draft Lane');
      // A website without https:// is completed as the field is left.
      await field('Website address').fill(`wizard-creek-${label}.example`);
      await field('Website address').blur();
      await poll(() => field('Website address').inputValue()).toBe(`https://wizard-creek-${label}.example`);
      // The steps read as whole words at every width: the phone shows the numbers and the current step's name.
      await expectNoSidewaysScroll(page, `wizard step 1 ${label}`);
      await page.screenshot({ path: `${shots}/wizard-step1-${label}.png`, fullPage: true });
      await expectWcag22(page, `wizard step 1 ${label}`);
      await main(page).getByRole('button', { name: 'Save and continue' }).first().click();
      await poll(() => new URL(page.url()).searchParams.get('step')).toBe('practice');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/account');
      await poll(() => main(page).getByRole('heading', { name: 'Step 2 of 3: Your practice' }).isVisible()).toBe(true);
      await page.reload();
      await poll(() => main(page).getByRole('heading', { name: 'Step 2 of 3: Your practice' }).isVisible()).toBe(true);
      // The time zone came from the zip code (Montana: Mountain time).
      await poll(() =>
        main(page)
          .locator('.ant-select', { has: page.getByLabel('Time zone', { exact: true }) })
          .textContent(),
      ).toContain('Mountain Time (Denver)');
      await page.screenshot({ path: `${shots}/wizard-step2-${label}.png`, fullPage: true });
      // Back goes to the named first step, which still holds the saved values.
      await main(page).getByRole('button', { name: 'Back' }).first().click();
      await poll(() => new URL(page.url()).searchParams.get('step')).toBe('contact');
      expect(await field('Website address').inputValue()).toContain(`wizard-creek-${label}.example`);
      await context.close();
    });
  }
});
