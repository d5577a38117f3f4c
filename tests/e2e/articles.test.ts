// Journey: a pet owner reads the demo articles: the blog list with its keyword search and
// pagination, a single post (id sent with its colon), and an AI-assisted article.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, launchBrowser, openPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'on' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('articles', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`lists, searches and opens blog articles at ${viewport.width} px`, async () => {
      const { page, context, problems } = await openPage(browser, viewport);
      await page.goto(`${server.url}/blogpage`);
      await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(6);
      await expect.poll(() => page.getByText('Total 6 items').isVisible()).toBe(true);
      // Each card: title, author, date as 'MMM DD, YYYY', summary, 'Read Full Article...'.
      const first = page.locator('.article-card').first();
      expect(await first.locator('.author-date').textContent()).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
      expect(await first.getByRole('link', { name: /Read Full Article/ }).textContent()).toBe('Read Full Article...');
      await expectAccessible(page, '/blogpage');

      await page.getByLabel('Key word').fill('dental');
      expect(await page.locator('.article-card').count(), 'searching waits for the button').toBe(6);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.locator('.article-card').count()).toBe(1);
      await expect.poll(() => page.getByText('Total 1 items').isVisible()).toBe(true);

      await page.getByRole('link', { name: /Read Full Article/ }).click();
      await page.waitForURL(/\/singlepost\/:\d+$/);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Five signs of dental disease in cats');
      await expect.poll(() => page.getByText('Bad breath').isVisible()).toBe(true);
      await expectAccessible(page, '/singlepost');
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('opens an AI-assisted article that says so and names its reviewer', async () => {
    const { page, context, problems } = await openPage(browser, DESKTOP);
    await page.goto(`${server.url}/ai-blogpage`);
    await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBe(3);
    await page.getByRole('link', { name: 'Read Full Article: Rabbit care basics for new owners' }).click();
    await page.waitForURL(/\/ai-singlepost\/:\d+$/);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Rabbit care basics for new owners');
    await expect.poll(() => page.getByText(/Drafted with AI assistance and reviewed by Site Administrator/).isVisible()).toBe(true);
    await expectAccessible(page, '/ai-singlepost');
    await page.goto(`${server.url}/ai-singlepost/:999999`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Article not found');
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});
