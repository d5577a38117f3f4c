// The first screen of a page, rendered by React on the server from the web app's own components
// (docs/decisions/089-server-rendering-with-react.md): the web app's server entry (web/entry-server.tsx, built by
// `vite build --ssr` into dist/ssr/entry-server.js) renders a page at its address with the data the page embeds
// (#initial-data), and the browser hydrates that markup (web/main.tsx). The server writes no markup of its own.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import { matchRoute } from '../../../../shared/routes';
import type { InitialData } from '../../../../shared/schemas/initial-data';
import type { PageBody } from './html';
import type { PageData } from './page-head';
import type { RouteLinks } from './route-assets';

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
 * Whether the server renders a page: the routes marked `serverRendered` in the route table (shared/routes.ts), whose
 * first screen is text from one embedded answer or from constants, when that answer is embedded. A record's page
 * renders whatever its query; the others only without one (a list asked with `?page=`/`?q=` shows another page than
 * the embedded first one). Other pages keep an empty root and paint when the app has started: a rendered shell there
 * only moved the first paint before the script's work, which then counted as blocking time
 * (docs/decisions/074-prerendered-first-screen.md).
 */
export function rendersOnServer(pathname: string, search: string, data: InitialData | undefined): boolean {
  const route = matchRoute(pathname)?.route;
  if (!route?.serverRendered) return false;
  switch (route.firstScreen?.kind) {
    case 'doctor':
      return Boolean(data?.doctor);
    case 'article':
      return Boolean(data?.article);
    case 'articleList':
      return Boolean(data?.articles) && !search;
    default:
      return !search;
  }
}

/**
 * Answers a function that gives a page's body: its route's own files (`linksFor`, route-assets.ts) and, for a page
 * the server renders, React's markup and the hints React hoists. A rendered page names only its stylesheets: it
 * paints without its scripts, which the app's own loader fetches together once the main script runs, after the first
 * paint instead of beside it (docs/decisions/260-no-script-preloads-on-rendered-pages.md). A render that fails is
 * logged and the page is sent with an empty root, and its scripts named: the app renders it in the browser.
 */
export function pageBodies(
  renderPage: RenderPage | undefined,
  linksFor: (pathname: string) => RouteLinks,
): (request: FastifyRequest, pathname: string, page: PageData) => Promise<PageBody> {
  return async (request, pathname, page) => {
    const { styles, scripts } = linksFor(pathname);
    const links = [styles, scripts].filter(Boolean).join('\n    ');
    const search = request.url.slice(request.url.split('?')[0]!.length);
    if (!renderPage || page.head.status !== 200 || !rendersOnServer(pathname, search, page.initialData)) return { links };
    try {
      const { head, body } = await renderPage(request.url, page.initialData);
      return { links: [head, styles].filter(Boolean).join('\n    '), body };
    } catch (error) {
      request.log.error({ err: error }, 'could not render the page');
      return { links };
    }
  };
}
