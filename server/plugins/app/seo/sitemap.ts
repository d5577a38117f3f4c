// /sitemap.xml and /robots.txt (docs/product.md, Pages and look). The sitemap is an index of child
// sitemaps: the fixed pages of the route table (shared/routes.ts), then profiles and articles in chunks of at most 50,000 URLs, each with
// the newest change of its records as lastmod. The chunk ranges come from one pass of the database
// over each table and are kept until `invalidate()` (on every listing or article change announced,
// seo/index.ts) or until `ttlMs` passes by the clock it is given; a child sitemap is streamed from its id range in batches.
import { Readable } from 'node:stream';
import type { DbOrTx } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { FIXED_PAGES, PRIVATE_PATH_PREFIXES, routePath, routeShowing } from '../../../../shared/routes';
import { sitemapChunks, sitemapEntries, type SitemapChunk } from './public-records';
import { escapeHtml } from '../../../lib/escape-html';

export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

const urlEntry = (loc: string, lastChange?: Date | null) =>
  `  <url><loc>${escapeHtml(loc)}</loc>${lastChange ? `<lastmod>${lastChange.toISOString()}</lastmod>` : ''}</url>\n`;

interface SitemapPlan {
  profiles: SitemapChunk[];
  articles: SitemapChunk[];
  madeAt: number;
  version: number;
}

export interface SitemapOptions {
  /** URLs per child sitemap; 50,000 by the protocol, smaller in tests. */
  chunkSize?: number;
  /** How long a computed index is reused when no write path invalidated it. */
  ttlMs?: number;
}

export function createSitemaps(db: DbOrTx, site: string, clock: Clock, options: SitemapOptions = {}) {
  const chunkSize = Math.min(options.chunkSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  let version = 0;
  const currentVersion = () => version;
  let plan: Promise<SitemapPlan> | undefined;

  const currentPlan = (): Promise<SitemapPlan> => {
    const cached = plan;
    if (cached) {
      return cached.then((made) => (made.version === currentVersion() && clock.now().getTime() - made.madeAt < ttlMs ? made : refresh()));
    }
    return refresh();
  };
  const refresh = (): Promise<SitemapPlan> => {
    const madeFor = currentVersion();
    const next = Promise.all([sitemapChunks(db, 'profiles', chunkSize), sitemapChunks(db, 'articles', chunkSize)]).then(([profiles, articles]) => ({
      profiles,
      articles,
      madeAt: clock.now().getTime(),
      version: madeFor,
    }));
    plan = next;
    next.catch(() => {
      if (plan === next) plan = undefined;
    });
    return next;
  };

  return {
    /** Makes the next index read the chunks again: a listing or an article changed. */
    invalidate(): void {
      version += 1;
    },

    async index(): Promise<string> {
      const { profiles, articles } = await currentPlan();
      const child = (name: string, lastChange: Date | null) =>
        `  <sitemap><loc>${escapeHtml(`${site}/sitemaps/${name}.xml`)}</loc>${lastChange ? `<lastmod>${lastChange.toISOString()}</lastmod>` : ''}</sitemap>\n`;
      let xml = `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
      xml += child('pages', null);
      profiles.forEach((chunk, i) => (xml += child(`profiles-${i + 1}`, chunk.lastChange)));
      articles.forEach((chunk, i) => (xml += child(`articles-${i + 1}`, chunk.lastChange)));
      return `${xml}</sitemapindex>\n`;
    },

    /** A child sitemap as a stream, or undefined when there is no such sitemap. */
    async child(name: string): Promise<Readable | undefined> {
      if (name === 'pages') return Readable.from([URLSET_OPEN, ...FIXED_PAGES.map((page) => urlEntry(`${site}${page.path}`)), '</urlset>\n']);
      const match = /^(profiles|articles)-(\d{1,6})$/.exec(name);
      if (!match) return undefined;
      const source = match[1] as 'profiles' | 'articles';
      const chunk = (await currentPlan())[source][Number(match[2]) - 1];
      if (!chunk) return undefined;
      async function* xml() {
        yield URLSET_OPEN;
        let written = 0;
        for await (const batch of sitemapEntries(db, source, chunk!)) {
          let part = '';
          for (const entry of batch) {
            // NOTE: records that became public after the plan was made may push a chunk past its size; they wait for the next plan.
            if (written++ >= chunkSize) break;
            const path =
              source === 'profiles'
                ? routePath('doctorProfile', { id: entry.id })
                : routePath(routeShowing({ kind: 'article', articles: entry.kind ?? 'blog' }), { id: `:${entry.id}` });
            part += urlEntry(`${site}${path}`, entry.lastChange);
          }
          yield part;
        }
        yield '</urlset>\n';
      }
      return Readable.from(xml());
    },

    robots(): string {
      const lines = [
        'User-agent: *',
        'Disallow: /api/',
        ...PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
        'Allow: /',
        '',
        `Sitemap: ${site}/sitemap.xml`,
        '',
      ];
      return lines.join('\n');
    },
  };
}

export type Sitemaps = ReturnType<typeof createSitemaps>;
