// The files of a page's own lazy route, named in its head: its stylesheets always, and its scripts when the page
// comes with an empty root, so the browser fetches them with the app's main script instead of after it (HTML -> main
// JS and route JS together, not one after the other; docs/decisions/074-prerendered-first-screen.md). A page the
// server renders paints without them and names only its stylesheets
// (docs/decisions/260-no-script-preloads-on-rendered-pages.md). Read from Vite's build manifest
// (dist/web/.vite/manifest.json).
// Which module a path needs is the route table's (shared/routes.ts); seo.test.ts checks that every module it
// names is in the built manifest.
import { escapeHtml } from '../../../lib/escape-html';
import { matchRoute, type RouteEntry } from '../../../../shared/routes';

/** A chunk of Vite's manifest (only the fields used here). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Whether a route's files are named in its head: not for pages that need a signed-in user (their guard shows the
 * loader until the session is restored, and sends a visitor elsewhere), so a visitor does not fetch them.
 */
export const preloadsModule = (route: RouteEntry): boolean => route.guard === undefined || route.guard === 'signedOut';

/** A route's `<link>` tags: `styles` for its CSS, `scripts` (modulepreload) for its JavaScript. */
export interface RouteLinks {
  styles: string;
  scripts: string;
}
const NO_LINKS: RouteLinks = { styles: '', scripts: '' };

/**
 * Answers a function that gives, for a path, the `<link>` tags of its route's chunk: modulepreload for its
 * JavaScript (and the shared chunks it imports) and stylesheet for its CSS, leaving out what the shell
 * already loads. Vite's own loader finds these links and does not fetch the files twice.
 */
export function routeAssetLinks(manifest: Manifest | undefined): (pathname: string) => RouteLinks {
  if (!manifest) return () => NO_LINKS;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  const shell = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, into);
  };
  if (entry) walk(entry[0], shell);
  const cache = new Map<string, RouteLinks>();
  const linksOf = (module: string): RouteLinks => {
    const cached = cache.get(module);
    if (cached !== undefined) return cached;
    const keys = new Set<string>();
    walk(module, keys);
    const own = [...keys].filter((key) => !shell.has(key));
    const scripts = own.map((key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}" />`);
    const styles = [...new Set(own.flatMap((key) => manifest[key]!.css ?? []))].map(
      (file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`,
    );
    const links = { styles: styles.join('\n    '), scripts: scripts.join('\n    ') };
    cache.set(module, links);
    return links;
  };
  return (pathname) => {
    const route = matchRoute(pathname)?.route;
    return route && preloadsModule(route) && manifest[route.module] ? linksOf(route.module) : NO_LINKS;
  };
}
