// XSS beyond names (issue 15): every script payload of support/xss.ts is saved through the real
// calls into every text field a vet, an administrator or a visitor can fill — the profile wizard
// (clinic, street, website title, summary, education, services, licence), the services list, photo
// captions (the photos' alt texts), articles (title, author, summary, contents, cover image URL and
// its alt text), rejection reasons, contact-form messages and the names of accounts that check out
// — and then shown in Chromium on every page that shows them: search results, the public profile,
// /viewprofile, the administrator's tabs, the blog list and the article page, the checkout page and
// /services; and in the e-mails that carry them (rejection, contact form), rendered as HTML. No
// script runs: a dialog handler, a console hook and the window.__xss flag every payload sets prove
// it, and each page is checked to show the payload as text (so the check is not vacuous).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { JWT_STORAGE_KEY } from '../../shared/constants/messages';
import { practiceName } from '../../shared/lib/practice-name';
import { verificationLinkOf } from '../../server/test/smtp-capture';
import { DESKTOP, openPage, settled } from './support/browser';
import { useSite } from './support/site';
import type { UserSpec } from './support/users';
import { emailRuns, FLAG, flagged, hooked, PAYLOADS, proveDetector, showsText } from './support/xss';

const unique = () => randomUUID().slice(0, 8);
const CHECKOUTS = 4;
const vetSpecs = Object.fromEntries(
  PAYLOADS.map((_, i) => [`vet${i}`, { email: `xss-vet-${i}-${unique()}@example.com`, stage: 'paid', plan: 3 } satisfies UserSpec]),
);

const site = useSite<string>({
  mail: 'busy',
  // Each contact message comes from its own address (X-Forwarded-For): the per-client budget is 10 an hour.
  env: { TRUST_PROXY: '127.0.0.1' },
  users: { admin: { email: `xss-admin-${unique()}@example.com`, stage: 'admin' }, ...vetSpecs },
});

