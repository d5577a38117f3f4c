// What a page shows before (or without) its JavaScript: the server renders the first screen of a profile, an
// article, an article list and /services with React into <div id="root">, escaped, and names the route's own chunk
// in the head (docs/decisions/089-server-rendering-with-react.md, 074-prerendered-first-screen.md). The web app's
// server entry is loaded from its source here (server/test/helper.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/helper';
import { createArticle, createVet } from '../../../test/factories';
import { articles, profiles } from '../../../db/schema';
import { PLANS, SANDBOX_NOTICE, formatPrice } from '../../../../shared/constants/plans';
import { parseInitialData } from '../../../../shared/lib/initial-data';
import { escapeHtml } from '../../../lib/escape-html';
import { ROUTE_LIST } from '../../../../shared/routes';

const marker = randomUUID().slice(0, 6);
const TRICKY = `Paws & Claws <script>alert(1)</script> "quoted" ${marker}`;
const TRICKY_HTML = `Paws &amp; Claws &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; ${marker}`;

let app: FastifyInstance;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-prerender-'));
const ids = { vet: 0, blog: 0, ai: 0 };

beforeAll(async () => {
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Animal Doctor</title>\n    <meta name="description" content="Default." />\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  // Vite's build manifest, in the shape vite build writes it.
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index-abc.css'] },
      '_runtime.js': { file: 'assets/runtime-1.js' },
      '_profile-sections.js': { file: 'assets/profile-sections-2.js', imports: ['index.html'] },
      'features/doctors/pages/doctor-profile-page.tsx': {
        file: 'assets/doctor-profile-page-3.js',
        imports: ['_runtime.js', 'index.html', '_profile-sections.js'],
      },
      '_payment.js': { file: 'assets/payment-4.js', css: ['assets/payment-4.css'] },
      'features/doctors/pages/search-doctor-page.tsx': { file: 'assets/search-doctor-page-6.js', imports: ['index.html', '_profile-sections.js'] },
      'features/payment/pages/services-page.tsx': { file: 'assets/services-page-5.js', imports: ['index.html', '_payment.js'] },
    }),
  );
  app = await buildTestApp({}, { distDir: dist });
  const { db } = app.database;
  ids.vet = (await createVet(app, { clinicName: TRICKY, plan: 2, services: ['Dentistry', 'Surgery'] })).user.id;
  await db
    .update(profiles)
    .set({ summary: `We treat <b>dogs</b> & "cats" ${marker}.` })
    .where(eq(profiles.userId, ids.vet));
  const blog = await createArticle(app, {
    title: `Keeping <dogs> & cats cool ${marker}`,
    contents: `<p>Shade and water first ${marker}.</p><p>Then a walk.</p>`,
  });
  await db.update(articles).set({ imgUrl: '/images/articles/cool.jpg' }).where(eq(articles.id, blog.id));
  ids.blog = blog.id;
  ids.ai = (await createArticle(app, { kind: 'ai', title: `AI: ticks ${marker}` })).id;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** What a browser without JavaScript gets: the HTML inside #root, and the head. */
