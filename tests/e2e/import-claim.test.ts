// Issue 27's journey in a real browser, at 390 and at 1280 px (docs/product.md section 20): an administrator imports
// a CSV file on /admin (dry run, then the import, whose progress survives a reload); a visitor finds the practice
// marked 'Unclaimed' (its website link reads as the domain); its vet claims it with the code e-mailed to an address
// at the practice's domain, buys a plan in the sandbox and edits its phone and summary in Edit Profile; the public
// profile shows the edits and is no longer marked unclaimed.
import path from 'node:path';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../shared/constants/messages';
import { codeOf } from '../../server/test/smtp-capture';
import { DESKTOP, PHONE, WCAG22, expectAccessible, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';

const site = useSite({
  mail: true,
  users: {
    admin: { email: `importer-${randomUUID().slice(0, 8)}@example.com`, stage: 'admin', firstName: 'Ida', lastName: 'Importer' },
    vetphone: { email: `claimer-p-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Pia', lastName: 'Claimer' },
    vetdesktop: { email: `claimer-d-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Dev', lastName: 'Claimer' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const main = (page: Page) => page.locator('main');
const toast = (page: Page, text: string) => page.locator('.toaster').getByText(text);
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED/;

async function open(size: typeof PHONE) {
  const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE] });
  await tracked.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  return tracked;
}

const journeys = [
  { label: 'phone', size: PHONE, vet: 'vetphone' },
  { label: 'desktop', size: DESKTOP, vet: 'vetdesktop' },
] as const;

describe('import and claim', () => {
  for (const journey of journeys) {
    it(`an administrator imports, a visitor finds the unclaimed practice, its vet claims it by e-mail, buys a plan and edits it (${journey.label})`, async () => {
      const { size, label } = journey;
      const tag = randomUUID().slice(0, 6);
      const clinic = `Quillfeather ${label === 'phone' ? 'Pet' : 'Animal'} Clinic ${tag}`;
      const domain = `quillfeather-${tag}.example`;
      const csv = [
        'external_id,clinic_name,street,city,state,zip,phone,website_url,species,services',
        `e2e-${tag},${clinic},12 W 31st St,New York,NY,10001,(646) 555-${String(Math.floor(1000 + Math.random() * 8999))},https://www.${domain},Dogs;Cats,Vaccinations;Surgery`,
        `e2e-${tag}-bad,,1 Nowhere St,New York,NY,10001,,,,`,
      ].join('\n');

      // 1. The administrator: a dry run, then the import; the progress is there again after a reload.
      const admin = await open(size);
      await storeSession(admin.page, site.server.url, site.users.admin.token);
      await admin.page.goto(`${site.server.url}/admin?tab=import`);
      await admin.page.locator('input[type=file]').setInputFiles({ name: 'practices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await admin.page.getByRole('button', { name: 'Dry run', exact: true }).click();
      await poll(() => main(admin.page).getByText('Dry run finished').isVisible()).toBe(true);
      await poll(() => main(admin.page).getByRole('cell', { name: 'New listing' }).isVisible()).toBe(true);
      await poll(() => main(admin.page).getByText('The clinic_name is empty.').first().isVisible()).toBe(true);
      await settled(admin.page);
      await admin.page.screenshot({ path: path.join(shots, `import-dry-run-${label}.png`), fullPage: true });
      await admin.page.getByRole('button', { name: 'Run the import', exact: true }).click();
      await poll(() => main(admin.page).getByText('Import finished').isVisible()).toBe(true);
      await admin.page.reload();
      await poll(() => main(admin.page).getByText('Import finished').isVisible()).toBe(true);
      expect(await main(admin.page).locator('.import-counts').innerText()).toMatch(/2 of 2 rows · created 1 · updated 0 · skipped 1/);
      await admin.context.close();

      // 2. A visitor finds it in search, marked 'Unclaimed', and opens its page.
      const visitor = await open(size);
      await visitor.page.goto(`${site.server.url}/searchdoctor?zip=10001&count=50&sort=name`);
      const card = main(visitor.page).locator('article').filter({ hasText: clinic });
      await poll(() => card.isVisible()).toBe(true);
      expect(await card.getByText('Unclaimed', { exact: true }).isVisible()).toBe(true);
      await card.getByRole('link', { name: /View profile/ }).click();
      await poll(() => main(visitor.page).getByRole('heading', { level: 1, name: clinic }).isVisible()).toBe(true);
      expect(await main(visitor.page).getByText('Unclaimed', { exact: true }).first().isVisible()).toBe(true);
      // Its website link reads as the domain, without https:// and www.
      const website = main(visitor.page).getByRole('link', { name: domain, exact: true });
      expect(await website.isVisible()).toBe(true);
      expect(await website.getAttribute('href')).toMatch(new RegExp(`^https://www\\.${domain.replace(/\./g, '\\.')}/?$`));
      const profileUrl = visitor.page.url();
      await visitor.context.close();

      // 3. Its vet claims it with the code sent to an address at the practice's domain.
      const vet = await open(size);
      const page = vet.page;
      await storeSession(page, site.server.url, site.users[journey.vet].token);
      await page.goto(profileUrl);
      await main(page).getByRole('link', { name: 'Claim it', exact: true }).click();
      await page.waitForURL(/\/claim\/\d+$/);
      await main(page).getByLabel(`Your e-mail address at ${domain}`).fill(`dr@${domain}`);
      await main(page).getByLabel('Veterinary licence number').fill('NY-778812');
      await main(page).getByLabel('Licence state (two letters)').fill('NY');
      await page.getByRole('button', { name: 'Send me the code' }).click();
      const mail = await site.mail.waitFor((m) => m.to.includes(`dr@${domain}`));
      await main(page).getByLabel('Six-digit code').fill(codeOf(mail));
      await settled(page);
      await page.screenshot({ path: path.join(shots, `claim-code-${label}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Confirm and take over the listing' }).click();
      // The vet lands on what to do next (docs/product.md 28.9), and a reload keeps it.
      await poll(() => main(page).getByText('Next: choose a plan, then edit your profile.', { exact: false }).isVisible()).toBe(true);
      await page.reload();
      await poll(() =>
        main(page)
          .getByRole('heading', { level: 2, name: `${clinic} is yours now` })
          .isVisible(),
      ).toBe(true);
      await settled(page);
      await page.screenshot({ path: path.join(shots, `claim-next-${label}.png`), fullPage: true });
      await expectAccessible(page, `claim next steps at ${label}`, WCAG22);
      await main(page).getByRole('link', { name: 'Choose a plan' }).click();
      // The plans page keeps the claim as where the vet was going (docs/product.md 26.8).
      await page.waitForURL(/\/services\?next=%2Fclaim%2F\d+$/);

      // 4. The vet buys Basic in the sandbox and opens the profile.
      await page.getByRole('button', { name: 'Start with Basic' }).click();
      await page.waitForURL(/\/checkout\/cs_sandbox_[\w-]+(\?next=.+)?$/);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(/\/services\?(.+&)?checkout=success/);
      await poll(() => page.getByText('Your plan: Basic').isVisible()).toBe(true);
      await page.goto(`${site.server.url}/viewprofile`);
      await poll(() => main(page).getByText(clinic).first().isVisible()).toBe(true);

      // ... and edits it like any profile: a new phone and a summary in Edit Profile.
      const summary = `Walk-ins welcome every Saturday morning (${tag}).`;
      const phone = `(646) 555-0${label === 'phone' ? '123' : '187'}`;
      await page.goto(`${site.server.url}/setupprofile`);
      await poll(() => main(page).getByRole('heading', { name: 'Edit your profile' }).isVisible()).toBe(true);
      const contactCard = main(page).locator('.edit-card', { hasText: 'Contact information' });
      await contactCard.getByLabel('Contact phone').fill(phone);
      await contactCard.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, MESSAGES.saved).isVisible()).toBe(true);
      await page.locator('.toaster').getByRole('button', { name: 'Dismiss message' }).click();
      await poll(() => toast(page, MESSAGES.saved).count()).toBe(0);
      const summaryCard = main(page).locator('.edit-card', { hasText: 'Summary' });
      await summaryCard.getByLabel('Summary').fill(summary);
      await summaryCard.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, MESSAGES.saved).isVisible()).toBe(true);
      await settled(page);
      await page.screenshot({ path: path.join(shots, `claimed-edit-${label}.png`), fullPage: true });
      await vet.context.close();

      // 5. The listing is no longer marked unclaimed.
      const later = await open(size);
      await later.page.goto(profileUrl);
      await poll(() => main(later.page).getByRole('heading', { level: 1, name: clinic }).isVisible()).toBe(true);
      await poll(() => main(later.page).getByText('Unclaimed', { exact: true }).count()).toBe(0);
      expect(await main(later.page).getByText('Dr. Pia Claimer').or(main(later.page).getByText('Dr. Dev Claimer')).first().isVisible()).toBe(true);
      // The public profile shows the vet's edits.
      await poll(() => main(later.page).getByText(`Walk-ins welcome every Saturday morning (${tag}).`).isVisible()).toBe(true);
      await poll(() =>
        main(later.page)
          .getByText(`(646) 555-0${label === 'phone' ? '123' : '187'}`)
          .first()
          .isVisible(),
      ).toBe(true);
      await later.context.close();
    });
  }
});
