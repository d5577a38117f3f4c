// How the server answers a page of the app (docs/product.md, Pages and look): the built shell with the page's head,
// its embedded data and, for the pages React renders on the server, its first screen. The page routes
// (server/routes/pages) and the not-found handler (plugins/external/web-app.ts) both answer through it. Rendered pages
// have their own per-address limit (docs/product.md 5.8): over it, a 429 page with a sentence.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '../../../../shared/constants/messages';
import { countOf } from '../../../../shared/lib/formats';
import { escapeHtml } from '../../../lib/escape-html';
import type { PageBody } from './html';
import type { PageData, PageHead } from './page-head';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import type { Counters } from '../limits/counters';

/**
 * The answer to a page asked for too often. NOTE: a page of its own, not the app shell: the shell would start the
 * app, which would render the page it was refused and call the API for it.
 */
export function tooManyPagesHtml(seconds: number): string {
  const sentence = `Too many pages were opened from your address in the last minute. Please wait ${countOf(seconds, 'second')} and try again.`;
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

/** Answers the page at a request's address. `onPage` runs once the page is known, before it is sent. */
export type AnswerPage = (request: FastifyRequest, reply: FastifyReply, onPage?: (page: PageData) => Promise<void>) => Promise<FastifyReply>;

export interface PageAnswerDeps {
  /** The built index.html, sent as it is when the page cannot be described. */
  indexHtml: string;
  /** The shell with a page's head, data and body (html.ts `shellRenderer`). */
  render: (head: PageHead, data?: InitialData, page?: PageBody) => string;
  /** A page's links and first screen (page-renderer.ts `pageBodies`). */
  bodyOf: (request: FastifyRequest, pathname: string, page: PageData) => Promise<PageBody>;
  describePage: (pathname: string) => Promise<PageData>;
  /** The per-address page limit: a window counter (`fastify.counters`) and the pages allowed a minute. */
  counters: Pick<Counters, 'hit' | 'ttl'>;
  pagesPerMinute: number;
}

export function pageAnswer({ indexHtml, render, bodyOf, describePage, counters, pagesPerMinute }: PageAnswerDeps): AnswerPage {
  return async (request, reply, onPage) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Rendering a page reads the database, so pages are limited per address like the API, more generously.
    const key = `page:${request.ip}`;
    if ((await counters.hit(key, 60_000)) > pagesPerMinute) {
      const seconds = Math.max(1, Math.ceil((await counters.ttl(key)) / 1000));
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
      page = await describePage(decoded);
    } catch (error) {
      // The app still loads and asks the API itself; only the head is generic.
      request.log.error({ err: error }, 'could not describe the page');
      return reply.send(indexHtml);
    }
    if (page.head.noindex) reply.header('X-Robots-Tag', 'noindex');
    await onPage?.(page);
    // The route's own files start with the shell's, and its first screen, rendered by React, paints before the
    // JavaScript runs (docs/decisions/089-server-rendering-with-react.md).
    return reply.status(page.head.status).send(render(page.head, page.initialData, await bodyOf(request, decoded, page)));
  };
}
