// The first screen of a page, rendered by React on the server from the web app's own components
// (docs/decisions/089-server-rendering-with-react.md): the web app's server entry (web/entry-server.tsx, built by
// `vite build --ssr` into dist/ssr/entry-server.js) renders a page at its address with the data the page embeds
// (#initial-data), and the browser hydrates that markup (web/main.tsx). The server writes no markup of its own.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import type { PageBody } from './html';
import type { PageData } from './page-head';

/**
 * web/entry-server.tsx's `renderPage`: for `url` (path and query), the HTML for inside <div id="root"> (`body`) and
 * the resource hints React hoists out of it (`head`: the first image's preload).
 */
export type RenderPage = (url: string, data: InitialData | undefined) => Promise<{ head: string; body: string }>;

/** Imports the web app's server entry; undefined when it is not there (an API-only server, or no build yet). */
export async function loadPageRenderer(entry: string): Promise<RenderPage | undefined> {
  if (!fs.existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage };
  return typeof module.renderPage === 'function' ? module.renderPage : undefined;
}

/**
 * Whether the server renders a page: the pages whose first screen is text from one embedded answer or from constants
 * (a profile, an article, an article list's first page, /services). Others (and a list asked with `?page=`/`?q=`)
 * keep an empty root and paint when the app has started: a rendered shell there only moved the first paint before
 * the script's work, which then counted as blocking time (docs/decisions/074-prerendered-first-screen.md).
 */
export function rendersOnServer(pathname: string, search: string, data: InitialData | undefined): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (data?.doctor || data?.article) return true;
  if (search) return false;
  return (Boolean(data?.articles) && (path === '/blogpage' || path === '/ai-blogpage')) || path === '/services';
}

/**
 * Answers a function that gives a page's body: its route's own files (`linksFor`, route-assets.ts) and, for a page
 * the server renders, React's markup and the hints React hoists. A render that fails is logged and the page is sent
 * with an empty root: the app renders it in the browser.
 */
export function pageBodies(
  renderPage: RenderPage | undefined,
  linksFor: (pathname: string) => string,
): (request: FastifyRequest, pathname: string, page: PageData) => Promise<PageBody> {
  return async (request, pathname, page) => {
    const links = linksFor(pathname);
    const search = request.url.slice(request.url.split('?')[0]!.length);
    if (!renderPage || page.head.status !== 200 || !rendersOnServer(pathname, search, page.initialData)) return { links };
    try {
      const { head, body } = await renderPage(request.url, page.initialData);
      return { links: [head, links].filter(Boolean).join('\n    '), body };
    } catch (error) {
      request.log.error({ err: error }, 'could not render the page');
      return { links };
    }
  };
}