async function api(
  url: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; text: string }> {
  const res = await fetch(`${site.server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // a plain-text answer
  }
  return { status: res.status, json, text };
}

async function saved(url: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await api(url, body, token, headers);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(200);
  return res.json;
}

const plainOf = (text: string) => text.replace(/[<>&]/g, '');

/** Calls whose plain-text rules refused a payload (400 with a sentence); the payload was saved without < > & instead. */
const refused = new Set<string>();

/** Saves `build(payload)`; when a plain-text rule refuses it with a clear 400, saves it without < > &. Answers what was saved. */
async function savedOrPlain(
  url: string,
  payload: string,
  build: (text: string) => unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const first = await api(url, build(payload), token, headers);
  if (first.status === 200) return payload;
  expect(first.status, `${url}: ${first.text.slice(0, 300)}`).toBe(400);
  expect(typeof first.json.message).toBe('string');
  refused.add(`${url}: ${first.json.message as string}`);
  const plain = plainOf(payload);
  await saved(url, build(plain), token, headers);
  return plain;
}

/** Saves `body`; each field a plain-text rule refuses (400 naming the field) is saved without < > & instead. */
async function savedFieldwise(
  url: string,
  body: Record<string, unknown>,
  token?: string,
  /** What a field falls back to when even its plain form is refused (an image address that must be the site's own). */
  fallbacks: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const sent = { ...body };
  for (let attempt = 0; attempt < Object.keys(body).length; attempt++) {
    const res = await api(url, sent, token);
    if (res.status === 200) return res.json;
    const field = res.json.field as string | undefined;
    expect(res.status, `${url}: ${res.text.slice(0, 300)}`).toBe(400);
    expect(field && typeof sent[field] === 'string', `${url}: ${res.text.slice(0, 300)}`).toBe(true);
    refused.add(`${url} ${field}: ${res.json.message as string}`);
    const value = sent[field!] as string;
    sent[field!] = plainOf(value) !== value ? plainOf(value) : fallbacks[field!];
    expect(sent[field!], `${url}: no fallback for ${field}`).toBeTypeOf('string');
  }
  return saved(url, sent, token);
}

const WEEK = (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) =>
  day === 'sun' ? { day, closed: true } : { day, closed: false, open: '08:00', close: '17:00' },
);

/** Vet `i` fills every text field of the profile with payload `i`, adds a captioned photo and submits. */
async function fillProfile(i: number, payload: string): Promise<string> {
  const { token, email } = site.users[`vet${i}`]!;
  const step1 = await savedFieldwise(
    '/api/user/setupProfileStep1',
    {
      clinic_name: payload,
      contact_phone: '406-555-0123',
      contact_email: email,
      street: payload,
      city: '',
      state: '',
      zip: '59001',
      website_title: payload,
      website_url: `https://clinic-${i}.example/`,
    },
    token,
  );
  const step2 = (choice: string) =>
    api(
      '/api/user/setupProfileStep2',
      {
        working_time: WEEK,
        time_zone: 'America/Denver',
        summary: `${payload} ${payload}`,
        education: [{ degree: payload, school: payload, year: 2009 }],
        services: [choice.slice(0, 60)],
        species: ['Dogs', choice.slice(0, 60)],
        emergency: false,
        accepting_new_patients: true,
        license_number: payload.slice(0, 40),
        license_state: 'MT',
      },
      token,
    );
  let stepTwo = await step2(payload);
  // Services and species are plain text wherever they are saved; the wizard's step says so as its 202 text (decision 030).
  if (stepTwo.status === 202 && /as plain text, without < or >/.test(stepTwo.text)) {
    refused.add(`/api/user/setupProfileStep2: ${stepTwo.text}`);
    stepTwo = await step2(plainOf(payload));
  }
  expect(stepTwo.status, stepTwo.text).toBe(200);
  await savedOrPlain('/api/user/change-services', payload, (text) => ({ services: ['Wellness exams', text.slice(0, 60)] }), token);
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40 + i * 9, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
  const upload = await fetch(`${site.server.url}/api/user/photos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(upload.status, await upload.clone().text()).toBe(200);
  const photos = (await upload.json()) as { data?: { id: number }[] } | { id: number }[];
  const list = Array.isArray(photos) ? photos : (photos.data ?? []);
  await savedOrPlain('/api/user/photos/update', payload, (caption) => ({ id: list[0]!.id, caption }), token);
  const submitted = await api('/api/user/profile-submit', {}, token);
  expect(submitted.status, submitted.text).toBe(200);
  const user = (step1.user ?? step1) as { profile: { clinic_name: string } };
  return user.profile.clinic_name;
}

interface Visit {
  name: string;
  path: string;
  /** Text the page must show (the payload as text), when the page shows a whole field. */
  shows?: string;
  token?: string;
}

/** Visits each page (signed in with its token, if any) and returns what went wrong. */
async function visitAll(page: Page, visits: Visit[]): Promise<string[]> {
  const failures: string[] = [];
  let signedInAs: string | undefined;
  for (const visit of visits) {
    if (visit.token !== signedInAs) {
      // On a page of the site without the app (the health answer): no app code can write the old session back.
      await page.goto(`${site.server.url}/api/health`);
      await page.evaluate(
        ([key, value]) => (localStorage.clear(), value ? localStorage.setItem(key!, value) : undefined),
        [JWT_STORAGE_KEY, visit.token ?? ''],
      );
      signedInAs = visit.token;
    }
    await page.goto(`${site.server.url}${visit.path}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Whatever the page shows settles (the onerror of a broken <img> has run).
    await settled(page);
    if (await flagged(page)) failures.push(`${visit.name} (${visit.path}) ran a script`);
    if (visit.shows !== undefined) {
      // Data arrives after the first paint on some pages (slowly on a loaded machine): poll for it.
      const shows = visit.shows;
      const shown = await expect
        .poll(() => showsText(page, shows), { timeout: 15_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        );
      await settled(page);
      if (!shown) failures.push(`${visit.name} (${visit.path}) does not show ${JSON.stringify(visit.shows)}`);
      // A script in a late part of the page would have run by now too.
      if (await flagged(page)) failures.push(`${visit.name} (${visit.path}) ran a script`);
    }
  }
  return failures;
}

