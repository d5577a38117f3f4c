// Issue 28's holiday hours and own data in a real browser, at 390 and at 1280 px (docs/product.md section 22): a vet
// adds a special closure in Edit Profile and owners see it on the public profile; an account downloads its data as
// one JSON file, is refused with a sentence for a wrong password, then deletes itself, is signed out and e-mailed.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectNoSidewaysScroll, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';
import { localDateAt, shiftDate } from '../../shared/lib/special-hours';
import { describeSpecialDay } from '../../shared/lib/formats';

const tag = randomUUID().slice(0, 8);
const site = useSite({
  mail: true,
  users: {
    vetPhone: { email: `holiday-vet-phone-${tag}@example.com`, stage: 'paid', listedAs: 'Juniper Holiday Clinic (phone)' },
    vetDesktop: { email: `holiday-vet-desktop-${tag}@example.com`, stage: 'paid', listedAs: 'Juniper Holiday Clinic (desktop)' },
    leaverPhone: { email: `leaver-phone-${tag}@example.com`, stage: 'verified', firstName: 'Robin' },
    leaverDesktop: { email: `leaver-desktop-${tag}@example.com`, stage: 'verified', firstName: 'Jules' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED/;

async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

const journeys = [
  { label: 'phone', size: PHONE, vet: 'vetPhone', leaver: 'leaverPhone', days: 9 },
  { label: 'desktop', size: DESKTOP, vet: 'vetDesktop', leaver: 'leaverDesktop', days: 12 },
] as const;

describe('holiday hours and own data', () => {
  for (const journey of journeys) {
    it(`a vet adds a special closure that shows on the profile; an account downloads its data and deletes itself (${journey.label})`, async () => {
      const { size, label } = journey;
      // The fixture practice is in America/Denver: a date a week or two ahead there.
      const date = shiftDate(localDateAt('America/Denver', new Date())!.date, journey.days);
      const note = `Staff training ${label}`;

      // 1. The vet adds a closed day with a note in Edit Profile's working time.
      const vet = site.users[journey.vet];
      const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE] });
      const page = tracked.page;
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
      await storeSession(page, site.server.url, vet.token);
      await page.goto(`${site.server.url}/setupprofile`);
      const hoursCard = main(page)
        .locator('.edit-card')
        .filter({ has: page.getByRole('heading', { name: 'Working time' }) });
      await hoursCard.getByRole('button', { name: 'Add a special day' }).click();
      await hoursCard.getByLabel('Special day 1 date').fill(date);
      await hoursCard.getByLabel('Special day 1 note').fill(note);
      expect(await hoursCard.getByLabel('Special day 1 opens').isDisabled()).toBe(true);
      await shot(page, `owners-data-special-hours-editor-${label}`);
      await hoursCard.getByRole('button', { name: 'Save' }).click();
      await poll(() => toast(page, 'Successfully Saved!').isVisible()).toBe(true);

      // 2. Owners see it on the public profile.
      await page.goto(`${site.server.url}/viewdoctorprofile/${vet.id}`);
      const closure = describeSpecialDay({ date, closed: true, note });
      await poll(() => main(page).getByText(closure).isVisible()).toBe(true);
      await shot(page, `owners-data-profile-closure-${label}`);
      await tracked.context.close();

      // 3. An account downloads its data, then deletes itself.
      const leaver = site.users[journey.leaver];
      // The refused password is a 400 the browser logs.
      const own = await openPage(site.browser, size, { allow: [/status of 400/] });
      const ownPage = own.page;
      await storeSession(ownPage, site.server.url, leaver.token);
      await ownPage.goto(`${site.server.url}/home`);
      await ownPage.getByRole('button', { name: /Account menu/ }).click();
      await ownPage.getByRole('menuitem', { name: 'Your data' }).click();
      await ownPage.waitForURL('**/account');
      await shot(ownPage, `owners-data-account-${label}`);
      const [download] = await Promise.all([ownPage.waitForEvent('download'), main(ownPage).getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^animal-doctor-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { account: { email: string; password_hash?: string } };
      expect(file.account.email).toBe(leaver.email);
      expect(file.account.password_hash).toBeUndefined();
      // The confirmation arrives just after the file; a tap made while it slides in could land on it instead.
      await poll(() => ownPage.getByText('Your data was downloaded as one JSON file.').isVisible()).toBe(true);

      await main(ownPage).getByRole('button', { name: 'Delete my account' }).click();
      const dialog = ownPage.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await poll(() => dialog.getByText(/That password is not right, so nothing was deleted\./).isVisible()).toBe(true);
      // The password stays typed after the refusal.
      expect(await dialog.getByLabel('Password').inputValue()).toBe('not-my-password');
      await shot(ownPage, `owners-data-delete-dialog-${label}`);
      await dialog.getByLabel('Password').fill(leaver.password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await ownPage.waitForURL('**/home');
      await poll(() => toast(ownPage, /Your account and its data have been deleted\./).isVisible()).toBe(true);
      await poll(() =>
        ownPage
          .getByRole('link', { name: /Sign in/i })
          .first()
          .isVisible(),
      ).toBe(true);
      await site.mail.waitFor((m) => m.to.includes(leaver.email) && /has been deleted/.test(m.subject));
      await own.context.close();
    }, 120_000);
  }
});
