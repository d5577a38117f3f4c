// The structured data and the embedded page data in the HTML are data, not script: the browser runs
// none of them, the CSP (script-src 'self') reports nothing, and the pages still work.
import { describe, expect, it } from 'vitest';
import { PHONE, openPage } from './support/browser';
import { useSite } from './support/site';

const site = useSite({ DEMO_DATA: 'on' });

async function firstListed(kind: 'profiles' | 'articles'): Promise<string> {
  const index = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
  const child = new RegExp(`<loc>([^<]*/sitemaps/${kind}-1\\.xml)</loc>`).exec(index)![1]!;
  const urls = await (await fetch(new URL(new URL(child).pathname, site.server.url))).text();
  return new URL(/<loc>([^<]*)<\/loc>/.exec(urls)![1]!).pathname;
}

describe('data blocks in the HTML', () => {
  it('a profile and an article carry JSON-LD and their data without any CSP report', async () => {
    const { page, context, problems } = await openPage(site.browser, PHONE);
    // Listen before any script of the page runs.
    await context.addInitScript(() => {
      (window as unknown as { cspReports: string[] }).cspReports = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { cspReports: string[] }).cspReports.push(`${event.violatedDirective}: ${event.blockedURI}`),
      );
    });
    for (const path of [await firstListed('profiles'), await firstListed('articles')]) {
      const response = await page.goto(`${site.server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      await expect.poll(() => page.locator('main h1').textContent(), { timeout: 15_000 }).not.toMatch(/^(|Loading.*)$/);
      const blocks = await page.evaluate(() => ({
        jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as { '@type': unknown }),
        initial: document.getElementById('initial-data') !== null,
        reports: (window as unknown as { cspReports: string[] }).cspReports,
      }));
      expect(blocks.jsonLd.length, path).toBeGreaterThanOrEqual(2);
      expect(blocks.initial, path).toBe(true);
      expect(blocks.reports, path).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an article list opened directly shows its first page from the page itself, without asking the API', async () => {
    const { page } = await openPage(site.browser, PHONE);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    for (const path of ['/blogpage', '/ai-blogpage']) {
      await page.goto(`${site.server.url}${path}`);
      await expect.poll(() => page.locator('.article-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      expect(apiCalls, path).toEqual([]);
    }
    // Another page of the list is not embedded: the list asks for it.
    await page.goto(`${site.server.url}/blogpage?page=2`);
    await expect.poll(() => apiCalls.some((url) => url.includes('/api/articles/search'))).toBe(true);
  });
});
