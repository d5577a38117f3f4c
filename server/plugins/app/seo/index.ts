// What search engines and link previews read (docs/product.md, Pages and look): `fastify.seo`
// describes any page of the app (status, head, embedded data) and keeps the sitemaps. Write paths
// that make a profile or an article public or not call `fastify.seo.sitemaps.invalidate()`.
import fp from 'fastify-plugin';
import { findDoctorPage } from '../doctors/doctor-page';
import { findPublishedArticle, searchPublishedArticles } from '../articles/article-repository';
import { BLOG_DEFAULTS } from '../../../../shared/constants/messages';
import { describePage, type PageData } from './page-head';
import { createSitemaps, type SitemapOptions, type Sitemaps } from './sitemap';

declare module 'fastify' {
  interface FastifyInstance {
    seo: {
      describePage(pathname: string): Promise<PageData>;
      sitemaps: Sitemaps;
    };
  }
}

export type SeoOptions = SitemapOptions;

export default fp<SeoOptions>(
  async (fastify, options) => {
    const { db } = fastify.database;
    const site = fastify.config.publicUrl;
    // The embedded data is the very answer of the get-by-id calls, so the page can use it as its first response.
    const loaders = {
      doctor: (id: number) => findDoctorPage(db, id, fastify.clock.now()),
      article: (kind: 'blog' | 'ai', id: number) => findPublishedArticle(db, kind, id),
      articleList: (kind: 'blog' | 'ai') =>
        searchPublishedArticles(db, kind, { pageSize: BLOG_DEFAULTS.pageSize, currentVal: BLOG_DEFAULTS.page, searchVal: '' }),
    };
    fastify.decorate('seo', {
      describePage: (pathname: string) => describePage(db, site, pathname, loaders),
      sitemaps: createSitemaps(db, site, options),
    });
  },
  { name: 'seo', dependencies: ['database'] },
);
