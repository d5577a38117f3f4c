// XSS (issue 15): script payloads and naughty strings saved through the real calls, then shown in
// Chromium on every page that shows them and in the e-mails that carry them. No script may run:
// a dialog hook, a console hook and the window.__xss flag the payloads set prove it.
// Adding a page is one line in PAGES; adding a field (profiles, articles, alt texts, reasons) is
// one entry in SOURCES (profiles, articles, photo captions, rejection reasons, contact messages and
// checkouts are in xss-everywhere.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verificationLinkOf } from '../../server/test/smtp-capture';
import { DESKTOP, openPage, settled } from './support/browser';
import { useSite } from './support/site';
import { emailRuns, flagged, hooked, PAYLOADS, proveDetector } from './support/xss';

const site = useSite({ mail: 'busy' });

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
      const mail = await site.mail.waitFor((m) => m.to.includes(email), 60_000);
      return { payload, email, verifyLink: verificationLinkOf(mail).toString(), mails: [mail.decoded] };
    },
  },
];

describe('stored script payloads never run', () => {
  for (const source of SOURCES) {
    it(`${source.name}: pages and e-mails`, { timeout: 600_000 }, async () => {
      const saved = await Promise.all(PAYLOADS.map((p) => source.save(p)));
      const failures: string[] = [];
      const ran: string[] = [];
      // Four browser contexts share the accounts: each page mostly waits for the network to go quiet.
      const lanes = 4;
      await Promise.all(
        Array.from({ length: lanes }, async (_, lane) => {
          const { context, page } = await openPage(site.browser, DESKTOP);
          const heard = hooked(page);
          await proveDetector(page);
          for (const s of saved.filter((_, n) => n % lanes === lane)) {
            for (const target of PAGES) {
              await page.goto(`${site.server.url}${target.path(s)}`);
              await page.waitForLoadState('networkidle');
              // Whatever the page shows settles (the onerror of a broken <img> has run).
              await settled(page);
              if (await flagged(page)) failures.push(`${target.name} ran ${s.payload}`);
            }
            // Signed out again before the next account's verification link.
            await page.evaluate(() => localStorage.clear());
            // The e-mails, rendered as a mail client with scripts on would (on a blank page, outside the site's CSP).
            for (const html of s.mails) if (await emailRuns(page, html)) failures.push(`e-mail ran ${s.payload}`);
          }
          await context.close();
          ran.push(...heard);
        }),
      );
      expect(failures).toEqual([]);
      expect(ran).toEqual([]);
    });
  }
});
