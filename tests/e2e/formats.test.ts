// Journey: an American reads a Chicago practice's page at 390 and 1280 px (docs/product.md section 27): its hours
// in 12-hour form, 'Open 24 hours', a holiday as 'Closed on Thursday, Dec 24', the zone as 'Central Time' with
// the reader's own time beside it, a contact form already holding a signed-in owner's name and e-mail; a search
// for a misspelled city says whose results it shows together with the count; and every target on these pages,
// the breadcrumb and the password eye included, is at least 24x24 px with axe's WCAG 2.2 AA rules passing.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, expectTargetsAtLeast24, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';
import { DAYS } from '../../shared/constants/days';
import { describeSpecialDay, formatTimeInZone } from '../../shared/lib/formats';
import { localDateAt, shiftDate, weekdayOf } from '../../shared/lib/special-hours';

const ZONE = 'America/Chicago';
const CLINIC = 'Lakeview Pet Clinic';
const tag = randomUUID().slice(0, 8);
// A holiday on the next Wednesday at least three days ahead in the practice's own calendar (the rows read below are other days).
const holiday = [3, 4, 5, 6, 7, 8, 9].map((days) => shiftDate(localDateAt(ZONE, new Date())!.date, days)).find((date) => weekdayOf(date) === 'wed')!;
const site = useSite({
  users: {
    vet: {
      email: `formats-vet-${tag}@example.com`,
      stage: 'paid',
      plan: 2,
      listedAs: CLINIC,
      listedAt: { street: '2400 N Clark St', city: 'Chicago', state: 'IL', zip: '60614', latitude: 41.9256, longitude: -87.6406, timeZone: ZONE },
      // Weekdays 7:30 AM to 8 PM, Saturday round the clock, Sunday closed.
      hours: DAYS.map((day) =>
        day === 'sun'
          ? { day, closed: true }
          : day === 'sat'
            ? { day, closed: false, open: '00:00', close: '23:59' }
            : { day, closed: false, open: '07:30', close: '20:00' },
      ),
      specialHours: [{ date: holiday, closed: true, note: 'Staff training' }],
    },
    owner: { email: `formats-owner-${tag}@example.com`, stage: 'verified', firstName: 'Robin', lastName: 'Hart' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
const main = (page: Page) => page.locator('main');
// Map tiles come from the internet, which the test machine may not reach.
const TILE_FAILURE = /Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED)/;

async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

describe('formats an American reads', () => {
  it.each([
    { width: 'phone', size: PHONE },
    { width: 'desktop', size: DESKTOP },
  ])('a practice page, its search and sign-in read as in the US, with targets of 24x24 px ($width)', async ({ width, size }) => {
    const vet = site.users.vet;
    // 1. A signed-in owner opens the practice page.
    const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE] });
    const page = tracked.page;
    await storeSession(page, site.server.url, site.users.owner.token);
    await page.goto(`${site.server.url}/viewdoctorprofile/${vet.id}`);
    const hours = main(page)
      .locator('.card')
      .filter({ has: page.getByRole('heading', { name: 'Opening hours' }) });
    await poll(() => hours.locator('tr', { hasText: 'Monday' }).locator('td').textContent()).toMatch(/^7:30 AM – 8:00 PM/);
    expect(await hours.locator('tr', { hasText: 'Saturday' }).locator('td').textContent()).toMatch(/^Open 24 hours/);
    // A 24-hour time is two digits, a colon and two more not followed by AM or PM ("10:09 PM" is fine, "14:30" is not).
    expect(await hours.getByText(/\b\d\d:\d\d\b(?!\s?[AP]M)/).count(), 'no 24-hour times').toBe(0);
    await poll(() => hours.getByText(describeSpecialDay({ date: holiday, closed: true, note: 'Staff training' })).isVisible()).toBe(true);
    // The zone by its everyday name, and (the browser's zone is another) the reader's own time beside the clinic's.
    await poll(() => hours.locator('.zone-line').textContent()).toMatch(
      /^Times in Central Time\. It is \d{1,2}:\d{2} [AP]M there now, \d{1,2}:\d{2} [AP]M your time\.$/,
    );
    const line = (await hours.locator('.zone-line').textContent())!;
    const viewer = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect([formatTimeInZone(new Date(), viewer), formatTimeInZone(new Date(Date.now() - 60_000), viewer)].some((t) => line.includes(`${t} your time`))).toBe(
      true,
    );
    // The message form holds the signed-in owner's name and e-mail.
    const contact = main(page).locator('#contact');
    await poll(() => contact.getByLabel('Your name').inputValue()).toBe('Robin Hart');
    expect(await contact.getByLabel('E-mail').inputValue()).toBe(site.users.owner.email);
    await expect(page.getByRole('link', { name: 'Find a vet' }).first().isVisible()).resolves.toBe(true);
    await shot(page, `formats-profile-${width}`);
    await expectTargetsAtLeast24(page, `the practice page at ${width}`, 'main');
    await expectAccessible(page, `the practice page at ${width}`, WCAG22);

    // 2. A search for a misspelled city names the corrected city with the count, in one sentence.
    await page.goto(`${site.server.url}/searchdoctor?city=Chicgo&state=IL`);
    const count = main(page).locator('.results-count');
    await poll(() => count.textContent()).toMatch(/^Showing results for Chicago, IL\. \d+ veterinarians? for Chicago, IL/);
    expect(await main(page).locator('h1').textContent()).toBe('Find a vet');
    expect(await page.title()).toMatch(/^Find a vet/);
    await shot(page, `formats-search-${width}`);
    await expectTargetsAtLeast24(page, `the search page at ${width}`, 'main');
    await expectAccessible(page, `the search page at ${width}`, WCAG22);
    await tracked.context.close();

    // 3. Signed out, the sign-in form's password eye is a full-size target.
    const visitor = await openPage(site.browser, size);
    await visitor.page.goto(`${site.server.url}/signin`);
    await poll(() => visitor.page.getByLabel('Password').isVisible()).toBe(true);
    await settled(visitor.page);
    await expectTargetsAtLeast24(visitor.page, `sign-in at ${width}`, 'main');
    const eye = main(visitor.page).getByRole('button', { name: 'Show password' });
    const box = (await eye.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    expect(await eye.getAttribute('aria-pressed')).toBe('false');
    await eye.click();
    expect(await visitor.page.getByLabel('Password').getAttribute('type')).toBe('text');
    expect(await eye.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(visitor.page, `sign-in at ${width}`, WCAG22);
    await shot(visitor.page, `formats-signin-${width}`);
    await visitor.context.close();
  });
});
