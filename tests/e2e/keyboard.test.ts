// Keyboard-only use (docs/product.md, Pages and look): a new vet completes the profile wizard (Step 1, Step 2 with an
// avatar, Submit) and a pet owner searches, narrows, pages and opens a result, each with Tab, typing, Space, Enter and
// the arrow keys only, at 390 and 1280 px; axe finds nothing on each screen. Tab must reach each control in turn (a
// control that Tab skips fails the test), and the focused control must show a visible focus indicator.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FileChooser, Locator, Page } from 'playwright-core';
import { JWT_STORAGE_KEY } from '../../shared/constants/messages';
import { DESKTOP, PHONE, expectAccessible, openPage, settled } from './support/browser';
import { useSite } from './support/site';

const unique = () => randomUUID().slice(0, 8);
const site = useSite({
  users: {
    phoneVet: { email: `kbd-phone-${unique()}@example.com`, stage: 'paid', plan: 1, firstName: 'Kim', lastName: 'Keys' },
    desktopVet: { email: `kbd-desk-${unique()}@example.com`, stage: 'paid', plan: 1, firstName: 'Lee', lastName: 'Tabb' },
  },
});
// There is no network in browser tests: the map's tile requests fail, and their log is allowed.
const TILE_FAILURES = [/Failed to load resource: net::ERR_(FAILED|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED)/];
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const main = (page: Page) => page.locator('main');

