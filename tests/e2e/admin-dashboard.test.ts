// Issue 29's dashboard in a real browser (docs/product.md section 24): an administrator signs in, /admin opens
// on the Dashboard tab, and its tiles and charts show figures that agree with what this test did: a pet owner
// who signed up, a listed Premium practice, searches made. At 390 px the tiles stack and nothing scrolls
// sideways; at 1280 px they form a grid. Screenshots of both widths go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { DashboardAnswer } from '../../shared/schemas/dashboard';
import { DESKTOP, PHONE, expectAccessible, expectNoSidewaysScroll, openPage, settled } from './support/browser';
import { FIXTURE_PASSWORD } from './support/users';
import { useSite } from './support/site';

const tag = randomUUID().slice(0, 8);
const site = useSite({
  // The statistics are written every 200 ms, so the searches reach the dashboard at once.
  env: { STATS_FLUSH_MS: '200' },
  users: {
    admin: { email: `dash-admin-${tag}@example.com`, stage: 'admin', firstName: 'Dana', lastName: 'Boss' },
    premium: { email: `dash-vet-${tag}@example.com`, stage: 'paid', plan: 3, listedAs: `Dashboard Clinic ${tag}` },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

async function api(url: string, body: object, token?: string) {
  const answer = await fetch(`${site.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(answer.status, url).toBeLessThan(300);
  return answer.json() as Promise<unknown>;
}
const figures = async (days = 30) => ((await api('/api/admin/dashboard', { days }, site.users.admin.token)) as DashboardAnswer).figures;
const tile = (page: Page, id: string) => page.getByTestId(`figure-${id}`);

describe('the business dashboard', () => {
  it('is the first tab of /admin and shows figures and charts that agree with the data', async () => {
    const before = await figures();
    await api('/api/user/register', {
      first_name: 'Pat',
      last_name: 'Owner',
      email: `dash-owner-${tag}@example.com`,
      password: FIXTURE_PASSWORD,
      account_type: 'owner',
    });
    for (const state of ['MT', 'MT']) await api('/api/doctors/search', { searchState: state });
    await poll(async () => (await figures()).searches.total).toBe(before.searches.total + 2);
    const after = await figures();
    expect(after.new_accounts.owners).toBe(before.new_accounts.owners + 1);
    expect(after.listed_by_plan.plans.find((p) => p.plan === 3)!.count).toBeGreaterThanOrEqual(1);

    // The administrator signs in with the form and opens Manage Users from the menu.
    const { page, context } = await openPage(site.browser, PHONE);
    await page.goto(`${site.server.url}/signin`);
    await page.locator('main').getByLabel('Email', { exact: true }).fill(site.users.admin.email);
    await page.locator('main').getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Manage Users' }).click();
    await page.waitForURL('**/admin');

    const tabs = page.locator('.admin-tabs button');
    await poll(() => tabs.first().textContent()).toBe('Dashboard');
    expect(await tabs.first().getAttribute('aria-current')).toBe('page');
    await poll(() => tile(page, 'new-owners').textContent()).toBe(after.new_accounts.owners.toLocaleString('en-US'));
    expect(await tile(page, 'new-vets').textContent()).toBe(after.new_accounts.vets.toLocaleString('en-US'));
    expect(await tile(page, 'searches').textContent()).toBe(after.searches.total.toLocaleString('en-US'));
    expect(await tile(page, 'listed').textContent()).toBe(after.listed_by_plan.total.toLocaleString('en-US'));
    expect(await tile(page, 'listed-3').textContent()).toBe(String(after.listed_by_plan.plans.find((p) => p.plan === 3)!.count));
    expect(await tile(page, 'pending-reviews').textContent()).toBe(String(after.pending_reviews.count));
    expect(Number((await tile(page, 'revenue').textContent())!.replace(/[$,]/g, ''))).toBe(after.monthly_revenue.cents / 100);

    // Four charts, each with a title and a table of the 30 days; the queues include the claims waiting.
    expect(await tile(page, 'requests-answered').textContent()).toBe(after.requests_answered!.total.toLocaleString('en-US'));
    expect(await tile(page, 'claims-waiting').textContent()).toBe(String(after.claims_waiting!.count));
    const charts = page.locator('figure.daily-chart');
    expect(await charts.count()).toBe(4);
    expect(await charts.locator('figcaption').allTextContents()).toEqual(['New accounts', 'Searches', 'Profile views', 'Requests answered']);
    await charts.nth(1).locator('summary').click();
    expect(await charts.nth(1).locator('tbody tr').count()).toBe(30);
    expect(await charts.nth(1).locator('tbody tr').first().locator('td').textContent()).toBe(after.searches.series.at(-1)!.count.toLocaleString('en-US'));
    await charts.nth(1).locator('summary').click();

    // At 390 px the tiles stack in one column and nothing scrolls sideways.
    const lefts = async () => new Set(await page.locator('.dashboard-tile').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left))));
    expect((await lefts()).size).toBe(1);
    await expectNoSidewaysScroll(page, '/admin dashboard');
    await settled(page);
    await page.screenshot({ path: path.join(shots, 'admin-dashboard-phone.png'), fullPage: true });
    await expectAccessible(page, '/admin dashboard at 390 px');

    // At 1280 px they form a grid; a year's window goes into the URL and shows 365 days.
    await page.setViewportSize(DESKTOP);
    await poll(async () => (await lefts()).size).toBe(4);
    await page.getByRole('button', { name: '365 days' }).click();
    await page.waitForURL(/days=365/);
    await poll(() => page.locator('.dashboard-note').textContent()).toContain(after.searches.series.at(-1)!.day);
    await charts.nth(0).locator('summary').click();
    await poll(() => charts.nth(0).locator('tbody tr').count()).toBe(365);
    await charts.nth(0).locator('summary').click();
    await settled(page);
    await page.screenshot({ path: path.join(shots, 'admin-dashboard-desktop.png'), fullPage: true });
    await expectAccessible(page, '/admin dashboard at 1280 px');

    // The other tabs stay one click away.
    await tabs.filter({ hasText: 'Users' }).click();
    await page.waitForURL(/tab=users/);
    await poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await context.close();
  });
});
