// Launches Chromium for browser tests: CHROME_PATH, else the system's /usr/bin/chromium, else the
// browser that the @sparticuz/chromium dev dependency unpacks into .cache/ (no download at test time).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import { JWT_STORAGE_KEY } from '../../../shared/constants/messages';
import { guardConsole, openGuards, type ConsoleGuard } from './console-guard';

const root = path.resolve(import.meta.dirname, '../../..');

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function executablePath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  // NOTE: @sparticuz/chromium unpacks into os.tmpdir(); point it at a cache folder of the project.
  const cache = path.join(root, '.cache/chromium');
  fs.mkdirSync(cache, { recursive: true });
  process.env.TMPDIR = cache;
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await executablePath(), headless: true, args: CHROMIUM_FLAGS });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (allowed or not). */
  problems: string[];
  /** The page's console guard: any problem it does not allow fails the test (checked by useSite after each test). */
  guard: ConsoleGuard;
}

export interface OpenPageOptions {
  /** Console errors or page errors this test provokes on purpose, e.g. /status of 401/ for a wrong password. */
  allow?: RegExp[];
  /** false: the page as a browser without JavaScript (or a crawler) sees it. */
  javaScriptEnabled?: boolean;
}

/** A fresh browser context and page of this size, watched by the console guard. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }, options: OpenPageOptions = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, javaScriptEnabled: options.javaScriptEnabled ?? true });
  const guard = guardConsole(context, options.allow);
  openGuards.push({ guard, context });
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) waitForTheAppAfterLoads(page);
  return { context, page, problems: guard.problems, guard };
}

/**
 * A page the server rendered (decision 089) shows its controls before the app has hydrated them, and a click then
 * does nothing. Every full load (goto, reload, back, forward) therefore returns only once the app has hydrated the
 * page, when it removes the `data-prerendered` mark of #root; other pages have no mark and return at once.
 */
function waitForTheAppAfterLoads(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await load(...args);
        await page.waitForFunction(() => !document.querySelector('[data-prerendered]'), undefined, { timeout: 20_000 });
        return response;
      },
    });
  }
}

/** Starts signed in: stores a session token as the app does after a login, on a page of the site at `siteUrl`. */
export async function storeSession(page: Page, siteUrl: string, token: string): Promise<void> {
  await page.goto(`${siteUrl}/home`);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [JWT_STORAGE_KEY, token]);
}

/**
 * Holds the app's check of a stored session (`/api/user/login-with-token`) until the answered function is called,
 * as a slow phone's network would: what a page shows meanwhile can be asserted. The call then goes on unchanged.
 */
export async function holdSessionCheck(page: Page): Promise<() => Promise<void>> {
  const PATTERN = '**/api/user/login-with-token';
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(PATTERN, async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await page.unroute(PATTERN);
  };
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Asserts that the page does not scroll sideways (a full-page screenshot is as wide as the window);
 * when it does, the message names the elements that stick out, outermost first.
 */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const { scrollWidth, clientWidth } = document.documentElement;
    const scrolls = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const outside = [...document.querySelectorAll('body *')].filter((el) => {
      if (el.getBoundingClientRect().right <= clientWidth + 1) return false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (scrolls(up)) return false;
      return true;
    });
    const names = outside.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`);
    return { scrollWidth, clientWidth, names };
  });
  expect(found.scrollWidth, `${label} scrolls sideways at ${found.clientWidth} px: ${found.names.join(', ')}`).toBeLessThanOrEqual(found.clientWidth);
}

/**
 * Resolves when the page shows its final state: every image it fetches has loaded or failed (and its
 * load and error handlers ran), the web fonts are in, and every finite CSS animation and transition (antd's
 * fades, focus rings) has ended. Waits for what the page does, never for a fixed time.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // NOTE: a lazy image below the fold does not load until it is scrolled to: it is not waited for.
    const fetched = (image: HTMLImageElement) => image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight;
    const pending = [...document.images]
      .filter((image) => !image.complete && fetched(image))
      .map((image) => new Promise((done) => (image.addEventListener('load', done, { once: true }), image.addEventListener('error', done, { once: true }))));
    await Promise.all([...pending, document.fonts.ready]);
    const finite = (animation: Animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime));
    await Promise.all(
      document
        .getAnimations()
        .filter(finite)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    // Two frames: what the last load, error or transitionend handlers changed is painted.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/** The WCAG 2.2 A/AA tags besides 2.1's, for pages checked against 2.2 (issue 36). */
export const WCAG22 = ['wcag22a', 'wcag22aa'];

/**
 * Asserts that axe-core finds no WCAG 2.1 A/AA violation, nor a best-practice finding (and none of `extraTags`,
 * e.g. WCAG22), on the page once its fades have ended.
 */
export async function expectAccessible(page: Page, label: string, extraTags: string[] = []): Promise<void> {
  // Checked as the user reads it: not in the middle of a fade (a toast fading in or out has a fraction of its contrast).
  const quiet = () =>
    page
      .waitForFunction(
        () =>
          document.querySelectorAll('.toast:not(.toast-shown)').length === 0 &&
          document
            .getAnimations()
            .every((animation) => animation.playState !== 'running' || !Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))),
        undefined,
        { timeout: 5_000, polling: 50 },
      )
      .catch(() => undefined);
  // label-content-name-mismatch (WCAG 2.5.3) is marked experimental in axe-core and off unless named.
  const scan = async () => {
    await quiet();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', ...extraTags])
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    return results.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  };
  // A toast that arrives while axe reads the page is read mid-fade: what a second reading after the fades still finds
  // is what the user meets (CI once saw .toast-text at a fraction of its contrast on the admin dashboard).
  let summary = await scan();
  if (summary.length > 0) summary = await scan();
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Asserts that every visible link, button, form control and [role=button] inside `scope` is at least 24 by 24 CSS
 * pixels (WCAG 2.2, 2.5.8), stricter than axe's rule, which excuses a small target with enough space around it.
 * A link inside a sentence is excused as the criterion allows (its size is the line's); a checkbox or radio counts
 * with its label, which clicks it too.
 */
export async function expectTargetsAtLeast24(page: Page, label: string, scope = 'body'): Promise<void> {
  const small = await page.evaluate((selector) => {
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A') return false;
      const block = el.closest('p, li, td, dd, figcaption');
      return !!block && block !== el && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    };
    const box = (el: Element) => {
      const label = el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? el.closest('label') : null;
      return (label ?? el).getBoundingClientRect();
    };
    const targets = [
      ...document.querySelectorAll(
        `${selector} a[href], ${selector} button, ${selector} [role=button], ${selector} input:not([type=hidden]), ${selector} select`,
      ),
    ];
    return targets
      .filter((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        return rect.width > 1 && rect.height > 1 && style.visibility !== 'hidden' && !el.closest('[aria-hidden=true], .visually-hidden');
      })
      .filter((el) => !inSentence(el))
      .map((el) => ({ el, rect: box(el) }))
      .filter(({ rect }) => rect.width < 24 - 0.5 || rect.height < 24 - 0.5)
      .map(
        ({ el, rect }) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
      );
  }, scope);
  expect(small, `targets under 24x24 px on ${label}`).toEqual([]);
}
