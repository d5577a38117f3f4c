// Issue 26's journey in a real browser (docs/product.md section 19). At 390 px, end to end: an owner requests an
// appointment (a refusal keeps the input), the practice proposes another time, the owner accepts, both see the
// confirmed time in the practice's zone (and their own), the practice marks the visit completed once its time has
// come, and the owner's review shows 'Verified visit'; the whole journey at 390 px and at 1280 px, side by side.
// Screenshots go to SCREENSHOT_DIR.
import { formatTimeInZone, zoneName } from '../../shared/lib/formats';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, expectAccessible, expectNoSidewaysScroll, holdSessionCheck, openPage, settled, storeSession } from './support/browser';
import { useSite } from './support/site';

const CLINIC = 'Juniper Ridge Animal Hospital';
const ZONE = 'America/Denver';
const site = useSite({
  mail: true,
  users: {
    vet: { email: `booked-vet-${randomUUID().slice(0, 8)}@example.com`, stage: 'paid', plan: 2, listedAs: CLINIC, firstName: 'Tess', lastName: 'Marsh' },
    owner: { email: `booking-owner-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Robin', lastName: 'Hart' },
    other: { email: `booking-other-${randomUUID().slice(0, 8)}@example.com`, stage: 'verified', firstName: 'Jules', lastName: 'Park' },
  },
});
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
const main = (page: Page) => page.locator('main');
const TILE_FAILURE = /Failed to load resource: net::ERR_FAILED/;
// A refused request answers 400; the form shows its sentence.
const REFUSAL = /status of 400/;

async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function signedIn(size: typeof PHONE, token: string) {
  const tracked = await openPage(site.browser, size, { allow: [TILE_FAILURE, REFUSAL] });
  await tracked.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await storeSession(tracked.page, site.server.url, token);
  return tracked.page;
}

/** The next whole minute at least `aheadMs` from now, as a datetime-local value in the practice's zone. */
function nextMinuteInZone(aheadMs: number): { value: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { value: `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`, at };
}

async function requestAppointment(page: Page, pet: string) {
  // The stored session comes back late, as on a slow phone: the form opened meanwhile waits for it, busy, instead
  // of offering a visitor's fields whose input the signed-in form would then drop.
  const release = await holdSessionCheck(page);
  await page.goto(`${site.server.url}/viewdoctorprofile/${site.users.vet.id}`);
  const card = main(page).locator('#appointment');
  await card.getByRole('button', { name: 'Request an appointment' }).click();
  await poll(() => card.locator('fieldset.pet-picker[aria-busy="true"]').count()).toBe(1);
  expect(await card.getByRole('button', { name: 'Send request' }).isDisabled()).toBe(true);
  await release();
  await card.getByLabel("Pet's name").fill(pet);
  // A signed-in owner without saved pets adds one on the way (docs/product.md section 31).
  await card.getByLabel('Species').selectOption('dogs');
  await card.getByLabel('Reason for the visit').fill('Limping on the left hind leg since Sunday.');
  await card.getByLabel('First choice').selectOption({ index: 2 });
  await card.getByLabel('Second choice (optional)').selectOption({ index: 5 });
  return card;
}

interface Journey {
  width: string;
  size: typeof PHONE;
  who: 'owner' | 'other';
  pet: string;
  /** Resolves when the journey may start its request. */
  startAfter: Promise<unknown>;
  /** Called once the practice has proposed its time (the request no longer waits for the practice). */
  proposedTime: () => void;
}

async function journey({ width, size, who, pet, startAfter, proposedTime }: Journey) {
  await startAfter;
  const owner = await signedIn(size, site.users[who].token);
  const card = await requestAppointment(owner, pet);
  expect(await card.getByText(`practice's local time (${zoneName(ZONE, new Date())})`).count()).toBe(1);
  // A refusal keeps the input.
  await card.getByLabel('Phone (optional)').fill('call me <b>');
  // The refusal is read from the server's answer first, so a failure here says what the server and the card said.
  const refusal = owner.waitForResponse((r) => r.url().endsWith('/api/appointments/request'), { timeout: 60_000 });
  await card.getByRole('button', { name: 'Send request' }).click();
  const answer = await refusal.catch(async (error: Error) => {
    throw new Error(`No answer to the request (${error.message}); the card says: ${await card.innerText()}`);
  });
  expect(`${answer.status()} ${await answer.text()}`).toMatch(/^400 .*Enter a phone number/);
  await poll(() => card.getByText(/Enter a phone number/).isVisible(), 30_000).toBe(true);
  // The new pet was saved on the way: it is picked now, so sending again does not save it twice.
  expect(await card.getByRole('radio', { name: new RegExp(pet) }).isChecked()).toBe(true);
  expect(await card.getByLabel('First choice').inputValue()).not.toBe('');
  await card.getByLabel('Phone (optional)').fill('(406) 555-0188');
  await shot(owner, `appointments-request-${width}`);
  await expectAccessible(owner, 'the request form');
  await card.getByRole('button', { name: 'Send request' }).click();
  await poll(() => card.getByText(`Your request was sent to ${CLINIC}.`).isVisible()).toBe(true);

  // The practice sees the count in its menu and proposes another time, about a minute ahead.
  const vet = await signedIn(size, site.users.vet.token);
  await vet.goto(`${site.server.url}/viewprofile`);
  await poll(() => vet.locator('.user-menu-count').textContent()).toBe('1 appointment request waiting');
  const inbox = main(vet).locator('#appointments');
  const request = inbox.locator('.appointment-item').filter({ hasText: pet });
  await poll(() => request.getByText('Waiting for the practice').isVisible()).toBe(true);
  await request.getByLabel('Propose another time').check();
  const proposed = nextMinuteInZone(30_000);
  await request.getByLabel(`Proposed time (${zoneName(ZONE, new Date())})`).fill(proposed.value);
  await request.getByLabel('Message to the pet owner (optional)').fill('Could you come a little earlier?');
  await shot(vet, `appointments-inbox-${width}`);
  await request.getByRole('button', { name: 'Send answer' }).click();
  await poll(() => request.getByText('New time proposed').isVisible()).toBe(true);
  proposedTime();
  await site.mail.waitFor((m) => m.to.includes(site.users[who].email) && m.subject === 'The practice proposed another time for your appointment');

  // The owner accepts on My appointments and sees the time in the practice's zone (and the browser's, when it differs).
  await owner.goto(`${site.server.url}/myappointments`);
  const mine = main(owner).locator('.appointment-item').filter({ hasText: pet });
  await poll(() => mine.getByText('New time proposed').isVisible()).toBe(true);
  expect(await mine.getByText('Message: Could you come a little earlier?').isVisible()).toBe(true);
  await mine.getByRole('button', { name: 'Accept this time' }).click();
  await poll(() => mine.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
  const practiceTime = formatTimeInZone(proposed.at, ZONE);
  const ownerSees = await mine.locator('.appointment-time').textContent();
  expect(ownerSees).toContain(practiceTime);
  expect(ownerSees).toContain('Mountain Time');
  await shot(owner, `appointments-mine-${width}`);
  await site.mail.waitFor((m) => m.to.includes(site.users[who].email) && m.subject === 'Your appointment is confirmed' && /text\/calendar/i.test(m.raw));

  // The practice sees the same moment; once it has come, it marks the visit completed.
  await vet.reload();
  await poll(() => request.getByText('Confirmed', { exact: true }).isVisible()).toBe(true);
  expect(await request.locator('.appointment-time').first().textContent()).toContain(practiceTime);
  // The button shows once the start has passed, on a fresh look at the inbox (a reload, as the practice would).
  // A look every 3 s: a page load makes several calls, and faster looks would meet the rate limits.
  await expect
    .poll(
      async () => {
        await vet.reload();
        await request.getByText('Confirmed', { exact: true }).waitFor({ timeout: 15_000 });
        return request.getByRole('button', { name: 'Visit completed' }).isVisible();
      },
      { timeout: 150_000, interval: 3_000 },
    )
    .toBe(true);
  await request.getByRole('button', { name: 'Visit completed' }).click();
  await poll(() => request.getByText('Completed', { exact: true }).isVisible()).toBe(true);
  await site.mail.waitFor((m) => m.to.includes(site.users[who].email) && m.subject.startsWith('How was your visit?'));

  // The owner's review of the practice shows 'Verified visit'.
  await owner.goto(`${site.server.url}/viewdoctorprofile/${site.users.vet.id}`);
  await main(owner).getByRole('button', { name: 'Write a review' }).click();
  const form = main(owner).locator('form.review-form');
  await form.locator('label.star-choice').nth(4).click();
  await form.getByLabel('Title', { exact: true }).fill('Quick answer and a careful exam');
  await form.getByLabel('Your review', { exact: true }).fill('They found time for our pet the same day and explained the treatment clearly.');
  await form.getByLabel('Month').selectOption({ index: 1 });
  await form.getByLabel('Year').selectOption({ index: 1 });
  await form.getByLabel('Your pet').selectOption({ index: 1 });
  // The review is saved before the owner leaves the page (leaving at once could cancel the call under load).
  const saved = owner.waitForResponse((r) => r.url().endsWith('/api/reviews/create') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Publish review' }).click();
  expect((await saved).status()).toBe(200);
  await owner.goto(`${site.server.url}/myreviews`);
  await poll(() => main(owner).getByText('Verified visit').isVisible()).toBe(true);
}

describe('appointment requests', () => {
  // The two widths run side by side: each waits in real time for its proposed minute to come, and the waits
  // overlap. The desktop journey requests once the phone's request has its proposal, so each practice menu
  // counts exactly its own waiting request.
  it('an owner requests, the practice proposes, the owner accepts, both see the time, the visit is completed, the review is verified (390 and 1280 px)', async () => {
    let phoneProposed = () => {};
    const proposed = new Promise<void>((resolve) => (phoneProposed = resolve));
    await Promise.all([
      journey({ width: 'phone', size: PHONE, who: 'owner', pet: 'Biscuit', startAfter: Promise.resolve(), proposedTime: phoneProposed }),
      journey({ width: 'desktop', size: DESKTOP, who: 'other', pet: 'Pepper', startAfter: proposed, proposedTime: () => {} }),
    ]);
  }, 360_000);
});
