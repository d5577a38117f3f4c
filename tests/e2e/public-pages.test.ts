// Journeys of a pet owner on the demo site: find a vet near a zip code and open its profile; read
// the blog list with its keyword search, a single post (id sent with its colon), an AI article.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite();

describe('articles', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`lists, searches and opens blog articles at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(site.browser, viewport);
      await page.goto(`${site.server.url}/blogpage`);
      await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(10);
      await expect.poll(() => page.getByText('Total 24 items').isVisible()).toBe(true);
      // Every card is finished: a loaded cover with alt text and fixed dimensions, and the author's portrait.
      for (const cover of await page.locator('.article-card img.article-image').all()) {
        await cover.scrollIntoViewIfNeeded();
        await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await cover.getAttribute('alt')).toMatch(/\w{4}/);
        expect([await cover.getAttribute('width'), await cover.getAttribute('height')]).toEqual(['640', '320']);
      }
      expect(await page.locator('.article-card img.author-avatar').count()).toBe(10);
      // 24 items: no page-size selector (it shows above 50).
      expect(await page.getByLabel('Items per page').count()).toBe(0);
      // Each card: title, author, date as 'MMM DD, YYYY', summary, 'Read Full Article...'.
      const first = page.locator('.article-card').first();
      expect(await first.locator('.author-date').textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
      expect(await first.getByRole('link', { name: /Read Full Article/ }).textContent()).toBe('Read Full Article...');
      // The link is named by the spec's label exactly and described by its card's title.
      expect(await page.getByRole('link', { name: 'Read Full Article...', exact: true }).count()).toBe(10);
      const describedBy = await first.getByRole('link', { name: 'Read Full Article...', exact: true }).getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).textContent()).toBe(await first.locator('.article-title').textContent());
      await expectAccessible(page, '/blogpage');

      await page.getByLabel('Key word').fill('resorption');
      expect(await page.locator('.article-card').count(), 'searching waits for the button').toBe(10);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.locator('.article-card').count()).toBe(1);
      await expect.poll(() => page.getByText('Total 1 items').isVisible()).toBe(true);

      expect(new URL(page.url()).searchParams.get('q')).toBe('resorption');
      await page.getByRole('link', { name: /Read Full Article/ }).click();
      await page.waitForURL(/\/singlepost\/:\d+$/);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Five signs of dental disease in cats');
      await expect.poll(() => page.getByText('Bad breath').isVisible()).toBe(true);
      await expectAccessible(page, '/singlepost');
      await context.close();
    });
  }

  it('opens an AI-assisted article that says so and names its reviewer', async () => {
    // 404: the article that does not exist, opened on purpose.
    const { page, context } = await openPage(site.browser, DESKTOP, { allow: [/status of 404/] });
    await page.goto(`${site.server.url}/ai-blogpage`);
    await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(8);
    await expect.poll(() => page.getByText('Total 8 items').isVisible()).toBe(true);
    await page.locator('.article-card', { hasText: 'Rabbit care basics for new owners' }).getByRole('link', { name: 'Read Full Article...' }).click();
    await page.waitForURL(/\/ai-singlepost\/:\d+$/);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Rabbit care basics for new owners');
    await expect.poll(() => page.getByText(/Drafted with AI assistance and reviewed by Site Administrator/).isVisible()).toBe(true);
    await expectAccessible(page, '/ai-singlepost');
    await page.goto(`${site.server.url}/ai-singlepost/:999999`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
    await page.goto(`${site.server.url}/singlepost/:999999`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Page not found');
    await context.close();
  });

  it('keeps page, size and term in the URL', async () => {
    const { page, context, problems } = await openPage(site.browser, DESKTOP);
    await page.goto(`${site.server.url}/blogpage`);
    await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(10);
    const firstTitle = await page.locator('.article-card h2').first().textContent();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => page.locator('.article-card').count()).toBe(4);
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    await page.reload();
    await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(4);
    expect(await page.locator('.pagination [aria-current="page"]').textContent()).toBe('3');
    await page.goBack();
    await expect.poll(() => page.locator('.article-card h2').first().textContent()).toBe(firstTitle);
    await page.goto(`${site.server.url}/blogpage?q=vaccine&size=20`);
    await expect.poll(() => page.getByLabel('Key word').inputValue()).toBe('vaccine');
    await expect.poll(() => page.getByText(/^Total \d+ items$/).isVisible()).toBe(true);
    // A key word that matches nothing: the pagination still says how many.
    await page.getByLabel('Key word').fill('zebrafishxyz');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByText('Total 0 items').isVisible()).toBe(true);
    expect(await page.locator('.article-card').count()).toBe(0);
    expect(await page.getByText(/No articles match/).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks the server again when Search is clicked again after a failed search', async () => {
    const { page, context } = await openPage(site.browser, DESKTOP, { allow: [/ERR_CONNECTION_RESET|Failed to fetch/] });
    await page.goto(`${site.server.url}/blogpage`);
    await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(10);
    let searches = 0;
    let failing = true;
    // The network drops the search (a real failure the browser sees), then recovers.
    await page.route('**/api/articles/search', (route) => {
      searches++;
      return failing ? route.abort('connectionreset') : route.continue();
    });
    await page.getByLabel('Key word').fill('lipidosis');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => page.locator('.toaster').getByText('Server disconnected. We could not reach Animal Doctor; check your connection and try again.').isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('status').getByText('Searching...').isVisible()).toBe(true);
    failing = false;
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.article-card').count()).toBe(1);
    expect(searches).toBe(2);
    await context.close();
  });

  it("shows 'Server Error' and a way to retry when an AI article cannot be loaded", async () => {
    const { page, context } = await openPage(site.browser, PHONE, { allow: [/status of 500/] });
    await page.goto(`${site.server.url}/ai-blogpage`);
    const link = page.locator('.article-card', { hasText: 'Rabbit care basics for new owners' }).getByRole('link', { name: 'Read Full Article...' });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    const href = await link.getAttribute('href');
    await page.route('**/api/ai_articles/get-by-id', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong.', code: 'INTERNAL_ERROR' }) }),
    );
    // Opened from the list (a page the server did not make with the article embedded), so the browser asks for it.
    await link.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.locator('.toaster').getByText('Server Error', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await page.getByText('Loading…').count()).toBe(0);
    await page.unroute('**/api/ai_articles/get-by-id');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Rabbit care basics for new owners');
    await context.close();
  });
});

// The results map asks for OpenStreetMap tiles; browser tests have no network, so they are aborted and the
// browser's log of each failed tile is allowed (tests/e2e/search-map.test.ts checks the map itself).
const TILE_FAILURES = [/Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/];

describe('finding a vet', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`searches by zip from the home page and opens a profile at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(site.browser, viewport, { allow: TILE_FAILURES });
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
      await page.goto(`${site.server.url}/home`);
      await page.getByLabel('Zip code').fill('10001');
      await page.getByRole('button', { name: 'Find a vet' }).click();
      await page.waitForURL('**/searchdoctor?zip=10001');
      await expect.poll(() => page.locator('.results-count').textContent(), { timeout: 15_000 }).toMatch(/^\d+ veterinarians? for 10001(, nearest first)?$/);
      const cards = page.locator('.doctor-card');
      // Chelsea Animal Clinic is Premium: one clearly labelled Sponsored slot on top (listed once); the rest by distance.
      await expect.poll(() => cards.first().textContent()).toContain('Sponsored');
      expect(await cards.first().locator('h2').textContent()).toBe('Chelsea Animal Clinic');
      const distances = await page.locator('.doctor-card:not(.sponsored) .distance').allTextContents();
      const miles = distances.map((d) => parseFloat(d));
      expect(miles.length).toBeGreaterThan(0);
      expect([...miles].sort((a, b) => a - b)).toEqual(miles);
      await expectAccessible(page, '/searchdoctor');

      await page.getByRole('link', { name: 'View profile of Brooklyn Cat Hospital' }).click();
      await page.waitForURL(/\/viewdoctorprofile\/\d+$/);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Brooklyn Cat Hospital');
      await expect.poll(() => page.getByRole('heading', { name: 'Opening hours' }).isVisible()).toBe(true);
      await expect
        .poll(() =>
          page
            .getByText(/Accepting new patients · confirmed [A-Z][a-z]{2} \d{2}, \d{4}/)
            .first()
            .isVisible(),
        )
        .toBe(true);
      await expectAccessible(page, '/viewdoctorprofile');
      await context.close();
    });
  }

  it('searches by city and state name, and explains an unknown state', async () => {
    // 400: the unknown state, refused on purpose.
    const { page, context } = await openPage(site.browser, DESKTOP, { allow: [/status of 400/, ...TILE_FAILURES] });
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await page.goto(`${site.server.url}/searchdoctor?city=austin&state=Texas`);
    await expect.poll(() => page.locator('.results-count').textContent(), { timeout: 15_000 }).toBe('2 veterinarians for austin, Texas');
    await page.goto(`${site.server.url}/searchdoctor?state=Atlantis`);
    await expect
      .poll(() => page.locator('main').getByRole('alert').textContent())
      .toBe('We do not know the state "Atlantis". Use its name or two-letter code.');
    await context.close();
  });
});
