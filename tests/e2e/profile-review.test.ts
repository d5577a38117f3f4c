// Issue 9's profile journey in a real browser: a verified vet without a plan (the demo's "no plan"
// vet, whose password the server prints once) buys Basic in the sandbox checkout, fills Step 1 and
// Step 2 with an avatar and submits on a phone; an
// administrator approves it in /admin on a desktop and rejects another with a reason; the vet's
// /viewprofile says approved; a zip search finds the vet and the public profile shows it.
// Screenshots of the wizard, /viewprofile and /admin at 390 and 1280 px go to SCREENSHOT_DIR.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '../../shared/constants/messages';
import { DESKTOP, PHONE, expectAccessible, expectNoSidewaysScroll, openPage, settled } from './support/browser';
import { useSite } from './support/site';

const site = useSite({ DEMO_DATA: 'on', MAIL_POLL_MS: '200' });
const shots = process.env.SCREENSHOT_DIR ?? path.resolve(import.meta.dirname, '../../test-results/screenshots');
fs.mkdirSync(shots, { recursive: true });

const VET = 'nora.whitfield@stages.demo.animaldoctor.local';
const REJECTED_LATER = 'ines.takahashi@stages.demo.animaldoctor.local';

function printed() {
  const out = site.demoOutput + site.server.output();
  const admin = /Demo administrator: (\S+) \/ password: (\S+)/.exec(out);
  const vets = /Demo vets at every stage, password (\S+):/.exec(out);
  expect(admin && vets, 'the demo passwords are printed once').toBeTruthy();
  return { adminEmail: admin![1]!, adminPassword: admin![2]!, vetPassword: vets![1]! };
}

// Server calls share two cores with other work: give each expectation time.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const toast = (page: Page, text: string | RegExp) => page.locator('.toaster').getByText(text);

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${site.server.url}/signin`);
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  // A vet lands on /home, an administrator on /admin (docs/product.md 26.4).
  await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/admin');
}

/** Every page shot is also checked: it is no wider than the window (at 390 and 1280 px). */
async function shot(page: Page, name: string) {
  await settled(page);
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function userId(email: string, password: string): Promise<number> {
  const res = await fetch(`${site.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { user: { id: number } }).user.id;
}

