// /robots.txt, /sitemap.xml and its child sitemaps /sitemaps/<name>.xml, at the site's root.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

const tags = ['seo'];
const XML = 'application/xml; charset=utf-8';
/** Crawlers may reuse an answer for a while; the server recomputes at most every few minutes anyway. */
const CACHE = 'public, max-age=600';

const seoRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { sitemaps } = fastify.seo;
  fastify.get(
    '/robots.txt',
    { schema: { tags, summary: 'Crawler rules: the API and private pages are off limits; points to the sitemap' } },
    async (_request, reply) => reply.header('Cache-Control', CACHE).type('text/plain; charset=utf-8').send(sitemaps.robots()),
  );
  fastify.get(
    '/sitemap.xml',
    { schema: { tags, summary: 'Sitemap index: the fixed pages, then public profiles and published articles in sitemaps of at most 50,000 URLs' } },
    async (_request, reply) =>
      reply
        .header('Cache-Control', CACHE)
        .type(XML)
        .send(await sitemaps.index()),
  );
  fastify.get(
    '/sitemaps/:file',
    {
      schema: {
        tags,
        summary: 'One child sitemap of the index',
        params: Type.Object({ file: Type.String({ pattern: '^[a-z]+(-\\d{1,6})?\\.xml$', title: 'sitemap name' }) }),
      },
    },
    async (request, reply) => {
      const stream = await sitemaps.child(request.params.file.replace(/\.xml$/, ''));
      if (!stream) return reply.status(404).send({ message: 'There is no such sitemap.', code: 'NOT_FOUND' });
      return reply.header('Cache-Control', CACHE).type(XML).send(stream);
    },
  );
};

export default seoRoutes;
