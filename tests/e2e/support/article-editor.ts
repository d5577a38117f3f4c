// Steps the Manage Articles journeys share (article-editor.test.ts by mouse, article-editor-keyboard.test.ts
// by keyboard): starting signed in on /articleeditor, typing the tick advice, and checking the toast
// and the links an article shows.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { storeSession } from './browser';

/** Opens /articleeditor signed in with `token` and waits for the list to show more than `rows` articles. */
export async function openManageArticles(page: Page, siteUrl: string, token: string, rows = 0): Promise<void> {
  await storeSession(page, siteUrl, token);
  await page.goto(`${siteUrl}/articleeditor`);
  await expect.poll(() => page.locator('main h1').textContent()).toBe('Manage Articles');
  await expect.poll(() => page.locator('.editor-row').count()).toBeGreaterThan(rows);
}

/**
 * With the heading style turned on and the caret in the article text, types a heading, a paragraph and,
 * in bold, 'Remove ticks at once.'; the caret is left after the bold words, with bold turned off.
 */
export async function typeTickAdvice(page: Page): Promise<void> {
  await page.keyboard.type('Check every evening');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Run your hands over your dog from nose to tail and look between the toes. ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Remove ticks at once.');
  await page.keyboard.press('Control+b');
}

/** Waits for the toast that says `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.locator('.toaster').getByText(text).isVisible()).toBe(true);
}

/** The link goes to `href` and, as every link an article shows, gives the site away to no one. */
export async function expectSafeLink(link: Locator, href: string): Promise<void> {
  expect(await link.getAttribute('href')).toBe(href);
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
}
