// Manage Articles without a mouse: an administrator reaches every control with Tab and Shift+Tab,
// formats with the editor's shortcuts, links words with Ctrl+K, saves, previews and publishes; each
// control shows where the focus is, panels hand the focus back, and axe finds nothing at 390 and 1280 px.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectSafeLink, expectToast, openManageArticles, typeTickAdvice } from './support/article-editor';
import { DESKTOP, PHONE, expectAccessible, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite({
  env: { DEMO_DATA: 'on' },
  users: { editor: { email: 'keyboard-editor@example.com', stage: 'admin', firstName: 'Kim', lastName: 'Keys' } },
});
const shots = process.env.SCREENSHOT_DIR;

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user would; fails if it is not reachable. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let presses = 0; presses < 80; presses++) {
    if (await isFocused(target)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `${target} is reachable with ${backwards ? 'Shift+Tab' : 'Tab'}`).toBe(true);
  // The focused control is visibly marked: its own outline, or for the text area the frame around the editor.
  const marked = await target.evaluate((el) => {
    const own = getComputedStyle(el);
    if (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) return true;
    const frame = el.closest('.rich-text');
    return frame !== null && getComputedStyle(frame).boxShadow !== 'none';
  });
  expect(marked, `${target} shows a visible focus style`).toBe(true);
}

describe('Manage Articles by keyboard', () => {
  it('writes, formats, links, saves, previews and publishes an article with the keyboard alone', async () => {
    const { page, context, problems } = await openPage(site.browser, DESKTOP);
    await openManageArticles(page, site.server.url, site.users.editor.token);

    await tabTo(page, page.getByRole('button', { name: 'New article' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('New article');

    const title = `Keyboard tick check ${Date.now()}`;
    await tabTo(page, page.getByLabel('Title', { exact: true }));
    await page.keyboard.type(title);

    // Every toolbar control is a focusable button named by its visible word.
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
    const names = await toolbar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => [b.tagName, b.textContent, (b as HTMLButtonElement).tabIndex]));
    expect(names.map(([, name]) => name)).toEqual([
      'Heading',
      'Subheading',
      'Bold',
      'Italic',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
      'Image',
      'Undo',
      'Redo',
    ]);
    expect(names.every(([tag, , tabIndex]) => tag === 'BUTTON' && tabIndex === 0)).toBe(true);

    const editor = page.getByRole('textbox', { name: 'Article text' });
    // The shortcuts are told in plain sentences under the text, and read out with it (its description).
    const description = await editor.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim())
        .join(' '),
    );
    expect(description).toBe(
      'Press Ctrl+Alt+2 for a heading. Press Ctrl+B for bold. Press Ctrl+Shift+8 for a bulleted list. ' +
        'Press Ctrl+] or Ctrl+[ to move a list item in or out. Press Ctrl+K to add a link. Press Escape to go back to the toolbar.',
    );
    expect(await page.locator('.rich-text-keys').isVisible()).toBe(true);
    await tabTo(page, editor);
    await page.keyboard.press('Control+Alt+2');
    await typeTickAdvice(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the CDC advice on ticks');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+k');
    const address = page.getByLabel('Link address');
    await expect.poll(() => isFocused(address)).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('https://www.cdc.gov/ticks/');
    await page.keyboard.press('Enter');
    await expect.poll(() => address.count()).toBe(0);
    await expect.poll(() => isFocused(editor)).toBe(true);
    expect(await editor.locator('a').textContent()).toBe('Read the CDC advice on ticks');
    // The caret is after the link: Enter starts a new paragraph and keeps the linked words.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+8');
    await page.keyboard.type('Ears');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Between the toes');
    expect(await editor.locator('h2').textContent()).toBe('Check every evening');
    expect(await editor.locator('strong').textContent()).toBe('Remove ticks at once.');
    expect(await editor.locator('ul li').allTextContents()).toEqual(['Ears', 'Between the toes']);
    expect(await editor.locator('a').getAttribute('href')).toBe('https://www.cdc.gov/ticks/');

    // Ctrl+] and Ctrl+[ change a list item's level; Escape goes back to the toolbar's first button.
    await page.keyboard.press('Control+BracketRight');
    expect(await editor.locator('ul ul li').allTextContents()).toEqual(['Between the toes']);
    await page.keyboard.press('Control+BracketLeft');
    expect(await editor.locator('ul ul').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(toolbar.getByRole('button', { name: 'Heading', exact: true }))).toBe(true);
    expect(await editor.locator('ul li').count()).toBe(2);
    // A panel opened from the toolbar takes the focus; Escape closes it and gives the focus back to its button.
    const imageButton = toolbar.getByRole('button', { name: 'Image', exact: true });
    await tabTo(page, imageButton);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.getByLabel('Image file (JPEG, PNG or WebP, up to 5 MB)'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('group', { name: 'Image' }).count()).toBe(0);
    await expect.poll(() => isFocused(imageButton)).toBe(true);
    const linkButton = toolbar.getByRole('button', { name: 'Link', exact: true });
    await tabTo(page, linkButton, true);
    await page.keyboard.press('Space');
    await expect.poll(() => isFocused(address)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(linkButton)).toBe(true);

    // Tab passes through the text (even with the caret in a list) without changing it.
    await tabTo(page, page.getByLabel('Author', { exact: true }));
    expect(await editor.locator('ul li').allTextContents()).toEqual(['Ears', 'Between the toes']);
    expect(await editor.locator('ul ul').count()).toBe(0);
    await page.keyboard.type('Dr. Kim Keys');

    const save = page.getByRole('button', { name: 'Save draft' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Successfully Saved!');
    await expect.poll(() => new URL(page.url()).searchParams.get('edit')).toMatch(/^\d+$/);
    const id = new URL(page.url()).searchParams.get('edit');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Edit article');
    if (shots) await page.screenshot({ path: path.join(shots, 'editor-keyboard-1280.png'), fullPage: true });
    // NOTE: axe measures a fading toast's text at part opacity; it checks the form once the toast is gone.
    await expect.poll(() => page.locator('.toast').count(), { timeout: 10_000 }).toBe(0);
    await expectAccessible(page, '/articleeditor form at 1280 px');
    await page.setViewportSize(PHONE);
    await expectAccessible(page, '/articleeditor form at 390 px');
    if (shots) await page.screenshot({ path: path.join(shots, 'editor-keyboard-390.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);

    const previewButton = page.getByRole('button', { name: 'Preview' });
    await tabTo(page, previewButton);
    await page.keyboard.press('Enter');
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.locator('h1').textContent()).toBe(title);
    await expect.poll(() => isFocused(page.getByRole('button', { name: 'Back to editing' }))).toBe(true);
    await expectSafeLink(preview.locator('.article-contents a'), 'https://www.cdc.gov/ticks/');
    expect(await preview.locator('.article-contents ul li').count()).toBe(2);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.getByRole('button', { name: 'Preview' }))).toBe(true);

    await tabTo(page, page.getByRole('button', { name: 'Publish', exact: true }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'The article is published.');
    expect(await isFocused(page.getByRole('button', { name: 'Unpublish' }))).toBe(true);

    await page.goto(`${site.server.url}/singlepost/:${id}`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(title);
    const link = page.locator('.article-contents a');
    expect(await link.textContent()).toBe('Read the CDC advice on ticks');
    await expectSafeLink(link, 'https://www.cdc.gov/ticks/');
    expect(problems).toEqual([]);
    await context.close();
  });
});
