// Booking a real time in a real browser (issue 38; docs/product.md sections 19, 30 and 31), at 390 and 1280 px.
// A Professional practice adds a visit type, its bookable hours and a busy time in Edit Profile; a signed-in owner
// books a free time on the profile for a new pet added in the booking step (the e-mailed calendar file is at the
// clinic's address) and finds it on My appointments; a second owner who chose the same time meanwhile is offered
// other free times and books one; the first owner moves the visit ('Change time') and the practice sees the new
// time; the practice marks a past visit of the first owner (written with the fixtures) 'No-show' and both sides see
// it 'Missed'; the practice's calendar link serves the booking, and once the owner cancels it is gone from the
// calendar and cancelled on both sides. Screenshots go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatInZone } from '../../shared/lib/formats';
import { icsOf } from '../../server/test/smtp-capture';
import { localDateAt, shiftDate } from '../../shared/lib/special-hours';
import { DESKTOP, PHONE, WCAG22, expectAccessible, expectNoSidewaysScroll, expectTargetsAtLeast24, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';
import { practiceName } from '../../shared/lib/practice-name';

const ZONE = 'America/Denver';
const tag = randomUUID().slice(0, 8);
const practice = (width: string, clinic: string) =>
  ({ email: `book-vet-${width}-${tag}@example.com`, stage: 'paid', plan: 2, listedAs: clinic, firstName: 'Ada', lastName: 'Stone' }) as const;
const owner = (name: string, firstName: string) =>
  ({ email: `book-${name}-${tag}@example.com`, stage: 'verified', accountType: 'owner', firstName, lastName: 'Hart' }) as const;
const site = useSite({
  mail: true,
  users: {
    vetPhone: practice('phone', 'Willow Creek Animal Clinic'),
    vetDesktop: practice('desktop', 'Bitterroot Valley Vets'),
    firstPhone: owner('first-phone', 'Robin'),
    secondPhone: owner('second-phone', 'Jules'),
    firstDesktop: owner('first-desktop', 'Casey'),
    secondDesktop: owner('second-desktop', 'Morgan'),
  },
  // A visit of each first owner whose time has passed, for the practice to mark missed (docs/product.md 30.6).
  pastVisits: [
    { practice: 'vetPhone', owner: 'firstPhone', petName: 'Mochi', species: 'dog', reason: 'Itchy ears for a week.' },
    { practice: 'vetDesktop', owner: 'firstDesktop', petName: 'Basil', species: 'dog', reason: 'Itchy ears for a week.' },
  ],
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });
const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
const main = (page: Page) => page.locator('main');
const TILE_FAILURE = /Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED)/;
// The time taken meanwhile answers 409; the booking step offers other times.
const TAKEN = /status of 409/;

async function look(page: Page, name: string, scope = 'main') {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  await expectAccessible(page, name, WCAG22);
  await expectTargetsAtLeast24(page, name, scope);
}

async function signedIn(size: typeof PHONE, token: string, allow: RegExp[] = []) {
  const { page } = await openPage(site.browser, size, { allow: [TILE_FAILURE, ...allow] });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await storeSession(page, site.server.url, token);
  return page;
}

/** Opens the practice's profile and picks its first free time; answers the time picked (ISO). */
async function pickFirstTime(page: Page, doctorId: number) {
  await page.goto(`${site.server.url}/viewdoctorprofile/${doctorId}`);
  const card = main(page).locator('#book');
  const first = card.locator('.slot-times .slot-button').first();
  await first.waitFor({ timeout: 15_000 });
  const start = (await first.getAttribute('data-start'))!;
  await first.click();
  return { card, start };
}

/** Fills the booking step for a new pet, added on the way (docs/product.md section 31). */
async function fillStep(card: ReturnType<Page['locator']>, pet: string) {
  const step = card.locator('form.book-step');
  await poll(() => step.getByRole('radio', { name: 'A new pet' }).isChecked()).toBe(true);
  await step.getByLabel("Pet's name").fill(pet);
  await step.getByLabel('Species').selectOption('cats');
  await step.getByLabel('Reason for the visit').fill('Yearly checkup and vaccines.');
  return step;
}

