// Serves the built React app from dist/web: hashed assets precompressed and cached for a year,
// index.html never cached, and every other GET outside /api answered with index.html so deep
// links load the app. Unknown /api paths and missing assets get a 404, never index.html.
// Each page's index.html carries its own head, data and first screen (plugins/app/seo): a profile or article
// that is not public, or an unknown path, answers 404 with the app shell, which shows not-found. Rendered pages have
// their own per-address limit (docs/product.md 5.8): over it, a 429 page with a sentence.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { escapeHtml, shellRenderer } from '../app/seo/html';
import { loadPageRenderer, pageBodies } from '../app/seo/page-renderer';
import { routeAssetLinks, type Manifest } from '../app/seo/route-assets';
import { PRODUCT_NAME } from '../../../shared/constants/messages';
import { quantity } from '../../lib/wording';

/**
 * The answer to a page asked for too often. NOTE: a page of its own, not the app shell: the shell would start the
 * app, which would render the page it was refused and call the API for it.
 */
function tooManyPagesHtml(seconds: number): string {
  const sentence = `Too many pages were opened from your address in the last minute. Please wait ${quantity(seconds, 'second')} and try again.`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Too many requests | ${escapeHtml(PRODUCT_NAME)}</title>
    <style>
      body { margin: 0; background: #f7f8fb; color: #1f2937; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
      main { max-width: 560px; margin: 0 auto; padding: 64px 16px; text-align: center; line-height: 1.5; }
      .brand { color: #0958d9; font-weight: 700; letter-spacing: 0.02em; }
      h1 { margin: 16px 0; font-size: 1.75rem; }
    </style>
  </head>
  <body>
    <main>
      <p class="brand">${escapeHtml(PRODUCT_NAME)}</p>
      <h1>Too many requests</h1>
      <p>${escapeHtml(sentence)}</p>
    </main>
  </body>
</html>
`;
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
    const hasApp = fs.existsSync(indexPath);
    if (hasApp) {
      await fastify.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        // NOTE: only files present at start are served; /assets/ stays out of the SPA fallback below
        // so a stale chunk name answers 404 instead of HTML.
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const relative = path.relative(distDir, filePath);
          res.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    const indexHtml = hasApp ? fs.readFileSync(indexPath, 'utf8') : undefined;
    const render = indexHtml === undefined ? undefined : shellRenderer(indexHtml);
    const manifestPath = path.join(distDir, '.vite', 'manifest.json');
    const linksFor = routeAssetLinks(fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : undefined);
    const renderPage = hasApp ? await loadPageRenderer(ssrEntry) : undefined;
    if (hasApp && !renderPage) fastify.log.warn(`No server entry at ${ssrEntry}: pages paint when the app has started.`);
    const bodyOf = pageBodies(renderPage, linksFor);

    fastify.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/assets/');
      if (isPage && indexHtml !== undefined && render && !path.extname(pathname)) {
        // Rendering a page reads the database, so pages are limited per address like the API, more generously.
        const key = `page:${request.ip}`;
        if ((await fastify.counters.hit(key, 60_000)) > fastify.config.rateLimit.pagesPerMinute) {
          const seconds = Math.max(1, Math.ceil((await fastify.counters.ttl(key)) / 1000));
          return reply
            .status(429)
            .header('Cache-Control', 'no-store')
            .header('Retry-After', String(seconds))
            .type('text/html; charset=utf-8')
            .send(tooManyPagesHtml(seconds));
        }
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
        let decoded: string;
        try {
          decoded = decodeURIComponent(pathname);
        } catch {
          decoded = '/malformed-address'; // answers the not-found page
        }
        let page;
        try {
          page = await fastify.seo.describePage(decoded);
        } catch (error) {
          // The app still loads and asks the API itself; only the head is generic.
          request.log.error({ err: error }, 'could not describe the page');
          return reply.send(indexHtml);
        }
        if (page.head.noindex) reply.header('X-Robots-Tag', 'noindex');
        // The page carries the whole get-by-id answer and does not call it, so its view is counted here
        // (docs/product.md, Plans and payment; docs/decisions/068-profile-view-counted-with-the-page.md).
        if (request.method === 'GET' && page.initialData?.doctor) await fastify.profileStats.recordFromRequest(request, [page.initialData.doctor.id], 'views');
        // The route's own files start with the shell's, and its first screen, rendered by React, paints before the
        // JavaScript runs (docs/decisions/089-server-rendering-with-react.md).
        return reply.status(page.head.status).send(render(page.head, page.initialData, await bodyOf(request, decoded, page)));
      }
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web-app', dependencies: ['seo', 'profile-stats', 'counters'] },
);