/** How the control and what draws around it look: outline, ring, border (its label, parents and next sibling). */
const looks = (target: Locator) =>
  target.evaluate((element) => {
    const input = element as HTMLInputElement;
    const around = [element, element.parentElement, element.parentElement?.parentElement, element.parentElement?.parentElement?.parentElement];
    return [...around, element.nextElementSibling, ...(input.labels ? [...input.labels] : [])]
      .filter((e): e is Element => Boolean(e))
      .map((e) => {
        const s = getComputedStyle(e);
        return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow} | ${s.borderColor} | ${s.backgroundColor}`;
      })
      .join('; ');
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reached within `max` presses, or when nothing
 * around it looks different once it has the focus (no visible focus indicator).
 */
async function tabTo(page: Page, target: Locator, { max = 120, back = false } = {}) {
  await target.waitFor({ state: 'attached', timeout: 15_000 });
  const hasFocus = () => target.evaluate((element) => element === document.activeElement);
  if (await hasFocus()) return;
  const before = await looks(target);
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus()) {
      await settled(page); // antd's focus transitions have ended
      expect(await looks(target), `a visible focus indicator on ${String(target)}`).not.toBe(before);
      return;
    }
  }
  throw new Error(`Tab did not reach ${String(target)}`);
}

/**
 * Tabs to a file input and presses Space, as a keyboard user opens the file chooser. Once on a loaded machine the
 * step's input was replaced while the page settled and the Space went to the page: a person would press it again,
 * so a later try moves the focus away and tabs to it again (the chooser must still open from the keyboard). The page
 * intercepts choosers from its start (`interceptChoosers`), so a chooser that opens while no try waits for it is not
 * left open in the browser, where it would keep the next one from opening (a CI run failed both tries at 390 px).
 */
async function openChooserWithSpace(page: Page, upload: Locator): Promise<FileChooser> {
  const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  for (let attempt = 1; ; attempt++) {
    await tabTo(page, upload);
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    await page.keyboard.press('Space');
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw new Error(`Space did not open the file chooser three times; the focus is on ${await focused()}`, { cause: error });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    }
  }
}

/** File choosers of this page are handled by the test from now on, never left open in the browser. */
function interceptChoosers(page: Page): void {
  page.on('filechooser', () => undefined);
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe('keyboard only', () => {
  for (const [viewport, vetKey] of [
    [PHONE, 'phoneVet'],
    [DESKTOP, 'desktopVet'],
  ] as const) {
    it(`a new vet completes the profile wizard with the keyboard at ${viewport.width} px`, async () => {
      const vet = site.users[vetKey];
      const { page } = await openPage(site.browser, viewport);
      interceptChoosers(page);
      await page.goto(`${site.server.url}/home`);
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [JWT_STORAGE_KEY, vet.token]);
      await page.goto(`${site.server.url}/setupprofile`);
      const field = (label: string) => main(page).getByLabel(label, { exact: true });
      await poll(() => main(page).getByRole('heading', { name: 'Step 1 of 3: Contact and address' }).isVisible()).toBe(true);
      await expectAccessible(page, `/setupprofile step 1 at ${viewport.width} px`);

      // Step 1.
      await typeInto(page, field('Clinic or hospital name'), 'Keyboard Creek Animal Clinic');
      await typeInto(page, field('Contact phone'), '(406) 555-0123');
      await typeInto(page, field('Street address'), '3 Tab Lane');
      await typeInto(page, field('Zip code'), '59001');
      await tabTo(page, field('State'));
      await page.keyboard.type('Montana');
      await poll(() => page.locator('.ant-select-item-option-active', { hasText: 'MT – Montana' }).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await poll(() =>
        main(page)
          .locator('.ant-select', { has: page.getByLabel('State', { exact: true }) })
          .textContent(),
      ).toContain('MT – Montana');
      await typeInto(page, field('Website title'), 'Keyboard Creek online');
      await typeInto(page, field('Website address'), 'https://keyboard-creek.example');
      await tabTo(page, main(page).getByRole('button', { name: 'Save and continue' }).first());
      await page.keyboard.press('Enter');
      await poll(() => main(page).getByRole('heading', { name: 'Step 2 of 3: Your practice' }).isVisible()).toBe(true);
      await expectAccessible(page, `/setupprofile step 2 at ${viewport.width} px`);

      // Step 2: the avatar's file input opens the file chooser from the keyboard.
      const upload = page.locator('input[type=file][name=avatar]');
      await settled(page);
      const chooser = await openChooserWithSpace(page, upload);
      const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
      await chooser.setFiles({ name: 'clinic.jpg', mimeType: 'image/jpeg', buffer: photo });
      await poll(() => main(page).getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toMatch(/^\/uploads\/avatars\//);
      // Sunday is closed by default; Space on its checkbox opens it, and its times are typed.
      const sundayClosed = main(page).locator('.hours-row').nth(6).getByRole('checkbox', { name: 'Closed' });
      await tabTo(page, sundayClosed);
      await page.keyboard.press('Space');
      await typeInto(page, field('Sunday opens'), '1000A');
      await typeInto(page, field('Sunday closes'), '0200P');
      await typeInto(page, field('Summary'), 'Dogs, cats and rabbits; every visit booked and finished without a mouse.');
      await typeInto(page, field('School'), 'Montana State University');
      await typeInto(page, field('Year'), '2015');
      // Services: a checkbox from the list, ticked with Space, and one of the vet's own, added with Enter.
      const services = main(page).getByRole('group', { name: 'Services' });
      await tabTo(page, services.getByRole('checkbox', { name: 'Dentistry', exact: true }));
      await page.keyboard.press('Space');
      await tabTo(page, field('Add your own service'));
      await page.keyboard.type('Keyboard care');
      await page.keyboard.press('Enter');
      await tabTo(page, field('24/7 emergency'));
      await page.keyboard.press('Space');
      expect(await field('24/7 emergency').getAttribute('aria-checked')).toBe('true');
      await tabTo(page, main(page).getByRole('button', { name: 'Save and continue' }).last());
      await page.keyboard.press('Enter');

      // Submit: the preview shows the public sections; Enter on the button submits.
      const submit = main(page).getByRole('button', { name: 'Submit for review' });
      await poll(() => submit.isVisible()).toBe(true);
      const preview = main(page).locator('.profile-preview');
      await poll(() => preview.getByRole('heading', { name: 'Keyboard Creek Animal Clinic' }).isVisible()).toBe(true);
      await poll(() => preview.locator('.hours').getByText('10:00 AM – 2:00 PM').isVisible()).toBe(true);
      await poll(() => preview.locator('.tags').getByText('Dentistry').isVisible()).toBe(true);
      await poll(() => preview.locator('.tags').getByText('Keyboard care').isVisible()).toBe(true);
      await poll(() => preview.locator('.tags').getByText('24/7 emergency').isVisible()).toBe(true);
      await expectAccessible(page, `/setupprofile submit step at ${viewport.width} px`);
      await tabTo(page, submit);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/viewprofile');
      await poll(() => page.getByTestId('review-state').textContent()).toBe('In review');
    });

    it(`a pet owner searches, filters, changes the radius, pages and opens a result with the keyboard at ${viewport.width} px`, async () => {
      const { page } = await openPage(site.browser, viewport, { allow: TILE_FAILURES });
      await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
      // One result a page, from a shared address, so that the demo data has two pages.
      await page.goto(`${site.server.url}/searchdoctor?count=1`);
      await poll(() => main(page).getByText('Enter a zip code, a city or a state above').isVisible()).toBe(true);
      await expectAccessible(page, `/searchdoctor (empty) at ${viewport.width} px`);

      // The form: type, then Enter submits.
      await typeInto(page, main(page).getByLabel('Zip code'), '10001');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/searchdoctor\?zip=10001&count=1$/);
      await poll(() =>
        main(page)
          .getByText(/^Page 1 of 2$/)
          .isVisible(),
      ).toBe(true);
      await expectAccessible(page, `/searchdoctor results at ${viewport.width} px`);

      // The radius: a native select, changed with the arrow keys; the results stay. On a phone the filters are in a
      // sheet behind 'Filters' (docs/product.md 21.1): Enter opens it, Escape closes it.
      const phone = viewport === PHONE;
      const filtersButton = main(page).getByRole('button', { name: /^Filters/ });
      if (phone) {
        await tabTo(page, filtersButton);
        await page.keyboard.press('Enter');
      }
      const radius = main(page).getByLabel(/^Within/);
      await tabTo(page, radius);
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(/radius=50/);
      await poll(() =>
        main(page)
          .getByText(/^Page 1 of 2$/)
          .isVisible(),
      ).toBe(true);

      if (phone) await page.keyboard.press('Escape');

      // Paging: Next by the keyboard; the focus moves to the count, and the next Tab reaches the result.
      const first = await page.locator('.doctor-card .doctor-clinic').allTextContents();
      await tabTo(page, main(page).getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/start=1/);
      await poll(() =>
        main(page)
          .getByText(/^Page 2 of 2$/)
          .isVisible(),
      ).toBe(true);
      await poll(() => page.evaluate(() => document.activeElement?.classList.contains('results-count') ?? false)).toBe(true);
      const second = await page.locator('.doctor-card .doctor-clinic').allTextContents();
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
      // The card's heart comes first (docs/product.md 21.4), then its profile link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Save ${second[0]} to My vets`);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`View profile of ${second[0]}`);

      // A filter behind the disclosure, back up the page: Enter opens it, Space ticks a box; the search starts at page one.
      const more = main(page).locator('summary', { hasText: 'Species treated' });
      if (phone) {
        await tabTo(page, filtersButton, { back: true });
        await page.keyboard.press('Enter');
      }
      await tabTo(page, more, { back: !phone });
      await page.keyboard.press('Enter');
      const dogs = main(page).getByRole('checkbox', { name: 'dogs' });
      await tabTo(page, dogs);
      await page.keyboard.press('Space');
      await page.waitForURL((url) => url.searchParams.get('species') === 'dogs' && !url.searchParams.has('start'));
      await poll(() => dogs.isChecked()).toBe(true);
      await poll(() => page.locator('.doctor-card').count()).toBe(1);
      await expectAccessible(page, `/searchdoctor filtered at ${viewport.width} px`);

      if (phone) await page.keyboard.press('Escape');

      // The result: Tab to its link, Enter opens the profile.
      const [dogsClinic] = await page.locator('.doctor-card .doctor-clinic').allTextContents();
      await tabTo(page, main(page).getByRole('link', { name: `View profile of ${dogsClinic}` }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/viewdoctorprofile\/\d+$/);
      await poll(() => main(page).getByRole('heading', { level: 1 }).textContent()).toBe(dogsClinic);
    });
  }
});