/** Step 1: the practice sets up online booking in Edit Profile and answers its page. */
async function setUp(width: string, size: typeof PHONE, practiceUser: { id: number; token: string }) {
  // 1. The practice sets up online booking in Edit Profile: a visit type, its hours and a busy time.
  const desk = await signedIn(size, practiceUser.token);
  await desk.goto(`${site.server.url}/setupprofile`);
  const panel = main(desk).locator('.online-booking');
  await panel.getByRole('button', { name: 'Add a visit type' }).click();
  await panel.getByLabel('Name of visit 1').fill('Wellness exam');
  await panel.getByLabel('Length').selectOption('30');
  await panel.getByLabel('Price from ($, optional)').fill('65');
  await panel.getByRole('button', { name: 'Save visit types' }).click();
  await poll(() => desk.getByText('Successfully Saved!').isVisible()).toBe(true);
  // Online booking on (a practice that never saved its settings starts with it off), Mondays from 9 AM (inside the
  // opening hours), visits every 30 minutes.
  await panel.getByLabel('Take online bookings').check();
  await panel.getByLabel('Monday from').fill('09:00');
  await panel.getByLabel('A visit can start every').selectOption('30');
  await panel.getByRole('button', { name: 'Save booking hours' }).click();
  await poll(() => desk.getByText('Successfully Saved!').count()).toBeGreaterThan(0);
  await poll(() => panel.locator('form.booking-form').nth(1).locator('.form-error').allTextContents()).toEqual([]);
  // A busy time tomorrow at noon, in the practice's time.
  const tomorrow = shiftDate(localDateAt(ZONE, new Date())!.date, 1);
  await panel.getByLabel('Starts').fill(`${tomorrow}T12:00`);
  await panel.getByLabel('Ends').fill(`${tomorrow}T13:00`);
  await panel.getByLabel('Note (optional)').fill('Staff meeting');
  await panel.getByRole('button', { name: 'Add busy time' }).click();
  await poll(() => panel.locator('.busy-item').filter({ hasText: 'Staff meeting' }).isVisible()).toBe(true);
  // The booking panel's own targets (the rest of Edit Profile is antd's, checked by its own journeys).
  await look(desk, `booking-settings-${width}`, 'main .online-booking');

  return desk;
}

