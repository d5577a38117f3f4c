// Issue 36 part 7 in a real browser, at 390 and at 1280 px (docs/product.md section 29): an administrator signs in
// and opens it from the menu ('Manage Users'); presses Back up now, sees the new backup in the list and downloads it
// with the browser's own session; publishes a held review without a reason; sees the dashboard count people who
// signed up and not the listings an import makes; dry-runs and then runs an import whose file has a broken quote,
// and reads a summary that counts every data row; and filters the activity by e-mail address. Every tab touched is
// checked with axe (WCAG 2.2 AA) and must not scroll sideways. Screenshots go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FIXTURE_PASSWORD } from './support/users';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, openPage, settled } from './support/browser';
import { useSite } from './support/site';

const tag = randomUUID().slice(0, 6);
const site = useSite({
  users: {
    admin: { email: `fixes-admin-${tag}@example.com`, stage: 'admin', firstName: 'Greta', lastName: 'Keeper' },
    vet: { email: `fixes-vet-${tag}@example.com`, stage: 'paid', plan: 2, listedAs: `Larkspur Animal Hospital ${tag}` },
    // Accounts younger than a day have their reviews held for an administrator (docs/product.md section 13).
    writer390: { email: `fixes-writer-a-${tag}@example.com`, stage: 'verified', firstName: 'Wren', lastName: 'Author' },
    writer1280: { email: `fixes-writer-b-${tag}@example.com`, stage: 'verified', firstName: 'Wade', lastName: 'Author' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const main = (page: Page) => page.locator('main');
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);

async function api(url: string, body: object, token?: string): Promise<unknown> {
  const answer = await fetch(`${site.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(answer.status, `${url}: ${answer.status}`).toBeLessThan(300);
  return answer.json();
}

/** Checked as a person meets it: no sideways scroll, no axe finding (WCAG 2.2 AA), and a screenshot to look at. */
async function check(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name, WCAG22);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function openTab(page: Page, label: string) {
  await main(page).getByRole('navigation', { name: 'Administration' }).getByRole('button', { name: label, exact: true }).click();
  await poll(() => main(page).getByRole('button', { name: label, exact: true }).getAttribute('aria-current')).toBe('page');
}

const newAccounts = async (page: Page) => {
  await openTab(page, 'Dashboard');
  const figure = main(page).getByTestId('figure-new-accounts');
  await poll(() => figure.isVisible()).toBe(true);
  return Number((await figure.innerText()).replace(/,/g, ''));
};

describe('Administration fixes (issue 36, part 7)', () => {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`walks backups, review publishing, sign-ups, the import and the activity filters at ${label} px`, { timeout: 240_000 }, async () => {
      const { admin, vet } = site.users;
      const writer = label === '390' ? site.users.writer390 : site.users.writer1280;
      const title = `Calm with our cat ${label}`;
      await api(
        '/api/reviews/create',
        {
          doctor_id: vet.id,
          rating: 5,
          title,
          text: 'They took time to calm our nervous cat and explained every step.',
          visit_month: '2025-03',
          species: 'cat',
        },
        writer.token,
      );

      // 1. The administrator signs in, lands on the area (docs/product.md 26.4), and finds it in the account menu ('Manage Users').
      const { page } = await openPage(site.browser, size);
      await page.goto(`${site.server.url}/signin`);
      await main(page).getByLabel('Email', { exact: true }).fill(admin.email);
      await main(page).getByLabel('Password', { exact: true }).fill(FIXTURE_PASSWORD);
      await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin');
      await page.goto(`${site.server.url}/home`);
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Manage Users' }).click();
      await page.waitForURL('**/admin');
      await poll(() => main(page).locator('h1').textContent()).toBe('Administration');
      await poll(() => page.title()).toBe('Administration · Animal Doctor');
      const signUpsBefore = await newAccounts(page);

      // 2. Back up now: the button shows its progress, then the new backup leads the list; its download is the file.
      await openTab(page, 'Backups');
      const backUp = main(page).getByRole('button', { name: 'Back up now' });
      await poll(() => backUp.isEnabled()).toBe(true);
      await check(page, `admin-backups-before-${label}`);
      await backUp.click();
      await poll(() => toast(page, /^Backup made: /).isVisible()).toBe(true);
      const made = (await toast(page, /^Backup made: /).innerText()).replace(/^Backup made: /, '').replace(/\.$/, '');
      const [when, size_] = made.split(/, (?=[\d.]+ [KMG]B$)/);
      const fresh = main(page).locator('.backup-item').first();
      // The new backup leads the list once the list is read again; one made earlier in the same minute reads alike until then.
      await poll(() => fresh.getAttribute('class')).toContain('is-fresh');
      expect(await fresh.innerText()).toContain(when!);
      expect(await fresh.innerText()).toContain(size_!);
      expect(await fresh.locator('.badge').innerText()).toBe('Back up now');
      expect(await main(page).getByRole('button', { name: 'Back up now' }).isEnabled()).toBe(true);
      const name = await fresh.locator('.backup-name').innerText();
      expect(name).toMatch(/^animal-doctor-backup-\d{8}T\d{6}Z-manual\.tar\.gz$/);
      const downloading = page.waitForEvent('download');
      await fresh.getByRole('button', { name: /^Download/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(name);
      const saved = await download.path();
      const bytes = fs.statSync(saved).size;
      expect(bytes).toBeGreaterThan(1000);
      // The gzip magic number: a real archive, not an error page.
      expect([...fs.readFileSync(saved).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      await check(page, `admin-backups-${label}`);

      // 3. A held review is published without a reason.
      await openTab(page, 'Reviews');
      const held = main(page).locator('.moderation-item', { hasText: title });
      await poll(() => held.isVisible()).toBe(true);
      await held.getByRole('button', { name: /^Publish/ }).click();
      const dialog = page.getByRole('dialog');
      await poll(() => dialog.getByLabel(/Reason \(optional when publishing/).isVisible()).toBe(true);
      expect(await dialog.getByText(/At least \d+ characters/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Publish and e-mail the author' }).click();
      await poll(() => toast(page, 'The review is published; the author was e-mailed.').isVisible()).toBe(true);
      await poll(() => held.count()).toBe(0);
      await main(page)
        .getByRole('tab', { name: /Published/ })
        .click();
      await poll(() => main(page).locator('.moderation-item', { hasText: title }).isVisible()).toBe(true);
      await check(page, `admin-reviews-${label}`);

      // 4. An import with a broken quote: a dry run, then the run; every data row is counted.
      const p = `fx-${tag}-${label}`;
      const csv = [
        'external_id,clinic_name,street,city,state,zip,phone,website_url,species,services',
        `${p}-1,Juniper Pet Clinic ${p},5 W 31st St,New York,NY,10001,,,Dogs,Vaccinations`,
        `${p}-2,"Broken Quote Clinic ${p},6 W 31st St,New York,NY,10001,,,Dogs,Vaccinations`,
        `${p}-3,Swallowed Clinic ${p},7 W 31st St,New York,NY,10001,,,Cats,Dentistry`,
        `${p}-4,Also Swallowed ${p},8 W 31st St,New York,NY,10001,,,Cats,Dentistry`,
      ].join('\n');
      await openTab(page, 'Import');
      await poll(() => main(page).getByRole('heading', { name: 'Step 1: Dry run' }).isVisible()).toBe(true);
      expect(await main(page).getByRole('heading', { name: 'Step 2: Run the import' }).isVisible()).toBe(true);
      expect(await main(page).getByText('Nothing is saved.').isVisible()).toBe(true);
      await main(page)
        .locator('input[type=file]')
        .setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await main(page).getByRole('button', { name: 'Dry run', exact: true }).click();
      await poll(() => main(page).getByText('Dry run finished').isVisible()).toBe(true);
      await poll(() => main(page).locator('.import-counts').innerText()).toMatch(/4 of 4 rows · would create 1 · would update 0 · skipped 3/);
      expect(
        await main(page)
          .getByRole('cell', { name: /never closed: the rest of the file could not be read/ })
          .count(),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await main(page)
          .getByRole('cell', { name: /^Not read: the quote opened on line 3/ })
          .count(),
      ).toBeGreaterThanOrEqual(2);
      await check(page, `admin-import-dry-run-${label}`);
      await main(page).getByRole('button', { name: 'Run the import', exact: true }).click();
      await poll(() => main(page).getByText('Import finished').isVisible()).toBe(true);
      await poll(() => main(page).locator('.import-counts').innerText()).toMatch(/4 of 4 rows · created 1 · updated 0 · skipped 3/);
      await check(page, `admin-import-${label}`);

      // 5. The dashboard counts people who signed up: the imported listing adds none, a pet owner's sign-up adds one.
      // (Each count is read after a reload, so it is the server's answer of that moment.)
      await page.reload();
      expect(await newAccounts(page)).toBe(signUpsBefore);
      await api('/api/user/register', {
        first_name: 'Pia',
        last_name: 'Owner',
        email: `fixes-owner-${label}-${tag}@example.com`,
        password: FIXTURE_PASSWORD,
        account_type: 'owner',
      });
      await page.reload();
      await poll(() => newAccounts(page)).toBe(signUpsBefore + 1);
      await check(page, `admin-dashboard-${label}`);

      // 6. The activity, filtered by the administrator's e-mail address: their backup, download and import.
      await openTab(page, 'Activity');
      const filters = main(page).getByRole('form', { name: 'Filter activity' });
      await filters.getByLabel('Who (name or e-mail)').fill(admin.email);
      await filters.getByRole('button', { name: 'Filter' }).click();
      await poll(() => page.url()).toContain(`actor=${encodeURIComponent(admin.email)}`);
      for (const action of ['Made a backup', 'Downloaded a backup', 'Imported practices'])
        await poll(() => main(page).getByRole('cell', { name: action }).first().isVisible()).toBe(true);
      await poll(() => main(page).getByText('Greta Keeper').first().isVisible()).toBe(true);
      await check(page, `admin-activity-${label}`);
      await filters.getByLabel('Who (name or e-mail)').fill(`nobody-${tag}@example.com`);
      await filters.getByRole('button', { name: 'Filter' }).click();
      await poll(() => main(page).getByText('Nothing recorded matches these filters.').isVisible()).toBe(true);
    });
  }
});