describe('stored script payloads in profiles, photos, reasons, messages, articles and checkouts never run', () => {
  it('pages and e-mails', { timeout: 900_000 }, async () => {
    const admin = site.users.admin!;
    // NOTE: one CI run (2026-11-23) logged a search request answered 400 on /searchdoctor, cause not
    // found (the payloads' checks passed): this journey looks for scripts that run, so a refused
    // request is allowed here; the search journeys keep the console guard strict.
    const { context, page } = await openPage(site.browser, DESKTOP, {
      allow: [/net::ERR_NAME_NOT_RESOLVED|net::ERR_FAILED|net::ERR_INTERNET_DISCONNECTED/, /responded with a status of 400 \(Bad Request\)/],
    });
    const ran = hooked(page);
    // Which request was refused, for the log when it happens again (the console line does not say).
    page.on('response', (response) => {
      if (response.status() === 400)
        console.warn(`xss journey: 400 for ${response.request().method()} ${new URL(response.url()).pathname} on ${new URL(page.url()).pathname}`);
    });
    // The session is set on the health answer's page, whose favicon request the site answers 404.
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    await proveDetector(page);
    const failures: string[] = [];
    const vetIds = PAYLOADS.map((_, i) => site.users[`vet${i}`]!.id);

    // Profiles: every field through the wizard's calls, photos with captions, submitted for review.
    const clinics: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) clinics.push(await fillProfile(i, payload));
    failures.push(...(await visitAll(page, [{ name: 'admin review queue', path: '/admin?tab=review', token: admin.token }])));
    for (const id of vetIds) await saved('/api/admin/review-profile', { user_id: id, decision: 'approve', reason: '' }, admin.token);

    // Contact-form messages to every vet (name and message).
    const contacted: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const body = (text: string) => ({ id: vetIds[i], name: text.slice(0, 100), email: `owner-${i}@example.com`, message: `${text} (message ${i})` });
      contacted.push(await savedOrPlain('/api/doctors/contact', payload, body, undefined, { 'x-forwarded-for': `198.18.7.${i + 1}` }));
    }

    // Articles: every field of the editor, published.
    const articleIds: number[] = [];
    const articleTitles: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const article = await savedFieldwise(
        '/api/admin/articles/create',
        {
          title: payload,
          author: payload,
          img_url: i % 2 === 0 ? `javascript:${FLAG}` : `https://example.com/x" onerror="${FLAG}`,
          img_alt: payload,
          sub_content: payload,
          contents: `<p>${payload}</p><p>Article ${i}</p>${payload}<img src="x" onerror="${FLAG}" alt="${payload.replaceAll('"', '&quot;')}">`,
        },
        admin.token,
        // Covers are images of the site itself (decision 076): any other address is refused.
        { img_url: '/images/articles/dog-heatstroke.svg' },
      );
      articleIds.push(article.id as number);
      articleTitles.push(article.title as string);
      await saved('/api/admin/articles/publish', { id: article.id }, admin.token);
    }

    // Checkouts by accounts whose names are payloads: signed up through the API, verified by the e-mailed link.
    const buyers: { token: string; payload: string; session: string }[] = [];
    for (const payload of PAYLOADS.slice(0, CHECKOUTS)) {
      const email = `xss-buyer-${unique()}@example.com`;
      const registered = await saved('/api/user/register', { first_name: payload, last_name: payload, email, password: 'Correct-Horse-Battery-9' });
      const mail = await site.mail.waitFor((m) => m.to.includes(email), 60_000);
      const link = verificationLinkOf(mail).searchParams;
      const verified = await api('/api/user/token-verification', { token: ['firstpart', 'secondpart', 'thirdpart'].map((part) => link.get(part)).join('.') });
      expect(verified.status, verified.text).toBe(200);
      const checkout = await saved('/api/payment/checkout', { plan: 2, period: 'month' }, registered.token as string);
      buyers.push({ token: registered.token as string, payload, session: String(checkout.url).split('/').pop()! });
    }

    const pages: Visit[] = [
      { name: 'search results', path: '/searchdoctor?zip=59001&count=50', shows: clinics[0] },
      { name: 'search results by city', path: '/searchdoctor?city=Absarokee&state=MT&count=50', shows: clinics[1] },
      ...clinics.map((clinic, i) => ({ name: `public profile ${i}`, path: `/viewdoctorprofile/${vetIds[i]}`, shows: clinic })),
      { name: 'blog list', path: '/blogpage', shows: articleTitles[articleTitles.length - 1] },
      ...articleIds.map((id, i) => ({ name: `article ${i}`, path: `/singlepost/${id}`, shows: articleTitles[i] })),
      { name: 'admin dashboard', path: '/admin', token: admin.token },
      { name: 'admin users', path: '/admin?tab=users', token: admin.token },
      { name: 'admin activity', path: '/admin?tab=activity', token: admin.token },
      { name: 'admin review queue (approved)', path: '/admin?tab=review&state=approved', token: admin.token },
      { name: 'article editor list', path: '/articleeditor', token: admin.token, shows: articleTitles[articleTitles.length - 1] },
      ...buyers.flatMap((b, i) => [
        { name: `checkout ${i}`, path: `/checkout/${b.session}`, token: b.token, shows: b.payload },
        { name: `services ${i}`, path: '/services', token: b.token },
      ]),
    ];
    failures.push(...(await visitAll(page, pages)));

    // Rejections with the payload as the reason: the e-mail and /viewprofile (with the messages) show it.
    for (const [i, payload] of PAYLOADS.entries()) {
      await saved('/api/admin/review-profile', { user_id: vetIds[i], decision: 'reject', reason: `${payload} needs fixing` }, admin.token);
    }
    failures.push(
      ...(await visitAll(page, [
        ...PAYLOADS.map((payload, i) => ({
          name: `view profile ${i}`,
          path: '/viewprofile',
          token: site.users[`vet${i}`]!.token,
          shows: `${payload} needs fixing`,
        })),
        { name: 'admin review queue (rejected)', path: '/admin?tab=review&state=rejected', token: admin.token },
      ])),
    );

    // The e-mails: each vet's rejection e-mail and contact-form e-mail, rendered with scripts on.
    for (const [i, payload] of PAYLOADS.entries()) {
      const to = site.users[`vet${i}`]!.email.toLowerCase();
      const contact = await site.mail.waitFor((m) => m.to.includes(to) && m.decoded.includes(`(message ${i})`), 60_000);
      const rejection = await site.mail.waitFor((m) => m.to.includes(to) && /needs changes/i.test(m.subject), 60_000);
      // The copy to the pet owner.
      const receipt = await site.mail.waitFor((m) => m.to.includes(`owner-${i}@example.com`), 60_000);
      for (const [kind, mail] of [
        ['contact-form', contact],
        ['rejection', rejection],
        ['contact receipt', receipt],
      ] as const) {
        if (await emailRuns(page, mail.decoded)) failures.push(`${kind} e-mail ${i} ran a script`);
        // The contact e-mail carries what the contact form saved; the rejection e-mail the reason; the owner's
        // copy names the practice as its card does (docs/product.md 20.15): a signed-up vet's practice by the vet.
        const vet = site.users[`vet${i}`]!;
        const shown =
          kind === 'rejection'
            ? payload
            : kind === 'contact-form'
              ? contacted[i]!
              : practiceName({ claimed: true, firstName: vet.firstName, lastName: vet.lastName, clinicName: payload });
        if (!(await showsText(page, shown))) failures.push(`${kind} e-mail ${i} does not show ${JSON.stringify(shown)}`);
      }
    }

    await context.close();
    if (refused.size > 0) console.log(`Refused by plain-text rules (saved without < and >):\n${[...refused].join('\n')}`);
    expect(failures).toEqual([]);
    expect(ran).toEqual([]);
  });
});
