// Serves the built React app from dist/web: hashed assets precompressed and cached for a year,
// index.html never cached, and every other GET outside /api answered with index.html so deep
// links load the app. Unknown /api paths and missing assets get a 404, never index.html.
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export interface WebAppOptions {
  /** Folder of the built app; when it holds no index.html only the API is served. */
  distDir: string;
}

export default fp<WebAppOptions>(
  async (fastify, { distDir }) => {
    const indexPath = path.join(distDir, 'index.html');
    const hasApp = fs.existsSync(indexPath);
    if (hasApp) {
      await fastify.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        // NOTE: only files present at start are served; /assets/ stays out of the SPA fallback below
        // so a stale chunk name answers 404 instead of HTML (stack-notes.md).
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

    fastify.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api' && !pathname.startsWith('/assets/');
      if (isPage && indexHtml !== undefined && !path.extname(pathname)) {
        return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
      return reply.status(404).send({ message: `Not found: ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    });
  },
  { name: 'web-app' },
);
