// What search engines and link previews read (docs/product.md, Pages and look): `fastify.seo`
// describes any page of the app (status, head, embedded data) and keeps the sitemaps, which are made
// again after every listing or article change announced (`fastify.changes`, here or on another server).
import fp from 'fastify-plugin';
import { findDoctorPage } from '../doctors/doctor-page';
import { findPublishedArticle, searchPublishedArticles } from '../articles/article-repository';
import { BLOG_DEFAULTS } from '../../../../shared/constants/messages';
import { plansAnswer } from '../payments/plans-answer';
import { describePage, type PageData } from './page-head';
import { createSitemaps, type SitemapOptions, type Sitemaps } from './sitemap';
import { REVIEW_FIRST_PAGE } from '../../../../shared/lib/review-rules';

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
      // NOTE: the reviews plugin registers after this one; it is read when a page is asked for.
      reviews: (id: number) => fastify.reviews.list({ doctor_id: id, ...REVIEW_FIRST_PAGE }),
      article: (kind: 'blog' | 'ai', id: number) => findPublishedArticle(db, kind, id),
      articleList: (kind: 'blog' | 'ai') =>
        searchPublishedArticles(db, kind, { pageSize: BLOG_DEFAULTS.pageSize, currentVal: BLOG_DEFAULTS.page, searchVal: '' }),
      // NOTE: the payments plugin registers after this one; its provider is read when a page is asked for.
      plans: () => plansAnswer(fastify.payments.checkout.name),
    };
    const sitemaps = createSitemaps(db, site, fastify.clock, options);
    fastify.changes.on('listing changed', () => sitemaps.invalidate());
    fastify.changes.on('article changed', () => sitemaps.invalidate());
    fastify.decorate('seo', {
      describePage: (pathname: string) => describePage(db, site, pathname, loaders),
      sitemaps,
    });
  },
  { name: 'seo', dependencies: ['database', 'listing'] },
);

export { default as seoRoutes } from './routes/index';
