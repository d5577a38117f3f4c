// Issue 12's journey in a real browser: an administrator finds a vet in review by search and approves
// it, suspends another account whose open session (in its own browser) is refused at once and signed
// out, sees both in Activity, and exports the confirmed newsletter subscribers (the download's
// content is checked). Screenshots of every tab and the drawer at 390 and 1280 px go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JWT_STORAGE_KEY } from '../../shared/constants/messages';
import { codeOf } from '../../server/test/smtp-capture';
import { DESKTOP, PHONE, expectAccessible, openPage, settled } from './support/browser';
import { useSite } from './support/site';

const tag = randomUUID().slice(0, 8);
const site = useSite({
  mail: true,
  users: {
    admin: { email: `admin-${tag}@example.com`, stage: 'admin', firstName: 'Avery', lastName: 'Boss' },
    member: { email: `member-${tag}@example.com`, stage: 'paid', firstName: 'Morgan', lastName: 'Lee' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

// Server calls share two cores with other work: give each expectation time.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);

async function signedIn(size: typeof PHONE, token: string, allow: RegExp[] = []) {
  const tracked = await openPage(site.browser, size, { allow });
  // NOTE: about:blank has no localStorage; only pages of the site get the token.
  await tracked.context.addInitScript(
    ([key, value]) => {
      if (location.protocol.startsWith('http')) localStorage.setItem(key!, value!);
    },
    [JWT_STORAGE_KEY, token],
  );
  return tracked;
}

async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-desktop`);
}

/** At phone width the page reads without scrolling sideways (no page, table or tab bar wider than its box) and passes axe. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  const sideways = () =>
    page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('.table-scroll, .admin-tabs')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
    );
  await poll(sideways).toEqual([]);
  // NOTE: a toast fading in or out is half transparent, which axe reads as too little contrast.
  await poll(() => page.locator('.toast-in, .toast-out').count()).toBe(0);
  await expectAccessible(page, `${name} at ${PHONE.width} px`);
  await page.setViewportSize(DESKTOP);
}

async function confirmedSubscriber(email: string) {
  const post = (url: string, body: object) =>
    fetch(`${site.server.url}/api/user/${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('send-subscribe-verify-code', { email })).status).toBe(200);
  const code = codeOf(await site.mail.waitFor((m) => m.to.includes(email)));
  expect((await post('check-subscribe-verify-code', { email, verifyCode: code })).status).toBe(200);
}

describe('Manage Users', () => {
  it('finds and approves a vet in review, suspends a signed-in member, shows both in Activity and exports subscribers', async () => {
    const { admin, member } = site.users;
    const subscriber = `news-${tag}@example.com`;
    await confirmedSubscriber(subscriber);

    // The member is signed in, in a browser of their own.
    const memberTab = await signedIn(PHONE, member.token, [/status of 401/]);
    await memberTab.page.goto(`${site.server.url}/home`);
    await poll(() => memberTab.page.getByRole('button', { name: /Account menu/ }).isVisible()).toBe(true);

    const { page } = await signedIn(DESKTOP, admin.token);
    // The Users tab (the Dashboard is the first tab, docs/product.md section 24).
    await page.goto(`${site.server.url}/admin?tab=users`);
    await poll(() => page.locator('main h1').textContent()).toBe('Administration');
    await poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(3);
    await bothWidths(page, 'admin-users');
    await expectAccessible(page, '/admin users');
    await fitsPhone(page, '/admin users');

    // Search for the demo vet in review and approve from the drawer.
    await page.getByLabel('Search name, e-mail or clinic').fill('Isthmus');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/q=Isthmus/);
    await poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Ines Takahashi' }).click();
    const drawer = page.locator('.ant-drawer');
    await poll(() => drawer.getByRole('heading', { name: 'Profile as the public sees it' }).isVisible()).toBe(true);
    await poll(() => drawer.getByText('Isthmus Animal Hospital').first().isVisible()).toBe(true);
    await bothWidths(page, 'admin-drawer');
    await expectAccessible(page, '/admin drawer');
    await drawer.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByRole('dialog', { name: 'Approve Ines Takahashi' }).getByRole('button', { name: 'Approve and e-mail the vet' }).click();
    await poll(() => toast(page, 'Ines Takahashi is approved and listed.').isVisible()).toBe(true);
    await poll(() => drawer.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
    await poll(() => page.locator('.ant-table-row').first().getByText('Approved').isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close' }).click();

    // Find the member (at phone width) and suspend them.
    await page.setViewportSize(PHONE);
    await page.getByLabel('Search name, e-mail or clinic').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Morgan Lee' }).click();
    await drawer.getByRole('button', { name: 'Suspend', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Suspend Morgan Lee' });
    await shot(page, 'admin-suspend-dialog-phone');
    await ask.getByRole('button', { name: 'Suspend', exact: true }).click();
    await poll(() => toast(page, 'Morgan Lee is suspended.').isVisible()).toBe(true);
    await poll(() => drawer.getByText('Suspended').first().isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Close' }).click();

    // The member's open session is refused at their next call, and they are signed out.
    // Pricing reads the member's subscription: that call is refused and the page signs out.
    await memberTab.page.locator('footer').getByRole('link', { name: 'Pricing' }).click();
    await memberTab.page.waitForURL('**/services');
    await poll(() => memberTab.problems.join('\n')).toMatch(/status of 401/);
    await poll(() => memberTab.page.getByRole('button', { name: /Account menu/ }).count()).toBe(0);
    await poll(() => memberTab.page.evaluate((key) => localStorage.getItem(key), JWT_STORAGE_KEY)).toBeNull();
    await poll(() => memberTab.page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);
    await shot(memberTab.page, 'member-signed-out-phone');

    // Activity shows both, with who, what, to whom and from where.
    await page.getByRole('button', { name: 'Activity' }).click();
    await page.waitForURL(/tab=activity/);
    const approved = page.locator('.ant-table-row', { hasText: 'Approved profile' }).filter({ hasText: 'Ines Takahashi' });
    const suspended = page.locator('.ant-table-row', { hasText: 'Suspended' }).filter({ hasText: member.email });
    await poll(() => approved.count()).toBe(1);
    await poll(() => suspended.count()).toBe(1);
    await poll(() => suspended.getByText('Avery Boss').isVisible()).toBe(true);
    await bothWidths(page, 'admin-activity');
    await expectAccessible(page, '/admin activity');
    await fitsPhone(page, '/admin activity');

    // Subscribers: the confirmed one is listed and in the exported CSV.
    await page.getByRole('button', { name: 'Subscribers' }).click();
    await page.waitForURL(/tab=subscribers/);
    await page.getByLabel('State').selectOption('confirmed');
    await poll(() => page.locator('.ant-table-row', { hasText: subscriber }).count()).toBe(1);
    await bothWidths(page, 'admin-subscribers');
    await expectAccessible(page, '/admin subscribers');
    await fitsPhone(page, '/admin subscribers');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export confirmed (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('"email","confirmed_at","subscribed_at"');
    expect(lines.some((line) => line.startsWith(`"${subscriber}",`))).toBe(true);

    // The review queue is a tab of the same page.
    await page.getByRole('button', { name: 'Review queue' }).click();
    await poll(() => page.getByRole('tab', { name: /In review/ }).isVisible()).toBe(true);
    await bothWidths(page, 'admin-review');
    await expectAccessible(page, '/admin review queue');
    await fitsPhone(page, '/admin review queue');
  });
});