describe('booking a real time', () => {
  it.each([
    {
      width: 'phone',
      size: PHONE,
      vet: 'vetPhone',
      first: 'firstPhone',
      second: 'secondPhone',
      pet: 'Miso',
      otherPet: 'Pip',
      missed: 'Mochi',
      clinic: 'Willow Creek Animal Clinic',
    },
    {
      width: 'desktop',
      size: DESKTOP,
      vet: 'vetDesktop',
      first: 'firstDesktop',
      second: 'secondDesktop',
      pet: 'Tofu',
      otherPet: 'Olive',
      missed: 'Basil',
      clinic: 'Bitterroot Valley Vets',
    },
  ] as const)(
    'owners book, one is offered other times, a visit is moved, fed to the calendar and cancelled, a past one is missed ($width)',
    async ({ width, size, vet, first, second, pet, otherPet, missed, clinic }) => {
      const practiceUser = site.users[vet];
      const desk = await setUp(width, size, practiceUser);

      // 2. An owner sees the next free time, picks a time and books it for a new pet.
      const owner = await signedIn(size, site.users[first].token);
      // Search keeps to practices free within 3 days, soonest first; the card says when (docs/product.md 30.7).
      await owner.goto(`${site.server.url}/searchdoctor?zip=59001&within=3&sort=soonest`);
      const found = main(owner).locator('article').filter({ hasText: clinic });
      await poll(() => found.locator('.next-available').textContent()).toMatch(/^Next available: \w{3},? .*\d{1,2}:\d{2} [AP]M/);
      expect(await main(owner).getByText('Available within 3 days').first().isVisible()).toBe(true);
      await found.getByRole('link', { name: /View profile/ }).click();
      await poll(() => main(owner).getByRole('heading', { level: 1, name: clinic }).isVisible()).toBe(true);
      // On a phone a sticky bar holds 'Book' and 'Call'; a desktop shows the booking card itself.
      const bar = owner.getByRole('navigation', { name: 'Book or call' });
      if (width === 'phone') {
        expect(await bar.getByRole('link', { name: 'Book' }).isVisible()).toBe(true);
        expect(await bar.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:\d+/);
      } else expect(await bar.isVisible()).toBe(false);

      // The second owner chooses the same time first, and books only once it is taken (a stale page).
      const other = await signedIn(size, site.users[second].token, [TAKEN]);
      const { card, start } = await pickFirstTime(owner, practiceUser.id);
      expect(await main(owner).locator('.next-available').textContent()).toMatch(/^Next available: \w{3} \d{1,2}:\d{2} [AP]M$/);
      await look(owner, `booking-profile-${width}`);
      const step = await fillStep(card, pet);
      await look(owner, `booking-step-${width}`);
      const stale = await pickFirstTime(other, practiceUser.id);
      expect(stale.start).toBe(start);
      const staleStep = await fillStep(stale.card, otherPet);
      await step.getByRole('button', { name: 'Book', exact: true }).click();
      await poll(() => card.getByRole('heading', { name: 'Your visit is booked' }).isVisible()).toBe(true);
      expect(await card.getByText(formatInZone(start, ZONE)).isVisible()).toBe(true);
      expect(await card.getByText('We sent you a confirmation e-mail with a calendar file.').isVisible()).toBe(true);
      // That calendar file puts the visit at the clinic's address (LOCATION, unfolded: RFC 5545 folds long lines).
      const confirmation = await site.mail.waitFor(
        (m) => m.to.includes(site.users[first].email.toLowerCase()) && m.subject === 'Your appointment is confirmed' && /text\/calendar/i.test(m.raw),
      );
      const invitation = icsOf(confirmation)
        .replace(/\r?\n[ \t]/g, '')
        .split(/\r?\n/);
      expect(invitation).toContain(`DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      // Named as every e-mail names the practice, by its vet (docs/product.md 20.15).
      const named = practiceName({ claimed: true, firstName: practiceUser.firstName, lastName: practiceUser.lastName, clinicName: null });
      expect(invitation, invitation.join('\n')).toContain(`LOCATION:${named}\\, 12 Main Street\\, Absarokee\\, MT 59001`);
      await owner.goto(`${site.server.url}/myappointments`);
      const mine = main(owner).locator('.appointment-item').filter({ hasText: pet });
      await poll(() => mine.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
      expect(await mine.locator('.appointment-time').first().textContent()).toContain(formatInZone(start, ZONE));

      // 3. The second owner's time was just taken: other free times are offered, and one is booked.
      await staleStep.getByRole('button', { name: 'Book', exact: true }).click();
      await poll(() => staleStep.getByText('That time was just taken.').isVisible()).toBe(true);
      const offered = staleStep.getByRole('group', { name: 'Other free times' }).getByRole('button');
      expect(await offered.count()).toBeGreaterThan(0);
      await offered.first().click();
      await stale.card.locator('form.book-step').getByRole('button', { name: 'Book', exact: true }).click();
      await poll(() => stale.card.getByRole('heading', { name: 'Your visit is booked' }).isVisible()).toBe(true);

      // 4. The first owner moves the visit to another free time; the practice sees the new time.
      await mine.getByRole('button', { name: /^Change time/ }).click();
      const moveTo = mine.locator('.change-time .slot-times .slot-button');
      await moveTo.first().waitFor();
      const later = (await moveTo.evaluateAll((buttons, taken) => buttons.map((b) => b.getAttribute('data-start')).find((s) => s && s !== taken), start))!;
      await mine.locator(`.change-time .slot-button[data-start="${later}"]`).click();
      await poll(() => mine.getByText(`Moved to ${formatInZone(later, ZONE)}.`).isVisible()).toBe(true);
      await poll(() => mine.locator('.appointment-time').first().textContent()).toContain(formatInZone(later, ZONE));
      await desk.goto(`${site.server.url}/viewprofile`);
      const booked = main(desk).locator('#appointments .appointment-item').filter({ hasText: pet });
      await poll(() => booked.locator('.appointment-time').first().textContent()).toContain(formatInZone(later, ZONE));
      // The second owner's visit is in the practice's list too, confirmed.
      const otherBooked = main(desk).locator('#appointments .appointment-item').filter({ hasText: otherPet });
      await poll(() => otherBooked.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);

      // 5. A confirmed visit whose time has passed (written with the fixtures): the practice marks it 'No-show', and
      // both sides see it 'Missed' (docs/product.md 19.3 and 30.6); the owner is e-mailed.
      const past = main(desk).locator('#appointments .appointment-item').filter({ hasText: missed });
      await poll(() => past.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
      // Once its start has passed a visit can no longer be cancelled, only marked.
      expect(await past.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
      expect(await past.getByRole('button', { name: 'Visit completed' }).isVisible()).toBe(true);
      const marked = desk.waitForResponse((r) => r.url().endsWith('/api/user/appointments/complete') && r.request().method() === 'POST', { timeout: 30_000 });
      await past.getByRole('button', { name: 'No-show' }).click();
      expect((await marked).status()).toBe(200);
      await poll(() => past.getByText('Missed', { exact: true }).isVisible()).toBe(true);
      expect(await past.getByRole('button', { name: 'No-show' }).count()).toBe(0);
      expect(await past.getByRole('button', { name: 'Visit completed' }).count()).toBe(0);
      await look(desk, `booking-missed-practice-${width}`, 'main #appointments');
      await owner.reload();
      const ownMissed = main(owner).locator('.appointment-item').filter({ hasText: missed });
      await poll(() => ownMissed.getByText('Missed', { exact: true }).isVisible()).toBe(true);
      // A missed visit is history: nothing to move or cancel.
      expect(await ownMissed.getByRole('button').count()).toBe(0);
      await site.mail.waitFor((m) => m.to.includes(site.users[first].email.toLowerCase()) && m.subject === 'The practice marked your appointment as missed');

      // 6. The practice's calendar link serves the booking; once the owner cancels, it is gone there.
      await desk.goto(`${site.server.url}/setupprofile`);
      const link = main(desk).getByLabel('Private calendar link');
      await poll(() => link.inputValue()).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
      const feed = await link.inputValue();
      const calendar = async () => (await fetch(feed)).text();
      const icsStart = later.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(await calendar()).toMatch(new RegExp(`BEGIN:VCALENDAR[\\s\\S]*DTSTART:${icsStart}[\\s\\S]*SUMMARY:${pet} \\(cat\\)`));
      // Both owners' visits are in the feed.
      expect(await calendar()).toContain(`SUMMARY:${otherPet} (cat)`);
      await mine.getByRole('button', { name: /^Cancel/ }).click();
      await poll(() => mine.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
      await poll(calendar).not.toContain(`SUMMARY:${pet} `);
      // The practice's e-mail withdraws the event from its own calendar: the same visit, METHOD:CANCEL.
      const withdrawn = await site.mail.waitFor(
        (m) =>
          m.to.includes(practiceUser.email.toLowerCase()) &&
          /text\/calendar/i.test(m.raw) &&
          icsOf(m).includes('METHOD:CANCEL') &&
          icsOf(m).includes(`DTSTART:${icsStart}`),
      );
      expect(icsOf(withdrawn)).toContain('STATUS:CANCELLED');
      await desk.goto(`${site.server.url}/viewprofile`);
      await poll(() => booked.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    },
    120_000,
  );
});
