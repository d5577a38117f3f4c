// Journey: a pet owner finds the right vet at 390 and 1280 px (decisions section 20): types 'dent' in the 'what'
// box and takes the suggestion, reads the recommended order (many good reviews above a single five-star), asks for
// practices open now and is offered the ones whose hours are not listed, removes a filter chip, pans the map and
// searches that area, chooses a marker to find its card, and near a zip with nobody close takes the offered wider
// radius ('Search within 25 miles'). There is no network in browser tests: map tiles fail.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, expectTargetsAtLeast24, openPage, settled } from './support/browser';
import { useSite } from './support/site';

// A listed New York practice whose hours are not listed, so 'Open now' always has practices to offer, whatever
// the hour in New York when the test runs (the demo practices there may all be open, or all closed).
const site = useSite({
  users: {
    hoursless: {
      email: `finding-hoursless-${Date.now()}@example.com`,
      stage: 'paid',
      listedAs: 'Hudson Yards Pet Clinic',
      listedAt: { street: '500 W 33rd St', city: 'New York', state: 'NY', zip: '10001', latitude: 40.7536, longitude: -73.9997, timeZone: 'America/New_York' },
      hours: [],
    },
    // The only practice near Nye, MT (zip 59061): at Absarokee, about 19 miles away (support/users.ts's default place).
    farther: { email: `finding-farther-${Date.now()}@example.com`, stage: 'paid', listedAs: 'Stillwater Valley Vet' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });
const TILE_FAILURES = [/Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/];
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
const main = (page: Page) => page.locator('main');

async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** The rating and review count each card shows, in page order. */
async function cardRatings(page: Page): Promise<{ average: number; count: number }[]> {
  return page.locator('.doctor-card').evaluateAll((cards) =>
    cards.map((card) => {
      const text = card.textContent ?? '';
      const count = Number(/\((\d+) reviews?\)/.exec(text)?.[1] ?? 0);
      const average = Number(/(\d\.\d)\s*\(\d+ reviews?\)/.exec(text)?.[1] ?? 0);
      return { average, count };
    }),
  );
}

describe('finding the right vet', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`searches by what, in the recommended order, with honest filters and a map that searches its area at ${viewport.width} px`, async () => {
      const phone = viewport === PHONE;
      const { page } = await openPage(site.browser, viewport, { allow: TILE_FAILURES });
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());

      // 1. Home: the 'what' box suggests while typing; the species are one tap each.
      await page.goto(`${site.server.url}/home`);
      await poll(() =>
        main(page)
          .getByRole('button', { name: /Rabbit/ })
          .isVisible(),
      ).toBe(true);
      const what = main(page).getByRole('combobox', { name: 'What' });
      await main(page).getByLabel('City').fill('New York');
      await what.pressSequentially('dent');
      await poll(() =>
        main(page)
          .getByRole('option', { name: /Dentistry/ })
          .isVisible(),
      ).toBe(true);
      expect(await what.getAttribute('aria-expanded')).toBe('true');
      await expectAccessible(page, `home with suggestions at ${viewport.width} px`, WCAG22);
      await shot(page, `finding-suggest-${viewport.width}`);
      // The keyboard takes a suggestion: down to it, Enter.
      const options = await main(page).getByRole('option').allTextContents();
      const index = options.findIndex((text) => text.startsWith('Dentistry'));
      for (let i = 0; i <= index; i += 1) await what.press('ArrowDown');
      await what.press('Enter');
      await page.waitForURL((url) => url.pathname === '/searchdoctor' && url.searchParams.get('q') === 'Dentistry');
      await poll(() => page.locator('.doctor-card').count()).toBeGreaterThan(0);
      // The box keeps the word (on a phone the place form folds into its one-line summary).
      if (phone) expect(await main(page).locator('.place-summary-text').textContent()).toContain('Dentistry');
      else expect(await main(page).getByRole('combobox', { name: 'What' }).inputValue()).toBe('Dentistry');

      // 2. The recommended order is the default and says how it is made; a single five-star is not above many good reviews.
      await page.goto(`${site.server.url}/searchdoctor?state=NY&count=50`);
      await poll(() => page.locator('.doctor-card').count()).toBeGreaterThan(1);
      const filters = phone ? page.locator('main dialog.sheet[open]') : main(page);
      if (phone) await page.getByRole('button', { name: /^Filters/ }).click();
      expect(await filters.getByLabel('Sort by').inputValue()).toBe('recommended');
      expect(await filters.getByRole('link', { name: '(how we order results)' }).getAttribute('href')).toBe('/aboutus#how-we-order-results');
      if (phone) await page.keyboard.press('Escape');
      const ratings = await cardRatings(page);
      const lone = ratings.findIndex((r) => r.count === 1 && r.average === 5);
      const trusted = ratings.findIndex((r) => r.count >= 10 && r.average >= 4.5);
      if (lone >= 0 && trusted >= 0) expect(trusted).toBeLessThan(lone);
      expect(await page.getByText('Claim this practice').count()).toBe(0);

      // 3. Open now: the practices whose hours are not listed are offered, then listed under their own heading.
      await page.goto(`${site.server.url}/searchdoctor?state=NY&open=1`);
      const offer = main(page).getByRole('button', { name: /^Show \d[\d,]* practices? whose hours are not listed$/ });
      await poll(() => offer.count()).toBeGreaterThan(0);
      await offer.click();
      await page.waitForURL(/unlisted=1/);
      await poll(() => main(page).getByRole('heading', { name: 'Hours not listed: call to check' }).isVisible()).toBe(true);
      expect(await main(page).getByText('Hudson Yards Pet Clinic').first().isVisible()).toBe(true);
      // The filter shows as a chip above the results; removing it is a new address without it.
      const chip = main(page).getByRole('button', { name: /^Open now\W*remove/ });
      await poll(() => chip.isVisible()).toBe(true);
      await shot(page, `finding-open-now-${viewport.width}`);
      await expectTargetsAtLeast24(page, `open now at ${viewport.width} px`, 'main');
      await chip.click();
      await page.waitForURL((url) => !url.searchParams.has('open'));
      await poll(() => page.locator('.doctor-card').count()).toBeGreaterThan(0);
      // The address changes before React has rendered the search without the filter: the chip goes in that render.
      await poll(() => chip.count()).toBe(0);

      // 4. The map: a pan offers 'Search this area', which searches the visible box; a marker chosen highlights its card.
      await page.goto(`${site.server.url}/searchdoctor?zip=10001`);
      await poll(() => page.locator('.doctor-card').count()).toBeGreaterThan(0);
      if (phone) await page.getByRole('button', { name: 'Map', exact: true }).click();
      const map = page.locator('.search-map .clinic-map');
      await poll(() => page.locator('.search-map path.leaflet-interactive').count()).toBeGreaterThan(0);
      // A pan with the keyboard (Leaflet's arrow keys on the focused map).
      await map.focus();
      await page.keyboard.press('ArrowRight');
      const area = page.getByRole('button', { name: 'Search this area' });
      await poll(() => area.isVisible()).toBe(true);
      await area.click();
      await page.waitForURL((url) => url.searchParams.has('box') && !url.searchParams.has('zip'));
      await poll(() => page.locator('.search-map path.leaflet-interactive').count()).toBeGreaterThan(0);
      await shot(page, `finding-map-${viewport.width}`);
      if (phone) await page.getByRole('button', { name: 'List', exact: true }).click();
      const first = page.locator('.doctor-card').first();
      const id = await first.getAttribute('data-doctor-id');
      if (phone) await page.getByRole('button', { name: 'Map', exact: true }).click();
      await page.locator(`.search-map path.doctor-marker-${id}`).dispatchEvent('click');
      if (phone) await page.getByRole('button', { name: 'List', exact: true }).click();
      await poll(() => page.locator(`.doctor-card.active[data-doctor-id="${id}"]`).count()).toBe(1);
      await poll(() => page.locator(`.doctor-card[data-doctor-id="${id}"]`).isVisible()).toBe(true);
      await expectAccessible(page, `map area search at ${viewport.width} px`, WCAG22);

      // 5. Nobody within 5 miles of a zip: the nearest wider radius that finds someone is offered with its count, and
      // taking it searches within it.
      await page.goto(`${site.server.url}/searchdoctor?zip=59061&radius=5`);
      await poll(() => main(page).locator('.results-count').textContent()).toBe('No listed veterinarians found for 59061 within 5 miles.');
      await poll(() => main(page).locator('.empty-results-wider').textContent()).toBe('Within 25 miles there is 1 veterinarian. Search within 25 miles');
      await expectAccessible(page, `wider radius offered at ${viewport.width} px`, WCAG22);
      await main(page).getByRole('button', { name: 'Search within 25 miles' }).click();
      await page.waitForURL((url) => url.searchParams.get('zip') === '59061' && url.searchParams.get('radius') === '25');
      await poll(() => main(page).locator('.results-count').textContent()).toMatch(/^1 veterinarian for 59061/);
      await poll(() => main(page).locator('.doctor-card .doctor-clinic').allTextContents()).toEqual(['Stillwater Valley Vet']);
      expect(await main(page).locator('.empty-results').count()).toBe(0);
      await shot(page, `finding-wider-${viewport.width}`);
    });
  }
});