async function open(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { 'user-agent': 'Googlebot/2.1' } });
  const html = res.body;
  const root = /<div id="root"(?: data-prerendered="")?>([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  return { res, html, root, head };
}

/** The text of a piece of HTML, entities left as they are (React's <!-- --> between text parts dropped). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the first screen in the HTML', () => {
  it('a profile: clinic name, summary, services and opening hours, every field escaped as text', async () => {
    const page = await open(`/viewdoctorprofile/${ids.vet}`);
    expect(page.res.statusCode).toBe(200);
    // The layout around it: header with the site's links, main, footer.
    // Marked for the browser to hydrate (web/main.tsx).
    expect(page.html).toContain('<div id="root" data-prerendered=""><div class="app-shell"><a href="#main" class="skip-link">');
    expect(page.root).toContain('<header class="site-header">');
    expect(page.root).toContain('<main id="main" class="site-main"');
    expect(page.root).toContain('<footer class="site-footer">');
    expect(page.root).toContain(`<h1>${TRICKY_HTML}</h1>`);
    expect(page.root).not.toContain('<script>alert(1)');
    expect(page.root).not.toContain('"quoted"');
    expect(page.root).toContain(`We treat &lt;b&gt;dogs&lt;/b&gt; &amp; &quot;cats&quot; ${marker}.`);
    const shown = text(page.root);
    expect(shown).toMatch(/ · 1 Test Street, New York, NY 10001/);
    expect(shown).toContain('Dentistry Surgery');
    expect(shown).toContain('Treats: dog, cat');
    expect(shown).toContain('Opening hours');
    expect(shown).toContain('Monday 9:00 AM – 5:00 PM');
    expect(shown).toContain('Sunday Closed');
    expect(shown).toContain('Times in Eastern Time.');
    expect(shown).toContain('Phone: (212) 555-0142');
    expect(page.root).toContain('href="tel:2125550142"');
    // Directions link: the clinic's name is URL-encoded inside an escaped attribute.
    expect(page.root).toContain(`href="https://www.google.com/maps/dir/?api=1&amp;destination=${encodeURIComponent(`${TRICKY}, `).replace(/'/g, '%27')}`);
    // The plan's contact form keeps its card's place; the form itself needs the app.
    expect(shown).toContain('Send a message');
    // The cards further down are in the HTML too: the request card and the reviews.
    expect(shown).toContain('Request an appointment');
    expect(page.root).toContain('<section class="card reviews-card" id="reviews"');
  });

  it('an article: title, author line and its text; an AI article: the disclosure', async () => {
    const page = await open(`/singlepost/:${ids.blog}`);
    expect(page.res.statusCode).toBe(200);
    expect(page.root).toContain(`<h1>Keeping &lt;dogs&gt; &amp; cats cool ${marker}</h1>`);
    expect(page.root).toContain(`<div class="prose article-contents"><p>Shade and water first ${marker}.</p><p>Then a walk.</p></div>`);
    expect(page.root).toContain('<img class="article-hero" src="/images/articles/cool.jpg"');
    // React hoists the cover's preload (fetchPriority high) out of the markup: it goes into the head.
    expect(page.head).toMatch(/<link rel="preload" as="image" href="\/images\/articles\/cool.jpg" fetchPriority="high"\/>/);
    expect(page.root).not.toContain('rel="preload"');
    expect(page.root).toContain('<div class="author-line">');
    expect(page.root).toMatch(/<a href="\/blogpage"[^>]*>All blog articles<\/a>/);
    const ai = await open(`/ai-singlepost/${ids.ai}`);
    expect(ai.root).toContain(`<h1>AI: ticks ${marker}</h1>`);
    expect(text(ai.root)).toContain('AI-assisted Drafted with AI assistance');
  });

  it('the article lists: their first cards, the first image eager, and the pagination', async () => {
    const page = await open('/blogpage');
    expect(page.root).toContain('<h1>Blog Articles</h1>');
    const cards = [...page.root.matchAll(/<h2 class="article-title" id="blog-article-(\d+)-title">([^<]*)<\/h2>/g)].map((m) => m[2]);
    // Each card's link is named by the spec's label exactly and described by its card's title.
    expect(page.root).toMatch(/<a class="button" aria-describedby="blog-article-\d+-title" href="\/singlepost\/:\d+"[^>]*>Read Full Article\.\.\.<\/a>/);
    const api = (await app.inject({ method: 'POST', url: '/api/articles/search', payload: { pageSize: 10, currentVal: 1, searchVal: '' } })).json<{
      data: Array<{ title: string }>;
      totalCount: number;
    }>();
    expect(cards.length).toBe(api.data.length);
    expect(cards[0]).toBe(api.data[0]!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(text(page.root)).toContain(`Total ${api.totalCount} items`);
    const images = [...page.root.matchAll(/<img class="article-image"[^>]*>/g)].map((m) => m[0]);
    if (images.length) expect(images[0]).toMatch(/loading="eager" fetchPriority="high"/);
    expect(images.slice(1).every((tag) => tag.includes('loading="lazy"'))).toBe(true);
    const ai = await open('/ai-blogpage');
    expect(ai.root).toContain('<h1>Articles</h1>');
    expect(ai.root).toContain(`AI: ticks ${marker}`);
    // Another page of the list is not what the HTML embeds: the app shows it when it has asked.
    const second = await open('/blogpage?page=2');
    expect(second.root).toBe('');
  });

  it('/services: the three plans with their prices and features', async () => {
    const page = await open('/services');
    expect(page.root).toContain('<h1>Plans and pricing</h1>');
    for (const plan of PLANS) {
      expect(page.root).toContain(`<h2 id="plan-${plan.id}">${plan.name}</h2>`);
      expect(text(page.root)).toContain(`${formatPrice(plan.priceCents)} / month`);
      // React writes an apostrophe as &#x27;.
      for (const feature of plan.features) expect(page.root).toContain(`<li>${escapeHtml(feature).replaceAll('&#39;', '&#x27;')}</li>`);
    }
    expect(text(page.root)).toContain('Questions vets ask');
  });

  it('/services says payments are simulated while the sandbox takes them, and embeds the plans answer that says so (issue 23, row 2)', async () => {
    const page = await open('/services');
    expect(page.root).toContain(`<p class="test-mode-notice" role="note">${SANDBOX_NOTICE}</p>`);
    const embedded = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(page.html)?.[1];
    expect(parseInitialData(embedded, '/services')?.plans).toEqual((await app.inject({ method: 'GET', url: '/api/payment/plans' })).json());
    const stripe = await buildTestApp(
      { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
      { distDir: dist },
    );
    try {
      const real = await stripe.inject({ method: 'GET', url: '/services' });
      expect(real.body).toContain('<h1>Plans and pricing</h1>');
      expect(real.body).not.toContain('test-mode-notice');
      expect(real.body).not.toContain('no card is charged');
    } finally {
      await stripe.close();
    }
  });

  it('/signin and /signup: the form as a visitor sees it, its submit disabled until the app has hydrated it', async () => {
    const signin = await open('/signin');
    expect(signin.res.statusCode).toBe(200);
    expect(signin.head).toContain('<meta name="robots" content="noindex"');
    expect(signin.root).toContain('<h1>Sign in</h1>');
    // React writes autoComplete as it is spelled in JSX; HTML's attribute names ignore case.
    expect(signin.root).toMatch(/<label for="([^"]+)">Email<\/label><input id="\1" type="email" autocomplete="email" name="email"/i);
    expect(signin.root).toMatch(/<input id="[^"]+" type="password" autocomplete="current-password" name="password"/i);
    expect(signin.root).toContain('<span class="visually-hidden">Show password</span>');
    // Sent before the app has hydrated it, a form would be a GET with the password in the address.
    expect(signin.root).toMatch(
      /<button type="submit" class="button button-primary button-large auth-submit" disabled="" aria-busy="false" data-waiting="">Sign in<\/button>/,
    );
    const signup = await open('/signup');
    expect(signup.root).toContain('<h1>Create your account</h1>');
    expect(text(signup.root)).toContain('Who is this account for?');
    // With `?next=` the page speaks to the person the action needs: the app renders it.
    expect((await open('/signin?next=%2Fservices')).root).toBe('');
  });

  it('/searchdoctor without a search: the form, which a browser can send by itself before the app has started', async () => {
    const page = await open('/searchdoctor');
    expect(page.res.statusCode).toBe(200);
    expect(page.html).toContain('<div id="root" data-prerendered="">');
    expect(page.root).toContain('<h1>Find a vet</h1>');
    expect(text(page.root)).toContain('Enter a zip code, a city or a state above');
    // Sent before hydration, the form asks for the same address the app would navigate to (search-params.ts).
    expect(page.root).toMatch(/<form class="search-panel"[^>]* action="\/searchdoctor" method="get">/);
    for (const name of ['q', 'zip', 'city', 'state']) expect(page.root).toMatch(new RegExp(`<input [^>]*name="${name}" value=""/>`));
    // A search's results are the browser's to render: the server sends the empty root.
    expect((await open('/searchdoctor?zip=10001')).root).toBe('');
  });

  it('other pages: an empty root and the scripts at their usual priority; the header marks the current page', async () => {
    const page = await open('/aboutus');
    expect(page.root).toBe('');
    expect(page.head).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect((await open('/services')).root).toMatch(/<a aria-current="page" class="active" href="\/services"[^>]*>Pricing<\/a>/);
  });

  it('no inline script: only the data blocks and the app module', async () => {
    for (const url of [`/viewdoctorprofile/${ids.vet}`, `/singlepost/:${ids.blog}`, '/blogpage', '/services']) {
      const { html } = await open(url);
      for (const [tag] of html.matchAll(/<script[^>]*>/g))
        expect(tag, url).toMatch(/type="application\/(ld\+)?json"|src="\/assets\/|src="\/start-after-paint\.js"/);
      expect(html, url).not.toMatch(/ on[a-z]+="/);
    }
  });
});

describe("the route's own chunk in the head", () => {
  it('a page with an empty root: the page chunk and the chunks it imports, not what the shell loads', async () => {
    // A search's results are the browser's to render: it needs its scripts to paint, at their usual priority.
    const search = await open('/searchdoctor?zip=10001');
    expect(search.root).toBe('');
    expect(search.head).toContain('<link rel="modulepreload" crossorigin href="/assets/search-doctor-page-6.js" />');
    expect(search.head).toContain('<link rel="modulepreload" crossorigin href="/assets/profile-sections-2.js" />');
    expect(search.head).not.toContain('href="/assets/runtime-1.js"');
    expect(search.head).not.toContain('crossorigin href="/assets/index-abc.js" />');
    expect(search.head).not.toContain('fetchpriority="low"');
    // A route the manifest does not know gets no links.
    expect((await open('/aboutus')).head).not.toContain('modulepreload');
  });

  it('a page the server renders: its CSS as a stylesheet, and no script before its first paint', async () => {
    const services = await open('/services');
    expect(services.root).not.toBe('');
    expect(services.head).toContain('<link rel="stylesheet" crossorigin href="/assets/payment-4.css" />');
    // Its scripts come after the first paint: a loader asks for the app's main script then (web/public/start-after-paint.js),
    // which fetches the page's own chunks.
    expect(services.head).not.toContain('modulepreload');
    expect(services.head).toContain('<script defer src="/start-after-paint.js" data-app="/assets/index-abc.js"></script>');
    expect(services.head).not.toContain('<script type="module"');
    const profile = await open(`/viewdoctorprofile/${ids.vet}`);
    expect(profile.root).toContain('<h1>');
    expect(profile.head).not.toContain('modulepreload');
    expect(profile.head).not.toContain('doctor-profile-page-3.js');
  });

  it("names modules that exist in the web app's source", () => {
    for (const [, { module }] of ROUTE_LIST) expect(fs.existsSync(path.resolve(import.meta.dirname, '../../../../web', module)), module).toBe(true);
  });
});
