// Issue 28's search journeys in a real browser, at 390 x 844 and at 1280 px (docs/product.md section 21): after a
// search the first result card starts on the first screen; 'Use my location' searches near the browser's position
// when it is shared (the URL keeps three decimals, the line says 'near you') and says how to search by zip when it is
// not; a heart tapped while signed out asks to sign in and the practice is saved once back, and shows on /myvets.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, expectNoSidewaysScroll, openPage, settled } from './support/browser';
import { useSite } from './support/site';
import { FIXTURE_PASSWORD } from './support/users';

const site = useSite({
  users: {
    phone: { email: `saver-phone-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Pat', lastName: 'Phone' },
    desktop: { email: `saver-desktop-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Dee', lastName: 'Desk' },
  },
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
// The maps ask for OpenStreetMap tiles; there is no network here, so they are aborted and their log allowed.
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED/;
// Herald Square, New York: in the demo data's covered area, near zip code 10001.
const HERE = { latitude: 40.74841, longitude: -73.98566 };

async function open(size: typeof PHONE) {
  const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE] });
  await tracked.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  return tracked;
}

/** The first result card starts inside the window, without scrolling. */
async function expectFirstCardOnFirstScreen(page: Page, size: typeof PHONE) {
  const card = main(page).locator('.doctor-card').first();
  await card.waitFor();
  await settled(page);
  const box = await card.boundingBox();
  expect(await page.evaluate(() => scrollY)).toBe(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeLessThan(size.height - 80);
}

/** On a phone the place form is folded into one line: unfold it. */
async function unfoldPlace(page: Page, phone: boolean) {
  if (phone) await main(page).locator('.place-summary').click();
}

const journeys = [
  { label: 'phone', size: PHONE, phone: true, user: 'phone' },
  { label: 'desktop', size: DESKTOP, phone: false, user: 'desktop' },
] as const;

describe('what pet owners keep: results first, near me, favourites', () => {
  for (const { label, size, phone, user } of journeys) {
    it(`shows the first result on the first screen, searches near the browser's position, and keeps a favourite through sign-in (${label})`, async () => {
      // 1. A search by zip code: the first card is on the first screen; on a phone the filters are behind a button.
      const { page, context } = await open(size);
      await page.goto(`${site.server.url}/searchdoctor?zip=10001`);
      await expectFirstCardOnFirstScreen(page, size);
      await expectNoSidewaysScroll(page, `search ${label}`);
      if (phone) {
        expect(await main(page).locator('.search-filters-inline').isVisible()).toBe(false);
        await main(page)
          .getByRole('button', { name: /^Filters/ })
          .click();
        const sheet = page.locator('dialog.sheet[open]');
        // The filter re-renders with the address it writes; a tap that lands during that render is tapped again.
        const openNow = sheet.getByLabel('Open now');
        await poll(async () => {
          if (!(await openNow.isChecked())) await openNow.click();
          return page.url();
        }).toContain('open=1');
        await sheet.getByRole('button', { name: /^Show/ }).click();
        await poll(() =>
          main(page)
            .getByRole('button', { name: /^Filters/ })
            .textContent(),
        ).toBe('Filters (1)');
        await page.goto(`${site.server.url}/searchdoctor?zip=10001`);
        // The map is a view of its own.
        await main(page).getByRole('button', { name: 'Map' }).click();
        await main(page).locator('.leaflet-container').waitFor();
        await expect(main(page).locator('.doctor-card').first().isVisible()).resolves.toBe(false);
        await main(page).getByRole('button', { name: 'List' }).click();
        await expectAccessible(page, `search ${label}`);
      } else {
        // The wide page keeps its filters and the map beside the list.
        await main(page).locator('.search-filters-inline').getByText('Open now').waitFor();
        expect(
          await main(page)
            .getByRole('button', { name: /^Filters/ })
            .isVisible(),
        ).toBe(false);
        await main(page).locator('.leaflet-container').waitFor();
      }

      // 2. 'Use my location' with the position shared: a search near it, the URL rounded to three decimals.
      await context.grantPermissions(['geolocation'], { origin: site.server.url });
      await context.setGeolocation(HERE);
      await unfoldPlace(page, phone);
      await main(page).getByRole('button', { name: 'Use my location' }).click();
      await poll(() => new URL(page.url()).search).toBe('?lat=40.748&lon=-73.986');
      await poll(() => main(page).locator('.results-count').textContent()).toMatch(/veterinarians? near you(, nearest first)?$/);
      await expectFirstCardOnFirstScreen(page, size);
      if (phone) await expect(main(page).locator('.place-summary').textContent()).resolves.toContain('Near you');

      // 3. With the position not shared: a sentence says how to search by zip instead.
      const refused = await open(size);
      await refused.page.goto(`${site.server.url}/searchdoctor?zip=10001`);
      await unfoldPlace(refused.page, phone);
      await main(refused.page).getByRole('button', { name: 'Use my location' }).click();
      await main(refused.page)
        .getByRole('alert')
        .getByText(
          "Your browser did not share your location. Allow it for this site in the browser's settings, or type your zip code, city or state and press 'Search'.",
        )
        .waitFor();
      expect(refused.page.url()).toContain('zip=10001');

      // 4. A visitor taps the heart: sign-in is asked for, and the practice is saved once back.
      const firstCard = main(page).locator('.doctor-card').first();
      const clinic = (await firstCard.locator('.doctor-clinic').textContent())!;
      const heart = firstCard.getByRole('button', { name: `Save ${clinic} to My vets` });
      await expect(heart.getAttribute('aria-pressed')).resolves.toBe('false');
      await heart.click();
      await poll(() => new URL(page.url()).pathname).toBe('/signin');
      await main(page).getByLabel('Email').fill(site.users[user].email);
      await main(page).getByLabel('Password').fill(FIXTURE_PASSWORD);
      await main(page).getByRole('button', { name: 'Sign in' }).click();
      await poll(() => new URL(page.url()).pathname).toBe('/searchdoctor');
      const savedHeart = main(page)
        .locator('.doctor-card')
        .first()
        .getByRole('button', { name: `Save ${clinic} to My vets` });
      await poll(() => savedHeart.getAttribute('aria-pressed')).toBe('true');
      // The heart answers at once; the server's confirmation comes as a toast (leaving before it would abort the save).
      await page.getByText('Saved to My vets.').first().waitFor();
      await poll(() => new URL(page.url()).searchParams.has('save')).toBe(false);
      expect(new URL(page.url()).searchParams.get('lat')).toBe('40.748');

      // 5. /myvets lists it as a search card with its open-now state.
      await page.goto(`${site.server.url}/myvets`);
      const saved = main(page).locator('.doctor-card');
      await poll(() => saved.count()).toBe(1);
      await expect(saved.locator('.doctor-clinic').textContent()).resolves.toBe(clinic);
      await saved.getByText(/^(Open now|Closed now|Closed today)$/).waitFor();
      await expectNoSidewaysScroll(page, `myvets ${label}`);
      if (phone) await expectAccessible(page, `myvets ${label}`);
      await refused.context.close();
      await context.close();
    });
  }
});
