// What a search engine or a link preview gets without running JavaScript: each public page's head
// and schema.org data from the database, 404 for what is not public, noindex on private pages,
// robots.txt, and the sitemap index with its chunks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/helper';
import { createArticle, createVet } from '../../../test/factories';
import { vocabularyProblems } from '../../../test/schema-org';
import { articles, payments, profileDailyStats, profilePhotos, profiles, users } from '../../../db/schema';
import { utcDay } from '../plan-features/profile-stats';
import { parseInitialData } from '../../../../shared/lib/initial-data';
import { OWN_PROFILE_COOKIE } from '../../../../shared/constants/messages';
import { ROUTE_LIST, routePath } from '../../../../shared/routes';
import { createTestClock } from '../../../lib/clock';

const SITE = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const marker = randomUUID().slice(0, 6);
const TRICKY = `Paws & Claws </script><script>alert(1)</script> "${marker}"`;

let app: FastifyInstance;
/** The app's clock: the sitemaps' cache time passes when a test moves it. */
const clock = createTestClock();
const SITEMAP_TTL_MS = 15 * 60_000;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ad-seo-'));
const ids = { public: 0, pending: 0, lapsed: 0, suspended: 0, blog: 0, ai: 0, draft: 0 };

beforeAll(async () => {
  // The built shell's shape (web/index.html after vite build).
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Animal Doctor — find a veterinarian near you</title>\n    <meta name="description" content="Default." />\n    <script type="module" crossorigin src="/assets/index-abc.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  app = await buildTestApp({ PUBLIC_URL: SITE }, { distDir: dist, seo: { chunkSize: 2, ttlMs: SITEMAP_TTL_MS }, clock });
  const { db } = app.database;
  ids.public = (await createVet(app, { clinicName: TRICKY, plan: 2, services: ['Dentistry', 'Surgery'] })).user.id;
  await db.update(profiles).set({ avatarUrl: '/uploads/avatars/a.webp', websiteUrl: 'https://paws.example.com' }).where(eq(profiles.userId, ids.public));
  await db.insert(profilePhotos).values(
    [0, 1].map((position) => ({
      userId: ids.public,
      key: `photos/u${ids.public}-p${position}`,
      url: `/uploads/photos/u${ids.public}-p${position}/480.webp`,
      width: 480,
      height: 320,
      caption: position === 0 ? `Waiting room </script> ${marker}` : '',
      position,
    })),
  );
  ids.pending = (await createVet(app, { reviewState: 'pending' })).user.id;
  ids.lapsed = (await createVet(app, {})).user.id;
  await db
    .update(payments)
    .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
    .where(eq(payments.userId, ids.lapsed));
  ids.suspended = (await createVet(app, {})).user.id;
  await db.update(users).set({ status: 'suspended' }).where(eq(users.id, ids.suspended));
  const blog = await createArticle(app, { title: `Keeping <dogs> & cats cool ${marker}` });
  await db.update(articles).set({ imgUrl: '/images/articles/cool.jpg' }).where(eq(articles.id, blog.id));
  ids.blog = blog.id;
  ids.ai = (await createArticle(app, { kind: 'ai', title: `AI: ticks ${marker}` })).id;
  ids.draft = (await createArticle(app, { published: false })).id;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The head as a crawler reads it: no JavaScript, only the HTML. */
async function fetchPage(url: string) {
  const res = await app.inject({ method: 'GET', url });
  const html = res.body;
  const attr = (pattern: RegExp) =>
    pattern
      .exec(html)?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const meta = (key: string) => attr(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`));
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const initialText = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    res,
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    titles: html.match(/<title>/g)?.length ?? 0,
    description: meta('description'),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: meta('robots'),
    meta,
    jsonLd,
    initial: parseInitialData(initialText, url.split('?')[0]!),
  };
}

const ofType = (nodes: Record<string, unknown>[], type: string) =>
  nodes.find((n) => n['@type'] === type || (Array.isArray(n['@type']) && n['@type'].includes(type)));

function expectConforms(nodes: Record<string, unknown>[], required: Record<string, string[]>) {
  for (const node of nodes) expect(vocabularyProblems(node), JSON.stringify(node).slice(0, 200)).toEqual([]);
  for (const [type, props] of Object.entries(required)) {
    const node = ofType(nodes, type);
    expect(node, type).toBeDefined();
    expect(node!['@context']).toBe('https://schema.org');
    for (const prop of props) expect(node![prop], `${type}.${prop}`).toBeDefined();
  }
}

/** Only the app's own module and data blocks: no inline script for the CSP to forbid. */
function expectNoInlineScript(html: string) {
  for (const [tag] of html.matchAll(/<script[^>]*>/g)) expect(tag).toMatch(/type="application\/(ld\+)?json"|src="\/assets\/|src="\/start-after-paint\.js"/);
}

describe('the HTML of each public page', () => {
  it('home: its title, description, canonical, social tags and WebSite with a SearchAction', async () => {
    const page = await fetchPage('/home');
    expect(page.res.statusCode).toBe(200);
    expect(page.title).toBe('Find a veterinarian near you · Animal Doctor');
    expect(page.titles).toBe(1);
    expect(page.description).toMatch(/veterinarians/);
    expect(page.html).not.toContain('content="Default."');
    expect(page.canonical).toBe(`${SITE}/home`);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:url')).toBe(`${SITE}/home`);
    expect(page.meta('twitter:card')).toBe('summary');
    expect(page.robots).toBeUndefined();
    expectConforms(page.jsonLd, { WebSite: ['name', 'url', 'potentialAction'] });
    const action = ofType(page.jsonLd, 'WebSite')!.potentialAction as { '@type': string; target: { urlTemplate: string }; 'query-input': string };
    expect(action['@type']).toBe('SearchAction');
    expect(action.target.urlTemplate).toBe(`${SITE}/searchdoctor?zip={search_term_string}`);
    expect(action['query-input']).toBe('required name=search_term_string');
    expectNoInlineScript(page.html);
  });

  it('fixed pages: their own title, description, canonical and breadcrumbs', async () => {
    for (const [url, title] of [
      ['/searchdoctor', 'Find a vet'],
      ['/blogpage', 'Authors Digest'],
      ['/ai-blogpage', 'Articles'],
      ['/services', 'Pricing'],
      ['/medicine', 'Pet medicine'],
      ['/insurance', 'Pet insurance'],
      ['/aboutus', 'About Us'],
      ['/privacypolicy', 'Privacy Policy'],
      ['/terms', 'Terms'],
    ] as const) {
      const page = await fetchPage(url);
      expect(page.res.statusCode, url).toBe(200);
      expect(page.title, url).toBe(`${title} · Animal Doctor`);
      expect(page.description?.length, url).toBeGreaterThan(30);
      expect(page.canonical, url).toBe(`${SITE}${url}`);
      expectConforms(page.jsonLd, { BreadcrumbList: ['itemListElement'] });
    }
    // A query string does not make another page.
    expect((await fetchPage('/searchdoctor?zip=10001')).canonical).toBe(`${SITE}/searchdoctor`);
  });

  it('a public profile: VeterinaryCare from the database, escaped, with its data embedded', async () => {
    const page = await fetchPage(`/viewdoctorprofile/${ids.public}`);
    expect(page.res.statusCode).toBe(200);
    expect(page.title).toBe(`${TRICKY}, New York, NY · Animal Doctor`);
    expect(page.html).not.toContain('</script><script>alert(1)');
    expect(page.html).toContain('Paws &amp; Claws &lt;/script&gt;');
    expect(page.description).toContain(TRICKY);
    expect(page.description).toContain('A friendly practice for dogs and cats.');
    expect(page.canonical).toBe(`${SITE}/viewdoctorprofile/${ids.public}`);
    expect(page.meta('og:type')).toBe('profile');
    expect(page.meta('og:image')).toBe(`${SITE}/uploads/avatars/a.webp`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expectConforms(page.jsonLd, {
      VeterinaryCare: ['name', 'address', 'geo', 'telephone', 'openingHoursSpecification', 'url', 'image'],
      BreadcrumbList: ['itemListElement'],
    });
    const practice = ofType(page.jsonLd, 'VeterinaryCare')!;
    expect(practice).toMatchObject({
      name: TRICKY,
      telephone: '(212) 555-0142',
      url: `${SITE}/viewdoctorprofile/${ids.public}`,
      image: `${SITE}/uploads/avatars/a.webp`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Test Street',
        addressLocality: 'New York',
        addressRegion: 'NY',
        postalCode: '10001',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 40.7506, longitude: -73.9972 },
    });
    const hours = practice.openingHoursSpecification as Array<{ dayOfWeek: string; opens: string; closes: string }>;
    expect(hours).toHaveLength(6);
    expect(hours[0]).toEqual({ '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '09:00', closes: '17:00' });
    expect(hours.map((h) => h.dayOfWeek)).not.toContain('https://schema.org/Sunday');
    // The embedded data is the whole get-by-id answer, plan features included: the page needs no second request.
    const api = await app.inject({ method: 'POST', url: '/api/doctors/get-by-id', payload: { id: ids.public } });
    expect(page.initial?.doctor).toEqual(api.json());
    expect(page.initial?.doctor).toMatchObject({ services: ['Dentistry', 'Surgery'], contact_form: true });
    expect(page.initial?.doctor?.photos?.map((photo) => photo.caption)).toEqual([`Waiting room </script> ${marker}`, '']);
    expectNoInlineScript(page.html);
  });

  it("counts one profile view per page the server sends, none for a bot, a HEAD, a prefetch or the vet's own visit", async () => {
    const vet = await createVet(app, { plan: 3 });
    const storedViews = async () => {
      await app.profileStats.flush();
      const [row] = await app.database.db
        .select()
        .from(profileDailyStats)
        .where(and(eq(profileDailyStats.userId, vet.user.id), eq(profileDailyStats.day, utcDay(new Date()))));
      return row?.views ?? 0;
    };
    // Each from its own client address: a view counts once per address, profile and day (docs/product.md 5.8).
    let address = 0;
    const open = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      app.inject({ method, url: `/viewdoctorprofile/${vet.user.id}`, headers: { 'user-agent': BROWSER, ...headers }, remoteAddress: `10.9.0.${++address}` });

    expect((await open({})).statusCode).toBe(200);
    expect(await storedViews()).toBe(1);
    await open({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await open({ 'user-agent': '' });
    await open({}, 'HEAD');
    await open({ 'sec-purpose': 'prefetch' });
    await open({ cookie: `theme=dark; ${OWN_PROFILE_COOKIE.name}=${vet.user.id}` });
    expect(await storedViews()).toBe(1);
    // Another signed-in visitor's cookie names someone else: counted.
    await open({ cookie: `${OWN_PROFILE_COOKIE.name}=${vet.user.id + 1000}` });
    expect(await storedViews()).toBe(2);
    // A visit inside the app asks the API (the page had no embedded data): also exactly one.
    await app.inject({ method: 'GET', url: `/api/doctors/get-by-id?id=${vet.user.id}`, headers: { 'user-agent': BROWSER }, remoteAddress: '10.9.1.1' });
    expect(await storedViews()).toBe(3);
  });

  it('the article lists embed their first page, the very answer of their search call', async () => {
    for (const [url, api] of [
      ['/blogpage', '/api/articles/search'],
      ['/ai-blogpage', '/api/ai_articles/search'],
    ] as const) {
      const page = await fetchPage(url);
      const answer = await app.inject({ method: 'POST', url: api, payload: { pageSize: 10, currentVal: 1, searchVal: '' } });
      expect(page.initial?.articles, url).toEqual(answer.json());
      expect(page.initial?.articles?.data.length, url).toBeGreaterThan(0);
      expect(
        page.initial?.articles?.data.map((article) => article.id),
        url,
      ).not.toContain(ids.draft);
      expectNoInlineScript(page.html);
    }
  });

  it('an article and an AI article: Article with headline, author, dates and image', async () => {
    for (const [url, kind] of [
      [`/singlepost/:${ids.blog}`, 'blog'],
      [`/ai-singlepost/:${ids.ai}`, 'ai'],
    ] as const) {
      const page = await fetchPage(url);
      expect(page.res.statusCode, url).toBe(200);
      expect(page.canonical, url).toBe(`${SITE}${url}`);
      expect(page.meta('og:type')).toBe('article');
      expect(page.description).toBe('Fresh water every day keeps pets healthy.');
      expectConforms(page.jsonLd, {
        Article: ['headline', 'author', 'datePublished', 'dateModified', 'mainEntityOfPage'],
        BreadcrumbList: ['itemListElement'],
      });
      const article = ofType(page.jsonLd, 'Article')!;
      expect(article.author).toEqual({ '@type': 'Person', name: 'Dr. Test Author' });
      expect(new Date(String(article.datePublished)).getTime()).toBeGreaterThan(Date.now() - 3_600_000);
      const api = await app.inject({
        method: 'POST',
        url: kind === 'ai' ? '/api/ai_articles/get-by-id' : '/api/articles/get-by-id',
        payload: { id: kind === 'ai' ? ids.ai : ids.blog },
      });
      expect(page.initial?.article, url).toEqual(api.json());
    }
    const blog = await fetchPage(`/singlepost/${ids.blog}`);
    expect(blog.title).toBe(`Keeping <dogs> & cats cool ${marker} · Animal Doctor`);
    expect(blog.canonical).toBe(`${SITE}/singlepost/:${ids.blog}`);
    expect(ofType(blog.jsonLd, 'Article')).toMatchObject({ headline: `Keeping <dogs> & cats cool ${marker}`, image: [`${SITE}/images/articles/cool.jpg`] });
    expect(blog.meta('article:author')).toBe('Dr. Test Author');
  });
});

describe('what must not be indexed', () => {
  it('answers 404 with the app shell for a profile or article that is not public', async () => {
    for (const url of [
      `/viewdoctorprofile/${ids.pending}`,
      `/viewdoctorprofile/${ids.lapsed}`,
      `/viewdoctorprofile/${ids.suspended}`,
      `/singlepost/:${ids.draft}`,
      `/ai-singlepost/:${ids.blog}`,
      '/singlepost/:abc',
      '/nothing-here',
    ]) {
      const page = await fetchPage(url);
      expect(page.res.statusCode, url).toBe(404);
      expect(page.html, url).toContain('<div id="root">');
      expect(page.robots, url).toBe('noindex');
      expect(page.canonical, url).toBeUndefined();
      expect(page.jsonLd, url).toEqual([]);
      expect(page.initial, url).toBeUndefined();
    }
  });

  it('answers 404 for an address under a private page that the app does not have, as the app shows it', async () => {
    for (const url of ['/admin/users', '/verify/other', '/checkout/cs_123/more', '/signin/x']) {
      const page = await fetchPage(url);
      expect(page.res.statusCode, url).toBe(404);
      expect(page.title, url).toBe('Page not found · Animal Doctor');
      expect(page.robots, url).toBe('noindex');
    }
  });

  it('marks private pages noindex, without a canonical or structured data', async () => {
    // Every private page of the route table (shared/routes.test.ts pins which they are), and one with its query.
    const privatePages = ROUTE_LIST.filter(([, route]) => route.access === 'private').map(([name]) => routePath(name, { id: '12' }));
    expect(privatePages).toContain('/checkout/12');
    for (const url of [...privatePages, '/verify/token?firstpart=a']) {
      const page = await fetchPage(url);
      expect(page.res.statusCode, url).toBe(200);
      expect(page.robots, url).toBe('noindex');
      expect(page.res.headers['x-robots-tag'], url).toBe('noindex');
      expect(page.canonical, url).toBeUndefined();
      expect(page.jsonLd, url).toEqual([]);
    }
  });
});

describe('every page of the app', () => {
  it('is known to the server: no route of the route table answers 404', async () => {
    expect(ROUTE_LIST.length).toBeGreaterThan(15);
    for (const [name, route] of ROUTE_LIST) {
      const id = name === 'aiArticle' ? ids.ai : name === 'article' ? ids.blog : ids.public;
      const url = route.path.replace(':id', String(id));
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('robots.txt and sitemaps', () => {
  const get = (url: string) => app.inject({ method: 'GET', url });
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('robots.txt keeps crawlers out of the API and private pages and points to the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    for (const rule of [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /setupprofile',
      'Disallow: /viewprofile',
      'Disallow: /signin',
      'Disallow: /checkout',
      `Sitemap: ${SITE}/sitemap.xml`,
    ])
      expect(lines).toContain(rule);
    expect(lines.some((line) => /^Disallow: \/(home|searchdoctor|viewdoctorprofile|singlepost)/.test(line))).toBe(false);
  });

  it('is an index of sitemaps of at most the chunk size, listing only public pages, with lastmod from the data', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const children = locs(index.body);
    expect(children[0]).toBe(`${SITE}/sitemaps/pages.xml`);
    const profileMaps = children.filter((c) => c.includes('/sitemaps/profiles-'));
    const articleMaps = children.filter((c) => c.includes('/sitemaps/articles-'));
    expect(profileMaps.length).toBeGreaterThanOrEqual(1);

    const urls: string[] = [];
    for (const child of children) {
      const res = await get(new URL(child).pathname);
      expect(res.statusCode, child).toBe(200);
      expect(res.body).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const inChild = locs(res.body);
      if (!child.endsWith('pages.xml')) {
        expect(inChild.length, child).toBeGreaterThan(0);
        expect(inChild.length, child).toBeLessThanOrEqual(2);
        expect(res.body.match(/<lastmod>/g)?.length, child).toBe(inChild.length);
      }
      urls.push(...inChild);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${SITE}/home`);
    expect(urls).toContain(`${SITE}/viewdoctorprofile/${ids.public}`);
    expect(urls).toContain(`${SITE}/singlepost/:${ids.blog}`);
    expect(urls).toContain(`${SITE}/ai-singlepost/:${ids.ai}`);
    for (const hidden of [
      `/viewdoctorprofile/${ids.pending}`,
      `/viewdoctorprofile/${ids.lapsed}`,
      `/viewdoctorprofile/${ids.suspended}`,
      `/singlepost/:${ids.draft}`,
      '/admin',
      '/signin',
    ])
      expect(urls).not.toContain(`${SITE}${hidden}`);
    // Every URL listed is a page that answers 200.
    for (const url of urls.filter((u) => u.includes(String(ids.public)) || u.includes(`:${ids.blog}`)))
      expect((await get(new URL(url).pathname)).statusCode).toBe(200);
    expect(articleMaps.length).toBeGreaterThanOrEqual(1);
  });

  it('refreshes when a profile is approved (a listing change announced), when invalidated, or when its time has passed', async () => {
    const listed = async (kind: 'profiles' | 'articles') => {
      const children = locs((await get('/sitemap.xml')).body).filter((c) => c.includes(`/sitemaps/${kind}-`));
      const all: string[] = [];
      for (const child of children) all.push(...locs((await get(new URL(child).pathname)).body));
      return all;
    };
    await get('/sitemap.xml');
    // An approval announces a listing change, which the sitemaps follow at once.
    const fresh = await createVet(app, {});
    expect(await listed('profiles')).toContain(`${SITE}/viewdoctorprofile/${fresh.user.id}`);
    // An article written straight to the table is not listed until a write path invalidates.
    const article = await createArticle(app, { published: true });
    expect(await listed('articles')).not.toContain(`${SITE}/singlepost/:${article.id}`);
    app.seo.sitemaps.invalidate();
    expect(await listed('articles')).toContain(`${SITE}/singlepost/:${article.id}`);
    // Without an announcement, the sitemaps are read again once their time has passed on the app's clock.
    const later = await createArticle(app, { published: true });
    clock.advance(SITEMAP_TTL_MS - 1);
    expect(await listed('articles')).not.toContain(`${SITE}/singlepost/:${later.id}`);
    clock.advance(1);
    expect(await listed('articles')).toContain(`${SITE}/singlepost/:${later.id}`);
  });

  it('escapes URLs and answers 404 for a sitemap that does not exist', async () => {
    expect((await get('/sitemaps/profiles-99999.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
    // A site address with characters XML must escape.
    const odd = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000/vets&pets' });
    try {
      const index = (await odd.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(index).toContain('<loc>http://localhost:3000/vets&amp;pets/sitemaps/pages.xml</loc>');
      expect(index).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      const pages = (await odd.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).body;
      expect(pages).toContain('<loc>http://localhost:3000/vets&amp;pets/home</loc>');
    } finally {
      await odd.close();
    }
  });
});
