// Serves the built React app from dist/web: hashed assets precompressed and cached for a year, index.html never
// cached. `fastify.pages` answers a page with the built shell (plugins/app/seo/page-answer.ts); the page routes
// (server/routes/pages) use it for each address of the route table, and the not-found handler for any other GET
// outside /api, which answers 404 with the app shell, which shows not-found. Unknown /api paths and missing assets
// get a JSON 404, never the shell. Without a build (an API-only server) there are no pages.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { shellRenderer } from '../app/seo/html';
import { loadPageRenderer, pageBodies } from '../app/seo/page-renderer';
import { pageAnswer, type AnswerPage } from '../app/seo/page-answer';
import { routeAssetLinks, type Manifest } from '../app/seo/route-assets';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers the pages of the app; null when there is no built app. */
    pages: { answer: AnswerPage } | null;
  }
}

export interface WebAppOptions {
  /** Folder of the built app; when it holds no index.html only the API is served. */
  distDir: string;
  /** The web app's server entry (dist/ssr/entry-server.js); without it every page's root is empty. */
  ssrEntry: string;
}

export default fp<WebAppOptions>(
  async (fastify, { distDir, ssrEntry }) => {
    const indexPath = path.join(distDir, 'index.html');
    const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : undefined;
    if (indexHtml === undefined) {
      fastify.decorate('pages', null);
    } else {
      await fastify.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        // NOTE: only files present at start are served; /assets/ stays out of the page answers below
        // so a stale chunk name answers 404 instead of HTML.
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const relative = path.relative(distDir, filePath);
          res.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
      const manifestPath = path.join(distDir, '.vite', 'manifest.json');
      const linksFor = routeAssetLinks(fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : undefined);
      const renderPage = await loadPageRenderer(ssrEntry);
      if (!renderPage) fastify.log.warn(`No server entry at ${ssrEntry}: pages paint when the app has started.`);
      fastify.decorate('pages', {
        answer: pageAnswer({
          indexHtml,
          render: shellRenderer(indexHtml),
          bodyOf: pageBodies(renderPage, linksFor),
          describePage: (pathname) => fastify.seo.describePage(pathname),
          counters: fastify.counters,
          pagesPerMinute: fastify.config.rateLimit.pagesPerMinute,
        }),
      });
    }

    fastify.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/assets/') &&
        !path.extname(pathname);
      // An address the page routes do not have: the shell with the not-found page's head (the route table's paths
      // with extra trailing slashes are the pages themselves, as the browser's router reads them).
      if (isPage && fastify.pages) return fastify.pages.answer(request, reply);
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web-app', dependencies: ['seo', 'counters'] },
);
