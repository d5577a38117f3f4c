// A pet owner's search on the demo site (docs/product.md, Search): from the home search box by zip, narrow by a
// filter and the radius, page, open a profile with its hours and map, go back, reload the search address and
// get the same results; an empty search offers a wider radius. There is no network in browser tests: the
// OpenStreetMap tile requests fail (they are aborted here so the failure is the same everywhere), the map
// says so quietly, and the markers and the list stay.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite();
// The browser logs each aborted tile request; nothing else may fail.
const TILE_FAILURES = [/Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/];
const SHOTS = process.env.E2E_SCREENSHOTS;

async function noTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
}

const cardNames = (page: Page) => page.locator('.doctor-card .doctor-clinic').allTextContents();

/** The filters: on a phone in a sheet behind 'Filters' (docs/product.md 21.1), opened when it is not open. */
async function filtersOf(page: Page, phone: boolean) {
  if (!phone) return page.locator('main');
  const sheet = page.locator('main dialog.sheet[open]');
  if ((await sheet.count()) === 0) await page.getByRole('button', { name: /^Filters/ }).click();
  return sheet;
}

describe('searching for a vet', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`searches by zip, filters, pages, opens a profile and reloads at ${viewport.width} px`, async () => {
      const phone = viewport === PHONE;
      const { page } = await openPage(site.browser, viewport, { allow: TILE_FAILURES });
      await noTiles(page);
      await page.goto(`${site.server.url}/home`);
      await page.getByLabel('Zip code').first().fill('10001');
      await page.getByRole('button', { name: 'Find a vet' }).first().click();
      await page.waitForURL(/\/searchdoctor\?zip=10001$/);
      await expect.poll(() => page.locator('.doctor-card').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      const all = await cardNames(page);
      expect(all).toContain('Chelsea Animal Clinic');
      expect(all).toContain('Brooklyn Cat Hospital');
      // The map shows one marker per card, and says quietly that its background did not load. On a phone the map
      // is a view of its own (docs/product.md 21.1).
      if (phone) await page.getByRole('button', { name: 'Map' }).click();
      await expect
        .poll(() => page.locator('.clinic-map path.leaflet-interactive').count(), { timeout: 15_000 })
        .toBe(await page.locator('.doctor-card').count());
      await expect.poll(() => page.getByText('The map background could not load').isVisible()).toBe(true);
      if (phone) {
        await page.getByRole('button', { name: 'List' }).click();
      } else {
        // Hovering a card highlights its marker (the list and the map side by side).
        const chelsea = page.locator('.doctor-card', { hasText: 'Chelsea Animal Clinic' });
        const chelseaId = await chelsea.getAttribute('data-doctor-id');
        await chelsea.hover();
        await expect.poll(() => page.locator(`.clinic-map path.marker-active.doctor-marker-${chelseaId}`).count()).toBe(1);
        // Focus (keyboard) does the same.
        await chelsea.getByRole('link', { name: /View profile/ }).focus();
        await expect.poll(() => page.locator(`.clinic-map path.marker-active.doctor-marker-${chelseaId}`).count()).toBe(1);
      }
      // Open now / closed now badges come from the server's open_now.
      expect(await page.locator('.doctor-card .tag-open, .doctor-card .tag-closed').count()).toBeGreaterThan(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-results-${viewport.width}.png`, fullPage: true });

      // A filter: dogs only; the Brooklyn cats-only hospital goes; the URL and the checkbox say so.
      const filters = await filtersOf(page, phone);
      await filters.locator('summary', { hasText: 'Species treated' }).click();
      await filters.getByRole('checkbox', { name: 'dogs' }).click();
      await page.waitForURL(/species=dogs/);
      await expect
        .poll(async () => (await cardNames(page)).includes('Chelsea Animal Clinic') && !(await cardNames(page)).includes('Brooklyn Cat Hospital'))
        .toBe(true);
      expect(await filters.getByRole('checkbox', { name: 'dogs' }).isChecked()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-filters-${viewport.width}.png`, fullPage: true });
      // The radius: 5 miles.
      await filters.getByLabel(/^Within/).selectOption('5');
      await page.waitForURL(/radius=5/);
      if (phone) await filters.getByRole('button', { name: /^Show/ }).click();
      await expect.poll(() => cardNames(page)).toContain('Chelsea Animal Clinic');

      // Paging, with one result a page from a shared address.
      await page.goto(`${site.server.url}/searchdoctor?zip=10001&radius=25&count=1`);
      await expect.poll(() => page.getByText(/^Page 1 of \d+/).isVisible(), { timeout: 15_000 }).toBe(true);
      const first = await cardNames(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/start=1/);
      await expect.poll(() => page.getByText(/^Page 2 of \d+/).isVisible()).toBe(true);
      await expect
        .poll(
          async () =>
            (await page.locator('.skeleton-card').count()) === 0 &&
            JSON.stringify(await cardNames(page)) !== JSON.stringify(first) &&
            (await cardNames(page)).length === 1,
        )
        .toBe(true);
      const second = await cardNames(page);
      expect(second).toHaveLength(1);

      // The profile: hours with an open/closed line, the map with its marker, phone and website links.
      await page
        .locator('.doctor-card')
        .getByRole('link', { name: /View profile/ })
        .click();
      await page.waitForURL(/\/viewdoctorprofile\/\d+$/);
      await expect.poll(() => page.locator('main h1').textContent(), { timeout: 15_000 }).toBe(second[0]);
      await expect.poll(() => page.getByRole('heading', { name: 'Opening hours' }).isVisible()).toBe(true);
      await expect.poll(() => page.locator('.open-line').textContent()).toMatch(/^(Open now|Closed now|Closed today) in the clinic's time zone$/);
      // The profile's map loads when it comes into view (below the first screen on a phone).
      await page.locator('.profile-map').scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('.profile-map path.leaflet-interactive').count(), { timeout: 15_000 }).toBe(1);
      expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-${viewport.width}.png`, fullPage: true });
      // Loaded directly, the profile shows the same from the data embedded in the page (the page itself counts the view).
      await page.reload();
      await expect.poll(() => page.locator('main h1').textContent(), { timeout: 15_000 }).toBe(second[0]);
      await page.locator('.profile-map').scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('.profile-map path.leaflet-interactive').count(), { timeout: 15_000 }).toBe(1);
      await page.goBack();
      await page.waitForURL(/start=1/);
      await page.goForward();
      await page.waitForURL(/\/viewdoctorprofile\/\d+$/);

      // Back to the same page of results; a reload of the address gives the same results.
      await page.goBack();
      await page.waitForURL(/start=1/);
      await expect.poll(() => cardNames(page)).toEqual(second);
      await page.reload();
      await expect.poll(() => cardNames(page), { timeout: 15_000 }).toEqual(second);
      await expect.poll(() => page.getByText(/^Page 2 of \d+/).isVisible()).toBe(true);
    });
  }

  it('says how far an empty search looked, and dropping the filter that hides every vet is a new address that finds vets', async () => {
    const { page } = await openPage(site.browser, DESKTOP, { allow: TILE_FAILURES });
    await noTiles(page);
    await page.goto(`${site.server.url}/searchdoctor?zip=10001&radius=5&species=horses`);
    await expect.poll(() => page.getByText(/No listed veterinarians found for 10001 within 5 miles/).isVisible(), { timeout: 15_000 }).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-empty-1280.png`, fullPage: true });
    // Nobody treats horses within reach: the page says how far it looked, and offers to drop the filter that
    // hides every vet (docs/product.md 28.3); without it the search is a new address that finds vets.
    await expect.poll(() => page.locator('.empty-results-wider').textContent()).toMatch(/^Even within \d+ miles nobody matches\./);
    await page
      .getByRole('button', { name: /^Remove the filter/ })
      .first()
      .click();
    await page.waitForURL((url) => !url.search.includes('species='));
    await expect.poll(() => page.locator('.doctor-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('shows grey cards of the same size while a search loads', async () => {
    const { page } = await openPage(site.browser, PHONE, { allow: TILE_FAILURES });
    await noTiles(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/doctors/search', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.server.url}/searchdoctor?zip=10001`);
    await expect.poll(() => page.locator('.skeleton-card').count(), { timeout: 15_000 }).toBe(4);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-loading-390.png`, fullPage: true });
    release();
    await expect.poll(() => page.locator('.doctor-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('.skeleton-card').count()).toBe(0);
  });
});