describe('profile setup and review', () => {
  it('a verified vet buys Basic, fills both steps with an avatar and submits; an administrator approves; search and the public page show the vet', async () => {
    const { adminEmail, adminPassword, vetPassword } = printed();
    // The results and profile maps ask for OpenStreetMap tiles; there is no network here, so they are aborted and their log allowed.
    const tileFailure = /Failed to load resource: net::ERR_FAILED/;
    const vet = await openPage(site.browser, PHONE, { allow: [/status of 404/, tileFailure] });
    await vet.page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    const vetProblems = () => vet.problems.filter((problem) => !tileFailure.test(problem));
    const page = vet.page;
    await signIn(page, VET, vetPassword);

    // Buy Basic in the sandbox checkout; then the header's Create Profile leads to the wizard's Step 1.
    await page.goto(`${site.server.url}/services`);
    await page.getByRole('button', { name: 'Start with Basic' }).click();
    await page.waitForURL(/\/checkout\/cs_sandbox_[\w-]+$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/services?checkout=success');
    await poll(() => page.getByText('Your plan: Basic').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Create Profile' }).click();
    await page.waitForURL('**/setupprofile');
    await poll(() => main(page).getByRole('heading', { name: 'Step 1 of 3: Contact and address' }).isVisible()).toBe(true);

    // Step 1: the shared rules speak on the client; the server's 202 text shows as a warning and the form keeps its input.
    await field(page, 'Clinic or hospital name').fill('Absarokee Valley Vets');
    await field(page, 'Contact phone').fill('555-0100');
    await field(page, 'Street address').fill('12 Woodard Ave');
    await field(page, 'Zip code').fill('59001');
    // The zip code fills in the city, the state and the time zone (docs/product.md 28.5); Idaho is then chosen by mistake.
    await poll(() =>
      main(page)
        .getByText(/, MT · Mountain Time\./)
        .isVisible(),
    ).toBe(true);
    await field(page, 'State').click();
    await field(page, 'State').fill('Idaho');
    await page.locator('.ant-select-item-option', { hasText: 'ID – Idaho' }).click();
    await main(page).getByRole('button', { name: 'Save and continue' }).first().click();
    await poll(() => main(page).getByText('Enter a US phone number with area code, e.g. (212) 555-0142.').isVisible()).toBe(true);
    await field(page, 'Contact phone').fill('406 555 0177');
    // Typed without https://: accepted, and stored with it (docs/product.md 28.6).
    await field(page, 'Website address').fill('absarokee-vets.example');
    await field(page, 'Website title').fill('Absarokee Valley Vets online');
    await shot(page, 'wizard-step1-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'wizard-step1-desktop');
    await page.setViewportSize(PHONE);
    await main(page).getByRole('button', { name: 'Save and continue' }).first().click();
    // Idaho was chosen; zip 59001 is in Montana: the server's sentence shows as a warning.
    await poll(() => toast(page, 'The zip code 59001 is in MT, not ID. Please check the zip code or the state.').isVisible()).toBe(true);
    expect(await field(page, 'Clinic or hospital name').inputValue()).toBe('Absarokee Valley Vets');
    await field(page, 'State').click();
    await field(page, 'State').fill('Montana');
    await page.locator('.ant-select-item-option', { hasText: 'MT – Montana' }).click();
    await main(page).getByRole('button', { name: 'Save and continue' }).first().click();
    await poll(() => main(page).getByRole('heading', { name: 'Step 2 of 3: Your practice' }).isVisible()).toBe(true);

    // Step 2 with an avatar: the preview shows the re-encoded WebP served from /uploads.
    const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type=file][name=avatar]').setInputFiles({ name: 'clinic.jpg', mimeType: 'image/jpeg', buffer: photo });
    await poll(() => main(page).getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toMatch(/^\/uploads\/avatars\/u\d+-[0-9a-f]+\/256\.webp$/);
    await field(page, 'Summary').fill('Dogs, cats and horses along the Stillwater River, with farm calls every Tuesday.');
    await field(page, 'School').fill('Colorado State University');
    await field(page, 'Year').fill('2012');
    // Species: two from the list and one of the vet's own (Enter adds it without submitting the step).
    const species = main(page).getByRole('group', { name: 'Species treated' });
    await species.getByRole('checkbox', { name: 'dogs' }).check();
    await species.getByRole('checkbox', { name: 'horses' }).check();
    await main(page).getByLabel('Add your own species').fill('alpacas');
    await main(page).getByLabel('Add your own species').press('Enter');
    await poll(() => species.getByRole('checkbox', { name: 'alpacas' }).isChecked()).toBe(true);
    expect(await main(page).getByRole('heading', { name: 'Step 2 of 3: Your practice' }).isVisible()).toBe(true);
    await shot(page, 'wizard-step2-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'wizard-step2-desktop');
    await page.setViewportSize(PHONE);
    await main(page).getByRole('button', { name: 'Save and continue' }).last().click();

    // Submit: the preview shows what pet owners will see; submitting leads to /viewprofile, in review.
    await poll(() => main(page).getByRole('button', { name: 'Submit for review' }).isVisible()).toBe(true);
    await poll(() => main(page).getByRole('heading', { name: 'Absarokee Valley Vets' }).isVisible()).toBe(true);
    await poll(() => main(page).getByText('Treats: dogs, horses, alpacas').isVisible()).toBe(true);
    await shot(page, 'wizard-submit-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'wizard-submit-desktop');
    await page.setViewportSize(PHONE);
    await page.mouse.move(0, 0); // a button left under the pointer by the resize shows its lighter hover colour
    await expectAccessible(page, '/setupprofile (submit step)');
    await main(page).getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL('**/viewprofile');
    await poll(() => page.getByTestId('review-state').textContent()).toBe('In review');
    await poll(() =>
      main(page)
        .getByText(/Plan: Basic · renews on/)
        .isVisible(),
    ).toBe(true);

    // The administrator approves it and rejects another profile with a reason.
    const admin = await openPage(site.browser, DESKTOP);
    await signIn(admin.page, adminEmail, adminPassword);
    await admin.page.goto(`${site.server.url}/admin?tab=review`);
    const entry = admin.page.locator('.queue-item', { hasText: 'Absarokee Valley Vets' });
    await entry.getByRole('button', { name: 'Open' }).click();
    await poll(() => entry.getByText('Farm calls every Tuesday', { exact: false }).isVisible()).toBe(true);
    await shot(admin.page, 'admin-desktop');
    await expectAccessible(admin.page, '/admin');
    await entry.getByRole('button', { name: 'Approve' }).click();
    await poll(() => toast(admin.page, 'Dr. Nora Whitfield is approved and listed.').isVisible()).toBe(true);
    await poll(() => admin.page.locator('.queue-item', { hasText: 'Absarokee Valley Vets' }).count()).toBe(0);

    const other = admin.page.locator('.queue-item', { hasText: 'Isthmus Animal Hospital' });
    await other.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Reject Dr. Ines Takahashi' });
    await dialog.getByLabel(/Reason/).fill('Please add a photo of the practice and your Wisconsin licence number.');
    await dialog.getByRole('button', { name: 'Reject and e-mail the vet' }).click();
    await poll(() => toast(admin.page, /Dr\. Ines Takahashi was rejected/).isVisible()).toBe(true);
    await admin.page.getByRole('tab', { name: /Rejected/ }).click();
    await poll(() => admin.page.locator('.queue-item', { hasText: 'Isthmus Animal Hospital' }).isVisible()).toBe(true);

    // The vet's /viewprofile says approved (read fresh from the server).
    await page.goto(`${site.server.url}/viewprofile`);
    await poll(() => page.getByTestId('review-state').textContent()).toBe('Approved');
    await shot(page, 'viewprofile-phone');
    await expectAccessible(page, '/viewprofile');

    // A zip search finds the vet; the public profile shows it with the avatar.
    await page.goto(`${site.server.url}/searchdoctor`);
    await page.getByLabel('Zip code').fill('59001');
    await page
      .getByRole('button', { name: /Search/ })
      .first()
      .click();
    await poll(() => main(page).getByText('Absarokee Valley Vets').first().isVisible()).toBe(true);
    const id = await userId(VET, vetPassword);
    await page.goto(`${site.server.url}/viewdoctorprofile/${id}`);
    await poll(() => main(page).getByRole('heading', { name: 'Absarokee Valley Vets', level: 1 }).isVisible()).toBe(true);
    expect(await main(page).locator('img.profile-avatar').getAttribute('src')).toMatch(/^\/uploads\/avatars\//);
    await poll(() => main(page).getByText('(406) 555-0177').isVisible()).toBe(true);
    await poll(() => main(page).getByText('Treats: dogs, horses, alpacas').isVisible()).toBe(true);

    expect(vetProblems()).toEqual([]);
    // A rejected profile is not public: the not-found page (its get-by-id answers 404, which the browser logs).
    await page.goto(`${site.server.url}/viewdoctorprofile/${await userId(REJECTED_LATER, vetPassword)}`);
    await poll(() => main(page).getByRole('heading', { name: 'Profile not available' }).isVisible()).toBe(true);

    // The page itself answers 404 (so search engines drop it) and so does its get-by-id call.
    expect(vetProblems().length).toBeGreaterThan(0);
    expect(vetProblems().every((p) => /status of 404/.test(p))).toBe(true);
    expect(admin.problems).toEqual([]);
    await vet.context.close();
    await admin.context.close();
  });

  it('a returning vet edits contact details and a summary and sees Successfully Saved!; pages look right at both widths', async () => {
    const { adminEmail, adminPassword, vetPassword } = printed();
    const { page, context, problems } = await openPage(site.browser, DESKTOP);
    await signIn(page, 'lena.marsh@stages.demo.animaldoctor.local', vetPassword);
    await page.goto(`${site.server.url}/setupprofile`);
    await poll(() => main(page).getByRole('heading', { name: 'Edit your profile' }).isVisible()).toBe(true);
    // The contact card sends only its own fields (change-contact-info refuses the website's).
    const contactCard = main(page).locator('.edit-card', { hasText: 'Contact information' });
    await contactCard.getByLabel('Contact phone').fill('(207) 555-0199');
    await contactCard.getByRole('button', { name: 'Save' }).click();
    await poll(() => toast(page, MESSAGES.saved).isVisible()).toBe(true);
    await page.locator('.toaster').getByRole('button', { name: 'Dismiss message' }).click();
    await poll(() => toast(page, MESSAGES.saved).count()).toBe(0);
    const summaryCard = main(page).locator('.edit-card', { hasText: 'Summary' });
    await summaryCard.getByLabel('Summary').fill('House calls on the peninsula every Friday.');
    await summaryCard.getByRole('button', { name: 'Save' }).click();
    await poll(() => toast(page, MESSAGES.saved).isVisible()).toBe(true);
    await shot(page, 'edit-profile-desktop');
    await page.goto(`${site.server.url}/viewprofile`);
    await poll(() => page.getByTestId('review-state').textContent()).toBe('Approved');
    await poll(() => main(page).getByText('House calls on the peninsula every Friday.').isVisible()).toBe(true);
    await poll(() => main(page).getByText('(207) 555-0199').first().isVisible()).toBe(true);
    await shot(page, 'viewprofile-desktop');

    // The rejected demo vet sees the administrator's reason.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signIn(page, 'felix.brennan@stages.demo.animaldoctor.local', vetPassword);
    await page.goto(`${site.server.url}/viewprofile`);
    await poll(() => page.getByTestId('review-state').textContent()).toBe('Rejected');
    await poll(() =>
      main(page)
        .getByText(/remove the guarantee of cures/)
        .isVisible(),
    ).toBe(true);
    await shot(page, 'viewprofile-rejected-desktop');
    expect(problems).toEqual([]);
    await context.close();

    // The wizard at desktop width (the draft-stage vet was submitted above, so a fresh look at Step 1 of the
    // no-plan vet is not possible: use the in-review vet's edit view), and /admin on a phone.
    const phone = await openPage(site.browser, PHONE);
    await signIn(phone.page, adminEmail, adminPassword);
    await phone.page.goto(`${site.server.url}/admin?tab=review`);
    await poll(() => phone.page.locator('main h1').textContent()).toBe('Administration');
    await phone.page.getByRole('tab', { name: /Approved/ }).click();
    await poll(() => phone.page.locator('.queue-item').count()).toBeGreaterThan(0);
    await shot(phone.page, 'admin-phone');
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
