// Manage Articles as an editor meets it: write an article with an image, preview and publish it,
// find it on /blogpage with its cover, unpublish it and see it gone; and an AI draft from a local
// chat-completions server, reviewed, published, shown 'AI-assisted' with the reviewer's name.
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { startFakeAiServer, type FakeAiServer } from '../../server/test/fake-ai-server';
import { expectSafeLink, expectToast, openManageArticles, typeTickAdvice } from './support/article-editor';
import { DESKTOP, PHONE, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

let fake: FakeAiServer;
beforeAll(async () => {
  fake = await startFakeAiServer();
});
afterAll(() => fake?.close());

const site = useSite(() => ({ DEMO_DATA: 'on', AI_BASE_URL: fake.baseUrl, AI_API_KEY: fake.apiKey, AI_MODEL: fake.model, AI_TIMEOUT_MS: '5000' }));
const shots = process.env.SCREENSHOT_DIR;

async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

/** Signs the demo administrator in through the API and opens Manage Articles with the demo articles listed. */
async function openAsAdmin(page: Page) {
  const match = /Demo administrator: (\S+) \/ password: (\S+)/.exec(site.demoOutput + site.server.output());
  expect(match, 'the demo administrator is printed once').not.toBeNull();
  const res = await fetch(`${site.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: match![1], password: match![2] }),
  });
  const { token } = (await res.json()) as { token: string };
  await openManageArticles(page, site.server.url, token, 5);
}

async function photo(name: string, color: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ad-img-')), name);
  await sharp({ create: { width: 1200, height: 600, channels: 3, background: color } })
    .jpeg()
    .toFile(file);
  return file;
}

describe('Manage Articles', () => {
  it('writes an article with an image, previews and publishes it, shows it on /blogpage, unpublishes it', async () => {
    const { page, context, problems } = await openPage(site.browser, DESKTOP, { allow: [/status of 404/] });
    await openAsAdmin(page);
    await screenshot(page, 'editor-list-1280');
    await expectAccessible(page, '/articleeditor list');

    await page.getByRole('button', { name: 'New article' }).click();
    // NOTE: until the form is open, getByLabel('Title') also finds the list's "Search title, author or text".
    await expect.poll(() => page.locator('main h1').textContent()).toBe('New article');
    const title = `Ticks after a hike ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Dr. Test Writer');
    const editor = page.getByRole('textbox', { name: 'Article text' });
    await editor.click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    // Keyboard only: Tiptap's shortcut for bold, then the Link button and its panel.
    await typeTickAdvice(page);
    for (let i = 0; i < 'at once.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Link address').fill('https://www.cdc.gov/ticks/');
    await page.getByLabel('Link address').press('Enter');
    await expect.poll(() => page.getByLabel('Link address').count()).toBe(0);
    await expect.poll(() => editor.locator('a').getAttribute('href')).toBe('https://www.cdc.gov/ticks/');
    expect((await editor.locator('strong').allTextContents()).join('')).toBe('Remove ticks at once.');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await page.getByLabel('Image file (JPEG, PNG or WebP, up to 5 MB)').setInputFiles(await photo('inline.jpg', '#88aa66'));
    await page.getByLabel('Image description (alt text)', { exact: true }).fill('A tick remover next to a dog paw');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await expect.poll(() => editor.locator('img').getAttribute('src')).toMatch(/^\/uploads\//);
    await page.getByLabel('Cover image', { exact: true }).setInputFiles(await photo('cover.jpg', '#3366aa'));
    await expect.poll(() => page.locator('.image-field-cover img').getAttribute('src')).toMatch(/^\/uploads\//);
    await page.getByLabel('Cover image description (alt text)').fill('A dog on a forest trail');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Successfully Saved!');
    await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toMatch(/^\d+$/);
    await screenshot(page, 'editor-form-1280');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.locator('h1').textContent()).toBe(title);
    await expect.poll(() => preview.locator('.article-hero').getAttribute('alt')).toBe('A dog on a forest trail');
    await expect.poll(() => preview.locator('.article-contents img').getAttribute('alt')).toBe('A tick remover next to a dog paw');
    await expectSafeLink(preview.locator('.article-contents a'), 'https://www.cdc.gov/ticks/');
    await screenshot(page, 'editor-preview-1280');
    await page.getByRole('button', { name: 'Back to editing' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'The article is published.');

    await page.goto(`${site.server.url}/blogpage`);
    const card = page.locator('.article-card', { hasText: title });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.locator('img.article-image').getAttribute('src')).toMatch(/^\/uploads\//);
    expect(await card.locator('img.article-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await card.getByRole('link', { name: 'Read Full Article...' }).click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe(title);
    await expect.poll(() => page.locator('.article-contents h2').first().textContent()).toBe('Check every evening');
    await expectSafeLink(page.locator('.article-contents a'), 'https://www.cdc.gov/ticks/');
    const articleUrl = page.url();

    await page.goto(`${site.server.url}/articleeditor?q=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, 'The article is no longer published.');
    await page.goto(`${site.server.url}/blogpage`);
    await expect.poll(() => page.locator('.article-card').count()).toBeGreaterThan(0);
    expect(await page.locator('.article-card', { hasText: title }).count()).toBe(0);
    await page.goto(articleUrl);
    await expect.poll(() => page.locator('main h1').textContent()).toMatch(/not found/i);
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await context.close();
  });

  it('turns an AI draft from the local AI server into a reviewed, published article marked AI-assisted', async () => {
    fake.mode = 'ok';
    const { page, context, problems } = await openPage(site.browser, PHONE, { allow: [/status of 50\d/] });
    await openAsAdmin(page);
    await screenshot(page, 'editor-list-390');
    await page.getByRole('button', { name: 'Draft with AI' }).click();
    await page.getByLabel('Topic').fill('Hot pavement and dog paws');
    await page.getByRole('button', { name: 'Write draft' }).click();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe("Keeping your dog's paws safe on hot pavement");
    await expectToast(page, 'The AI draft is saved. Review it before publishing.');
    await expect.poll(() => page.getByRole('toolbar', { name: 'Formatting' }).isVisible()).toBe(true);
    await screenshot(page, 'editor-ai-draft-390');
    await expectAccessible(page, '/articleeditor form');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expectToast(page, 'The article is published.');
    const id = new URL(page.url()).searchParams.get('edit');

    await page.goto(`${site.server.url}/ai-singlepost/:${id}`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe("Keeping your dog's paws safe on hot pavement");
    await expect.poll(() => page.locator('.ai-disclosure').textContent()).toBe('AI-assisted Drafted with AI assistance and reviewed by Site Administrator.');
    expect(await page.locator('.article-contents script').count()).toBe(0);
    await screenshot(page, 'ai-article-390');

    fake.mode = 'http-error';
    await page.goto(`${site.server.url}/articleeditor`);
    await page.getByRole('button', { name: 'Draft with AI' }).click();
    await page.getByLabel('Topic').fill('Cats and lilies');
    await page.getByRole('button', { name: 'Write draft' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').textContent())
      .toContain('The AI service refused the request (HTTP 500). Nothing was saved');
    expect(await page.getByLabel('Topic').inputValue()).toBe('Cats and lilies');
    expect(problems.filter((p) => !/50\d/.test(p))).toEqual([]);
    await context.close();
  });
});
