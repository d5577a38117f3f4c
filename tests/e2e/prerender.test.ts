// The first screen the server renders with React into the HTML (docs/decisions/089-server-rendering-with-react.md):
// without JavaScript a profile, an article, the article lists and /services show their main text, styled; with it,
// React hydrates that very markup: the nodes the browser parsed are the ones the app then owns (none replaced), no
// hydration error reaches the console, nothing moves (CLS by PerformanceObserver), and the app's script is asked for
// only once the first screen is painted (docs/product.md 11.6). Set PRERENDER_SHOTS=<folder>
// to keep screenshots of both states.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, openPage, settled } from './support/browser';
import { useSite } from './support/site';

const site = useSite();
const shots = process.env.PRERENDER_SHOTS;

/** The first profile the sitemaps list. */
async function firstProfile(): Promise<string> {
  const index = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
  const child = /<loc>([^<]*\/sitemaps\/profiles-1\.xml)<\/loc>/.exec(index)![1]!;
  const urls = await (await fetch(new URL(new URL(child).pathname, site.server.url))).text();
  return new URL(/<loc>([^<]*\/viewdoctorprofile\/\d+)<\/loc>/.exec(urls)![1]!).pathname;
}

/** Where the page's heading and first lines are, and the texts they show. */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { top: Math.round(rect.top), left: Math.round(rect.left), height: Math.round(rect.height), text: (element.textContent ?? '').trim().slice(0, 80) };
    };
    return {
      header: box('.site-header'),
      h1: box('main h1'),
      lead: box('main .lead, main .author-line, main .ai-disclosure'),
      first: box('main .card, main .article-card'),
    };
  });
}

const PAGES: Array<{ label: string; path: () => Promise<string>; expectText: RegExp }> = [
  { label: 'profile', path: firstProfile, expectText: /Opening hours/ },
  { label: 'article', path: async () => '/singlepost/:1', expectText: /(\w+ ){8}/ },
  { label: 'blog list', path: async () => '/blogpage', expectText: /Read Full Article/ },
  { label: 'AI article list', path: async () => '/ai-blogpage', expectText: /AI-assisted/ },
  { label: 'services', path: async () => '/services', expectText: /Start with Professional/ },
  { label: 'search', path: async () => '/searchdoctor', expectText: /Enter a zip code, a city or a state above/ },
];

describe('the first screen rendered on the server and hydrated', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const entry of PAGES) {
      it(`${entry.label} at ${viewport.width} px: the same content before and after the JavaScript, hydrated in place, no layout shift`, async () => {
        const url = `${site.server.url}${await entry.path()}`;
        // Without JavaScript: the page's own content, with the site's header and styles.
        const { page: still, context: bare } = await openPage(site.browser, viewport, { javaScriptEnabled: false });
        await still.goto(url, { waitUntil: 'load' });
        expect(await still.locator('main').innerText()).toMatch(entry.expectText);
        const before = await layoutOf(still);
        expect(before.header?.height, 'the header is styled').toBe(65);
        expect(before.h1?.text.length).toBeGreaterThan(3);
        if (shots) {
          fs.mkdirSync(shots, { recursive: true });
          await still.screenshot({ path: path.join(shots, `${entry.label.replace(/ /g, '-')}-${viewport.width}-nojs.png`) });
        }
        await bare.close();

        // With JavaScript: React hydrates the server's nodes without moving anything. Before any script runs (the
        // document is parsed, module scripts wait), the page keeps references to the server's nodes and watches #root.
        // The profile's map asks for tiles from the internet, which the test machine does not reach.
        const { page, context } = await openPage(site.browser, viewport, {
          allow: [/net::ERR_NAME_NOT_RESOLVED|net::ERR_FAILED|net::ERR_INTERNET_DISCONNECTED/],
        });
        await page.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            const root = document.getElementById('root')!;
            const kept = { shell: root.firstElementChild, h1: document.querySelector('main h1'), removed: 0, marked: root.hasAttribute('data-prerendered') };
            new MutationObserver((records) => {
              for (const record of records) for (const node of record.removedNodes) if (node === kept.shell || node === kept.h1) kept.removed += 1;
            }).observe(root, { childList: true, subtree: true });
            Object.assign(window, { kept });
          });
        });
        await page.goto(url); // returns once the app has hydrated (data-prerendered removed, support/browser.ts)
        const hydration = await page.evaluate(() => {
          const { kept } = window as unknown as { kept: { shell: Element | null; h1: Element | null; removed: number; marked: boolean } };
          return {
            marked: kept.marked,
            shellKept: kept.shell !== null && kept.shell === document.getElementById('root')!.firstElementChild,
            h1Kept: kept.h1 !== null && kept.h1.isConnected && kept.h1 === document.querySelector('main h1'),
            removed: kept.removed,
          };
        });
        expect(hydration, 'the server rendered the page and React adopted its nodes').toEqual({ marked: true, shellKept: true, h1Kept: true, removed: 0 });
        // The app's script is asked for once the first screen is painted (docs/product.md 11.6): its download never
        // delays that paint.
        const order = await page.evaluate(() => {
          const app = document.querySelector('script[data-app]')?.getAttribute('data-app') ?? '';
          return {
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
            asked: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(app))?.startTime ?? -1,
          };
        });
        expect(order.asked, "the app's script is asked for after the first contentful paint").toBeGreaterThanOrEqual(order.paint);
        await settled(page);
        const after = await layoutOf(page);
        expect(after.h1).toEqual(before.h1);
        expect(after.lead).toEqual(before.lead);
        expect(after.first).toEqual(before.first);
        const cls = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let sum = 0;
              new PerformanceObserver((list) => {
                for (const shift of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
                  if (!shift.hadRecentInput) sum += shift.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(sum), 200);
            }),
        );
        expect(cls, 'cumulative layout shift').toBeLessThan(0.05);
        expect(await page.locator('main').innerText()).toMatch(entry.expectText);
        if (shots) await page.screenshot({ path: path.join(shots, `${entry.label.replace(/ /g, '-')}-${viewport.width}-js.png`) });
        if (viewport === PHONE) await expectAccessible(page, entry.label);
        await context.close();
      });
    }
  }

  it('the search form sent before the app has started asks the same search the app asks', async () => {
    // Without JavaScript the browser sends the server's form itself: its action and fields are the page's address.
    const { page: still, context: bare } = await openPage(site.browser, PHONE, { javaScriptEnabled: false });
    await still.goto(`${site.server.url}/searchdoctor`, { waitUntil: 'load' });
    await still.getByLabel('Zip code').fill('10001');
    await Promise.all([still.waitForURL(/zip=10001/), still.getByRole('button', { name: 'Search', exact: true }).click()]);
    const sent = new URL(still.url());
    expect(sent.pathname).toBe('/searchdoctor');
    expect(sent.searchParams.get('zip')).toBe('10001');
    await bare.close();
    // The app reads that address as a search near 10001.
    const { page, context } = await openPage(site.browser, PHONE, { allow: [/net::ERR_NAME_NOT_RESOLVED|net::ERR_FAILED|net::ERR_INTERNET_DISCONNECTED/] });
    await page.goto(sent.href);
    await expect.poll(() => page.locator('main .results-count').textContent(), { timeout: 15_000 }).toMatch(/veterinarians? for 10001/);
    await context.close();
  });
});
